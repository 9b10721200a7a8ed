import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
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
import { DEFAULT_POLICY, payoutsWorld } from "../support/payouts";
import { auditLog, journalEntries, payouts, users, withdrawals } from "../../api/db/schema";
import { handlePostback, type PostbackDeps } from "../../api/taskWalls/postbacks";
import { memberDebt } from "../../api/ledger/ledger";
import { setSetting } from "../../api/site/settings";

/**
 * Issue 42: money never leaves towards a member who owes (a task-wall reversal after their
 * withdrawal), and marking a withdrawal paid by hand goes through the rules of an approval —
 * holds, risk, four eyes, the daily limit — with the bank's reference (UTR), mailing the member
 * in their language; so do a provider's and a bank file's final statuses, once each. On both
 * databases, with and without the local RazorpayX.
 */

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const SECRET = "owing-wall-secret";
const FIELDS = ["user_id", "transaction_id", "currency_reward", "status"] as const;
/** A wall without a hold: 1 point = ₹1, reversals by status. */
const WALL = {
  name: "Owing wall",
  frameUrlTemplate: "https://wall.example/?sid={user_id}",
  secret: SECRET,
  scheme: "sha256_fields",
  signatureFields: [...FIELDS],
  signatureSeparator: ":",
  signatureParam: "hash",
  userParam: "user_id",
  transactionParam: "transaction_id",
  amountParam: "currency_reward",
  statusParam: "status",
  reversalStatuses: ["reversed"],
  holdDays: 0,
  milliPerPoint: 1000,
  capPerPostback: "500",
};

let utrSeq = 0;
/** A fresh bank reference: 12 digits, like a UPI RRN. */
const newUtr = () =>
  `${Date.now() % 1_000_000}${String(utrSeq++).padStart(6, "0")}`.slice(-12).padStart(12, "7");

/** The wall's signed callbacks, as the network sends them (crediting ₹`rupees`, or reversing it). */
function walls(t: TestApi, clock: () => Date) {
  let wallId = "";
  const deps = (): PostbackDeps => ({
    db: t.deps.db,
    clock,
    realtime: t.deps.realtime,
    config: t.deps.config,
  });
  const callback = (p: Partial<Record<(typeof FIELDS)[number], string>>) => {
    const query = new URLSearchParams(Object.entries(p) as [string, string][]);
    const hash = sha256([...FIELDS.map((f) => p[f] ?? ""), SECRET].join(":"));
    return handlePostback(deps(), wallId, {
      method: "GET",
      pathAndQuery: `/postback/offerwall/${wallId}?${query.toString()}&hash=${hash}`,
      headers: {},
      body: null,
      ip: "127.0.0.1",
      origin: "network",
      origins: [],
    });
  };
  return {
    async create(owner: TestMember) {
      const res = await t.request("/adminRoute/offerWalls", { json: WALL, cookie: owner.cookie });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      wallId = res.body.msg.wall._id as string;
    },
    credit: (m: TestMember, tx: string, rupees: number) =>
      callback({ user_id: m.id, transaction_id: tx, currency_reward: String(rupees) }),
    reverse: (m: TestMember, tx: string, rupees: number) =>
      callback({ user_id: m.id, transaction_id: tx, currency_reward: String(rupees), status: "reversed" }),
  };
}

/** A signed credit of ₹`rupees`, then the member withdraws all of it (Pending): answers its id. */
async function creditedAndWithdrawn(
  t: TestApi,
  wall: ReturnType<typeof walls>,
  method: string,
  rupees: number,
  m?: TestMember,
) {
  const member = m ?? (await newMember(t));
  const tx = `tx-${member.id}`;
  expect((await wall.credit(member, tx, rupees)).verdict).toBe("credited");
  await bindPayout(t, member, method, `p${member.id.slice(-10)}@okaxis`);
  const res = await t.request("/userAmount/userWithdrawal_record_post", {
    obj: { balance: rupees, type: method },
    cookie: member.cookie,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
  return { m: member, tx, id: row!.id };
}

const entryId = async (t: TestApi, key: string) =>
  (
    await t.deps.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, key))
  )[0]?.id;

