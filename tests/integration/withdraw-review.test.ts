import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { users, withdrawals } from "../../api/db/schema";
import { setSetting } from "../../api/site/settings";
import { recordSignals } from "../../api/risk/score";
import { DEFAULT_RISK_POLICY } from "../../shared/risk";
import { REVIEW_MESSAGES } from "../../api/withdrawals/review";
import { DEVICE_COOKIE, recordOrigin } from "../../api/risk/links";
import { newDeviceId } from "../../api/lib/deviceId";
import { NO_PROXY_CHECK } from "../../api/lib/proxyCheck";

/**
 * Issue 21 §3–§4 on the withdrawal itself: a new account's waiting period, the first payout's
 * review mark and the member's notice, and the confirm step an operator needs to approve a
 * flagged member's request.
 */
describe.each(drivers("one"))("withdrawal review (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 1);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await setSetting(t.deps.db, "risk_policy", DEFAULT_RISK_POLICY);
    await expectLedgerConsistent(t);
  });

  const withdraw = (m: TestMember, rupees: number) =>
    t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI" },
      cookie: m.cookie,
    });
  const page = async (m: TestMember) =>
    (await t.request("/userAmount/userBalanceData_get", { cookie: m.cookie })).body.msg;
  const settle = (id: string, body: Record<string, unknown>) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, { json: body, cookie: operator.cookie });
  const latest = async (m: TestMember) =>
    (
      await t.deps.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, m.id))
        .orderBy(withdrawals.createdAt)
    ).at(-1)!;

  async function funded(rupees: number) {
    const m = await newMember(t);
    await bindPayout(t, m, "UPI", `r${m.id.slice(-8)}@okaxis`);
    await giveEarning(t, m.id, rupees * 1000);
    return m;
  }

  it("refuses a new account inside the waiting period, with the date it ends, and nothing moves", async () => {
    await setSetting(t.deps.db, "risk_policy", { ...DEFAULT_RISK_POLICY, firstWithdrawalWaitDays: 3 });
    const m = await funded(20);
    const res = await withdraw(m, 20);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error_code: "withdrawal_waiting" });
    expect(res.body.error_msg).toMatch(
      /^New accounts can withdraw from .+\. Keep earning: your balance is safe until then\.$/,
    );
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(Date.parse(res.body.from)).toBe(u!.createdAt.getTime() + 3 * 24 * 60 * 60 * 1000);
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id))).toEqual([]);
    expect((await page(m)).withdrawable_amount).toBe("20.000");
    // Four days later (the account's sign-up moved back) the same request goes through.
    await t.deps.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 4 * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, m.id));
    expect((await withdraw(m, 20)).body).toMatchObject({ success: true });
  });

  it("marks a first payout for review, tells the member, and lets an operator approve it without an extra step", async () => {
    const m = await funded(30);
    expect((await page(m)).review_message).toBeNull();
    expect((await withdraw(m, 10)).body).toMatchObject({ success: true });
    const first = await latest(m);
    expect(first.reviewReasons).toEqual(["first_payout"]);
    expect(first.riskScore).toBe(0);
    expect((await page(m)).review_message).toBe(REVIEW_MESSAGES.underReview);
    // Without a payout provider, approving marks paid with the bank's reference (issue 42).
    expect((await settle(first.id, { action: "approve", utr: "KKBK00000001" })).status).toBe(200);
    expect((await page(m)).review_message).toBeNull();
    // The second request is no first payout.
    expect((await withdraw(m, 10)).body).toMatchObject({ success: true });
    expect((await latest(m)).reviewReasons).toEqual([]);
  });

  it("a flagged member's request needs the operator's confirm step with the reasons", async () => {
    const m = await funded(30);
    await recordSignals(t.deps.db, [
      {
        userId: m.id,
        kind: "shared_device",
        key: "device:review-test-device-01",
        strength: 100,
        summary: "Device shared with 1 other account",
        evidence: { device: "review-test-device-01", accounts: [operator.id] },
      },
    ]);
    expect((await withdraw(m, 30)).body).toMatchObject({ success: true });
    const w = await latest(m);
    expect(w.reviewReasons).toEqual(["first_payout", "risk"]);
    expect(w.riskScore).toBe(25);
    const asked = await settle(w.id, { action: "approve" });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      success: false,
      error_code: "risk_confirm",
      score: 25,
      level: "flag",
      reasons: ["Device shared with 1 other account (+25)"],
      review_reasons: ["first_payout", "risk"],
    });
    expect((await latest(m)).status).toBe("Pending");
    // Rejecting needs no confirm step; approving with it pays.
    expect((await settle(w.id, { action: "approve", confirmRisk: true, utr: "KKBK00000002" })).status).toBe(
      200,
    );
    expect((await latest(m)).status).toBe("Success");
  });

  it("a request whose own evidence flags the member carries the score that evidence made", async () => {
    // Another member's device; this member asks to be paid from it. The request records the
    // device pair before it is created, and is created with the score that pair gave.
    const other = await newMember(t);
    const device = newDeviceId();
    await recordOrigin(t.deps.db, NO_PROXY_CHECK, {
      userId: other.id,
      kind: "login",
      deviceId: device,
      ip: null,
      userAgent: null,
    });
    const m = await funded(30);
    const asked = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 30, type: "UPI" },
      cookie: `${m.cookie}; ${DEVICE_COOKIE}=${device}`,
    });
    expect(asked.body).toMatchObject({ success: true });
    const w = await latest(m);
    expect(w.reviewReasons).toEqual(["first_payout", "risk"]);
    expect(w.riskScore).toBe(25);
  });
});
