import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, pageQuery, readBodyAt, requireMember } from "../http";
import { milliToRupeeString } from "../../shared/money";
import { memberBalances } from "../ledger/ledger";
import { GIFT_CODE_MESSAGES, claimGiftCode, claimHistory } from "./giftCodes";
import { contentLocale, localizedPageText } from "../content/localized";

/** The spec sends the gift code as a plain JSON body. */
const ClaimSchema = z
  .object({
    giftCode_state: z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: GIFT_CODE_MESSAGES.blank });
        return z.NEVER;
      }
      if (typeof v !== "string" || v.length > 200) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: GIFT_CODE_MESSAGES.unknown });
        return z.NEVER;
      }
      return v;
    }),
  })
  .strict();

export function userIncomeRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/user_giftCode_get", requireMember, async (c) => {
    const { db } = c.var.deps;
    const { withdrawable } = await memberBalances(db, c.var.member.id);
    const history = await claimHistory(db, c.var.member.id, pageQuery(c));
    return okRead(c, "/userIncomeRoute/user_giftCode_get", {
      giftCode_page_Message: await localizedPageText(db, "gift_code_page_message", contentLocale(c)),
      userGiftCode_claim_history: history.records,
      userAvailableBalance: milliToRupeeString(withdrawable),
      pagination: history.pagination,
    });
  });

  r.patch("/user_giftCode_verify_and_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readBodyAt(c, "/userIncomeRoute/user_giftCode_verify_and_patch", ClaimSchema);
    const { amount } = await claimGiftCode(deps.db, member.id, body.giftCode_state);
    return okWrite(c, "/userIncomeRoute/user_giftCode_verify_and_patch", GIFT_CODE_MESSAGES.claimed(amount));
  });

  return r;
}
