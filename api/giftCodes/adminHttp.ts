import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import {
  createGiftCode,
  disableGiftCode,
  GIFT_CODE_MAX_LENGTH,
  GIFT_CODE_MESSAGES,
  listGiftCodes,
} from "./giftCodes";
import { rupeeAmountField, thresholdBody } from "../lib/fields";
import { LIMIT_RAISE_DELAY_HOURS, changeMoneyLimit, moneyLimit, scheduledRaise } from "../site/limits";
import { milliToRupeeString } from "../../shared/money";

const GiftCodeSchema = z
  .object({
    code: z
      .string({ invalid_type_error: "code must be text." })
      .trim()
      .min(1, "Please enter a gift code.")
      .max(GIFT_CODE_MAX_LENGTH, `The code must be at most ${GIFT_CODE_MAX_LENGTH} characters.`)
      .regex(/^[A-Za-z0-9_-]+$/, "The code may contain only letters, digits, - and _."),
    amount: rupeeAmountField("amount"),
    claim_limit: z
      .number({ invalid_type_error: "claim_limit must be a whole number of at least 1." })
      .int("claim_limit must be a whole number of at least 1.")
      .min(1, "claim_limit must be a whole number of at least 1.")
      .max(1_000_000, "claim_limit must be at most 1000000."),
    expires_at: z
      .string({ invalid_type_error: "expires_at must be an ISO date and time." })
      .datetime({ offset: true, message: "expires_at must be an ISO date and time." })
      .transform((v) => new Date(v))
      .refine((d) => d.getTime() > Date.now(), "The expiry must be in the future."),
  })
  .strict();

const SettingsSchema = thresholdBody();

const Empty = z.object({}).strict();

/**
 * The operator side of gift codes, under /adminRoute (owner): the list with each code's total
 * value and state, a new code (a large one waits out the money-limit delay), disabling a code,
 * and the gift-code threshold.
 */
export function adminGiftCodesRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/giftCodes", requireMember, requireRole("owner"), async (c) => {
    const { db } = c.var.deps;
    const raise = await scheduledRaise(db, "gift_code_four_eyes_above");
    return okRead(c, "/adminRoute/giftCodes", {
      records: await listGiftCodes(db),
      threshold: milliToRupeeString(await moneyLimit(db, "gift_code_four_eyes_above")),
      scheduled: raise
        ? {
            id: raise.id,
            value: milliToRupeeString(raise.value),
            effective_at: raise.effectiveAt.toISOString(),
          }
        : null,
      delay_hours: LIMIT_RAISE_DELAY_HOURS,
    });
  });

  r.post("/giftCodes", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/giftCodes", GiftCodeSchema);
    const made = await createGiftCode(c.var.deps.db, {
      actorUserId: c.var.member.id,
      code: body.code,
      amount: body.amount,
      claimLimit: body.claim_limit,
      expiresAt: body.expires_at,
    });
    return okWrite(c, "/adminRoute/giftCodes", made.message);
  });

  r.patch("/giftCodes/settings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/giftCodes/settings", SettingsSchema);
    const changed = await changeMoneyLimit(c.var.deps.db, {
      actorUserId: c.var.member.id,
      key: "gift_code_four_eyes_above",
      value: body.threshold,
      action: "settings.gift_code_four_eyes_above",
    });
    return okWrite(
      c,
      "/adminRoute/giftCodes/settings",
      changed.scheduled ? changed.message : "Gift-code threshold saved.",
    );
  });

  r.post("/giftCodes/:id/disable", requireMember, requireRole("owner"), async (c) => {
    const raw = c.req.param("id");
    if (!/^[0-9]{1,9}$/.test(raw)) throw new ApiError(404, GIFT_CODE_MESSAGES.notFound);
    await readBodyAt(c, "/adminRoute/giftCodes/:id/disable", Empty);
    return okWrite(
      c,
      "/adminRoute/giftCodes/:id/disable",
      await disableGiftCode(c.var.deps.db, { id: Number(raw), actorUserId: c.var.member.id }),
    );
  });

  return r;
}