describe.each(drivers("both"))("payouts by hand (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let op1: TestMember;
  let op2: TestMember;
  let wall: ReturnType<typeof walls>;
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => now;
    owner = await newOperator(t);
    op1 = await newOperator(t, ["payouts"]);
    op2 = await newOperator(t, ["payouts"]);
    await addPayoutMethod(t, owner, "UPI", 1);
    wall = walls(t, () => now);
    await wall.create(owner);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await setSetting(t.deps.db, "payout_policy", DEFAULT_POLICY);
    await expectLedgerConsistent(t);
  });

  const settle = (op: TestMember, id: string, body: Record<string, unknown>) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, { json: body, cookie: op.cookie });
  const markPaid = (op: TestMember, id: string, utr: string | undefined = newUtr(), extra = {}) =>
    settle(op, id, { action: "mark_paid", ...(utr === undefined ? {} : { utr }), ...extra });
  /** A member with `rupees` earned and withdrawn (Pending). */
  async function requested(rupees: number, language: "en" | "hi" | null = null) {
    const m = await newMember(t);
    if (language) await t.deps.db.update(users).set({ language }).where(eq(users.id, m.id));
    await bindPayout(t, m, "UPI", `p${m.id.slice(-10)}@okaxis`);
    await giveEarning(t, m.id, rupees * 1000);
    const res = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI" },
      cookie: m.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    return { m, id: row!.id };
  }
  const withdrawal = async (id: string) =>
    (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
  /** The mails about a withdrawal's payout to `email` (binding payout details mails a notice too). */
  const mailsTo = (email: string) =>
    t.mails.filter((m) => m.to === email && /withdrawal|निकासी/.test(m.subject));

  it("marking paid asks for the bank's reference: 400 without it or malformed, and without a provider so does approving", async () => {
    const { id } = await requested(40);
    for (const body of [
      { action: "mark_paid" },
      { action: "mark_paid", utr: "" },
      { action: "mark_paid", utr: "12345" },
      { action: "mark_paid", utr: "1234-5678-90" },
      { action: "mark_paid", utr: "x".repeat(31) },
      { action: "mark_paid", utr: 123456789012 },
      { action: "approve" },
    ]) {
      const res = await settle(op1, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_code).toBe("invalid_input");
      expect(res.body.error_msg).toMatch(/UTR/);
    }
    expect((await withdrawal(id)).status).toBe("Pending");
    const ok = await markPaid(op1, id, "axis0012345678");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await withdrawal(id)).toMatchObject({ status: "Success", remark: "UTR AXIS0012345678" });
  });

  it("above the four-eyes threshold one operator's mark paid waits for a second, different operator", async () => {
    await setSetting(t.deps.db, "payout_policy", { daily_limit: 0, four_eyes_above: 100_000 });
    const { m, id } = await requested(150);
    const first = await markPaid(op1, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.msg).toMatch(/Approved once/);
    expect(await withdrawal(id)).toMatchObject({ status: "Pending", approvedBy: op1.id });
    expect(mailsTo(m.email)).toHaveLength(0);
    const same = await markPaid(op1, id);
    expect(same.status).toBe(409);
    expect(same.body.error_code).toBe("second_approval");
    // Without a provider, approving first (no UTR yet) is the same first step.
    const other = await requested(120);
    const approved = await settle(op2, other.id, { action: "approve" });
    expect(approved.body.msg).toMatch(/Approved once/);
    const utr = newUtr();
    const second = await markPaid(op2, id, utr);
    expect(second.status).toBe(200);
    expect(await withdrawal(id)).toMatchObject({
      status: "Success",
      remark: `UTR ${utr}`,
      settledBy: op2.id,
    });
    const [attempt] = await t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, id));
    expect(attempt).toMatchObject({ channel: "manual", status: "processed", utr, createdBy: op2.id });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `withdrawal:${id}`));
    expect(audit.map((a) => a.action)).toEqual(["withdrawal.approve_first", "withdrawal.mark_paid"]);
    expect(audit[1]).toMatchObject({ actorUserId: op2.id, after: { status: "Success", utr } });
  });

  it("counts towards today's outgoing limit and is refused past it", async () => {
    const today = await t.request("/adminRoute/payouts", { cookie: op1.cookie });
    const sentToday = Math.round(Number(today.body.msg.totals.outgoing_today) * 1000);
    await setSetting(t.deps.db, "payout_policy", {
      daily_limit: sentToday + 100_000,
      four_eyes_above: 5_000_000,
    });
    const a = await requested(60);
    const b = await requested(50);
    expect((await markPaid(op1, a.id)).status).toBe(200);
    const after = await t.request("/adminRoute/payouts", { cookie: op1.cookie });
    expect(Math.round(Number(after.body.msg.totals.outgoing_today) * 1000)).toBe(sentToday + 60_000);
    const refused = await markPaid(op2, b.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe("daily_limit");
    expect(await withdrawal(b.id)).toMatchObject({ status: "Pending" });
    expect((await balances(t, b.m.id)).withdrawable).toBe(0);
  });

  it("holds and the risk confirmation apply to marking paid as to approving", async () => {
    const { m, id } = await requested(30);
    await t.deps.db
      .update(users)
      .set({ withdrawalsHeldAt: now, withdrawalsHeldReason: "Checking" })
      .where(eq(users.id, m.id));
    const held = await markPaid(op1, id);
    expect(held.status).toBe(409);
    expect(held.body.error_msg).toMatch(/on hold/);
    await t.deps.db.update(users).set({ withdrawalsHeldAt: null }).where(eq(users.id, m.id));
    await t.deps.db
      .update(withdrawals)
      .set({ reviewReasons: ["risk"] })
      .where(eq(withdrawals.id, id));
    const risky = await markPaid(op1, id);
    expect(risky.status).toBe(409);
    expect(risky.body.error_code).toBe("risk_confirm");
    expect((await markPaid(op1, id, newUtr(), { confirmRisk: true })).status).toBe(200);
  });

  it("mails the member once, in their language, with the UTR the member's history shows too", async () => {
    const hi = await requested(75, "hi");
    const utr = newUtr();
    expect((await markPaid(op1, hi.id, utr)).status).toBe(200);
    const [mail, ...more] = mailsTo(hi.m.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/निकासी/);
    expect(mail!.text).toContain("नमस्ते");
    expect(mail!.text).toContain("₹75.000");
    expect(mail!.text).toContain(utr);
    expect(mail!.text).not.toContain("Hello");
    const page = (await t.request("/userAmount/userBalanceData_get", { cookie: hi.m.cookie })).body.msg;
    expect(page.withdrawal_Records[0]).toMatchObject({ withdrawal_status: "Success", remark: `UTR ${utr}` });

    const en = await requested(20);
    const enUtr = newUtr();
    expect((await markPaid(op2, en.id, enUtr)).status).toBe(200);
    const [enMail] = mailsTo(en.m.email);
    expect(enMail!.subject).toMatch(/withdrawal was paid/);
    expect(enMail!.text).toContain("Your withdrawal of ₹20.000 was paid");
    expect(enMail!.text).toContain(enUtr);
    // A repeat changes nothing and mails nothing.
    expect((await markPaid(op1, en.id)).status).toBe(409);
    expect(mailsTo(en.m.email)).toHaveLength(1);
  });

  it("mark paid fired in parallel pays once and mails once", async () => {
    const { m, id } = await requested(90);
    const answers = await Promise.all([op1, op2, op1, op2, op1].map((op) => markPaid(op, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const attempts = await t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, id));
    expect(attempts).toHaveLength(1);
    expect(await entryId(t, `payout-paid:${attempts[0]!.id}`)).toBeDefined();
    const paid = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, m.id), eq(journalEntries.kind, "withdrawal_paid")));
    expect(Number(paid[0]!.n)).toBe(1);
    expect(mailsTo(m.email)).toHaveLength(1);
  });

  it("one bank reference marks one withdrawal paid", async () => {
    const a = await requested(11);
    const b = await requested(12);
    const utr = `HDFC${newUtr()}`;
    expect((await markPaid(op1, a.id, utr.toLowerCase())).status).toBe(200);
    const again = await markPaid(op1, b.id, utr);
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe("duplicate");
    expect((await withdrawal(b.id)).status).toBe("Pending");
  });

  it("a member who owes is not paid: refused with in_debt, shown on the queue, rejecting still works", async () => {
    const { m, tx, id } = await creditedAndWithdrawn(t, wall, "UPI", 100);
    expect((await wall.reverse(m, tx, 100)).verdict).toBe("reversed");
    expect(await memberDebt(t.deps.db, m.id)).toBe(100_000);

    const refused = await markPaid(op1, id);
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe("in_debt");
    expect(refused.body.error_msg).toMatch(/owes ₹100\.000/);
    expect((await settle(op1, id, { action: "approve", utr: newUtr() })).body.error_code).toBe("in_debt");
    const batch = await t.request("/adminRoute/withdrawals/approve", {
      json: { ids: [id] },
      cookie: op1.cookie,
    });
    expect(batch.body.msg.skipped.map((s: { id: string }) => s.id)).toEqual([id]);
    const file = await t.request("/adminRoute/payouts/bankFiles", {
      json: { ids: [id] },
      cookie: op1.cookie,
    });
    expect(file.status).toBe(409);
    expect(file.body.skipped[0].reason).toMatch(/owes ₹100\.000/);
    expect(await withdrawal(id)).toMatchObject({ status: "Pending", approvedBy: null });
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, id))).toHaveLength(0);

    const queue = await t.request("/adminRoute/withdrawals?status=Pending", { cookie: op1.cookie });
    const row = queue.body.msg.records.find((r: { _id: string }) => r._id === id);
    expect(row).toMatchObject({ owed: "100.000" });
    const other = queue.body.msg.records.find((r: { _id: string }) => r._id !== id);
    if (other) expect(other.owed).toBeNull();

    // Rejecting gives the amount back to the withdrawable balance; the debt stays (ADR 0008) and
    // no withdrawal can take it out.
    expect((await settle(op2, id, { action: "reject", remark: "Reversed offer" })).status).toBe(200);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 100_000, deposit: 0 });
    expect(await memberDebt(t.deps.db, m.id)).toBe(100_000);
    const again = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 50, type: "UPI" },
      cookie: m.cookie,
    });
    expect(again.body.error_code).toBe("in_debt");
  });

  it("a reversal racing mark paid: never paid after the debt arose", async () => {
    // Set up one after another; only the reversals and approvals race.
    const pairs = [];
    for (let i = 0; i < 10; i++) pairs.push(await creditedAndWithdrawn(t, wall, "UPI", 100));
    const outcomes = await Promise.all(
      pairs.map(async ({ m, tx, id }, i) => {
        const op = i % 2 ? op1 : op2;
        // Half the pairs start the approval first, half the reversal.
        if (i % 2) {
          const [approval, reversal] = await Promise.all([markPaid(op, id), wall.reverse(m, tx, 100)]);
          return { approval, reversal };
        }
        const [reversal, approval] = await Promise.all([wall.reverse(m, tx, 100), markPaid(op, id)]);
        return { approval, reversal };
      }),
    );

    for (const [i, { m, id }] of pairs.entries()) {
      const { reversal, approval } = outcomes[i]!;
      expect(reversal.verdict).toBe("reversed");
      expect(await memberDebt(t.deps.db, m.id)).toBe(100_000);
      const row = await withdrawal(id);
      const [reversed] = await t.deps.db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, m.id), eq(journalEntries.kind, "offerWall_reversal")));
      if (approval.status === 200) {
        // Paid before the reversal took the credit back: the debt arose after the money left.

        expect(row.status).toBe("Success");
        const [attempt] = await t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, id));
        expect(await entryId(t, `payout-paid:${attempt!.id}`)).toBeLessThan(reversed!.id);
      } else {
        expect(approval.status, JSON.stringify(approval.body)).toBe(409);
        expect(approval.body.error_code).toBe("in_debt");
        expect(row.status).toBe("Pending");
      }
    }
  });
});

