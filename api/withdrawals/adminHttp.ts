import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import { rupeesToMilli } from "../../shared/money";
import { hindiTextField } from "../lib/fields";
import { PAYOUT_MESSAGES, createPayoutMethod, listPayoutMethods, updatePayoutMethod } from "./payoutMethods";
import { wholeRupees } from "./withdrawals";

const minimumRupees = wholeRupees(
  "minimum_amount must be a whole number of rupees greater than 0.",
).transform(rupeesToMilli);

const methodFields = {
  name: z
    .string({ invalid_type_error: "name must be text." })
    .trim()
    .min(1, "name is required.")
    .max(100, "name must be at most 100 characters."),
  details: z
    .string({ invalid_type_error: "details must be text." })
    .trim()
    .max(1000, "details must be at most 1000 characters."),
  minimum_amount: minimumRupees,
  name_hi: hindiTextField("name_hi", 100).optional(),
  details_hi: hindiTextField("details_hi", 1000).optional(),
};
const NewMethodSchema = z.object(methodFields).strict();
const EditMethodSchema = z
  .object({ ...methodFields, active: z.boolean({ invalid_type_error: "active must be true or false." }) })
  .strict();

function methodId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, PAYOUT_MESSAGES.notFound);
  return Number(raw);
}

/**
 * The operator side of withdrawals, under /adminRoute: the payout methods members may request.
 * The queue and settling a request are api/payouts/adminHttp.ts.
 */
export function adminWithdrawalsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/payoutMethods", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/payoutMethods", { records: await listPayoutMethods(c.var.deps.db) }),
  );

  r.post("/payoutMethods", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/payoutMethods", NewMethodSchema);
    await createPayoutMethod(c.var.deps.db, c.var.member.id, {
      name: body.name,
      details: body.details,
      nameHi: body.name_hi,
      detailsHi: body.details_hi,
      minimumAmount: body.minimum_amount,
      active: true,
    });
    return okWrite(c, "/adminRoute/payoutMethods", PAYOUT_MESSAGES.saved);
  });

  r.patch("/payoutMethods/:id", requireMember, requireRole("owner"), async (c) => {
    const id = methodId(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/payoutMethods/:id", EditMethodSchema);
    await updatePayoutMethod(c.var.deps.db, c.var.member.id, id, {
      name: body.name,
      details: body.details,
      nameHi: body.name_hi,
      detailsHi: body.details_hi,
      minimumAmount: body.minimum_amount,
      active: body.active,
    });
    return okWrite(c, "/adminRoute/payoutMethods/:id", PAYOUT_MESSAGES.saved);
  });

  return r;
}
