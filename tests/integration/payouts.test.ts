import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { serveApi, type ServedApi } from "../support/http";
import {
  siteEnvFor,
  startLocalRazorpayX,
  razorpaySignature,
  type LocalRazorpayX,
} from "../support/razorpayx";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { istDay } from "../../api/ledger/earningKinds";
import {
  journalEntries,
  payoutDays,
  payoutEvents,
  payoutWebhooks,
  payouts,
  users,
  withdrawals,
} from "../../api/db/schema";
import { setSetting } from "../../api/site/settings";
import { reconcilePayouts } from "../../api/payouts/send";
import { milliToRupeeString } from "../../shared/money";

/**
 * Issue 22 §3: payouts through RazorpayX's protocol, against the local stand-in over real HTTP
 * both ways (the site calls its API; it calls the site's webhook endpoint), on both databases.
 * Each test ends with the ledger invariant.
 */
describe.each(drivers())("payouts through RazorpayX (%s)", (driver) => {
  let rzp: LocalRazorpayX;
  let t: TestApi;
  let served: ServedApi;
  let op1: TestMember;
  let op2: TestMember;
  let now = Date.now();

  beforeAll(async () => {
    rzp = await startLocalRazorpayX();
    t = await startTestApi(driver, {
      ...siteEnvFor(rzp),
      RAZORPAYX_MAX_RPS: "100",
      RAZORPAYX_TIMEOUT_MS: "300",
    });
    t.deps.clock = () => new Date(now);
    served = await serveApi(t.deps);
    rzp.setWebhookUrl(`${served.origin}/webhooks/payouts/razorpayx`);
    op1 = await newOperator(t, ["payouts"]);
    op2 = await newOperator(t, ["payouts"]);
    const owner = await newOperator(t);
    await addPayoutMethod(t, owner, "UPI", 1);
  });
  afterAll(async () => {
    await served.close();
    await rzp.close();
    await t.close();
  });
  afterEach(async () => {
    await setSetting(t.deps.db, "payout_policy", { daily_limit: 100_000_000, four_eyes_above: 5_000_000 });
    await expectLedgerConsistent(t);
  });

  /** A member with `rupees` withdrawable and a UPI id bound, who asked to withdraw them. */
  async function requested(rupees: number, opts: { earn?: number } = {}) {
    const m = await newMember(t);
    const vpa = `p${m.id.slice(-10)}@okaxis`;
    await bindPayout(t, m, "UPI", vpa);
    await giveEarning(t, m.id, (opts.earn ?? rupees) * 1000);
    const res = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI" },
      cookie: m.cookie,
    });
    expect(res.status).toBe(200);
    const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    return { m, vpa, id: w!.id };
  }
  const settle = (op: TestMember, id: string, body: Record<string, unknown> = { action: "approve" }) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, { json: body, cookie: op.cookie });
  const withdrawal = async (id: string) =>
    (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
  const atProvider = (id: string) => rzp.payoutsByReference(id);
  const entries = async (key: string) =>
    (await t.deps.db.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key))).length;

  it("approve sends one payout to the bound UPI id; processed makes it Success with the UTR", async () => {
    const { m, vpa, id } = await requested(120);
    const res = await settle(op1, id);
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/sent to RazorpayX/);
    expect((await withdrawal(id)).status).toBe("Pending");
    const [p] = atProvider(id);
    expect(atProvider(id)).toHaveLength(1);
    expect(p).toMatchObject({
      amount: 12_000,
      currency: "INR",
      mode: "UPI",
      purpose: "payout",
      reference_id: id,
    });
    expect(p!.idempotency_key).toBe(id);
    expect(rzp.fundAccounts.get(p!.fund_account_id)?.vpa?.address).toBe(vpa);

    // Approving it again sends nothing.
    const again = await settle(op2, id);
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe("payout_in_flight");
    expect(atProvider(id)).toHaveLength(1);

    expect(await rzp.advance(p!.id, "processed", { utr: "412345678901" })).toEqual([200]);
    const w = await withdrawal(id);
    expect(w).toMatchObject({ status: "Success", remark: "UTR 412345678901" });
    const page = (await t.request("/userAmount/userBalanceData_get", { cookie: m.cookie })).body.msg;
    expect(page.withdrawal_Records[0]).toMatchObject({
      withdrawal_status: "Success",
      remark: "UTR 412345678901",
    });
    expect(page.total_withdrawal_amount).toBe("120.000");
  });

  it("a failed payout is refunded once, with the provider's reason as the remark", async () => {
    const { m, id } = await requested(80);
    await settle(op1, id);
    const [p] = atProvider(id);
    expect((await balances(t, m.id)).withdrawable).toBe(0);
    expect(await rzp.advance(p!.id, "failed", { reason: "Beneficiary bank is offline", copies: 3 })).toEqual([
      200, 200, 200,
    ]);
    expect(await withdrawal(id)).toMatchObject({ status: "Reject", remark: "Beneficiary bank is offline" });
    expect((await balances(t, m.id)).withdrawable).toBe(80_000);
    expect(await entries(`payout-refund:${(await attempts(id))[0]!.id}`)).toBe(1);
  });

  async function attempts(id: string) {
    return t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, id)).orderBy(payouts.attempt);
  }

  it("processed then reversed gives the money back once", async () => {
    const { m, id } = await requested(60);
    await settle(op1, id);
    const [p] = atProvider(id);
    await rzp.advance(p!.id, "processed", { utr: "512345678901", copies: 2 });
    expect((await withdrawal(id)).status).toBe("Success");
    expect(
      await rzp.advance(p!.id, "reversed", { reason: "Beneficiary account is closed", copies: 2 }),
    ).toEqual([200, 200]);
    expect(await withdrawal(id)).toMatchObject({ status: "Reject", remark: "Beneficiary account is closed" });
    expect((await balances(t, m.id)).withdrawable).toBe(60_000);
    const [a] = await attempts(id);
    expect(await entries(`payout-paid:${a!.id}`)).toBe(1);
    expect(await entries(`payout-reversal:${a!.id}`)).toBe(1);
  });

  it("the same webhook five times at once has one effect", async () => {
    const { id } = await requested(70);
    await settle(op1, id);
    const [p] = atProvider(id);
    expect(await rzp.advance(p!.id, "processed", { utr: "612345678901", copies: 5 })).toEqual([
      200, 200, 200, 200, 200,
    ]);
    const [a] = await attempts(id);
    expect(await entries(`payout-paid:${a!.id}`)).toBe(1);
    const events = await t.deps.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.payoutId, a!.id), eq(payoutEvents.status, "processed")));
    expect(events).toHaveLength(1);
    const hooks = await t.deps.db
      .select({ verdict: payoutWebhooks.verdict })
      .from(payoutWebhooks)
      .where(and(eq(payoutWebhooks.providerPayoutId, p!.id), eq(payoutWebhooks.status, "processed")));
    expect(hooks.map((h) => h.verdict).sort()).toEqual([
      "applied",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
  });

  it("refuses a webhook with a wrong signature, keeps it with its verdict and changes nothing", async () => {
    const { id } = await requested(40);
    await settle(op1, id);
    const [p] = atProvider(id);
    expect(await rzp.advance(p!.id, "processed", { utr: "712345678901", secret: "not-the-secret" })).toEqual([
      400,
    ]);
    expect((await withdrawal(id)).status).toBe("Pending");
    const body = JSON.stringify({
      event: "payout.processed",
      payload: { payout: { entity: { id: p!.id } } },
    });
    expect(await rzp.sendRaw(body, razorpaySignature(body, "forged"))).toBe(400);
    expect(await rzp.sendRaw(body, "not-hex")).toBe(400);
    const refused = await t.deps.db
      .select()
      .from(payoutWebhooks)
      .where(eq(payoutWebhooks.verdict, "bad_signature"));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect((await withdrawal(id)).status).toBe("Pending");
    // The real one, once it comes, settles it.
    expect(await rzp.resend(p!.id)).toEqual([200]);
    expect((await withdrawal(id)).status).toBe("Success");
  });

  it("a create that timed out is asked again with the same key: one payout at the provider", async () => {
    const { id } = await requested(55);
    rzp.stallCreates(1, 1500);
    const res = await settle(op1, id);
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/did not answer yet/);
    const [a] = await attempts(id);
    expect(a).toMatchObject({ status: "created", providerPayoutId: null });
    expect(atProvider(id)).toHaveLength(1); // the provider made it; we never heard
    now += 3 * 60_000;
    expect(await reconcilePayouts(t.deps)).toBeGreaterThanOrEqual(1);
    // Asked again under the withdrawal's own id (the stalled create's answer never reached us).
    const creates = rzp.requests.filter((r) => r.method === "POST" && r.path === "/v1/payouts");
    expect(creates.filter((r) => r.idempotencyKey === id).length).toBeGreaterThanOrEqual(1);
    expect(atProvider(id)[0]!.idempotency_key).toBe(id);
    expect(atProvider(id)).toHaveLength(1);
    const [after] = await attempts(id);
    expect(after!.providerPayoutId).toBe(atProvider(id)[0]!.id);
    await rzp.advance(after!.providerPayoutId!, "processed", { utr: "812345678901" });
    expect((await withdrawal(id)).status).toBe("Success");
  });

  it("a webhook that comes before the create's answer settles it; the late answer changes nothing", async () => {
    const { id } = await requested(45);
    rzp.webhookBeforeAnswer("processed", { utr: "912345678901" });
    const res = await settle(op1, id);
    expect(res.status).toBe(200);
    const w = await withdrawal(id);
    expect(w).toMatchObject({ status: "Success", remark: "UTR 912345678901" });
    const [a] = await attempts(id);
    expect(a).toMatchObject({ status: "processed", providerPayoutId: atProvider(id)[0]!.id });
    expect(await entries(`payout-paid:${a!.id}`)).toBe(1);
  });

  it("two operators approving the same withdrawal at once make one payout", async () => {
    const { id } = await requested(65);
    const answers = await Promise.all([settle(op1, id), settle(op2, id), settle(op1, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(atProvider(id)).toHaveLength(1);
    expect(await attempts(id)).toHaveLength(1);
  });

  it("reconciliation settles a payout whose webhook never came", async () => {
    const { m, id } = await requested(35);
    await settle(op1, id);
    const [p] = atProvider(id);
    rzp.setStatus(p!.id, "failed", { reason: "Invalid beneficiary VPA" });
    // Not due yet: nothing is asked.
    expect(await reconcilePayouts(t.deps)).toBe(0);
    now += 30 * 60_000;
    expect(await reconcilePayouts(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await withdrawal(id)).toMatchObject({ status: "Reject", remark: "Invalid beneficiary VPA" });
    expect((await balances(t, m.id)).withdrawable).toBe(35_000);
    // The webhook, late, is a duplicate.
    expect(await rzp.resend(p!.id)).toEqual([200]);
    expect((await balances(t, m.id)).withdrawable).toBe(35_000);
  });

  it("above the four-eyes threshold, a second operator's approval sends it", async () => {
    await setSetting(t.deps.db, "payout_policy", { daily_limit: 0, four_eyes_above: 100_000 });
    const { id } = await requested(150);
    const first = await settle(op1, id);
    expect(first.body.msg).toMatch(/Approved once/);
    expect(atProvider(id)).toHaveLength(0);
    const same = await settle(op1, id);
    expect(same.status).toBe(409);
    expect(same.body.error_code).toBe("second_approval");
    const second = await settle(op2, id);
    expect(second.body.msg).toMatch(/sent to RazorpayX/);
    expect(atProvider(id)).toHaveLength(1);
  });

  it("today's outgoing limit holds against approvals racing each other", async () => {
    // Earlier tests sent money today: the limit leaves room for ₹200 more.
    const [today] = await t.deps.db
      .select()
      .from(payoutDays)
      .where(eq(payoutDays.day, istDay(new Date(now))));
    await setSetting(t.deps.db, "payout_policy", {
      daily_limit: (today?.sent ?? 0) + 200_000,
      four_eyes_above: 5_000_000,
    });
    const a = await requested(150);
    const b = await requested(100);
    const c = await requested(120);
    const answers = await Promise.all([settle(op1, a.id), settle(op2, b.id), settle(op1, c.id)]);
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 409);
    expect(ok.length).toBe(1);
    expect(refused.every((r) => r.body.error_code === "daily_limit")).toBe(true);
    expect(atProvider(a.id).length + atProvider(b.id).length + atProvider(c.id).length).toBe(1);
  });

  it("a batch sends what may go and leaves out held members and requests marked for review", async () => {
    const plain = await requested(30);
    const plain2 = await requested(31);
    // Not a first payout any more: the member's earlier withdrawal was paid.
    for (const r of [plain, plain2]) {
      await t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, r.id));
    }
    const first = await requested(32); // marked "first payout"
    const held = await requested(33);
    await t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, held.id));
    await t.deps.db
      .update(users)
      .set({ withdrawalsHeldAt: new Date(now), withdrawalsHeldReason: "Checking" })
      .where(eq(users.id, held.m.id));
    const res = await t.request("/adminRoute/withdrawals/approve", {
      json: { ids: [plain.id, plain2.id, first.id, held.id] },
      cookie: op1.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg.sent.sort()).toEqual([plain.id, plain2.id].sort());
    expect(res.body.msg.skipped.map((s: { id: string }) => s.id).sort()).toEqual([first.id, held.id].sort());
    expect(atProvider(first.id)).toHaveLength(0);
    expect(atProvider(held.id)).toHaveLength(0);
    // Approved on its own, the first payout goes.
    expect((await settle(op1, first.id)).status).toBe(200);
    expect(atProvider(first.id)).toHaveLength(1);
  });

  it("send again after a failure: a new attempt with a new key, only once the old one is final", async () => {
    const { m, id } = await requested(75);
    await settle(op1, id);
    const early = await t.request(`/adminRoute/withdrawals/${id}/resend`, { json: {}, cookie: op1.cookie });
    expect(early.status).toBe(409);
    const [p] = atProvider(id);
    await rzp.advance(p!.id, "failed", { reason: "Beneficiary bank is offline" });
    expect((await balances(t, m.id)).withdrawable).toBe(75_000);
    const again = await t.request(`/adminRoute/withdrawals/${id}/resend`, { json: {}, cookie: op2.cookie });
    expect(again.status).toBe(200);
    expect((await balances(t, m.id)).withdrawable).toBe(0);
    expect((await withdrawal(id)).status).toBe("Pending");
    const tries = atProvider(id);
    expect(tries).toHaveLength(2);
    expect(tries.map((x) => x.idempotency_key).sort()).toEqual([id, `${id}-2`].sort());
    const second = tries.find((x) => x.idempotency_key === `${id}-2`)!;
    await rzp.advance(second.id, "processed", { utr: "112345678901" });
    expect(await withdrawal(id)).toMatchObject({ status: "Success", remark: "UTR 112345678901" });
    const twice = await t.request(`/adminRoute/withdrawals/${id}/resend`, { json: {}, cookie: op1.cookie });
    expect(twice.status).toBe(409);
  });

  it("send again fired in parallel takes the balance and opens an attempt once", async () => {
    const { m, id } = await requested(25);
    await settle(op1, id);
    await rzp.advance(atProvider(id)[0]!.id, "rejected", { reason: "Rejected by the bank" });
    const answers = await Promise.all(
      [op1, op2, op1, op2].map((op) =>
        t.request(`/adminRoute/withdrawals/${id}/resend`, { json: {}, cookie: op.cookie }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(atProvider(id)).toHaveLength(2);
    expect((await balances(t, m.id)).withdrawable).toBe(0);
  });

  it("a ban that rejects pending withdrawals leaves one in flight to its payout's final status", async () => {
    const { m, id } = await requested(38);
    await settle(op1, id);
    const moderator = await newOperator(t, ["moderation"]);
    const banned = await t.request(`/adminRoute/members/${m.id}/ban`, {
      json: { reason: "Ring", pending: "reject" },
      cookie: moderator.cookie,
    });
    expect(banned.status).toBe(200);
    // Not refunded while the money may be on its way: paid and refunded would lose ₹38.
    expect((await withdrawal(id)).status).toBe("Pending");
    expect((await balances(t, m.id)).withdrawable).toBe(0);
    const reject = await settle(op2, id, { action: "reject", remark: "No" });
    expect(reject.body.error_code).toBe("payout_in_flight");
    await rzp.advance(atProvider(id)[0]!.id, "processed", { utr: "212345678901" });
    expect((await withdrawal(id)).status).toBe("Success");
  });

  it("a bank file: written, downloaded, and settled by the bank's result file", async () => {
    const x = await requested(41);
    const y = await requested(42);
    for (const r of [x, y])
      await t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, r.id));
    const made = await t.request("/adminRoute/payouts/bankFiles", {
      json: { ids: [x.id, y.id] },
      cookie: op1.cookie,
    });
    expect(made.status).toBe(200);
    expect(made.body.msg).toMatchObject({ rows: 2, skipped: [] });
    const fileId = made.body.msg.id as string;
    const csv = await t.request(`/adminRoute/payouts/bankFiles/${fileId}/csv`, { cookie: op1.cookie });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (csv.body as string).trim().split("\r\n");
    expect(lines[0]).toBe("Beneficiary Name,Account Number / VPA,IFSC,Amount,Mode,Reference,Narration");
    expect(
      lines
        .slice(1)
        .map((l) => l.split(",")[5])
        .sort(),
    ).toEqual([x.id, y.id].sort());
    expect(lines.find((l) => l.includes(x.id))).toContain(`${x.vpa},,41.00,UPI`);
    // In a bank file: approving it again sends nothing.
    expect((await settle(op2, x.id)).body.error_code).toBe("payout_in_flight");

    const result = [
      "Reference,Status,UTR,Reason",
      `${x.id},SUCCESS,UTR0000041,`,
      `${y.id},FAILED,,Account closed`,
      "nope,SUCCESS,UTR0000099,",
    ].join("\n");
    const imported = await t.request(`/adminRoute/payouts/bankFiles/${fileId}/result`, {
      json: { csv: result },
      cookie: op1.cookie,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.msg).toMatchObject({ paid: 1, failed: 1 });
    expect(imported.body.msg.unmatched).toHaveLength(1);
    expect(await withdrawal(x.id)).toMatchObject({ status: "Success", remark: "UTR UTR0000041" });
    expect(await withdrawal(y.id)).toMatchObject({ status: "Reject", remark: "Account closed" });
    expect((await balances(t, y.m.id)).withdrawable).toBe(42_000);
    // The same file again changes nothing.
    const again = await t.request(`/adminRoute/payouts/bankFiles/${fileId}/result`, {
      json: { csv: result },
      cookie: op1.cookie,
    });
    expect(again.body.msg).toMatchObject({ paid: 0, failed: 0 });
    expect((await balances(t, y.m.id)).withdrawable).toBe(42_000);
    const list = await t.request("/adminRoute/payouts/bankFiles", { cookie: op1.cookie });
    expect(list.body.msg.records[0]).toMatchObject({ id: fileId, rows: 2, total: "83.000", open: 0 });
  });

  it("the figures: money sent, in flight and failed", async () => {
    const res = await t.request("/adminRoute/payouts", { cookie: op1.cookie });
    expect(res.status).toBe(200);
    const { totals, mode } = res.body.msg;
    expect(mode).toBe("razorpayx");
    const result = await t.deps.db.execute(sql`select
        coalesce(sum(amount) filter (where status = 'processed'), 0)::text as sent,
        coalesce(sum(amount) filter (where final_at is null), 0)::text as in_flight
        from payouts`);
    const [sums] = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
      sent: string;
      in_flight: string;
    }[];
    expect(totals.sent).toBe(milliToRupeeString(Number(sums!.sent)));
    expect(totals.in_flight).toBe(milliToRupeeString(Number(sums!.in_flight)));
    expect(totals.failed_30_days_count).toBeGreaterThan(0);
  });

  it("the policy is the owner's; the payouts role reads it", async () => {
    const refused = await t.request("/adminRoute/payouts/policy", {
      method: "PATCH",
      json: { daily_limit: 1000, four_eyes_above: 100 },
      cookie: op1.cookie,
    });
    expect(refused.status).toBe(403);
    const owner = await newOperator(t);
    const saved = await t.request("/adminRoute/payouts/policy", {
      method: "PATCH",
      json: { daily_limit: 1000, four_eyes_above: 100 },
      cookie: owner.cookie,
    });
    expect(saved.body).toEqual({ success: true, msg: "Payout policy saved." });
    const read = await t.request("/adminRoute/payouts", { cookie: op1.cookie });
    expect(read.body.msg.policy).toEqual({ daily_limit: "1000.000", four_eyes_above: "100.000" });
    const bad = await t.request("/adminRoute/payouts/policy", {
      method: "PATCH",
      json: { daily_limit: -1, four_eyes_above: 1.5 },
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
  });
});

describe("payouts without a provider", () => {
  it("answer the webhook address 404 and approve as paid by hand", async () => {
    const t = await startTestApi(drivers()[0]!);
    try {
      const hook = await t.request("/webhooks/payouts/razorpayx", { rawBody: "{}" });
      expect(hook.status).toBe(404);
      const ov = await t.request("/adminRoute/payouts", { cookie: (await newOperator(t)).cookie });
      expect(ov.body.msg.mode).toBe("manual");
    } finally {
      await t.close();
    }
  });
});
