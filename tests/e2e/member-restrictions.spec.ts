import { axeViolations } from "./axe";
import {
  expect,
  loginOperatorPage,
  operatorCookie,
  api,
  submitLoginForm,
  test,
  waitForHydration,
  type Member,
  memberIdByEmail,
} from "./fixtures";

/**
 * Operators' restrictions on a member (issue 20 §1): the actions page with its server-rendered
 * confirm step (with scripts, and without them at 360 px), and what the member sees: the hold
 * notice on the withdraw page, the suspension notice on the PTC ads page, the closed-account
 * message on the login page. State is set up through the API.
 */

/** The member's id, through the operator's search. */
function memberId(m: Member): Promise<string> {
  return memberIdByEmail(m.email);
}

async function restrict(id: string, path: string, json: Record<string, unknown>) {
  const res = await api.request(`/adminRoute/members/${id}/${path}`, { json, cookie: operatorCookie() });
  if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

test.describe("member actions with scripts", () => {
  test("the owner holds withdrawals through the confirm step, sees the state, and releases the hold", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    const id = await memberId(m);
    await loginOperatorPage(page);
    await page.goto(`/admin/members/${id}/actions`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Actions: ${m.userName}`);
    // The owner sees every action a member in this state allows.
    for (const name of ["End all sessions", "Hold withdrawals", "Suspend earning", "Ban"])
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();

    const hold = page.getByRole("region", { name: "Hold withdrawals" });
    await hold.getByLabel("Reason").fill("Checking the payout account");
    await hold.getByRole("button", { name: "Hold withdrawals" }).click();
    const confirm = page.getByTestId("confirm-step");
    await expect(confirm.getByRole("heading")).toHaveText(`Confirm: Hold withdrawals for ${m.userName}`);
    await expect(confirm).toContainText("Checking the payout account");
    // Nothing happened yet.
    await expect(page.getByRole("region", { name: "Current state" })).toContainText("Withdrawals held:No");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Withdrawals held." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Current state" })).toContainText(
      "Checking the payout account",
    );
    await expect(page.getByRole("heading", { name: "Release the hold", exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const release = page.getByRole("region", { name: "Release the hold" });
    await release.getByLabel("Reason").fill("Account checked");
    await release.getByRole("button", { name: "Release the hold" }).click();
    await page.getByTestId("confirm-step").getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Hold released." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Hold withdrawals", exact: true })).toBeVisible();
  });

  test("the actions page passes axe-core at 360 px, with the confirm step open", async ({
    page,
    newMember,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    const m = await newMember();
    const id = await memberId(m);
    await loginOperatorPage(page);
    await page.goto(`/admin/members/${id}/actions`);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    const suspend = page.getByRole("region", { name: "Suspend earning" });
    await suspend.getByLabel("Reason").fill("Review");
    await suspend.getByRole("button", { name: "Suspend earning" }).click();
    await expect(page.getByTestId("confirm-step")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a member sees the hold on the withdraw page and the suspension on the PTC ads page", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const m = await newMember();
    const id = await memberId(m);
    await restrict(id, "hold", { reason: "Checking the payout account" });
    await restrict(id, "suspend", { reason: "Unusual ad clicks" });
    await loginAs(page, m);
    await page.goto("/member/withdraw");
    const held = page.getByTestId("withdrawals-held-notice");
    await expect(held).toContainText("Your withdrawals are on hold");
    await expect(held).toContainText("it stays Pending until the hold is released");
    await page.goto("/member/ptc-ads");
    await expect(page.getByTestId("earning-suspended-notice")).toContainText(
      "Your earning is suspended: Unusual ad clicks. Contact support through the Support page.",
    );
  });

  test("a banned member is told at login that the account is closed and how to appeal", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    const id = await memberId(m);
    await restrict(id, "ban", { reason: "Multiple accounts", pending: "reject" });
    await page.goto("/login");
    await waitForHydration(page);
    await submitLoginForm(page, m.email, m.password);
    const closed = page.getByTestId("account-closed");
    await expect(closed).toContainText("This account is closed.");
    await expect(closed.getByRole("link", { name: "Contact Us page" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("member actions without JavaScript at 360 px", { tag: "@no-js-only" }, () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("ban keeping withdrawals held: the server's confirm step, then the state; nothing overflows", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    const id = await memberId(m);
    await loginOperatorPage(page);
    await page.goto(`/admin/members/${id}/actions`);
    const ban = page.getByRole("region", { name: "Ban", exact: true });
    const reason = ban.getByLabel("Reason");
    await expect(reason).toHaveAttribute("required", "");
    await expect(reason).toHaveAttribute("maxlength", "500");
    await reason.fill("Multiple accounts");
    await ban.getByRole("radio", { name: "Keep them held" }).check();
    await ban.getByRole("button", { name: "Ban" }).click();
    const confirm = page.getByTestId("confirm-step");
    await expect(confirm.getByRole("heading")).toHaveText(`Confirm: Ban for ${m.userName}`);
    await expect(confirm).toContainText("Keep them held");
    await expect(confirm.locator('input[type="hidden"][name="pending"]')).toHaveValue("hold");
    await expect(confirm.locator('input[type="hidden"][name="reason"]')).toHaveValue("Multiple accounts");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Member banned." })).toBeVisible();
    const state = page.getByRole("region", { name: "Current state" });
    await expect(state).toContainText("Multiple accounts");
    await expect(state).toContainText("Account closed: Multiple accounts");
    await expect(page.getByRole("heading", { name: "Lift the ban", exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a reason is required: an empty one (past the browser's check) is answered on the page", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    const id = await memberId(m);
    await loginOperatorPage(page);
    await page.goto(`/admin/members/${id}/actions`);
    const hold = page.getByRole("region", { name: "Hold withdrawals" });
    await hold.getByLabel("Reason").evaluate((el) => el.removeAttribute("required"));
    await hold.getByLabel("Reason").fill("   ");
    await hold.getByRole("button", { name: "Hold withdrawals" }).click();
    await expect(page.getByText("A reason is required.")).toBeVisible();
    await expect(page.getByTestId("confirm-step")).toHaveCount(0);
  });
});
