import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApi, type TestApi } from "./api";
import { serveApi, type ServedApi } from "./http";
import { siteEnvFor, startLocalRazorpayX, type LocalRazorpayX } from "./razorpayx";
import {
  addPayoutMethod,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "./money";
import type { Driver } from "./db";
import { journalEntries, payouts, withdrawals } from "../../api/db/schema";
import { setSetting } from "../../api/site/settings";

/**
 * The payouts tests' world (issue 22): the local RazorpayX and the API over real HTTP both ways
 * (the site calls RazorpayX; RazorpayX calls the site's webhook endpoint), two payouts operators,
 * the UPI method, a clock the tests move, and after each test the default policy back and the
 * ledger invariant. Registers its hooks in the caller's describe block.
 */
export interface PayoutsWorld {
  rzp: LocalRazorpayX;
  t: TestApi;
  op1: TestMember;
  op2: TestMember;
  /** The API's clock (ms): tests move it to make the reconciler's looks due. */
  now: number;
  /** A member with `rupees` withdrawable and a UPI id bound, who asked to withdraw them. */
  requested(rupees: number): Promise<{ m: TestMember; vpa: string; id: string }>;
  settle(op: TestMember, id: string, body?: Record<string, unknown>): ReturnType<TestApi["request"]>;
  withdrawal(id: string): Promise<typeof withdrawals.$inferSelect>;
  /** The payouts RazorpayX holds for a withdrawal (its reference). */
  atProvider(id: string): ReturnType<LocalRazorpayX["payoutsByReference"]>;
  /** How many ledger entries carry this idempotency key. */
  entries(key: string): Promise<number>;
  /** A withdrawal's attempts, first to last. */
  attempts(id: string): Promise<(typeof payouts.$inferSelect)[]>;
}

export const DEFAULT_POLICY = { daily_limit: 100_000_000, four_eyes_above: 5_000_000 };

export function payoutsWorld(driver: Driver): PayoutsWorld {
  let served: ServedApi;
  const w = { now: Date.now() } as PayoutsWorld;
  beforeAll(async () => {
    w.rzp = await startLocalRazorpayX();
    w.t = await startTestApi(driver, {
      ...siteEnvFor(w.rzp),
      RAZORPAYX_MAX_RPS: "100",
      RAZORPAYX_TIMEOUT_MS: "300",
    });
    w.t.deps.clock = () => new Date(w.now);
    served = await serveApi(w.t.deps);
    w.rzp.setWebhookUrl(`${served.origin}/webhooks/payouts/razorpayx`);
    w.op1 = await newOperator(w.t, ["payouts"]);
    w.op2 = await newOperator(w.t, ["payouts"]);
    await addPayoutMethod(w.t, await newOperator(w.t), "UPI", 1);
  });
  afterAll(async () => {
    await served.close();
    await w.rzp.close();
    await w.t.close();
  });
  afterEach(async () => {
    await setSetting(w.t.deps.db, "payout_policy", DEFAULT_POLICY);
    await expectLedgerConsistent(w.t);
  });

  w.requested = async (rupees) => {
    const m = await newMember(w.t);
    const vpa = `p${m.id.slice(-10)}@okaxis`;
    await bindPayout(w.t, m, "UPI", vpa);
    await giveEarning(w.t, m.id, rupees * 1000);
    const res = await w.t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI" },
      cookie: m.cookie,
    });
    expect(res.status).toBe(200);
    const [row] = await w.t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    return { m, vpa, id: row!.id };
  };
  w.settle = (op, id, body = { action: "approve" }) =>
    w.t.request(`/adminRoute/withdrawals/${id}/settle`, { json: body, cookie: op.cookie });
  w.withdrawal = async (id) =>
    (await w.t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
  w.atProvider = (id) => w.rzp.payoutsByReference(id);
  w.entries = async (key) =>
    (await w.t.deps.db.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key))).length;
  w.attempts = (id) =>
    w.t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, id)).orderBy(payouts.attempt);
  return w;
}
