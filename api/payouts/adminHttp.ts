import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  ok,
  okRead,
  okWrite,
  pageQuery,
  readBody,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { rupeesToMilli } from "../../shared/money";
import { WITHDRAW_MESSAGES } from "../withdrawals/messages";
import { wholeRupeesOrZero } from "../withdrawals/withdrawals";
import { changeMoneyLimit } from "../site/limits";
import { approveBatch, approveWithdrawal, markPaid, resendWithdrawal } from "./approve";
import { UTR_PATTERN } from "./attempts";
import { settleWithdrawal } from "./reject";
import { operatorQueue } from "./reviewQueue";
import {
  BANK_FILE_MESSAGES,
  bankFileText,
  createBankFile,
  importBankResult,
  listBankFiles,
} from "./bankFiles";
import { payoutOverview } from "./totals";
import { WEBHOOK_RETENTION_DAYS, WEBHOOK_RETENTION_MESSAGE, setWebhookLogRetention } from "./webhookLog";
import { retryingDeps } from "../db/retry";

/**
 * The operator's payouts, under /adminRoute (docs/api/payouts.md): the withdrawal queue (paged,
 * each request with the member's risk) and settling one, the figures and the policy, batch
 * approval, "send again", and the bank files. The payouts role (and the owner) run them;
 * the policy is the owner's.
 */

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

const ID = /^[0-9a-f]{24}$/;
const Ids = (max: number) =>
  z
    .array(
      z
        .string({ invalid_type_error: "ids must be withdrawal ids." })
        .regex(ID, "ids must be withdrawal ids."),
      {
        invalid_type_error: "ids must be a list of withdrawal ids.",
        required_error: "ids is required.",
      },
    )
    .min(1, "Select at least one withdrawal.")
    .max(max, `Select at most ${max} withdrawals at once.`);

const BatchSchema = z.object({ ids: Ids(50) }).strict();
const BankFileSchema = z.object({ ids: Ids(500) }).strict();
const ResultSchema = z
  .object({
    csv: z
      .string({ invalid_type_error: "csv must be text.", required_error: "csv is required." })
      .min(1, "The result file is empty.")
      // The API's body limit is 64 KB: a result file of a 500-row bank file fits.
      .max(60_000, "The result file must be at most 60,000 characters: import a longer one in parts."),
  })
  .strict();
const PolicySchema = z
  .object({
    daily_limit: wholeRupeesOrZero("daily_limit must be a whole number of rupees (0: no limit).").transform(
      rupeesToMilli,
    ),
    four_eyes_above: wholeRupeesOrZero("four_eyes_above must be a whole number of rupees.").transform(
      rupeesToMilli,
    ),
  })
  .strict();

const WebhookSettingsSchema = z
  .object({
    retentionDays: z
      .number({ invalid_type_error: WEBHOOK_RETENTION_MESSAGE, required_error: "retentionDays is required." })
      .int(WEBHOOK_RETENTION_MESSAGE)
      .min(WEBHOOK_RETENTION_DAYS.min, WEBHOOK_RETENTION_MESSAGE)
      .max(WEBHOOK_RETENTION_DAYS.max, WEBHOOK_RETENTION_MESSAGE),
  })
  .strict();

function idParam(raw: string, notFound: string): string {
  if (!ID.test(raw)) throw new ApiError(404, notFound);
  return raw;
}

