import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { payoutsWorld } from "../support/payouts";
import {
  addPayoutMethod,
  giveEarning,
  newMember,
  newOperator,
  snapshot,
  type TestMember,
} from "../support/money";
import { users, withdrawals } from "../../api/db/schema";
import { PAYOUT_ACCOUNT_MESSAGES } from "../../shared/payoutAccount";

/**
 * Issue 45 §2 (profile): the payout details change on their own — a UPI id without an address or
 * PIN code — and a bank account is kept in its own fields (account number, IFSC, holder's name),
 * each checked with its own message, shown masked with the bank's name from the packaged IFSC
 * list, and paid from those fields by RazorpayX and by the bank file. Older free-text accounts
 * still show and are still paid. On both databases.
 */
describe.each(drivers("both"))("profile: payout details in their own fields (%s)", (driver) => {
  const w = payoutsWorld(driver);
  const BANK = "Bank Transfer (IMPS)";
  beforeAll(async () => {
    await addPayoutMethod(w.t, await newOperator(w.t), BANK, 1);
  });

  const payoutPatch = (m: TestMember, obj: Record<string, unknown>) =>
    w.t.request("/userRoute/userPayoutData_patch", {
      method: "PATCH",
      obj: { current_password: m.password, ...obj },
      cookie: m.cookie,
    });
  const profile = async (m: TestMember) =>
    (await w.t.request("/userRoute/userProfileData_get", { cookie: m.cookie })).body.msg;
  const stored = async (m: TestMember) =>
    (
      await w.t.deps.db
        .select({ info: users.payoutAccountInfo, bank: users.payoutBank, address: users.address })
        .from(users)
        .where(eq(users.id, m.id))
    )[0]!;
  const bank = {
    withdrawal_method: BANK,
    bank_account_number: "5010 0234 5678",
    bank_account_number_confirm: "501002345678",
    bank_ifsc: "hdfc0001234",
    bank_account_holder: "  Asha   Verma ",
  };
  const withdraw = async (m: TestMember, rupees: number) => {
    await giveEarning(w.t, m.id, rupees * 1000);
    const res = await w.t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: BANK },
      cookie: m.cookie,
    });
    expect(res.status).toBe(200);
    const [row] = await w.t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    // Paid by the operators' own hand or file, not held for review.
    await w.t.deps.db.update(withdrawals).set({ reviewReasons: [] }).where(eq(withdrawals.id, row!.id));
    return row!;
  };

  it("changes a UPI id without an address or a PIN code", async () => {
    const m = await newMember(w.t);
    expect((await profile(m)).address).toBe("");
    const res = await payoutPatch(m, { withdrawal_method: "UPI", upi_id: " Asha.V@OKAXIS " });
    expect(res.body).toEqual({ success: true, msg: "Profile Updated Successfully!" });
    expect(await profile(m)).toMatchObject({
      address: "",
      zip_code: "",
      withdrawal_method: "UPI",
      withdrawal_account_information: "asha.v@okaxis",
      bank_account: null,
      bank_account_reentry: false,
    });
    // A UPI method asks for a UPI id, nothing else.
    const bad = await payoutPatch(m, { withdrawal_method: "UPI", upi_id: "asha at okaxis" });
    expect(bad.status).toBe(400);
    expect(bad.body.error_msg).toBe(PAYOUT_ACCOUNT_MESSAGES.upiId);
    // The spec's whole-profile body still asks for every field (spec 1 §5), PIN code by its name.
    const whole = await w.t.request("/userRoute/userProfileData_patch", {
      method: "PATCH",
      obj: { name: "A", address: "1 Road", city: "Pune", state: "MH", mobile_number: 9876543210 },
      cookie: m.cookie,
    });
    expect(whole.status).toBe(400);
    expect(whole.body.error_msg).toBe("zip_code is required.");
    // …and without payout fields it keeps the payout details as they are.
    const billing = await w.t.request("/userRoute/userProfileData_patch", {
      method: "PATCH",
      obj: {
        name: "A",
        address: "1 Road",
        city: "Pune",
        state: "MH",
        zip_code: "411001",
        mobile_number: 9876543210,
      },
      cookie: m.cookie,
    });
    expect(billing.status).toBe(200);
    expect(await profile(m)).toMatchObject({
      address: "1 Road",
      withdrawal_account_information: "asha.v@okaxis",
    });
  });

  it("refuses a bad IFSC, account number or name with the field's own message, and changes nothing", async () => {
    const m = await newMember(w.t);
    const before = await snapshot(w.t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...bank, bank_ifsc: "HDFC1234567" }, PAYOUT_ACCOUNT_MESSAGES.ifsc],
      [{ ...bank, bank_ifsc: "HDF00001234" }, PAYOUT_ACCOUNT_MESSAGES.ifsc],
      [{ ...bank, bank_ifsc: "HDFC00012345" }, PAYOUT_ACCOUNT_MESSAGES.ifsc],
      [{ ...bank, bank_ifsc: "" }, PAYOUT_ACCOUNT_MESSAGES.ifscMissing],
      [{ ...bank, bank_ifsc: undefined }, PAYOUT_ACCOUNT_MESSAGES.ifscMissing],
      [{ ...bank, bank_account_number: "12345678" }, PAYOUT_ACCOUNT_MESSAGES.accountNumber],
      [{ ...bank, bank_account_number: "1".repeat(19) }, PAYOUT_ACCOUNT_MESSAGES.accountNumber],
      [{ ...bank, bank_account_number: "50100234567A" }, PAYOUT_ACCOUNT_MESSAGES.accountNumber],
      [
        { ...bank, bank_account_number_confirm: "501002345679" },
        PAYOUT_ACCOUNT_MESSAGES.accountNumberMismatch,
      ],
      [{ ...bank, bank_account_holder: " " }, PAYOUT_ACCOUNT_MESSAGES.holderMissing],
      [{ ...bank, bank_account_holder: "Asha, 42" }, PAYOUT_ACCOUNT_MESSAGES.holderLetters],
      [{ ...bank, bank_account_holder: "A".repeat(101) }, PAYOUT_ACCOUNT_MESSAGES.holderTooLong],
      [
        { withdrawal_method: "Paypal", withdrawal_account_information: "x" },
        "Please choose a withdrawal method from the list.",
      ],
      [{ ...bank, upi_id: 7 }, "Expected string, received number"],
      [{ ...bank, extra: 1 }, "Unexpected field: extra."],
    ];
    for (const [obj, message] of cases) {
      const res = await payoutPatch(m, obj);
      expect(res.status, JSON.stringify(obj)).toBe(400);
      expect(res.body.error_msg, JSON.stringify(obj)).toBe(message);
    }
    expect(await snapshot(w.t)).toEqual(before);
    expect(await stored(m)).toEqual({ info: null, bank: null, address: null });
  });

  it("keeps the bank fields apart, shows them masked with the bank's name, and pays from them", async () => {
    const m = await newMember(w.t);
    expect((await payoutPatch(m, bank)).status).toBe(200);
    expect(await stored(m)).toEqual({
      info: "A/c 501002345678, IFSC HDFC0001234, Asha Verma",
      bank: { accountNumber: "501002345678", ifsc: "HDFC0001234", holder: "Asha Verma" },
      address: null,
    });
    const shown = await profile(m);
    expect(shown).toMatchObject({
      withdrawal_method: BANK,
      bank_account: {
        account_number_masked: "********5678",
        ifsc: "HDFC0001234",
        holder: "Asha Verma",
        bank_name: "HDFC Bank",
      },
      bank_account_reentry: false,
    });
    expect(JSON.stringify(shown)).not.toContain('"501002345678"');

    // The withdrawal keeps the fields; the payout reads them, not the text: a text that no longer
    // reads as this account (as an older free-text row might) changes nothing.
    const row = await withdraw(m, 150);
    expect(row.payoutBank).toEqual({
      accountNumber: "501002345678",
      ifsc: "HDFC0001234",
      holder: "Asha Verma",
    });
    await w.t.deps.db
      .update(withdrawals)
      .set({ accountInfo: "HDFC, see my profile" })
      .where(eq(withdrawals.id, row.id));
    expect((await w.settle(w.op1, row.id)).status).toBe(200);
    const [p] = w.atProvider(row.id);
    expect(p).toMatchObject({ amount: 15_000, mode: "IMPS" });
    expect(w.rzp.fundAccounts.get(p!.fund_account_id)?.bank_account).toMatchObject({
      account_number: "501002345678",
      ifsc: "HDFC0001234",
      name: "Asha Verma",
    });

    // The bank file reads them too.
    const other = await newMember(w.t);
    expect(
      (
        await payoutPatch(other, {
          ...bank,
          bank_account_number: "601002345678",
          bank_account_number_confirm: "601002345678",
        })
      ).status,
    ).toBe(200);
    const second = await withdraw(other, 60);
    const made = await w.t.request("/adminRoute/payouts/bankFiles", {
      json: { ids: [second.id] },
      cookie: w.op1.cookie,
    });
    expect(made.body.msg).toMatchObject({ rows: 1, skipped: [] });
    const csv = await w.t.request(`/adminRoute/payouts/bankFiles/${made.body.msg.id}/csv`, {
      cookie: w.op1.cookie,
    });
    expect((csv.body as string).split("\r\n")[1]).toMatch(
      /^Asha Verma,601002345678,HDFC0001234,60\.00,IMPS,/,
    );
  });

  it("still shows and pays an older free-text bank account, and asks to re-enter one it cannot read", async () => {
    const m = await newMember(w.t);
    const bindText = (text: string) =>
      w.t.request("/userRoute/userProfileData_patch", {
        method: "PATCH",
        obj: {
          name: "Anjali Singh",
          address: "4 Park Street",
          city: "Kolkata",
          state: "West Bengal",
          zip_code: "700016",
          mobile_number: 9123456780,
          withdrawal_method: BANK,
          withdrawal_account_information: text,
          current_password: m.password,
        },
        cookie: m.cookie,
      });
    // Bound the old way: one free-text box. Fields bound before are dropped for the text.
    const own = { bank_account_number: "701002345678", bank_account_number_confirm: "701002345678" };
    expect((await payoutPatch(m, { ...bank, ...own })).status).toBe(200);
    expect((await bindText("501009876543, sbin0001234, Anjali Singh")).status).toBe(200);
    expect((await stored(m)).bank).toBeNull();
    expect(await profile(m)).toMatchObject({
      withdrawal_account_information: "501009876543, sbin0001234, Anjali Singh",
      bank_account: {
        account_number_masked: "********6543",
        ifsc: "SBIN0001234",
        holder: "Anjali Singh",
        bank_name: "State Bank of India",
      },
      bank_account_reentry: false,
    });
    const row = await withdraw(m, 70);
    expect(row.payoutBank).toBeNull();
    expect((await w.settle(w.op1, row.id)).status).toBe(200);
    const [p] = w.atProvider(row.id);
    expect(w.rzp.fundAccounts.get(p!.fund_account_id)?.bank_account).toMatchObject({
      account_number: "501009876543",
      ifsc: "SBIN0001234",
      name: "Anjali Singh",
    });

    // Text that reads as no account: kept and shown as it was, and the member is asked to re-enter it.
    expect((await bindText("my HDFC account, ask me")).status).toBe(200);
    expect(await profile(m)).toMatchObject({
      withdrawal_account_information: "my HDFC account, ask me",
      bank_account: null,
      bank_account_reentry: true,
    });
  });

  it("names the bank of an IFSC from the packaged list, offline", async () => {
    const m = await newMember(w.t);
    const look = (q: string) => w.t.request(`/userRoute/userIfsc_get${q}`, { cookie: m.cookie });
    expect((await look("?ifsc=sbin0001234")).body.msg).toEqual({
      ifsc: "SBIN0001234",
      bank_name: "State Bank of India",
    });
    expect((await look("?ifsc=ZZZZ0001234")).body.msg).toEqual({ ifsc: "ZZZZ0001234", bank_name: null });
    const bad = await look("?ifsc=SBIN1234");
    expect(bad.status).toBe(400);
    expect(bad.body.error_msg).toBe(PAYOUT_ACCOUNT_MESSAGES.ifsc);
    expect((await look("?ifsc=SBIN0001234&branch=x")).status).toBe(400);
    const missing = await look("");
    expect(missing.status).toBe(400);
    expect(missing.body.error_msg).toBe("ifsc is required.");
    expect((await look("?ifsc=%20")).body.error_msg).toBe(PAYOUT_ACCOUNT_MESSAGES.ifscMissing);
    expect((await look(`?ifsc=${"A".repeat(40)}`)).status).toBe(400);
    expect((await w.t.request("/userRoute/userIfsc_get?ifsc=SBIN0001234")).status).toBe(401);
  });
});