describe.each(drivers("both"))(
  "payouts through RazorpayX to a member who owes, and the member's mails (%s)",
  (driver) => {
    const w = payoutsWorld(driver);
    let wall: ReturnType<typeof walls>;

    beforeAll(async () => {
      wall = walls(w.t, () => new Date(w.now));
      await wall.create(await newOperator(w.t));
    });

    const mailsTo = (email: string) =>
      w.t.mails.filter((m) => m.to === email && /withdrawal|निकासी/.test(m.subject));

    it("approving, a batch, a bank file and send again are refused while the member owes", async () => {
      const { m, tx, id } = await creditedAndWithdrawn(w.t, wall, "UPI", 100);
      expect((await wall.reverse(m, tx, 100)).verdict).toBe("reversed");
      const single = await w.settle(w.op1, id);
      expect(single.status).toBe(409);
      expect(single.body.error_code).toBe("in_debt");
      const byHand = await w.settle(w.op1, id, { action: "mark_paid", utr: newUtr() });
      expect(byHand.body.error_code).toBe("in_debt");
      const batch = await w.t.request("/adminRoute/withdrawals/approve", {
        json: { ids: [id] },
        cookie: w.op1.cookie,
      });
      expect(batch.body.msg).toMatchObject({ sent: [], awaiting_second: [] });
      expect(batch.body.msg.skipped[0].reason).toMatch(/owes ₹100\.000/);
      const file = await w.t.request("/adminRoute/payouts/bankFiles", {
        json: { ids: [id] },
        cookie: w.op1.cookie,
      });
      expect(file.status).toBe(409);
      expect(w.atProvider(id)).toHaveLength(0);

      // Sent before the member owed, failed after: the refund does not let "send again" pay them.
      const other = await creditedAndWithdrawn(w.t, wall, "UPI", 80);
      expect((await w.settle(w.op1, other.id)).status).toBe(200);
      expect((await wall.reverse(other.m, other.tx, 80)).verdict).toBe("reversed");
      expect(await memberDebt(w.t.deps.db, other.m.id)).toBe(80_000);
      await w.rzp.advance(w.atProvider(other.id)[0]!.id, "failed", { reason: "Beneficiary bank is offline" });
      expect((await balances(w.t, other.m.id)).withdrawable).toBe(80_000);
      const resend = await w.t.request(`/adminRoute/withdrawals/${other.id}/resend`, {
        json: {},
        cookie: w.op2.cookie,
      });
      expect(resend.status).toBe(409);
      expect(resend.body.error_code).toBe("in_debt");
      expect(await w.withdrawal(other.id)).toMatchObject({ status: "Reject" });
      expect(w.atProvider(other.id)).toHaveLength(1);
      expect((await balances(w.t, other.m.id)).withdrawable).toBe(80_000);
    });

    it("a processed payout mails the member once with the UTR, however often the webhook comes", async () => {
      const { m, id } = await w.requested(70);
      await w.t.deps.db.update(users).set({ language: "hi" }).where(eq(users.id, m.id));
      await w.settle(w.op1, id);
      expect(mailsTo(m.email)).toHaveLength(0);
      const [p] = w.atProvider(id);
      expect(await w.rzp.advance(p!.id, "processed", { utr: "612345678902", copies: 5 })).toEqual([
        200, 200, 200, 200, 200,
      ]);
      expect(await w.rzp.resend(p!.id, 2)).toEqual([200, 200]);
      const mails = mailsTo(m.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("612345678902");
      expect(mails[0]!.text).toContain("नमस्ते");
    });

    it("a failed payout mails the member once with the reason and the money returned", async () => {
      const { m, id } = await w.requested(45);
      await w.settle(w.op1, id);
      const [p] = w.atProvider(id);
      await w.rzp.advance(p!.id, "failed", { reason: "Invalid beneficiary VPA", copies: 3 });
      const mails = mailsTo(m.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/could not be paid/);
      expect(mails[0]!.text).toContain("Invalid beneficiary VPA");
      expect(mails[0]!.text).toContain("₹45.000 is back in your withdrawable balance");
      expect((await balances(w.t, m.id)).withdrawable).toBe(45_000);
    });

    it("marking paid by hand with a provider goes through four eyes too", async () => {
      await setSetting(w.t.deps.db, "payout_policy", { daily_limit: 0, four_eyes_above: 100_000 });
      const { id } = await w.requested(150);
      const first = await w.settle(w.op1, id, { action: "mark_paid", utr: newUtr() });
      expect(first.body.msg).toMatch(/Approved once/);
      expect((await w.withdrawal(id)).status).toBe("Pending");
      const second = await w.settle(w.op2, id, { action: "mark_paid", utr: newUtr() });
      expect(second.status).toBe(200);
      expect((await w.withdrawal(id)).status).toBe("Success");
      expect(w.atProvider(id)).toHaveLength(0);
    });
  },
);
