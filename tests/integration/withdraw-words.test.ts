import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  snapshot,
  type TestMember,
} from "../support/money";
import { localizeMessage, registerMessages } from "../../shared/i18n/apiMessages";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";
import { maskPayoutAccount, normalizePayoutAccount } from "../../api/risk/policy";

/**
 * The withdraw page's words (issue 45 §2): an amount with a fraction of a rupee is refused with the
 * whole-rupee rule, not with the method's minimum; a minimum reads in whole rupees (₹50, not
 * ₹50.000); the page learns the bound account masked (for the confirm step) and how long a payout
 * usually takes, in the member's language.
 */
describe.each(drivers("both"))("the withdraw page's words (%s)", (driver) => {
  let t: TestApi;
  let member: TestMember;
  const WHOLE = "Invalid Amount: withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.";
  beforeAll(async () => {
    registerMessages("hi", HINDI_API_MESSAGES);
    t = await startTestApi(driver);
    const operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 50);
    member = await newMember(t);
    await giveEarning(t, member.id, 300_000);
    await bindPayout(t, member, "UPI", "rahulkumar@okaxis");
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const withdraw = (obj: unknown) =>
    t.request("/userAmount/userWithdrawal_record_post", { obj, cookie: member.cookie });

  it("₹50.5 is refused with the whole-rupee rule (number or text), and nothing is written", async () => {
    const before = await snapshot(t);
    for (const balance of [50.5, "50.5", 100.25, "50,5"]) {
      const res = await withdraw({ balance, type: "UPI" });
      expect(res.status, String(balance)).toBe(400);
      expect(res.body, String(balance)).toEqual({
        success: false,
        error_code: "invalid_amount",
        error_msg: WHOLE,
      });
    }
    expect(await snapshot(t)).toEqual(before);
    expect(localizeMessage("hi", WHOLE)).toBe(
      "अमान्य राशि: निकासी पूरे रुपयों में होती है। पूरे रुपयों में राशि डालें, जैसे 50।",
    );
  });

  it("a minimum reads in whole rupees", async () => {
    const res = await withdraw({ balance: 49, type: "UPI" });
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toBe("Invalid Amount: the minimum withdrawal for UPI is ₹50.");
    expect(localizeMessage("hi", res.body.error_msg)).toBe("अमान्य राशि: UPI के लिए न्यूनतम निकासी ₹50 है।");
  });

  it("the page learns the account masked and the payout time in the member's language", async () => {
    const en = await t.request("/userAmount/userBalanceData_get", { cookie: member.cookie });
    expect(en.body.msg).toMatchObject({
      withdrawal_method: "UPI",
      withdrawal_account_information: "rahulkumar@okaxis",
      withdrawalMethod_minimumAmount: "50.000",
      payout_time: "within 3 working days",
    });
    // Masked as everywhere on the site (the one mask), never whole.
    const masked = en.body.msg.withdrawal_account_masked as string;
    expect(masked).toBe(maskPayoutAccount(normalizePayoutAccount("UPI", "rahulkumar@okaxis")));
    expect(masked).toMatch(/^ra.+@okaxis$/);
    expect(masked).not.toContain("rahulkumar");
    const hi = await t.request("/userAmount/userBalanceData_get", {
      cookie: member.cookie,
      headers: { "accept-language": "hi-IN" },
    });
    expect(hi.body.msg.payout_time).toBe("3 कार्य दिवसों में");

    // A whole amount goes through and is Pending.
    const ok = await withdraw({ balance: 50, type: "UPI" });
    expect(ok.body).toEqual({ success: true, msg: "Withdrawal Successful" });
    const after = await t.request("/userAmount/userBalanceData_get", { cookie: member.cookie });
    expect(after.body.msg.withdrawal_Records[0]).toMatchObject({
      balance: "50.000",
      withdrawal_status: "Pending",
    });
  });
});
