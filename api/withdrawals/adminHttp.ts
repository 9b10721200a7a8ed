import { Hono } from "hono";
import { z } from "zod";
import { ApiError, ok, pageQuery, readBody, requireMember, requireRole, type ApiEnv } from "../http";
import { rupeesToMilli } from "../../shared/money";
import { PAYOUT_MESSAGES, createPayoutMethod, listPayoutMethods, updatePayoutMethod } from "./payoutMethods";
import { WITHDRAW_MESSAGES, wholeRupees } from "./withdrawals";
import { settleWithdrawal } from "./settle";
import { operatorQueue } from "../risk/queue";
import { approveWithdrawal, markPaid } from "../payouts/approve";
import { UTR_PATTERN } from "../payouts/attempts";
import { retryingDeps } from "../db/retry";
import type { OperatorWithdrawalList, PayoutMethodList } from "../../shared/contracts/withdrawals";

const StatusQuery = z.enum(["Pending", "Success", "Reject", "all"], {
  errorMap: () => ({ message: "status must be Pending, Success, Reject or all." }),
});

const SettleSchema = z
  .object({
    /**
     * approve: sends the payout through the provider when one is configured (else marks it paid,
     * with `utr`); mark_paid: the operator paid it by hand (with `utr`); reject.
     */
    action: z.enum(["approve", "mark_paid", "reject"], {
      errorMap: () => ({ message: "action must be approve, mark_paid or reject." }),
    }),
    remark: z
      .string({ invalid_type_error: "remark must be text." })
      .max(500, "remark must be at most 500 characters.")
      .optional(),
    /** Approving a flagged member's request, or a marked one, needs this (issue 21 §4). */
    confirmRisk: z.boolean({ invalid_type_error: "confirmRisk must be true or false." }).optional(),
    /** The bank's reference of a payment by hand: required to mark paid (issue 42). */
    utr: z
      .string({ invalid_type_error: "utr must be the bank's reference (UTR) as text." })
      .trim()
      .regex(UTR_PATTERN, "utr must be the bank's reference (UTR): 6 to 30 letters and digits.")
      .optional(),
  })
  .strict()
  .refine((b) => b.action !== "mark_paid" || b.utr !== undefined, {
    message: "utr is required to mark paid: the bank's reference (UTR) of your payment.",
    path: ["utr"],
  });

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
};
const NewMethodSchema = z.object(methodFields).strict();
const EditMethodSchema = z
  .object({ ...methodFields, active: z.boolean({ invalid_type_error: "active must be true or false." }) })
  .strict();

const WITHDRAWAL_ID = /^[0-9a-f]{24}$/;

function methodId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, PAYOUT_MESSAGES.notFound);
  return Number(raw);
}

/**
 * The operator side of withdrawals, under /adminRoute: the queue (paged, each request with the
 * member's risk), settling one, and the payout methods.
 */
export function adminWithdrawalsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/withdrawals", requireMember, requireRole("payouts"), async (c) => {
    const parsed = StatusQuery.safeParse(c.req.query("status") ?? "Pending");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    return ok(
      c,
      (await operatorQueue(c.var.deps.db, parsed.data, pageQuery(c))) satisfies OperatorWithdrawalList,
    );
  });

  r.post("/withdrawals/:id/settle", requireMember, requireRole("payouts"), async (c) => {
    const { member } = c.var;
    // Each transaction is run again when it lost a deadlock to a racing settle, ban or bank file.
    const deps = retryingDeps(c.var.deps);
    const body = await readBody(c, SettleSchema);
    const id = c.req.param("id");
    if (!WITHDRAWAL_ID.test(id)) throw new ApiError(404, WITHDRAW_MESSAGES.notFound);
    // A flagged member's approval (or a request marked "risk") is refused with 409 risk_confirm unless confirmRisk.
    // Marking paid (and approving without a provider) goes through the same rules (issue 42).
    if (body.action !== "reject") {
      const input = {
        id,
        actorUserId: member.id,
        confirmRisk: body.confirmRisk === true,
        utr: body.utr ?? null,
      };
      const { message } =
        body.action === "mark_paid" ? await markPaid(deps, input) : await approveWithdrawal(deps, input);
      return ok(c, message);
    }
    await settleWithdrawal(deps.db, { id, actorUserId: member.id, action: "reject", remark: body.remark });
    return ok(c, "Withdrawal rejected and refunded.");
  });

  r.get("/payoutMethods", requireMember, requireRole("owner"), async (c) =>
    ok(c, { records: await listPayoutMethods(c.var.deps.db) } satisfies PayoutMethodList),
  );

  r.post("/payoutMethods", requireMember, requireRole("owner"), async (c) => {
    const body = await readBody(c, NewMethodSchema);
    await createPayoutMethod(c.var.deps.db, c.var.member.id, {
      name: body.name,
      details: body.details,
      minimumAmount: body.minimum_amount,
      active: true,
    });
    return ok(c, PAYOUT_MESSAGES.saved);
  });

  r.patch("/payoutMethods/:id", requireMember, requireRole("owner"), async (c) => {
    const id = methodId(c.req.param("id"));
    const body = await readBody(c, EditMethodSchema);
    await updatePayoutMethod(c.var.deps.db, c.var.member.id, id, {
      name: body.name,
      details: body.details,
      minimumAmount: body.minimum_amount,
      active: body.active,
    });
    return ok(c, PAYOUT_MESSAGES.saved);
  });

  return r;
}
