import { test, expect, toast, logoutViaUi, jsEnabled, waitForHydration } from "./fixtures";

test.describe("Logout confirmation", () => {
  test("confirm ends the session, goes to /login and shows 'LogOut success!' @no-js", async ({
    page,
    newMember,
    loginAs,
    api,
  }) => {
    const m = await newMember();
    const cookie = await loginAs(page, m);
    await page.goto("/member/dashboard");
    await logoutViaUi(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("LogOut success!");
    // The server-side session is revoked, not only the browser cookie.
    const res = await api.request("/userRoute/userDataGet_dashboard", { cookie });
    expect(res.status).toBe(401);
  });

  test("a heading, a confirm and a cancel button; cancel shows 'LogOut canceled' and keeps the session @no-js", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
    // With scripts: a dialog over the dashboard; without: the /member/logout confirm page.
    const scope = jsEnabled(testInfo) ? page.getByRole("dialog") : page.getByRole("main");
    if (!jsEnabled(testInfo)) await expect(page).toHaveURL(/\/member\/logout$/);
    await expect(scope.getByRole("heading", { name: "Are you sure you want to log out?" })).toBeVisible();
    await expect(scope.getByRole("button", { name: "Yes, Log Out" })).toBeVisible();
    await scope
      .getByRole("button", { name: "Cancel" })
      .or(scope.getByRole("link", { name: "Cancel" }))
      .click();
    await expect(toast(page)).toContainText("LogOut canceled");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await page.reload();
    await expect(page).toHaveURL(/\/member\/dashboard$/);
  });
});