export function adminPayoutsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/withdrawals", requireMember, requireRole("payouts"), async (c) => {
    const parsed = StatusQuery.safeParse(c.req.query("status") ?? "Pending");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    return okRead(
      c,
      "/adminRoute/withdrawals",
      await operatorQueue(c.var.deps.db, parsed.data, pageQuery(c)),
    );
  });

  r.post("/withdrawals/:id/settle", requireMember, requireRole("payouts"), async (c) => {
    const { member } = c.var;
    // Each transaction is run again when it lost a deadlock to a racing settle, ban or bank file.
    const deps = retryingDeps(c.var.deps);
    const body = await readBodyAt(c, "/adminRoute/withdrawals/:id/settle", SettleSchema);
    const id = c.req.param("id");
    if (!ID.test(id)) throw new ApiError(404, WITHDRAW_MESSAGES.notFound);
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
      return okWrite(c, "/adminRoute/withdrawals/:id/settle", message);
    }
    await settleWithdrawal(deps.db, { id, actorUserId: member.id, action: "reject", remark: body.remark });
    return okWrite(c, "/adminRoute/withdrawals/:id/settle", "Withdrawal rejected and refunded.");
  });

  r.get("/payouts", requireMember, requireRole("payouts"), async (c) => {
    const { deps } = c.var;
    return okRead(
      c,
      "/adminRoute/payouts",
      await payoutOverview(deps.db, deps.clock(), Boolean(deps.payoutProvider)),
    );
  });

  r.patch("/payouts/policy", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/payouts/policy", PolicySchema);
    const changed = await changeMoneyLimit(c.var.deps.db, {
      actorUserId: c.var.member.id,
      key: "payout_policy",
      value: { daily_limit: body.daily_limit, four_eyes_above: body.four_eyes_above },
      action: "payouts.policy",
    });
    return okWrite(
      c,
      "/adminRoute/payouts/policy",
      changed.scheduled ? changed.message : "Payout policy saved.",
    );
  });

  r.patch("/payouts/webhooks/settings", requireMember, requireRole("owner"), async (c) => {
    const { retentionDays } = await readBody(c, WebhookSettingsSchema);
    await setWebhookLogRetention(c.var.deps.db, c.var.member.id, retentionDays);
    return ok(c, "Webhook log settings saved.");
  });

  // The money actions below run each transaction again when it lost a deadlock (retryingDeps).
  r.post("/withdrawals/approve", requireMember, requireRole("payouts"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/withdrawals/approve", BatchSchema);
    const result = await approveBatch(retryingDeps(c.var.deps), {
      ids: body.ids,
      actorUserId: c.var.member.id,
    });
    return okWrite(c, "/adminRoute/withdrawals/approve", result);
  });

  r.post("/withdrawals/:id/resend", requireMember, requireRole("payouts"), async (c) => {
    const id = idParam(c.req.param("id"), WITHDRAW_MESSAGES.notFound);
    const { message } = await resendWithdrawal(retryingDeps(c.var.deps), {
      id,
      actorUserId: c.var.member.id,
    });
    return okWrite(c, "/adminRoute/withdrawals/:id/resend", message);
  });

  r.get("/payouts/bankFiles", requireMember, requireRole("payouts"), async (c) =>
    okRead(c, "/adminRoute/payouts/bankFiles", await listBankFiles(c.var.deps.db, pageQuery(c))),
  );

  r.post("/payouts/bankFiles", requireMember, requireRole("payouts"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/payouts/bankFiles", BankFileSchema);
    const made = await createBankFile(retryingDeps(c.var.deps), {
      ids: body.ids,
      actorUserId: c.var.member.id,
    });
    return okWrite(c, "/adminRoute/payouts/bankFiles", made);
  });

  r.get("/payouts/bankFiles/:id/csv", requireMember, requireRole("payouts"), async (c) => {
    const id = idParam(c.req.param("id"), BANK_FILE_MESSAGES.notFound);
    const text = await bankFileText(c.var.deps, id);
    if (text === null) throw new ApiError(404, BANK_FILE_MESSAGES.notFound);
    return c.body(text, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bank-file-${id}.csv"`,
    });
  });

  r.post("/payouts/bankFiles/:id/result", requireMember, requireRole("payouts"), async (c) => {
    const id = idParam(c.req.param("id"), BANK_FILE_MESSAGES.notFound);
    const body = await readBodyAt(c, "/adminRoute/payouts/bankFiles/:id/result", ResultSchema);
    const outcome = await importBankResult(retryingDeps(c.var.deps), {
      batchId: id,
      csv: body.csv,
      actorUserId: c.var.member.id,
    });
    return okWrite(c, "/adminRoute/payouts/bankFiles/:id/result", outcome);
  });

  return r;
}
