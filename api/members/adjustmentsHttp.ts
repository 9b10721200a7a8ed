import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  pageQuery,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { rupeeAmountField, thresholdBody } from "../lib/fields";
import { milliToRupeeString } from "../../shared/money";
import { changeMoneyLimit } from "../site/limits";
import {
  ADJUSTMENT_MESSAGES,
  ADJUSTMENT_THRESHOLD_KEY,
  adjustmentThreshold,
  decideAdjustment,
  listAdjustments,
  memberAdjustments,
  requestAdjustment,
  scheduledThreshold,
} from "./adjustments";

export const ADJUSTMENT_REASON_MAX = 500;
export const ADJUSTMENT_NOTE_MAX = 500;

const reason = z
  .string({ required_error: "reason is required.", invalid_type_error: "reason must be text." })
  .trim()
  .min(1, "Please give a reason.")
  .max(ADJUSTMENT_REASON_MAX, `reason must be at most ${ADJUSTMENT_REASON_MAX} characters.`);

const NewAdjustmentSchema = z
  .object({
    direction: z.enum(["credit", "debit"], {
      errorMap: () => ({ message: "direction must be credit or debit." }),
    }),
    balance: z.enum(["withdrawable", "deposit"], {
      errorMap: () => ({ message: "balance must be withdrawable or deposit." }),
    }),
    amount: rupeeAmountField("amount"),
    reason,
    requestKey: z
      .string({ required_error: "requestKey is required.", invalid_type_error: "requestKey must be text." })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, "requestKey must be 8 to 100 letters, digits, - or _."),
  })
  .strict();

const noteField = z
  .string({ invalid_type_error: "note must be text." })
  .trim()
  .max(ADJUSTMENT_NOTE_MAX, `note must be at most ${ADJUSTMENT_NOTE_MAX} characters.`);

const ApproveSchema = z.object({ note: noteField.optional() }).strict();
const RejectSchema = z
  .object({
    note: z
      .string({ required_error: "A note is required to reject." })
      .pipe(noteField.min(1, "A note is required to reject.")),
  })
  .strict();

const StatusQuery = z.enum(["pending", "posted", "rejected"], {
  errorMap: () => ({ message: "status must be pending, posted or rejected." }),
});

const SettingsSchema = thresholdBody();

const ID = /^[A-Za-z0-9_-]{1,64}$/;
function idParam(raw: string, notFound: string): string {
  if (!ID.test(raw)) throw new ApiError(404, notFound);
  return raw;
}

/** Operator routes: manual balance adjustments and their second-operator approvals (owner only). */
export function adminAdjustmentsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/adjustments", requireMember, requireRole("owner"), async (c) => {
    const parsed = StatusQuery.safeParse(c.req.query("status") ?? "pending");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    const list = await listAdjustments(c.var.deps.db, {
      status: parsed.data,
      page: pageQuery(c),
      viewerId: c.var.member.id,
    });
    return okRead(c, "/adminRoute/adjustments", list);
  });

  r.get("/adjustments/settings", requireMember, requireRole("owner"), async (c) => {
    return okRead(c, "/adminRoute/adjustments/settings", {
      threshold: milliToRupeeString(await adjustmentThreshold(c.var.deps.db)),
      scheduled: await scheduledThreshold(c.var.deps.db),
    });
  });

  r.patch("/adjustments/settings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/adjustments/settings", SettingsSchema);
    const changed = await changeMoneyLimit(c.var.deps.db, {
      actorUserId: c.var.member.id,
      key: ADJUSTMENT_THRESHOLD_KEY,
      value: body.threshold,
      action: "settings.adjustment_approval_threshold",
    });
    return okWrite(
      c,
      "/adminRoute/adjustments/settings",
      changed.scheduled ? changed.message : "Approval threshold saved.",
    );
  });

  r.post("/adjustments/:id/approve", requireMember, requireRole("owner"), async (c) => {
    const id = idParam(c.req.param("id"), ADJUSTMENT_MESSAGES.notFound);
    const body = await readBodyAt(c, "/adminRoute/adjustments/:id/approve", ApproveSchema);
    const outcome = await decideAdjustment(c.var.deps.db, {
      id,
      actorUserId: c.var.member.id,
      decision: "approve",
      note: body.note || null,
    });
    return okWrite(c, "/adminRoute/adjustments/:id/approve", outcome);
  });

  r.post("/adjustments/:id/reject", requireMember, requireRole("owner"), async (c) => {
    const id = idParam(c.req.param("id"), ADJUSTMENT_MESSAGES.notFound);
    const body = await readBodyAt(c, "/adminRoute/adjustments/:id/reject", RejectSchema);
    const outcome = await decideAdjustment(c.var.deps.db, {
      id,
      actorUserId: c.var.member.id,
      decision: "reject",
      note: body.note,
    });
    return okWrite(c, "/adminRoute/adjustments/:id/reject", outcome);
  });

  r.get("/members/:id/adjustments", requireMember, requireRole("owner"), async (c) => {
    const userId = idParam(c.req.param("id"), ADJUSTMENT_MESSAGES.memberNotFound);
    const data = await memberAdjustments(c.var.deps.db, {
      userId,
      page: pageQuery(c),
      viewerId: c.var.member.id,
    });
    return okRead(c, "/adminRoute/members/:id/adjustments", data);
  });

  r.post("/members/:id/adjustments", requireMember, requireRole("owner"), async (c) => {
    const userId = idParam(c.req.param("id"), ADJUSTMENT_MESSAGES.memberNotFound);
    const body = await readBodyAt(c, "/adminRoute/members/:id/adjustments", NewAdjustmentSchema);
    const outcome = await requestAdjustment(c.var.deps.db, {
      actorUserId: c.var.member.id,
      userId,
      direction: body.direction,
      balance: body.balance,
      amount: body.amount,
      reason: body.reason,
      requestKey: body.requestKey,
      now: c.var.deps.clock(),
    });
    return okWrite(c, "/adminRoute/members/:id/adjustments", outcome);
  });

  return r;
}
