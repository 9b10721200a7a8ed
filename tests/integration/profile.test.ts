import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { eq } from "drizzle-orm";
import { users } from "../../api/db/schema";
import {
  addPayoutMethod,
  anotherSession,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  snapshot,
  type TestMember,
} from "../support/money";

describe.each(drivers("one"))("profile (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
    await addPayoutMethod(t, operator, "Bank Transfer", 500);
    await addPayoutMethod(t, operator, "Retired", 10);
    const methods = (await t.request("/adminRoute/payoutMethods", { cookie: operator.cookie })).body.msg
      .records;
    const retired = methods.find((m: { name: string }) => m.name === "Retired");
    await t.request(`/adminRoute/payoutMethods/${retired.id}`, {
      method: "PATCH",
      json: { name: "Retired", details: "gone", minimum_amount: 10, active: false },
      cookie: operator.cookie,
    });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const valid = {
    name: "Asha Verma",
    address: "4 Park Street",
    city: "Kolkata",
    state: "West Bengal",
    zip_code: "700016",
    mobile_number: 9123456780,
    withdrawal_method: "Bank Transfer",
    withdrawal_account_information: "SBIN0001234 / 1234567890",
  };
  const patch = (m: TestMember, obj: unknown) =>
    t.request("/userRoute/userProfileData_patch", { method: "PATCH", obj, cookie: m.cookie });
  const get = async (m: TestMember) => {
    const res = await t.request("/userRoute/userProfileData_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    return res.body.msg;
  };

  it("shows empty fields and the active payout methods with details and minimum", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 7_007);
    const msg = await get(m);
    expect(msg).toEqual({
      name: "Test Member",
      address: "",
      city: "",
      state: "",
      zip_code: "",
      mobile_number: null,
      withdrawal_method: null,
      withdrawal_account_information: "",
      available_balance: "7.007",
      other_data_withdrawalMethodArray: [
        {
          withdrawalMethod_name: "UPI",
          withdrawalMethod_label: "UPI",
          withdrawalMethod_details: "UPI details",
          withdrawalMethod_minimumAmount: "100.000",
        },
        {
          withdrawalMethod_name: "Bank Transfer",
          withdrawalMethod_label: "Bank Transfer",
          withdrawalMethod_details: "Bank Transfer details",
          withdrawalMethod_minimumAmount: "500.000",
        },
      ],
      bank_account: null,
      bank_account_reentry: false,
    });
  });

  it("saves every field and binds the payout method", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const res = await patch(m, { ...valid, name: "  Asha Verma  ", current_password: m.password });
    expect(res.body).toEqual({ success: true, msg: "Profile Updated Successfully!" });
    const msg = await get(m);
    expect(msg).toMatchObject({ ...valid, mobile_number: 9123456780 });
    // The mobile number may come as text of 10 digits too.
    expect(
      (
        await patch(m, {
          ...valid,
          mobile_number: "9000000001",
          withdrawal_method: "UPI",
          current_password: m.password,
        })
      ).status,
    ).toBe(200);
    expect(await get(m)).toMatchObject({ mobile_number: 9000000001, withdrawal_method: "UPI" });
    const bal = (await t.request("/userAmount/userBalanceData_get", { cookie: m.cookie })).body.msg;
    expect(bal).toMatchObject({
      withdrawal_method: "UPI",
      withdrawal_account_information: valid.withdrawal_account_information,
      withdrawalMethod_minimumAmount: "100.000",
    });
    // Only the caller's own profile changed.
    expect(await get(other)).toMatchObject({ name: "Test Member", address: "", withdrawal_method: null });
  });

  it("requires every field and a method from the list", async () => {
    const m = await newMember(t);
    const before = await snapshot(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "   " }, "Name is required."],
      [{ ...valid, address: "" }, "Address is required."],
      [{ ...valid, city: "" }, "City is required."],
      [{ ...valid, state: " " }, "State is required."],
      [{ ...valid, zip_code: "" }, "PIN code is required."],
      [{ ...valid, zip_code: "7000<>" }, "Please enter a valid 6-digit PIN code."],
      [{ ...valid, zip_code: "070001" }, "Please enter a valid 6-digit PIN code."],
      [{ ...valid, zip_code: "70001" }, "Please enter a valid 6-digit PIN code."],
      [{ ...valid, zip_code: "SW1A 1AA" }, "Please enter a valid 6-digit PIN code."],
      [{ ...valid, address: "x".repeat(201) }, "Address must be at most 200 characters."],
      [{ ...valid, withdrawal_method: "" }, "Withdrawal method is required."],
      [{ ...valid, withdrawal_account_information: "" }, "Withdrawal account information is required."],
      [{ ...valid, withdrawal_method: "Paypal" }, "Please choose a withdrawal method from the list."],
      [{ ...valid, withdrawal_method: "Retired" }, "Please choose a withdrawal method from the list."],
      [{ ...valid, withdrawal_method: "upi" }, "Please choose a withdrawal method from the list."],
      [{ ...valid, mobile_number: 912345678 }, "Please enter a valid 10-digit Indian mobile number"],
      [{ ...valid, mobile_number: "91234567801" }, "Please enter a valid 10-digit Indian mobile number"],
      [{ ...valid, mobile_number: "0123456789" }, "Please enter a valid 10-digit Indian mobile number"],
      [{ ...valid, mobile_number: 9123456780.5 }, "Please enter a valid 10-digit Indian mobile number"],
      [{ ...valid, mobile_number: true }, "Please enter a valid 10-digit Indian mobile number"],
      [{ ...valid, name: "x".repeat(101) }, "Name must be at most 100 characters."],
      [{ ...valid, city: 12 }, "City must be text."],
      [{ ...valid, role: "operator" }, "Unexpected field: role."],
      [{ ...valid, current_password: 12 }, "Current password must be text."],
    ];
    for (const field of Object.keys(valid)) {
      const partial: Record<string, unknown> = { ...valid };
      delete partial[field];
      cases.push([
        partial,
        field === "mobile_number"
          ? "Please enter a valid 10-digit Indian mobile number"
          : `${field} is required.`,
      ]);
    }
    for (const [obj, message] of cases) {
      const res = await patch(m, { current_password: m.password, ...obj });
      expect(res.status, JSON.stringify(obj)).toBe(400);
      expect(res.body.error_msg).toBe(message);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  describe("payout details need the current password", () => {
    const payout = (m: TestMember) =>
      t.deps.db
        .select({ method: users.payoutMethodId, info: users.payoutAccountInfo })
        .from(users)
        .where(eq(users.id, m.id));

    it("refuses a change of method or account without it, or with a wrong one, and changes nothing", async () => {
      const m = await newMember(t);
      expect((await patch(m, { ...valid, current_password: m.password })).status).toBe(200);
      const before = await snapshot(t);
      const mailsBefore = t.mails.length;
      const cases: [Record<string, unknown>, string][] = [
        [
          { ...valid, withdrawal_method: "UPI" },
          "Please enter your current password to change your payout details.",
        ],
        [
          { ...valid, withdrawal_account_information: "attacker@upi" },
          "Please enter your current password to change your payout details.",
        ],
        [
          { ...valid, withdrawal_account_information: "attacker@upi", current_password: "" },
          "Please enter your current password to change your payout details.",
        ],
        [
          { ...valid, withdrawal_account_information: "attacker@upi", current_password: "wrong-pass-1" },
          "Current password is incorrect.",
        ],
      ];
      for (const [obj, message] of cases) {
        const res = await patch(m, obj);
        expect(res.status, JSON.stringify(obj)).toBe(400);
        expect(res.body.error_msg).toBe(message);
      }
      expect(await snapshot(t)).toEqual(before);
      expect(await get(m)).toMatchObject({
        withdrawal_account_information: valid.withdrawal_account_information,
      });
      expect(t.mails.length).toBe(mailsBefore);
    });

    it("saves the other fields without it when the payout details stay the same", async () => {
      const m = await newMember(t);
      const second = await anotherSession(t, m.id);
      expect((await patch(m, { ...valid, current_password: m.password })).status).toBe(200);
      const third = await anotherSession(t, m.id);
      const mailsBefore = t.mails.length;
      const res = await patch(m, { ...valid, city: "Howrah" });
      expect(res.body).toEqual({ success: true, msg: "Profile Updated Successfully!" });
      expect(await get(m)).toMatchObject({ city: "Howrah" });
      expect(t.mails.length).toBe(mailsBefore);
      // No payout change: sessions opened since live on.
      expect((await t.request("/userRoute/userProfileData_get", { cookie: third })).status).toBe(200);
      expect((await t.request("/userRoute/userProfileData_get", { cookie: second })).status).toBe(401);
    });

    it("with it: saves, tells the account's address and ends the member's other sessions", async () => {
      const m = await newMember(t);
      const second = await anotherSession(t, m.id);
      const bystander = await newMember(t);
      const res = await patch(m, { ...valid, current_password: m.password });
      expect(res.body).toEqual({ success: true, msg: "Profile Updated Successfully!" });
      const [row] = await payout(m);
      expect(row!.info).toBe(valid.withdrawal_account_information);
      const notice = t.mails.at(-1)!;
      expect(notice).toMatchObject({
        to: m.email,
        subject: "Your Rupee Rewards payout details were changed",
      });
      expect(notice.text).toContain("Bank Transfer");
      expect((await t.request("/userRoute/userProfileData_get", { cookie: m.cookie })).status).toBe(200);
      expect((await t.request("/userRoute/userProfileData_get", { cookie: second })).status).toBe(401);
      expect((await t.request("/userRoute/userProfileData_get", { cookie: bystander.cookie })).status).toBe(
        200,
      );
    });

    it("tells a member without a password (Google only) how to set one", async () => {
      const m = await newMember(t, { password: null });
      const res = await patch(m, { ...valid, current_password: "anything-1" });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe(
        "Your account has no password yet. Set one with I Forgot My Password on the login page, then try again.",
      );
      expect((await payout(m))[0]!.info).toBeNull();
    });
  });
});
