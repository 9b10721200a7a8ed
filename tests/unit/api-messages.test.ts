import { beforeAll, describe, expect, it } from "vitest";
import { localizeBody, localizeMessage, registerMessages } from "../../shared/i18n/apiMessages";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";
import { GENERIC_FAILURE } from "../../shared/messages";
import { CONTACT_FIELDS, FIELD_MESSAGES, PROFILE_FIELDS } from "../../shared/fields";
import { PAYOUT_ACCOUNT_MESSAGES } from "../../shared/payoutAccount";
import { CAMPAIGN_MESSAGES } from "../../shared/campaign";
import { GAME_MESSAGES } from "../../shared/ticTacToeEvents";
import { formatRupees } from "../../shared/money";
import {
  MISSING_CREDIT_ANSWER_HOURS,
  MISSING_CREDIT_DAYS,
  SUPPORT_TEXT_MAX,
} from "../../shared/contracts/support";
import { PROFILE_MESSAGES } from "../../api/accounts/profile";
import {
  EMAIL_VERIFIED,
  HUMAN_CHECK_FAILED,
  RESET_WAIT_MSG,
  SignUpInput,
  TOKEN_FAILED,
} from "../../api/accounts/memberHttp";
import { ACCOUNT_CLOSED_MSG } from "../../api/sessions/sessions";
import { THROTTLED_MSG } from "../../api/accounts/loginThrottle";
import { LOGIN_WITH_PASSWORD, MISSING_CREDENTIALS } from "../../api/accounts/googleHttp";
import { ONE_ACCOUNT_MSG } from "../../api/risk/links";
import { WITHDRAW_MESSAGES } from "../../api/withdrawals/messages";
import { CONVERT_MESSAGES } from "../../api/withdrawals/conversions";
import { REVIEW_MESSAGES } from "../../api/withdrawals/review";
import { GIFT_CODE_MESSAGES } from "../../api/giftCodes/giftCodes";
import { SHORT_LINK_MESSAGES } from "../../api/shortLinks/shortLinks";
import { DEMO_MESSAGES } from "../../api/taskWalls/demoWall";
import { DEBT_MESSAGES } from "../../api/ledger/debt";
import { SUPPORT_MESSAGES } from "../../api/support/messages";
import { MissingCreditSchema } from "../../api/support/inputsHttp";
import { RESTRICTION_MESSAGES } from "../../api/members/restrictions";
import { AD_REFUSAL_MESSAGES, PTC_MESSAGES } from "../../api/ads/messages";
import { formatTime } from "../../shared/time";

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const names = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

/** Every message a zod schema gives for a bad input. */
function issues(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  values: unknown[],
) {
  return values.flatMap((v) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? []);
}

