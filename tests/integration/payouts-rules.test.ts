import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { balances, newOperator } from "../support/money";
import { istDay } from "../../api/ledger/earningKinds";
import { payoutDays, users, withdrawals } from "../../api/db/schema";
import { setSetting } from "../../api/site/settings";
import { milliToRupeeString } from "../../shared/money";
import { payoutsWorld } from "../support/payouts";

/**
 * Issue 22 §2–§3: the rules before money leaves and the operator's tools, against the local
 * RazorpayX on both databases: four eyes, the daily limit under racing approvals, batches that
 * leave out held and marked requests, send again (also fired in parallel), a ban while a payout
 * is in flight, bank files and their result files, the figures and the owner's policy. Each test
 * ends with the ledger invariant (tests/support/payouts.ts).
 */
describe.each(drivers("both"))("payout rules (%s)", (driver) => {
  const w = payoutsWorld(driver);

  it("above the four-eyes threshold, a second operator's approval sends it", async () => {
    await setSetting(w.t.deps.db, "payout_policy", { daily_limit: 0, four_eyes_above: 100_000 });
    const { id } = await w.requested(150);
    const first = await w.settle(w.op1, id);
    expect(first.body.msg).toMatch(/Approved once/);
    expect(w.atProvider(id)).toHaveLength(0);
    const same = await w.settle(w.op1, id);
    expect(same.status).toBe(409);
    expect(same.body.error_code).toBe("second_approval");
    const second = await w.settle(w.op2, id);
    expect(second.body.msg).toMatch(/sent to RazorpayX/);
    expect(w.atProvider(id)).toHaveLength(1);
  });

  it("today's outgoing limit holds against approvals racing each other", async () => {
    // Earlier tests sent money today: the limit leaves room for ₹200 more.
    const [today] = await w.t.deps.db
      .select()
      .from(payoutDays)
      .where(eq(payoutDays.day, istDay(new Date(w.now))));
    await setSetting(w.t.deps.db, "payout_policy", {
      daily_limit: (today?.sent ?? 0) + 200_000,
      four_eyes_above: 5_000_000,
    });
    const a = await w.requested(150);
    const b = await w.requested(100);
    const c = await w.requested(120);
    const answers = await Promise.all([w.settle(w.op1, a.id), w.settle(w.op2, b.id), w.settle(w.op1, c.id)]);
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 409);
    expect(ok.length).toBe(1);
    expect(refused.every((r) => r.body.error_code === "daily_limit")).toBe(true);
    expect(w.atProvider(a.id).length + w.atProvider(b.id).length + w.atProvider(c.id).length).toBe(1);
  });

  it("a batch sends what may go and leaves out held members and requests marked for review", async () => {
    const plain = await w.requested(30);
    const plain2 = await w.requested(31);
    // Not a first payout any more: the member's earlier withdrawal was paid.
    for (const r of [plain, plain2]) {
      await w.t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, r.id));
    }
    const first = await w.requested(32); // marked "first payout"
    const held = await w.requested(33);
    await w.t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, held.id));
    await w.t.deps.db
      .update(users)
      .set({ withdrawalsHeldAt: new Date(w.now), withdrawalsHeldReason: "Checking" })
      .where(eq(users.id, held.m.id));
    const res = await w.t.request("/adminRoute/withdrawals/approve", {
      json: { ids: [plain.id, plain2.id, first.id, held.id] },
      cookie: w.op1.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg.sent.sort()).toEqual([plain.id, plain2.id].sort());
    expect(res.body.msg.skipped.map((s: { id: string }) => s.id).sort()).toEqual([first.id, held.id].sort());
    expect(w.atProvider(first.id)).toHaveLength(0);
    expect(w.atProvider(held.id)).toHaveLength(0);
    // Approved on its own, the first payout goes.
    expect((await w.settle(w.op1, first.id)).status).toBe(200);
    expect(w.atProvider(first.id)).toHaveLength(1);
  });

  it("send again after a failure: a new attempt with a new key, only once the old one is final", async () => {
    const { m, id } = await w.requested(75);
    await w.settle(w.op1, id);
    const early = await w.t.request(`/adminRoute/withdrawals/${id}/resend`, {
      json: {},
      cookie: w.op1.cookie,
    });
    expect(early.status).toBe(409);
    const [p] = w.atProvider(id);
    await w.rzp.advance(p!.id, "failed", { reason: "Beneficiary bank is offline" });
    expect((await balances(w.t, m.id)).withdrawable).toBe(75_000);
    const again = await w.t.request(`/adminRoute/withdrawals/${id}/resend`, {
      json: {},
      cookie: w.op2.cookie,
    });
    expect(again.status).toBe(200);
    expect((await balances(w.t, m.id)).withdrawable).toBe(0);
    expect((await w.withdrawal(id)).status).toBe("Pending");
    const tries = w.atProvider(id);
    expect(tries).toHaveLength(2);
    expect(tries.map((x) => x.idempotency_key).sort()).toEqual([id, `${id}-2`].sort());
    const second = tries.find((x) => x.idempotency_key === `${id}-2`)!;
    await w.rzp.advance(second.id, "processed", { utr: "112345678901" });
    expect(await w.withdrawal(id)).toMatchObject({ status: "Success", remark: "UTR 112345678901" });
    const twice = await w.t.request(`/adminRoute/withdrawals/${id}/resend`, {
      json: {},
      cookie: w.op1.cookie,
    });
    expect(twice.status).toBe(409);
  });

  it("send again fired in parallel takes the balance and opens an attempt once", async () => {
    const { m, id } = await w.requested(25);
    await w.settle(w.op1, id);
    await w.rzp.advance(w.atProvider(id)[0]!.id, "rejected", { reason: "Rejected by the bank" });
    const answers = await Promise.all(
      [w.op1, w.op2, w.op1, w.op2].map((op) =>
        w.t.request(`/adminRoute/withdrawals/${id}/resend`, { json: {}, cookie: op.cookie }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(w.atProvider(id)).toHaveLength(2);
    expect((await balances(w.t, m.id)).withdrawable).toBe(0);
  });

  it("a ban that rejects pending withdrawals leaves one in flight to its payout's final status", async () => {
    const { m, id } = await w.requested(38);
    await w.settle(w.op1, id);
    const moderator = await newOperator(w.t, ["moderation"]);
    const banned = await w.t.request(`/adminRoute/members/${m.id}/ban`, {
      json: { reason: "Ring", pending: "reject" },
      cookie: moderator.cookie,
    });
    expect(banned.status).toBe(200);
    // Not refunded while the money may be on its way: paid and refunded would lose ₹38.
    expect((await w.withdrawal(id)).status).toBe("Pending");
    expect((await balances(w.t, m.id)).withdrawable).toBe(0);
    const reject = await w.settle(w.op2, id, { action: "reject", remark: "No" });
    expect(reject.body.error_code).toBe("payout_in_flight");
    await w.rzp.advance(w.atProvider(id)[0]!.id, "processed", { utr: "212345678901" });
    expect((await w.withdrawal(id)).status).toBe("Success");
  });

  it("a bank file: written, downloaded, and settled by the bank's result file", async () => {
    const x = await w.requested(41);
    const y = await w.requested(42);
    for (const r of [x, y])
      await w.t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, r.id));
    const made = await w.t.request("/adminRoute/payouts/bankFiles", {
      json: { ids: [x.id, y.id] },
      cookie: w.op1.cookie,
    });
    expect(made.status).toBe(200);
    expect(made.body.msg).toMatchObject({ rows: 2, skipped: [] });
    const fileId = made.body.msg.id as string;
    const csv = await w.t.request(`/adminRoute/payouts/bankFiles/${fileId}/csv`, { cookie: w.op1.cookie });
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
    expect((await w.settle(w.op2, x.id)).body.error_code).toBe("payout_in_flight");

    const result = [
      "Reference,Status,UTR,Reason",
      `${x.id},SUCCESS,UTR0000041,`,
      `${y.id},FAILED,,Account closed`,
      "nope,SUCCESS,UTR0000099,",
    ].join("\n");
    const imported = await w.t.request(`/adminRoute/payouts/bankFiles/${fileId}/result`, {
      json: { csv: result },
      cookie: w.op1.cookie,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.msg).toMatchObject({ paid: 1, failed: 1 });
    expect(imported.body.msg.unmatched).toHaveLength(1);
    expect(await w.withdrawal(x.id)).toMatchObject({ status: "Success", remark: "UTR UTR0000041" });
    expect(await w.withdrawal(y.id)).toMatchObject({ status: "Reject", remark: "Account closed" });
    expect((await balances(w.t, y.m.id)).withdrawable).toBe(42_000);
    // The same file again changes nothing.
    const again = await w.t.request(`/adminRoute/payouts/bankFiles/${fileId}/result`, {
      json: { csv: result },
      cookie: w.op1.cookie,
    });
    expect(again.body.msg).toMatchObject({ paid: 0, failed: 0 });
    expect((await balances(w.t, y.m.id)).withdrawable).toBe(42_000);
    const list = await w.t.request("/adminRoute/payouts/bankFiles", { cookie: w.op1.cookie });
    expect(list.body.msg.records[0]).toMatchObject({ id: fileId, rows: 2, total: "83.000", open: 0 });
  });

  it("the figures: money sent, in flight and failed", async () => {
    const res = await w.t.request("/adminRoute/payouts", { cookie: w.op1.cookie });
    expect(res.status).toBe(200);
    const { totals, mode } = res.body.msg;
    expect(mode).toBe("razorpayx");
    const result = await w.t.deps.db.execute(sql`select
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
    const refused = await w.t.request("/adminRoute/payouts/policy", {
      method: "PATCH",
      json: { daily_limit: 1000, four_eyes_above: 100 },
      cookie: w.op1.cookie,
    });
    expect(refused.status).toBe(403);
    const owner = await newOperator(w.t);
    const saved = await w.t.request("/adminRoute/payouts/policy", {
      method: "PATCH",
      json: { daily_limit: 1000, four_eyes_above: 100 },
      cookie: owner.cookie,
    });
    expect(saved.body).toEqual({ success: true, msg: "Payout policy saved." });
    const read = await w.t.request("/adminRoute/payouts", { cookie: w.op1.cookie });
    expect(read.body.msg.policy).toEqual({ daily_limit: "1000.000", four_eyes_above: "100.000" });
    const bad = await w.t.request("/adminRoute/payouts/policy", {
      method: "PATCH",
      json: { daily_limit: -1, four_eyes_above: 1.5 },
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
  });
});
