import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
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
import { auditLog, memberRisk, riskSignals, users, withdrawals } from "../../api/db/schema";
import { RISK_ACTOR, clearMember, recordSignals, type SignalInput } from "../../api/risk/score";

/**
 * Issue 21 §5, races: an automatic hold arriving while an operator approves; a score crossing the
 * threshold while the member withdraws; the same signal arriving many times at once. Whatever
 * order the database picks, no withdrawal is paid past the rule and every step happens once.
 */
describe.each(drivers("both"))("risk races (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 1);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  /** Enough to reach the hold threshold (50) on its own: a payout account shared with one other. */
  const crossing = (userId: string, other = "someone-else"): SignalInput => ({
    userId,
    kind: "shared_payout",
    key: `payout:upi:race-${userId}@okaxis`,
    strength: 100,
    summary: "Payout account ra…@okaxis shared with 1 other account",
    evidence: { payoutAccount: `upi:race-${userId}@okaxis`, accounts: [other] },
  });

  async function memberWithPending(rupees = 30) {
    const m = await newMember(t);
    await bindPayout(t, m, "UPI", `m${m.id.slice(-6)}@okaxis`);
    await giveEarning(t, m.id, rupees * 1000);
    const res = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI" },
      cookie: m.cookie,
    });
    expect(res.body).toMatchObject({ success: true });
    const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    return { m, w: w! };
  }
  // Without a payout provider, approving marks paid with the bank's reference (issue 42).
  const approve = (id: string) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, {
      json: { action: "approve", confirmRisk: true, utr: `AXIS${id.slice(-12)}` },
      cookie: operator.cookie,
    });
  const statusOf = async (id: string) =>
    (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status;
  const heldAt = async (userId: string) =>
    (await t.deps.db.select({ at: users.withdrawalsHeldAt }).from(users).where(eq(users.id, userId)))[0]!.at;
  const automaticHolds = (userId: string) =>
    t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, RISK_ACTOR),
          eq(auditLog.target, `member:${userId}`),
          eq(auditLog.action, "member.hold"),
        ),
      );

  it("an automatic hold racing an approval: paid before the hold, or refused after it — never paid past it", async () => {
    const outcomes = { paidFirst: 0, heldFirst: 0 };
    for (let i = 0; i < 8; i++) {
      const { m, w } = await memberWithPending();
      const [approval] = await Promise.all([approve(w.id), recordSignals(t.deps.db, [crossing(m.id)])]);
      const status = await statusOf(w.id);
      expect(await heldAt(m.id)).not.toBeNull();
      if (approval.status === 200) {
        // The approval committed first: the hold that followed could not stop it.
        expect(status).toBe("Success");
        const [approvedAudit] = await t.deps.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "withdrawal.mark_paid"), eq(auditLog.target, `withdrawal:${w.id}`)));
        const [holdAudit] = await automaticHolds(m.id);
        expect(approvedAudit!.id).toBeLessThan(holdAudit!.id);
        outcomes.paidFirst++;
      } else {
        expect(approval.status).toBe(409);
        expect(status).toBe("Pending");
        outcomes.heldFirst++;
      }
      expect(await automaticHolds(m.id)).toHaveLength(1);
    }
    expect(outcomes.paidFirst + outcomes.heldFirst).toBe(8);
  });

  it("a score crossing the threshold while the member withdraws: the request waits, held, and no approval pays it", async () => {
    for (let i = 0; i < 5; i++) {
      const m = await newMember(t);
      await bindPayout(t, m, "UPI", `w${m.id.slice(-6)}@okaxis`);
      await giveEarning(t, m.id, 40_000);
      const request = () =>
        t.request("/userAmount/userWithdrawal_record_post", {
          obj: { balance: 40, type: "UPI", request_id: `race-${i}` },
          cookie: m.cookie,
        });
      const [a, b] = await Promise.all([request(), request(), recordSignals(t.deps.db, [crossing(m.id)])]);
      expect(a.body, JSON.stringify(a.body)).toMatchObject({ success: true });
      expect(b.body, JSON.stringify(b.body)).toMatchObject({ success: true });
      const mine = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.status).toBe("Pending");
      expect(await heldAt(m.id)).not.toBeNull();
      const res = await approve(mine[0]!.id);
      expect(res.status).toBe(409);
      expect(await statusOf(mine[0]!.id)).toBe("Pending");
    }
  });

  it("the same signal fired 10 times at once: one row, one score, one automatic hold", async () => {
    const m = await newMember(t);
    await Promise.all(Array.from({ length: 10 }, () => recordSignals(t.deps.db, [crossing(m.id)])));
    const rows = await t.deps.db.select().from(riskSignals).where(eq(riskSignals.userId, m.id));
    expect(rows).toHaveLength(1);
    const [risk] = await t.deps.db.select().from(memberRisk).where(eq(memberRisk.userId, m.id));
    expect(risk).toMatchObject({ score: 60, level: "hold" });
    expect(await automaticHolds(m.id)).toHaveLength(1);
  });

  it("clearing racing the same evidence again: cleared stays cleared, the hold released once", async () => {
    const m = await newMember(t);
    await recordSignals(t.deps.db, [crossing(m.id)]);
    expect(await heldAt(m.id)).not.toBeNull();
    await Promise.all([
      clearMember(t.deps.db, { userId: m.id, actorUserId: operator.id, note: "Family shares one UPI id" }),
      recordSignals(t.deps.db, [crossing(m.id)]),
      clearMember(t.deps.db, { userId: m.id, actorUserId: operator.id, note: "Family shares one UPI id" }),
    ]);
    const [risk] = await t.deps.db.select().from(memberRisk).where(eq(memberRisk.userId, m.id));
    expect(risk).toMatchObject({ score: 0, level: "none", clearedNote: "Family shares one UPI id" });
    expect(await heldAt(m.id)).toBeNull();
    const releases = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `member:${m.id}`), eq(auditLog.action, "member.hold.release")));
    expect(releases).toHaveLength(1);
    // The same evidence again does not trigger; stronger evidence (one more account) does.
    await recordSignals(t.deps.db, [crossing(m.id)]);
    expect(await heldAt(m.id)).toBeNull();
    await recordSignals(t.deps.db, [
      { ...crossing(m.id), strength: 200, summary: "Payout account ra…@okaxis shared with 2 other accounts" },
    ]);
    expect(await heldAt(m.id)).not.toBeNull();
    const clears = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, "risk.clear"), eq(auditLog.target, `member:${m.id}`)));
    expect(clears.length).toBeGreaterThanOrEqual(1);
  });
});
