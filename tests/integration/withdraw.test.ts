import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
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
  snapshot,
  type TestMember,
} from "../support/money";
import { auditLog, ledgerAccounts, withdrawals } from "../../api/db/schema";
import { PLATFORM } from "../../api/ledger/ledger";

describe.each(drivers("both"))("withdrawals (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
    await addPayoutMethod(t, operator, "Paytm", 50);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const withdraw = (m: TestMember, obj: unknown) =>
    t.request("/userAmount/userWithdrawal_record_post", { obj, cookie: m.cookie });
  const balanceData = async (m: TestMember) => {
    const res = await t.request("/userAmount/userBalanceData_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    return res.body.msg;
  };
  const platformBalance = async (id: string) =>
    Number((await t.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]!.balance);
  const settle = (id: string, body: unknown, who: TestMember = operator) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, { json: body, cookie: who.cookie });

  it("shows an empty withdrawal page for a new member", async () => {
    const m = await newMember(t);
    const msg = await balanceData(m);
    expect(msg).toMatchObject({
      withdrawable_amount: "0.000",
      pending_withdrawal_amount: "0.000",
      total_withdrawal_amount: "0.000",
      deposit_amount: "0.000",
      withdrawal_method: null,
      withdrawal_account_information: null,
      withdrawalMethod_minimumAmount: null,
      withdrawal_Records: [],
    });
    expect(msg.other_data_withdrawal_instructions.length).toBeGreaterThan(0);
    expect(msg.other_data_withdrawal_instructions[0]).toContain("<p>");
  });

  it("needs a session", async () => {
    const res = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 100, type: "UPI" },
    });
    expect(res.status).toBe(401);
    expect(res.body.jwtMiddleware_token_not_found_error).toBe(true);
  });

  it("refuses a member with no payout information bound, before any other check", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 500_000);
    const before = await snapshot(t);
    // Below the minimum AND above the balance: the binding is still what is reported.
    const res = await withdraw(m, { balance: 1_000_000, type: "UPI" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error_msg: "Please bind your payment information to proceed with withdrawals.",
      error_code: "bind_payment",
      bind_payment: true,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  it("asks to bind again when the type is missing, differs from the bound method, or the method was withdrawn", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 500_000);
    await bindPayout(t, m, "UPI");
    const before = await snapshot(t);
    for (const obj of [
      { balance: 1 },
      { balance: 200, type: "Paytm" },
      { balance: 200, type: "upi" },
      { balance: 200, type: "" },
    ]) {
      const res = await withdraw(m, obj);
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe("Please bind Your payment information again");
      expect(res.body.error_code).toBe("payment_method");
    }
    expect(await snapshot(t)).toEqual(before);

    // An operator retires the method the member had bound.
    const methods = (await t.request("/adminRoute/payoutMethods", { cookie: operator.cookie })).body.msg
      .records;
    const paytm = methods.find((x: { name: string }) => x.name === "Paytm");
    const m2 = await newMember(t);
    await giveEarning(t, m2.id, 500_000);
    await bindPayout(t, m2, "Paytm");
    const off = await t.request(`/adminRoute/payoutMethods/${paytm.id}`, {
      method: "PATCH",
      json: { name: "Paytm", details: "Paytm details", minimum_amount: 50, active: false },
      cookie: operator.cookie,
    });
    expect(off.body.msg).toBe("Payout method saved.");
    const res = await withdraw(m2, { balance: 100, type: "Paytm" });
    expect(res.body.error_msg).toBe("Please bind Your payment information again");
    expect(res.body.error_code).toBe("payment_method");
    const on = await t.request(`/adminRoute/payoutMethods/${paytm.id}`, {
      method: "PATCH",
      json: { name: "Paytm", details: "Paytm details", minimum_amount: 50, active: true },
      cookie: operator.cookie,
    });
    expect(on.body.msg).toBe("Payout method saved.");
    expect((await withdraw(m2, { balance: 100, type: "Paytm" })).body).toEqual({
      success: true,
      msg: "Withdrawal Successful",
    });
  });

  it("checks the method's minimum before the balance", async () => {
    const m = await newMember(t);
    await bindPayout(t, m, "UPI");
    const before = await snapshot(t);
    const res = await withdraw(m, { balance: 99, type: "UPI" });
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toBe("Invalid Amount: the minimum withdrawal for UPI is ₹100.");
    expect(res.body.error_code).toBe("invalid_amount");
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses more than the withdrawable balance, showing it to the milli-rupee", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 150_505);
    await bindPayout(t, m, "UPI");
    const before = await snapshot(t);
    const res = await withdraw(m, { balance: 151, type: "UPI" });
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toBe("Insufficient Balance: your withdrawable balance is ₹150.505.");
    expect(res.body.error_code).toBe("insufficient_balance");
    expect(await snapshot(t)).toEqual(before);
  });

  it("moves the amount to pending payouts and records a Pending withdrawal", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 250_750);
    await bindPayout(t, m, "UPI", "ravi@okbank");
    const pendingBefore = await platformBalance(PLATFORM.pendingPayouts);
    const res = await withdraw(m, { balance: "100", type: "UPI" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, msg: "Withdrawal Successful" });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 150_750, deposit: 0 });
    expect(await platformBalance(PLATFORM.pendingPayouts)).toBe(pendingBefore + 100_000);

    const msg = await balanceData(m);
    expect(msg).toMatchObject({
      withdrawable_amount: "150.750",
      pending_withdrawal_amount: "100.000",
      total_withdrawal_amount: "0.000",
      withdrawal_method: "UPI",
      withdrawal_account_information: "ravi@okbank",
      withdrawalMethod_minimumAmount: "100.000",
    });
    expect(msg.withdrawal_Records).toHaveLength(1);
    const rec = msg.withdrawal_Records[0];
    expect(rec).toMatchObject({ balance: "100.000", type: "UPI", withdrawal_status: "Pending", remark: "" });
    expect(rec._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(rec.time).toISOString()).toBe(rec.time);
    const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, rec._id));
    expect(row).toMatchObject({
      amount: 100_000,
      methodName: "UPI",
      accountInfo: "ravi@okbank",
      status: "Pending",
    });
    const entries = await t.deps.db.execute(
      sql`select count(*)::int as n from journal_entries where idempotency_key = ${`withdrawal:${rec._id}`}`,
    );
    expect(((entries as any).rows ?? entries)[0].n).toBe(1);
  });

  it("lets the whole balance go, down to zero", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 120_000);
    await bindPayout(t, m, "UPI");
    expect((await withdraw(m, { balance: 120, type: "UPI" })).status).toBe(200);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    const again = await withdraw(m, { balance: 100, type: "UPI" });
    expect(again.body.error_msg).toBe("Insufficient Balance: your withdrawable balance is ₹0.000.");
  });

  it("has one effect for a repeated request_id", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 300_000);
    await bindPayout(t, m, "UPI");
    const a = await withdraw(m, { balance: 200, type: "UPI", request_id: "form-1" });
    const b = await withdraw(m, { balance: 200, type: "UPI", request_id: "form-1" });
    expect(a.body).toEqual({ success: true, msg: "Withdrawal Successful" });
    expect(b.body).toEqual({ success: true, msg: "Withdrawal Successful" });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 100_000, deposit: 0 });
    expect((await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id))).length).toBe(1);
    // The same request id from another member is that member's own request.
    const other = await newMember(t);
    await giveEarning(t, other.id, 300_000);
    await bindPayout(t, other, "UPI");
    expect((await withdraw(other, { balance: 200, type: "UPI", request_id: "form-1" })).status).toBe(200);
    expect(await balances(t, other.id)).toEqual({ withdrawable: 100_000, deposit: 0 });
    // A new request id is a new withdrawal.
    expect((await withdraw(m, { balance: 100, type: "UPI", request_id: "form-2" })).status).toBe(200);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
  });

  it("refuses a request_id reused with another amount or method (409), at once and in sequence", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 1_000_000);
    await bindPayout(t, m, "UPI");
    const reused = (res: Awaited<ReturnType<typeof withdraw>>) => {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        error_code: "conflict",
        error_msg:
          "This withdrawal form was already sent with a different amount or method. Reload the page to start a new withdrawal.",
      });
    };
    // At once: five amounts under one id (more than the balance together) make one withdrawal.
    const answers = await Promise.all(
      [150, 200, 250, 300, 350].map((balance) => withdraw(m, { balance, type: "UPI", request_id: "form-x" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) reused(a);
    const rows = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    expect(rows).toHaveLength(1);
    const made = rows[0]!;
    expect(await balances(t, m.id)).toEqual({ withdrawable: 1_000_000 - made.amount, deposit: 0 });

    // In sequence: the same request again is answered as the first; another amount or method is refused.
    const rupees = made.amount / 1000;
    expect((await withdraw(m, { balance: rupees, type: "UPI", request_id: "form-x" })).body).toEqual({
      success: true,
      msg: "Withdrawal Successful",
    });
    reused(await withdraw(m, { balance: rupees + 1, type: "UPI", request_id: "form-x" }));
    reused(await withdraw(m, { balance: 100, type: "UPI", request_id: "form-x" }));
    reused(await withdraw(m, { balance: rupees, type: "Paytm", request_id: "form-x" }));
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id))).toHaveLength(1);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 1_000_000 - made.amount, deposit: 0 });
  });

  it("shows history newest first", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 1_000_000);
    await bindPayout(t, m, "UPI");
    for (const amount of [100, 200, 300])
      expect((await withdraw(m, { balance: amount, type: "UPI" })).status).toBe(200);
    const msg = await balanceData(m);
    expect(msg.withdrawal_Records.map((r: { balance: string }) => r.balance)).toEqual([
      "300.000",
      "200.000",
      "100.000",
    ]);
    expect(msg.pending_withdrawal_amount).toBe("600.000");
    expect(msg.withdrawable_amount).toBe("400.000");
  });

  describe("settlement by an operator", () => {
    async function pendingWithdrawal(rupees = 100) {
      const m = await newMember(t);
      await giveEarning(t, m.id, rupees * 1000 + 5_000);
      await bindPayout(t, m, "UPI");
      expect((await withdraw(m, { balance: rupees, type: "UPI" })).status).toBe(200);
      const id = (await balanceData(m)).withdrawal_Records[0]._id as string;
      return { m, id };
    }

    it("approves: pending payouts move to paid out, once, with an audit record", async () => {
      const { m, id } = await pendingWithdrawal(150);
      const pending = await platformBalance(PLATFORM.pendingPayouts);
      const paid = await platformBalance(PLATFORM.paidOut);
      // Without a payout provider, approving is marking paid: with the bank's reference (issue 42).
      const res = await settle(id, { action: "approve", utr: "SBIN15000001" });
      expect(res.body).toEqual({
        success: true,
        msg: "Withdrawal marked paid (UTR SBIN15000001). The member was mailed.",
      });
      expect(await platformBalance(PLATFORM.pendingPayouts)).toBe(pending - 150_000);
      expect(await platformBalance(PLATFORM.paidOut)).toBe(paid + 150_000);
      expect(await balances(t, m.id)).toEqual({ withdrawable: 5_000, deposit: 0 });
      const msg = await balanceData(m);
      expect(msg).toMatchObject({ pending_withdrawal_amount: "0.000", total_withdrawal_amount: "150.000" });
      expect(msg.withdrawal_Records[0].withdrawal_status).toBe("Success");
      const audit = await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `withdrawal:${id}`));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorUserId: operator.id,
        action: "withdrawal.mark_paid",
        before: { status: "Pending", remark: null },
        after: { status: "Success", remark: "UTR SBIN15000001", utr: "SBIN15000001" },
      });

      const before = await snapshot(t);
      for (const action of ["approve", "reject"]) {
        const again = await settle(id, { action, remark: "again" });
        expect(again.status).toBe(409);
        expect(again.body.error_msg).toBe("This withdrawal has already been settled.");
        expect(again.body.error_code).toBe("already_settled");
      }
      expect(await snapshot(t)).toEqual(before);
    });

    it("rejects with a remark: the amount returns to the member's withdrawable balance", async () => {
      const { m, id } = await pendingWithdrawal(120);
      const noRemark = await settle(id, { action: "reject" });
      expect(noRemark.status).toBe(400);
      expect(noRemark.body.error_msg).toBe("A remark is required to reject.");
      const blank = await settle(id, { action: "reject", remark: "   " });
      expect(blank.body.error_msg).toBe("A remark is required to reject.");
      expect((await balanceData(m)).withdrawal_Records[0].withdrawal_status).toBe("Pending");

      const res = await settle(id, { action: "reject", remark: "UPI id not found" });
      expect(res.body).toEqual({ success: true, msg: "Withdrawal rejected and refunded." });
      expect(await balances(t, m.id)).toEqual({ withdrawable: 125_000, deposit: 0 });
      const msg = await balanceData(m);
      expect(msg.withdrawal_Records[0]).toMatchObject({
        withdrawal_status: "Reject",
        remark: "UPI id not found",
      });
      expect(msg).toMatchObject({ pending_withdrawal_amount: "0.000", total_withdrawal_amount: "0.000" });
      const again = await settle(id, { action: "approve" });
      expect(again.status).toBe(409);
      const audit = await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `withdrawal:${id}`));
      expect(audit.map((a) => a.action)).toEqual(["withdrawal.reject"]);
    });

    it("answers 404 for an unknown withdrawal and 403 for members", async () => {
      const unknown = await settle("0123456789abcdef01234567", { action: "approve" });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error_msg).toBe("Withdrawal not found.");
      expect(unknown.body.error_code).toBe("not_found");
      expect((await settle("not-an-id", { action: "approve" })).status).toBe(404);

      const { m, id } = await pendingWithdrawal(100);
      const stranger = await newMember(t);
      const before = await snapshot(t);
      // Neither the owner nor another member may settle.
      for (const who of [m, stranger]) {
        const res = await settle(id, { action: "approve" }, who);
        expect(res.status).toBe(403);
        expect(res.body.error_msg).toBe("Operators only.");
      }
      expect(await snapshot(t)).toEqual(before);
    });

    it("does not let an operator settle their own withdrawal, while another operator can", async () => {
      const self = await newOperator(t);
      await giveEarning(t, self.id, 500_000);
      await bindPayout(t, self, "UPI");
      const res = await withdraw(self, { balance: 200, type: "UPI" });
      expect(res.status).toBe(200);
      const [row] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, self.id));
      const before = await snapshot(t);
      for (const action of ["approve", "reject"] as const) {
        const own = await settle(row!.id, { action, remark: "mine" }, self);
        expect(own.status).toBe(403);
        expect(own.body.error_msg).toBe("You cannot settle your own withdrawal: another operator must.");
      }
      expect(await snapshot(t)).toEqual(before);
      expect((await settle(row!.id, { action: "approve", utr: "SBIN20000002" })).status).toBe(200);
    });

    it("lists the queue: Pending oldest first, settled newest first", async () => {
      const a = await pendingWithdrawal(100);
      const b = await pendingWithdrawal(110);
      const c = await pendingWithdrawal(130);
      const pending = (await t.request("/adminRoute/withdrawals", { cookie: operator.cookie })).body.msg
        .records;
      const ids = pending.map((r: { _id: string }) => r._id);
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(c.id));
      expect(pending.every((r: { withdrawal_status: string }) => r.withdrawal_status === "Pending")).toBe(
        true,
      );
      const rec = pending.find((r: { _id: string }) => r._id === b.id);
      expect(rec).toMatchObject({
        userName: b.m.userName,
        email: b.m.email,
        withdrawal_method: "UPI",
        withdrawal_account_information: `${b.m.userName}@upi`,
        balance: "110.000",
        withdrawal_status: "Pending",
        remark: "",
        settled_at: null,
      });

      expect((await settle(a.id, { action: "approve", utr: "SBIN10000003" })).status).toBe(200);
      expect((await settle(c.id, { action: "reject", remark: "wrong account" })).status).toBe(200);
      const success = (await t.request("/adminRoute/withdrawals?status=Success", { cookie: operator.cookie }))
        .body.msg.records;
      expect(success.some((r: { _id: string }) => r._id === a.id)).toBe(true);
      expect(success.every((r: { withdrawal_status: string }) => r.withdrawal_status === "Success")).toBe(
        true,
      );
      expect(success.find((r: { _id: string }) => r._id === a.id).settled_at).toMatch(/Z$/);
      const all = (await t.request("/adminRoute/withdrawals?status=all", { cookie: operator.cookie })).body
        .msg.records;
      const allIds = all.map((r: { _id: string }) => r._id);
      expect(allIds.indexOf(c.id)).toBeLessThan(allIds.indexOf(a.id));
      const rejected = (await t.request("/adminRoute/withdrawals?status=Reject", { cookie: operator.cookie }))
        .body.msg.records;
      expect(rejected.find((r: { _id: string }) => r._id === c.id).remark).toBe("wrong account");

      const bad = await t.request("/adminRoute/withdrawals?status=Done", { cookie: operator.cookie });
      expect(bad.status).toBe(400);
      expect(bad.body.error_msg).toBe("status must be Pending, Success, Reject or all.");
      const member = await t.request("/adminRoute/withdrawals", { cookie: a.m.cookie });
      expect(member.status).toBe(403);
    });
  });
});
