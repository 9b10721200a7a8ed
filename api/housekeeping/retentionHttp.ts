import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import { wholeNumberIn } from "../../shared/fields";
import { retentionOverview, runRetention, setRetention } from "./retention";
import {
  DORMANT_LIMITS,
  DORMANT_POLICIES,
  RETENTION_LIMITS,
  type RetentionKind,
} from "../../shared/retention";

const days = (kind: RetentionKind) => {
  const b = RETENTION_LIMITS[kind];
  return wholeNumberIn(b, `days.${kind} must be whole days from ${b.min} to ${b.max}.`);
};

const RetentionSchema = z
  .object({
    days: z
      .object({
        sessions: days("sessions"),
        sign_ins: days("sign_ins"),
        postback_logs: days("postback_logs"),
        payout_webhook_logs: days("payout_webhook_logs"),
        risk_evidence: days("risk_evidence"),
        support_messages: days("support_messages"),
      })
      .strict(),
    dormant_after_days: z
      .number({
        required_error: "dormant_after_days is required.",
        invalid_type_error: "dormant_after_days must be a number.",
      })
      .int("dormant_after_days must be whole days.")
      .refine((n) => n === 0 || (n >= DORMANT_LIMITS.min && n <= DORMANT_LIMITS.max), {
        message: `dormant_after_days must be 0 (off) or from ${DORMANT_LIMITS.min} to ${DORMANT_LIMITS.max}.`,
      }),
    dormant_balance_policy: z.enum(DORMANT_POLICIES, {
      errorMap: () => ({ message: "dormant_balance_policy must be payout or forfeit." }),
    }),
  })
  .strict();

/** The owner's retention settings and the job's last runs (docs/api/housekeeping.md#retention). */
export function adminRetentionRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const owner = [requireMember, requireRole("owner")] as const;

  r.get("/retention", ...owner, async (c) =>
    okRead(c, "/adminRoute/retention", await retentionOverview(c.var.deps.db)),
  );

  r.patch("/retention", ...owner, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/retention", RetentionSchema);
    await setRetention(c.var.deps.db, c.var.member.id, body);
    return okWrite(c, "/adminRoute/retention", "Retention saved.");
  });

  // Takes no body, like the other bodiless posts: nothing the caller sends changes the run.
  r.post("/retention/run", ...owner, async (c) => {
    const runs = await c.var.deps.inFlight.track(runRetention(c.var.deps.db, c.var.deps.clock()));
    const deleted = runs.reduce((n, r) => n + r.deleted, 0);
    return okWrite(c, "/adminRoute/retention/run", { runs, message: `Retention run: ${deleted} deleted.` });
  });

  return r;
}
