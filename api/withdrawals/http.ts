import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, clientIp, okRead, okWrite, pageQuery, readObjAt, requireMember } from "../http";
import { deviceIdOf } from "../lib/deviceId";
import { recordWithdrawalSignals } from "./signals";
import { clipUserAgent } from "../sessions/sessions";
import { milliToRupeeString, parseRupeeInput } from "../../shared/money";
import { sanitizeHtml } from "../lib/sanitize";
import { requestWithdrawal, wholeRupees, withdrawalSummary } from "./withdrawals";
import { WITHDRAW_MESSAGES } from "./messages";
import { CONVERT_MESSAGES, conversionSummary, convertBalance } from "./conversions";
import { contentLocale, localizedInstructions, pick } from "../content/localized";
import { payoutWorkingDays, withPayoutTime } from "../site/payoutTime";
import { payoutTimeWords } from "../../shared/payoutTime";
import { maskPayoutAccount, normalizePayoutAccount } from "../risk/policy";

const requestId = z
  .string({ invalid_type_error: "request_id must be text." })
  .max(64, "request_id must be at most 64 characters.")
  .optional();

const WithdrawSchema = z
  .object({
    balance: wholeRupees(WITHDRAW_MESSAGES.invalidAmount),
    type: z
      .string({ invalid_type_error: WITHDRAW_MESSAGES.bindAgain })
      .max(100, WITHDRAW_MESSAGES.bindAgain)
      .optional(),
    request_id: requestId,
    // The tax the confirm step showed (issue 44 §6): exact milli-rupees, or refused.
    tax: z
      .unknown()
      .transform((v, ctx) => {
        const milli = parseRupeeInput(v);
        if (milli === null) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "tax must be a rupee amount." });
          return z.NEVER;
        }
        return milli;
      })
      .optional(),
  })
  .strict();

const ConvertSchema = z
  .object({
    balanceToConvert: wholeRupees(CONVERT_MESSAGES.invalidAmount),
    conversionType_state: z.unknown().transform((v, ctx) => {
      if (v === "depositToWithdraw" || v === "withdrawToDeposit") return v;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: CONVERT_MESSAGES.direction,
        params: { error_code: "invalid_direction" },
      });
      return z.NEVER;
    }),
    // The client's own charge figure: accepted for compatibility, never used.
    charge: z
      .union([z.number(), z.string(), z.null()], {
        errorMap: () => ({ message: "charge must be a number." }),
      })
      .optional(),
    request_id: requestId,
  })
  .strict();

export function userAmountRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/userBalanceData_get", requireMember, async (c) => {
    const { db } = c.var.deps;
    const s = await withdrawalSummary(db, c.var.member.id, pageQuery(c));
    const locale = contentLocale(c);
    const instructions = await withPayoutTime(
      db,
      await localizedInstructions(db, "withdrawal_instructions", locale),
      locale,
    );
    return okRead(c, "/userAmount/userBalanceData_get", {
      withdrawable_amount: milliToRupeeString(s.withdrawable),
      pending_withdrawal_amount: milliToRupeeString(s.pending),
      total_withdrawal_amount: milliToRupeeString(s.paid),
      deposit_amount: milliToRupeeString(s.deposit),
      withdrawal_method: s.methodName,
      withdrawal_method_label: s.methodName === null ? null : pick(locale, s.methodName, s.methodNameHi),
      withdrawal_account_information: s.accountInfo,
      // The confirm step names the account it pays to, masked as everywhere else (issue 45 §2).
      withdrawal_account_masked:
        s.methodName && s.accountInfo
          ? maskPayoutAccount(normalizePayoutAccount(s.methodName, s.accountInfo))
          : null,
      withdrawalMethod_minimumAmount: s.minimum === null ? null : milliToRupeeString(s.minimum),
      withdrawal_Records: s.records,
      pagination: s.pagination,
      other_data_withdrawal_instructions: instructions,
      review_message: s.reviewMessage,
      payout_time: payoutTimeWords(await payoutWorkingDays(db), locale),
    });
  });

  r.post("/userWithdrawal_record_post", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(c, "/userAmount/userWithdrawal_record_post", WithdrawSchema);
    const origin = {
      deviceId: deviceIdOf(c),
      ip: clientIp(c),
      userAgent: clipUserAgent(c.req.header("user-agent")),
      proxyCheck: deps.proxyCheck,
    };
    await requestWithdrawal(deps.db, {
      userId: member.id,
      rupees: body.balance,
      type: body.type,
      requestId: body.request_id,
      shownTax: body.tax,
      origin,
      beforeCreate: (bound) =>
        recordWithdrawalSignals(deps.db, {
          userId: member.id,
          methodName: bound.methodName,
          accountInfo: bound.accountInfo,
          origin,
          now: new Date(),
        }),
    });
    return okWrite(c, "/userAmount/userWithdrawal_record_post", WITHDRAW_MESSAGES.success);
  });

  r.get("/userConvertBalance_get", requireMember, async (c) => {
    const { db } = c.var.deps;
    const s = await conversionSummary(db, c.var.member.id, pageQuery(c));
    const instructions = await localizedInstructions(db, "convert_instructions", contentLocale(c));
    return okRead(c, "/userAmount/userConvertBalance_get", {
      withdrawable_amount: milliToRupeeString(s.withdrawable),
      deposit_amount: milliToRupeeString(s.deposit),
      available_amount: milliToRupeeString(s.withdrawable + s.deposit),
      convertAmount_Records: s.records,
      pagination: s.pagination,
      other_data_convertBalance_instructions: instructions.map((html) => sanitizeHtml(html)),
    });
  });

  r.patch("/userBalanceConvertPatch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(c, "/userAmount/userBalanceConvertPatch", ConvertSchema);
    await convertBalance(deps.db, {
      userId: member.id,
      rupees: body.balanceToConvert,
      direction: body.conversionType_state,
      requestId: body.request_id,
    });
    return okWrite(c, "/userAmount/userBalanceConvertPatch", CONVERT_MESSAGES.success);
  });

  return r;
}