describe("the API's words in Hindi (shared/i18n/apiMessages.hi.ts)", () => {
  beforeAll(() => {
    registerMessages("hi", HINDI_API_MESSAGES);
  });

  it("keeps exactly the placeholders of each English text", () => {
    for (const [english, hindi] of HINDI_API_MESSAGES) {
      expect(names(hindi), english).toEqual(names(english));
    }
  });

  it("has Hindi for every entry, never Devanagari digits, and each English text once", () => {
    const seen = new Set<string>();
    for (const [english, hindi] of HINDI_API_MESSAGES) {
      expect(hindi.trim(), english).not.toBe("");
      expect(hindi, english).not.toBe(english);
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
      expect(hindi, english).not.toMatch(/[\u0966-\u096F]/);
      expect(seen.has(english), english).toBe(false);
      seen.add(english);
    }
  });

  const amount = formatRupees(12_000);
  const big = formatRupees(123_456_000);

  /** Texts exactly as the code words them: constants, filled templates, schemas' own messages. */
  const realTexts = (): string[] => [
    GENERIC_FAILURE,
    ...Object.values(FIELD_MESSAGES),
    ...Object.values(CAMPAIGN_MESSAGES).map((m) => (typeof m === "function" ? m(10) : m)),
    ...Object.values(GAME_MESSAGES),
    ...Object.values(PROFILE_MESSAGES),
    HUMAN_CHECK_FAILED,
    TOKEN_FAILED,
    RESET_WAIT_MSG,
    EMAIL_VERIFIED,
    ACCOUNT_CLOSED_MSG,
    THROTTLED_MSG,
    LOGIN_WITH_PASSWORD,
    MISSING_CREDENTIALS,
    ONE_ACCOUNT_MSG,
    WITHDRAW_MESSAGES.success,
    WITHDRAW_MESSAGES.notBound,
    WITHDRAW_MESSAGES.bindAgain,
    WITHDRAW_MESSAGES.invalidAmount,
    WITHDRAW_MESSAGES.minimum("UPI", 50_000),
    WITHDRAW_MESSAGES.minimum("Paytm", 100_000),
    WITHDRAW_MESSAGES.insufficient(12_345),
    WITHDRAW_MESSAGES.insufficient(123_456_000),
    WITHDRAW_MESSAGES.alreadySettled,
    WITHDRAW_MESSAGES.notFound,
    WITHDRAW_MESSAGES.inDebt(3_500),
    CONVERT_MESSAGES.success,
    CONVERT_MESSAGES.invalidAmount,
    CONVERT_MESSAGES.direction,
    CONVERT_MESSAGES.insufficient("deposit", 12_000),
    CONVERT_MESSAGES.insufficient("withdrawable", 123_456_000),
    REVIEW_MESSAGES.waiting(new Date("2026-12-01T04:30:00Z")),
    REVIEW_MESSAGES.underReview,
    GIFT_CODE_MESSAGES.blank,
    GIFT_CODE_MESSAGES.unknown,
    GIFT_CODE_MESSAGES.expired,
    GIFT_CODE_MESSAGES.exhausted,
    GIFT_CODE_MESSAGES.alreadyClaimed,
    GIFT_CODE_MESSAGES.claimed(25_000),
    ...Object.values(SHORT_LINK_MESSAGES).map((m) => (typeof m === "function" ? m(1_500) : m)),
    DEMO_MESSAGES.unavailable,
    DEMO_MESSAGES.offerNotFound,
    DEMO_MESSAGES.notYou,
    DEMO_MESSAGES.alreadyCompleted,
    DEMO_MESSAGES.completed("0.500"),
    DEMO_MESSAGES.refused("rejected"),
    DEBT_MESSAGES.owing(7_250),
    SUPPORT_MESSAGES.notFound,
    SUPPORT_MESSAGES.followUp,
    SUPPORT_MESSAGES.wallNotOpened,
    SUPPORT_MESSAGES.completedInFuture,
    SUPPORT_MESSAGES.completedTooOld,
    SUPPORT_MESSAGES.reportFiled,
    RESTRICTION_MESSAGES.earningSuspended(null),
    RESTRICTION_MESSAGES.earningSuspended("too many reversed offers"),
    RESTRICTION_MESSAGES.withdrawalsHeld,
    RESTRICTION_MESSAGES.accountClosed,
    RESTRICTION_MESSAGES.closedRemark,
    PTC_MESSAGES.notFound,
    PTC_MESSAGES.cannotActivate,
    PTC_MESSAGES.cannotPause,
    PTC_MESSAGES.viewNotFound,
    ...Object.values(AD_REFUSAL_MESSAGES),
    `We answer missing-credit reports within ${MISSING_CREDIT_ANSWER_HOURS} hours.`,
    ...Object.values(PAYOUT_ACCOUNT_MESSAGES),
    // The schemas' own messages, as a bad input makes them.
    ...issues(PROFILE_FIELDS.name, [undefined, 7, "x".repeat(101)]),
    ...issues(PROFILE_FIELDS.address, [undefined, 7, "x".repeat(201)]),
    ...issues(PROFILE_FIELDS.city, [undefined, 7, "x".repeat(101)]),
    ...issues(PROFILE_FIELDS.state, [undefined, 7, "x".repeat(101)]),
    ...issues(PROFILE_FIELDS.zip_code, [undefined, 7, "", "12345"]),
    ...issues(PROFILE_FIELDS.withdrawal_account_information, [undefined, 7, "x".repeat(201)]),
    ...issues(CONTACT_FIELDS.subject, ["", "x".repeat(201)]),
    ...issues(CONTACT_FIELDS.message, ["", "x".repeat(5001)]),
    ...issues(CONTACT_FIELDS.mobile_number, ["12"]),
    ...issues(CONTACT_FIELDS.email_address, ["", "not-mail"]),
    ...issues(SignUpInput, [
      { name: "", mobile_number: 12, email_address: "x", password: "short", refer_by: "" },
    ]),
    ...issues(MissingCreditSchema, [
      {},
      { wallId: "demo", offerName: "", completedAt: "yesterday", details: "x".repeat(SUPPORT_TEXT_MAX + 1) },
      { wallId: "demo", offerName: "x".repeat(201), completedAt: "2026-11-26T10:00:00+05:30" },
    ]),
  ];

  it("translates every member-facing text the code sends, filled templates included", () => {
    const texts = realTexts();
    expect(texts.length).toBeGreaterThan(150);
    const untranslated = texts.filter((text) => localizeMessage("hi", text) === text);
    expect(untranslated).toEqual([]);
  });

  it("puts the API's values into the Hindi as they came", () => {
    expect(localizeMessage("hi", WITHDRAW_MESSAGES.minimum("UPI", 12_000))).toBe(
      "अमान्य राशि: UPI के लिए न्यूनतम निकासी ₹12 है।",
    );
    expect(amount).toBe("₹12.000");
    expect(localizeMessage("hi", WITHDRAW_MESSAGES.insufficient(123_456_000))).toBe(
      `शेष कम है: आपका निकासी योग्य शेष ${big} है।`,
    );
    expect(localizeMessage("hi", CONVERT_MESSAGES.insufficient("deposit", 12_000))).toContain("जमा शेष");
    expect(localizeMessage("hi", CONVERT_MESSAGES.insufficient("withdrawable", 12_000))).toContain(
      "निकासी योग्य शेष",
    );
    expect(localizeMessage("hi", GIFT_CODE_MESSAGES.claimed(25_000))).toBe(
      "गिफ़्ट कोड क्लेम हो गया! ₹25.000 आपके शेष में जोड़ दिए गए हैं।",
    );
    const from = new Date("2026-12-01T04:30:00Z");
    // A time the API wrote in English reads as the page's language writes it.
    expect(localizeMessage("hi", REVIEW_MESSAGES.waiting(from))).toBe(
      `नए खाते ${formatTime(from.toISOString(), "hi")} से निकासी कर सकते हैं। कमाते रहें: तब तक आपका शेष सुरक्षित है।`,
    );
    expect(formatTime(from.toISOString(), "hi")).toBe("1 दिस॰ 2026, 10:00 am");
    expect(localizeMessage("hi", SUPPORT_MESSAGES.wallNotOpened)).toContain(`${MISSING_CREDIT_DAYS} दिनों`);
    expect(localizeMessage("hi", "Too many attempts. Please try again in 1 minute.")).toContain("1 मिनट");
    expect(localizeMessage("hi", "Too many attempts. Please try again in 7 minutes.")).toContain("7 मिनट");
    expect(localizeMessage("hi", "City must be at most 100 characters.")).toBe(
      "शहर ज़्यादा से ज़्यादा 100 अक्षरों का हो सकता है।",
    );
  });

  it("leaves English as it is and an unknown text as it came", () => {
    expect(localizeMessage("en", WITHDRAW_MESSAGES.success)).toBe("Withdrawal Successful");
    expect(localizeBody("en", { success: false, error_msg: GENERIC_FAILURE })).toEqual({
      success: false,
      error_msg: GENERIC_FAILURE,
    });
    expect(localizeMessage("hi", "A text the table has never seen.")).toBe(
      "A text the table has never seen.",
    );
    expect(localizeMessage("hi", "")).toBe("");
    expect(localizeBody("hi", { success: true, msg: "Login Success!", user: "a@b.c" })).toEqual({
      success: true,
      msg: "लॉग इन हो गया!",
      user: "a@b.c",
    });
  });
});
