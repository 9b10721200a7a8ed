import { Hono } from "hono";
import { z } from "zod";
import { ok, readBody, requireMember, requireRole, type ApiEnv } from "../http";
import { createGiftCode, GIFT_CODE_MAX_LENGTH, GIFT_CODE_MESSAGES, listGiftCodes } from "./giftCodes";
import { rupeeAmountField } from "../operators/fields";
import type { GiftCodeList } from "../../shared/contracts/giftCodes";

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

/** The operator side of gift codes, under /adminRoute: the list and a new code. */
export function adminGiftCodesRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/giftCodes", requireMember, requireRole("owner"), async (c) =>
    ok(c, { records: await listGiftCodes(c.var.deps.db) } satisfies GiftCodeList),
  );

  r.post("/giftCodes", requireMember, requireRole("owner"), async (c) => {
    const body = await readBody(c, GiftCodeSchema);
    await createGiftCode(c.var.deps.db, {
      actorUserId: c.var.member.id,
      code: body.code,
      amount: body.amount,
      claimLimit: body.claim_limit,
      expiresAt: body.expires_at,
    });
    return ok(c, GIFT_CODE_MESSAGES.created);
  });

  return r;
}
