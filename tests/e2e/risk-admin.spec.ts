import { randomBytes } from "node:crypto";
import {
  test,
  expect,
  toast,
  api,
  jsEnabled,
  waitForHydration,
  type Member,
  testBudget,
  memberIdByEmail,
} from "./fixtures";
import { bindPayout, operatorPage, requestWithdrawalByApi } from "./money-helpers";

/**
 * The operator's risk views (issue 21 §4) in the browser: two members who log in from one device
 * are linked and flagged; the payout queue shows the flagged request's score and reasons and asks
 * for a confirm step before approving; the risk page lists the member; the member's risk page shows
 * the linked account and holds the ring in one go. State is set up through the API.
 */

/** Logs `m` in through the API from the browser whose device cookie is `device`. */
async function loginFrom(m: Member, device: string): Promise<void> {
  const res = await api.request("/userRoute/login", {
    obj: { email_userName: m.email, password: m.password, loginRemember_state: false },
    cookie: `device_id=${device}`,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
}

test.describe("risk in the operator console", () => {
  test("a flagged request: score and reasons in the queue, approved through the confirm step; the ring held from the member's risk page", async ({
    browser,
    newMember,
    giveBalance,
    operator,
  }, testInfo) => {
    test.setTimeout(testBudget(3));
    const a = await newMember();
    const b = await newMember();
    const device = randomBytes(16).toString("base64url");
    await loginFrom(a, device);
    await loginFrom(b, device);
    await giveBalance(a, 100);
    await bindPayout(a);
    await requestWithdrawalByApi(a, 60);

    const idOf = (m: Member) => memberIdByEmail(m.email, operator.cookie);
    const aId = await idOf(a);
    const bId = await idOf(b);
    const queued = await operator.request("/adminRoute/withdrawals?status=Pending");
    const pages = queued.body.msg.pagination.totalPages as number;
    let record:
      { risk_score: number; risk_level: string; risk_reasons: string[]; needs_confirm: boolean } | undefined;
    let onPage = 1;
    for (let p = 1; p <= pages && !record; p++) {
      const res = await operator.request(`/adminRoute/withdrawals?status=Pending&page=${p}`);
      record = res.body.msg.records.find((r: { member_id: string }) => r.member_id === aId);
      onPage = p;
    }
    expect(record, "the request is in the queue").toBeTruthy();
    expect(record!.risk_score).toBeGreaterThanOrEqual(25);
    expect(record!.needs_confirm).toBe(true);

    const ops = await operatorPage(browser, jsEnabled(testInfo));
    await ops.goto(`/admin/withdrawals?status=Pending&page=${onPage}`);
    await waitForHydration(ops);
    const row = ops.getByTestId("admin-withdrawal").filter({ hasText: a.userName });
    const risk = row.getByTestId("withdrawal-risk");
    await expect(risk).toContainText(`Risk score ${record!.risk_score}`);
    await expect(risk).toContainText(record!.risk_reasons[0]!);
    await expect(risk).toContainText("First payout");
    await expect(risk.getByRole("link", { name: /linked account/ })).toHaveAttribute(
      "href",
      `/admin/members/${aId}/risk`,
    );

    // Without a payout provider, paying is marking paid with the bank's reference (issue 42).
    await row.getByRole("button", { name: /^Mark paid by hand: [0-9A-F]+$/ }).click();
    const paid = row.getByTestId("queue-confirm");
    await paid.getByLabel("Bank reference (UTR)").fill(`UTIB${Date.now() % 100_000_000}`);
    await paid.getByRole("button", { name: /^Mark [0-9A-F]+ paid now$/ }).click();
    const confirm = row.getByTestId("risk-confirm");
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`Risk score ${record!.risk_score}`);
    await expect(confirm).toContainText(record!.risk_reasons[0]!);
    await confirm.getByRole("button", { name: /anyway$/ }).click();
    await expect(toast(ops)).toContainText("Withdrawal marked paid");
    await expect(ops.getByTestId("admin-withdrawal").filter({ hasText: a.userName })).toHaveCount(0);

    // The risk page lists the member under the shared-device filter, with their score.
    await ops.goto("/admin/risk?kind=shared_device&new=today");
    const listed = ops.getByTestId("risk-row").filter({ hasText: a.userName });
    await expect(listed).toBeVisible();
    await expect(listed.getByRole("link", { name: a.userName })).toHaveAttribute(
      "href",
      `/admin/members/${aId}/risk`,
    );

    // The member's risk page at 360 px: the linked account, and the ring held in one go.
    await ops.setViewportSize({ width: 360, height: 640 });
    await ops.goto(`/admin/members/${aId}`);
    await ops.getByTestId("risk-summary").getByRole("link").click();
    await expect(ops).toHaveURL(new RegExp(`/admin/members/${aId}/risk$`));
    await waitForHydration(ops);
    const linked = ops.getByTestId("linked-account").filter({ hasText: b.userName });
    await expect(linked).toContainText("Same device");
    await linked.getByRole("checkbox").check();
    await ops.getByLabel(/^Reason/).fill("Two accounts on one phone");
    await ops.getByRole("button", { name: "Hold withdrawals" }).click();
    const step = ops.getByTestId("confirm-step");
    await expect(step).toContainText("Hold withdrawals for 2 members");
    await expect(step.getByRole("list", { name: "Members affected" })).toContainText(a.userName);
    await expect(step.getByRole("list", { name: "Members affected" })).toContainText(b.userName);
    await step.getByRole("button", { name: "Confirm" }).click();
    await expect(ops.getByRole("status")).toContainText("2 of 2 member(s) held.");
    const scroll = await ops.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll, "no sideways scroll at 360 px").toBeLessThanOrEqual(360);

    for (const id of [aId, bId]) {
      const state = await operator.request(`/adminRoute/members/${id}/restrictions`);
      expect(state.body.msg.withdrawalsHeld?.reason).toBe("Two accounts on one phone");
    }
    await ops.context().close();
  });
});
