import { readFileSync } from "node:fs";
import {
  api,
  expect,
  jsEnabled,
  loginOperatorPage,
  loginPage,
  memberIdByEmail,
  operatorCookie,
  signUpMember,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

/**
 * Members' data rights (issue 44 §2), with scripts and without: from Settings to "Your data", the
 * download of the member's file (prepared in the background, offered once), then deleting the
 * account through its confirm step — the member is signed out and cannot sign in again, and the
 * operators see an erased member where the name was.
 */
test("a member downloads their data, then deletes their account; operators see an erased member @no-js", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = jsEnabled(testInfo);
  const m = await signUpMember();
  const id = await memberIdByEmail(m.email);
  await loginPage(page, m);

  await page.goto("/member/settings");
  await page.getByRole("link", { name: "Your data: download it, correct it or delete your account" }).click();
  await expect(page).toHaveURL(/\/member\/my-data$/);
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("cell", { name: m.email })).toBeVisible();

  await page.getByRole("button", { name: "Download my data" }).click();
  await expect(toast(page)).toContainText("We are preparing your file.");
  // Prepared in the background: the page offers it once it is ready.
  const fileLink = page.getByRole("link", { name: "Download the file" });
  await expect(async () => {
    await page.reload();
    await expect(fileLink).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), fileLink.click()]);
  const file = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(file.format_version).toBe(1);
  expect(file.profile.email).toBe(m.email);
  expect(file.profile.name).toBe(m.name);
  // Offered once: after the download the page asks again.
  await page.goto("/member/my-data");
  await expect(page.getByRole("button", { name: "Download my data" })).toBeVisible();

  // Delete the account: told what happens first, then the password.
  await page.getByRole("link", { name: "Delete my account…" }).click();
  await expect(page).toHaveURL(/\/member\/my-data\?erase/);
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Delete your account?" })).toBeVisible();
  await expect(page.getByText("You have no balance to lose.")).toBeVisible();
  await page.getByLabel("I understand: delete my account.").check();
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();
  await page.getByLabel("I understand: delete my account.").check();
  await page.getByLabel("Your password").fill(m.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Your account is deleted.");

  // Signed out, and the e-mail and password no longer sign in.
  await page.goto("/member/my-data");
  await expect(page).toHaveURL(/\/login/);
  const login = await api.request("/userRoute/login", {
    obj: { email_userName: m.email, password: m.password, loginRemember_state: false },
  });
  expect(login.status).toBeGreaterThanOrEqual(400);

  // Operators see an erased member, never the old name.
  const profile = await api.request(`/adminRoute/members/${id}`, { cookie: operatorCookie() });
  expect(JSON.stringify(profile.body)).not.toContain(m.email);
  await page.context().clearCookies();
  await loginOperatorPage(page);
  await page.goto(`/admin/members/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "erased member" })).toBeVisible();
  await expect(page.getByText(m.userName, { exact: true })).toHaveCount(0);
  await page.goto("/admin/rights-requests?status=all");
  await expect(
    page.getByTestId("rights-request").filter({ hasText: "Erasure by erased member" }),
  ).not.toHaveCount(0);
});
