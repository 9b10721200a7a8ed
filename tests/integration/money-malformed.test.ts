import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  createGiftCode,
  expectLedgerConsistent,
  giveEarning,
  inAnHour,
  newMember,
  newOperator,
  pendingWithdrawal,
  snapshot,
  type TestMember,
} from "../support/money";
import { createRateLimiter, LIMITS } from "../../api/lib/rateLimit";

/**
 * Broken input on every money endpoint: a 4xx with a clear message, and nothing written — row
 * counts, every ledger balance and every member field compared before and after.
 */
type Case = {
  name: string;
  body: { obj?: unknown; json?: unknown; rawBody?: string };
  status?: number;
  message?: string | RegExp;
};

const HUGE = [1e10, 2 ** 53, Number.MAX_SAFE_INTEGER, "99999999999999999999", 1_000_000_001, 1e308];
const NOT_WHOLE = [
  0,
  -1,
  -100,
  0.5,
  10.5,
  "10.5",
  "-5",
  "+5",
  "1e3",
  " 12",
  "12abc",
  "abc",
  "",
  true,
  null,
  [],
  {},
  [100],
];

describe.each(drivers("one"))("malformed money input (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  let rich: TestMember;
  let otherMember: TestMember;
  let code: string;
  let othersWithdrawalId: string;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
    rich = await newMember(t);
    await giveEarning(t, rich.id, 5_000_000);
    await bindPayout(t, rich, "UPI");
    otherMember = await newMember(t);
    await giveEarning(t, otherMember.id, 500_000);
    await bindPayout(t, otherMember, "UPI");
    othersWithdrawalId = await pendingWithdrawal(t, otherMember, "UPI", 200);
    code = await createGiftCode(t, operator, { amount: "5", claim_limit: 100 });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const brokenObj: Case[] = [
    { name: "obj missing", body: { json: {} }, message: "obj is required." },
    { name: "obj a number", body: { json: { obj: 5 } }, message: "Invalid request body." },
    {
      name: "obj not ciphertext",
      body: { json: { obj: "not-encrypted" } },
      message: "Invalid request body.",
    },
    {
      name: "obj encrypted with another key",
      body: { json: { obj: "U2FsdGVkX19mYWtlZmFrZWZha2VmYWtlZmFrZQ==" } },
      message: "Invalid request body.",
    },
    { name: "body not JSON", body: { rawBody: "balance=100" }, message: "Invalid request body." },
    { name: "obj holds an array", body: { obj: [1, 2] } },
    { name: "obj holds a string", body: { obj: "100" } },
    { name: "obj holds null", body: { obj: null } },
  ];

  async function expectRefused(path: string, method: string, cookie: string, cases: Case[]) {
    const before = await snapshot(t);
    for (const c of cases) {
      const res = await t.request(path, { method, cookie, ...c.body });
      const label = `${method} ${path}: ${c.name}`;
      expect(res.status, label).toBe(c.status ?? 400);
      expect(res.body.success, label).toBe(false);
      expect(typeof res.body.error_msg, label).toBe("string");
      expect(res.body.error_msg, label).not.toBe("Something went wrong, please try again.");
      expect(res.body.error_msg.length, label).toBeGreaterThan(5);
      if (typeof c.message === "string") expect(res.body.error_msg, label).toBe(c.message);
      else if (c.message) expect(res.body.error_msg, label).toMatch(c.message);
    }
    expect(await snapshot(t)).toEqual(before);
  }

  it("withdraw", async () => {
    const invalid =
      "Invalid Amount: withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.";
    await expectRefused("/userAmount/userWithdrawal_record_post", "POST", rich.cookie, [
      ...brokenObj,
      { name: "balance missing", body: { obj: { type: "UPI" } }, message: invalid },
      ...[...NOT_WHOLE, ...HUGE].map((balance) => ({
        name: `balance ${JSON.stringify(balance)}`,
        body: { obj: { balance, type: "UPI" } },
        message: invalid,
      })),
      {
        name: "extra field",
        body: { obj: { balance: 100, type: "UPI", userId: otherMember.id } },
        message: "Unexpected field: userId.",
      },
      {
        name: "type a number",
        body: { obj: { balance: 100, type: 5 } },
        message: "Please bind Your payment information again",
      },
      {
        name: "request_id too long",
        body: { obj: { balance: 100, type: "UPI", request_id: "x".repeat(65) } },
        message: "request_id must be at most 64 characters.",
      },
      {
        name: "request_id a number",
        body: { obj: { balance: 100, type: "UPI", request_id: 7 } },
        message: "request_id must be text.",
      },
    ]);
  });

  it("convert", async () => {
    const invalid = "Invalid Amount: Please enter a valid positive amount to convert.";
    await expectRefused("/userAmount/userBalanceConvertPatch", "PATCH", rich.cookie, [
      ...brokenObj,
      {
        name: "amount missing",
        body: { obj: { conversionType_state: "withdrawToDeposit" } },
        message: invalid,
      },
      ...[...NOT_WHOLE, ...HUGE].map((balanceToConvert) => ({
        name: `amount ${JSON.stringify(balanceToConvert)}`,
        body: { obj: { balanceToConvert, conversionType_state: "depositToWithdraw" } },
        message: invalid,
      })),
      {
        name: "direction missing",
        body: { obj: { balanceToConvert: 10 } },
        message: "* Please Select one of them",
      },
      {
        name: "direction a number",
        body: { obj: { balanceToConvert: 10, conversionType_state: 1 } },
        message: "* Please Select one of them",
      },
      {
        name: "extra field",
        body: { obj: { balanceToConvert: 10, conversionType_state: "withdrawToDeposit", to: "x" } },
        message: "Unexpected field: to.",
      },
      {
        name: "charge an object",
        body: { obj: { balanceToConvert: 10, conversionType_state: "withdrawToDeposit", charge: {} } },
        message: "charge must be a number.",
      },
      {
        name: "more than the balance",
        body: { obj: { balanceToConvert: 1_000_000_000, conversionType_state: "withdrawToDeposit" } },
        message: /^Insufficient Balance/,
      },
    ]);
  });

  it("gift code claim", async () => {
    await expectRefused("/userIncomeRoute/user_giftCode_verify_and_patch", "PATCH", rich.cookie, [
      { name: "body not JSON", body: { rawBody: "{giftCode" }, message: "Invalid request body." },
      { name: "code missing", body: { json: {} }, message: "Please enter a gift code." },
      { name: "code blank", body: { json: { giftCode_state: "  " } }, message: "Please enter a gift code." },
      { name: "code a number", body: { json: { giftCode_state: 5 } }, message: "Invalid gift code." },
      { name: "code an array", body: { json: { giftCode_state: [code] } }, message: "Invalid gift code." },
      {
        name: "code huge",
        body: { json: { giftCode_state: "A".repeat(5000) } },
        message: "Invalid gift code.",
      },
      {
        name: "code too long for any code",
        body: { json: { giftCode_state: "A".repeat(41) } },
        status: 404,
        message: "Invalid gift code.",
      },
      {
        name: "extra field",
        body: { json: { giftCode_state: code, amount: 1000 } },
        message: "Unexpected field: amount.",
      },
      { name: "body an array", body: { json: [code] } },
      {
        name: "SQL-looking code",
        body: { json: { giftCode_state: "' or 1=1 --" } },
        status: 404,
        message: "Invalid gift code.",
      },
    ]);
  });

  it("profile", async () => {
    await expectRefused("/userRoute/userProfileData_patch", "PATCH", rich.cookie, [
      ...brokenObj,
      { name: "empty object", body: { obj: {} }, message: "name is required." },
      {
        name: "payout id instead of name",
        body: {
          obj: {
            name: "A",
            address: "B",
            city: "C",
            state: "D",
            zip_code: "411001",
            mobile_number: 9876543210,
            withdrawal_method: 1,
            withdrawal_account_information: "x",
          },
        },
        message: "Withdrawal method must be text.",
      },
    ]);
  });

  it("settings", async () => {
    await expectRefused("/userRoute/userpassword_and_email_patch", "PATCH", rich.cookie, [
      ...brokenObj,
      { name: "empty object", body: { obj: {} }, message: "currentPassword_state is required." },
      {
        name: "email an object",
        body: { obj: { email_address: { $ne: "" } } },
        message: "Please enter a valid email address.",
      },
      {
        name: "email with extra",
        body: { obj: { email_address: "z@example.com", role: "operator" } },
        message: "Unexpected field: role.",
      },
    ]);
  });

  it("operator endpoints", async () => {
    const settle = `/adminRoute/withdrawals/${othersWithdrawalId}/settle`;
    // A member settling another member's withdrawal: refused before anything is read.
    await expectRefused(settle, "POST", rich.cookie, [
      {
        name: "member approving",
        body: { json: { action: "approve" } },
        status: 403,
        message: "Operators only.",
      },
      {
        name: "member rejecting",
        body: { json: { action: "reject", remark: "x" } },
        status: 403,
        message: "Operators only.",
      },
    ]);
    await expectRefused(settle, "POST", operator.cookie, [
      { name: "body not JSON", body: { rawBody: "action=approve" }, message: "Invalid request body." },
      { name: "action missing", body: { json: {} }, message: "action is required." },
      {
        name: "action unknown",
        body: { json: { action: "pay" } },
        message: "action must be approve, mark_paid or reject.",
      },
      {
        name: "action a number",
        body: { json: { action: 1 } },
        message: "action must be approve, mark_paid or reject.",
      },
      {
        name: "remark a number",
        body: { json: { action: "reject", remark: 5 } },
        message: "remark must be text.",
      },
      {
        name: "remark huge",
        body: { json: { action: "reject", remark: "x".repeat(501) } },
        message: "remark must be at most 500 characters.",
      },
      {
        name: "extra field",
        body: { json: { action: "approve", amount: 1 } },
        message: "Unexpected field: amount.",
      },
    ]);
    await expectRefused("/adminRoute/withdrawals/../../userRoute/settle", "POST", operator.cookie, [
      { name: "path games", body: { json: { action: "approve" } }, status: 404 },
    ]);
    await expectRefused("/adminRoute/giftCodes", "POST", operator.cookie, [
      { name: "body not JSON", body: { rawBody: "code=X" }, message: "Invalid request body." },
      ...[0, -1, "1.2345", "abc", "1e3", 1e10, "99999999999", null, {}].map((amount) => ({
        name: `amount ${JSON.stringify(amount)}`,
        body: { json: { code: "NEWCODE", amount, claim_limit: 1, expires_at: inAnHour() } },
        message: "amount must be a positive number of rupees with up to 3 decimals.",
      })),
      ...[0, -3, 2.5, "3", null, 1e7].map((claim_limit) => ({
        name: `claim_limit ${JSON.stringify(claim_limit)}`,
        body: { json: { code: "NEWCODE", amount: "1", claim_limit, expires_at: inAnHour() } },
      })),
    ]);
    await expectRefused("/adminRoute/payoutMethods", "POST", operator.cookie, [
      { name: "body an array", body: { json: [] } },
      {
        name: "name a number",
        body: { json: { name: 5, details: "", minimum_amount: 1 } },
        message: "name must be text.",
      },
      {
        name: "extra field",
        body: { json: { name: "N", details: "", minimum_amount: 1, active: true } },
        message: "Unexpected field: active.",
      },
    ]);
    await expectRefused("/adminRoute/settings", "PATCH", operator.cookie, [
      { name: "body not JSON", body: { rawBody: "x" }, message: "Invalid request body." },
      { name: "missing", body: { json: {} }, message: "referral_rate_bp is required." },
    ]);
  });

  it("rate-limits every money endpoint per member", async () => {
    const original = t.deps.limiter;
    t.deps.limiter = createRateLimiter({ enabled: true });
    try {
      const limited = await newMember(t);
      const calls: [string, string, { obj?: unknown; json?: unknown }][] = [
        ["/userAmount/userWithdrawal_record_post", "POST", { obj: { balance: 0 } }],
        ["/userAmount/userBalanceConvertPatch", "PATCH", { obj: { balanceToConvert: 0 } }],
        ["/userIncomeRoute/user_giftCode_verify_and_patch", "PATCH", { json: { giftCode_state: "" } }],
        ["/userRoute/userProfileData_patch", "PATCH", { obj: {} }],
        ["/userRoute/userpassword_and_email_patch", "PATCH", { obj: {} }],
      ];
      // The budget is shared across the money endpoints: use it up with refused requests…
      for (let i = 0; i < LIMITS.money.points; i++) {
        const [path, method, body] = calls[i % calls.length]!;
        expect((await t.request(path, { method, cookie: limited.cookie, ...body })).status).toBe(400);
      }
      // … then every endpoint answers 429 without looking at the request.
      const before = await snapshot(t);
      for (const [path, method] of calls) {
        const res = await t.request(path, {
          method,
          cookie: limited.cookie,
          obj: { balance: 100, type: "UPI" },
        });
        expect(res.status, path).toBe(429);
        expect(res.body.error_msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
        expect(res.body.retry_after_ms).toBeGreaterThan(0);
      }
      expect(await snapshot(t)).toEqual(before);
      // Another member has their own budget.
      const res = await t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
        method: "PATCH",
        json: { giftCode_state: code },
        cookie: rich.cookie,
      });
      expect(res.status).toBe(200);
    } finally {
      t.deps.limiter = original;
    }
  });
});
