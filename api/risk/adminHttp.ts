import { Hono, type Context } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { updateSettingAudited } from "../site/settings";
import { applyMemberAction } from "../members/restrictions";
import { ownerForOperatorAccounts, refuseOperatorAccount } from "../members/adminHttp";
import { ROLE_REFUSED, mayUse } from "../../shared/operatorRoles";
import {
  DEFAULT_RISK_POLICY,
  RISK_SIGNAL_KINDS,
  SAME_DEVICE_POLICIES,
  type RiskPolicy,
  type RiskSignalKind,
} from "../../shared/risk";
import type { RiskBulkOutcome, RiskFilters } from "../../shared/contracts/risk";
import { clearMember, riskPolicy } from "./score";
import { RISK_MESSAGES, memberRiskPage, membersNamed, riskMembers } from "./lists";

/**
 * The operator's risk routes under /adminRoute (issue 21 §2, §4): members by score, one member's
 * signals and linked accounts, clearing a member, holding or banning a ring at once, and the risk
 * settings. Reading is for the owner, payouts and moderation; clearing for moderation; a bulk
 * hold for payouts and moderation, a bulk ban for moderation; the settings are the owner's.
 * Every change is audited with the state before and after.
 */

const READERS = requireRole("payouts", "moderation");

const MEMBER_ID = /^[0-9a-f]{24}$/;
/** The most members one bulk action takes. */
export const BULK_MAX = 50;

function memberId(raw: string | undefined): string {
  if (!raw || !MEMBER_ID.test(raw)) throw new ApiError(404, RISK_MESSAGES.notFound);
  return raw;
}

/** `?page=`: absent is page 1; anything but a whole number from 1 is refused. */
function strictPage(c: Context): number {
  const raw = c.req.query("page");
  if (raw === undefined || raw === "") return 1;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new ApiError(400, "page must be a whole number from 1.");
  return Number(raw);
}

/** The risk page's filters: `kind` (a signal kind), `new=today`, `held=1`. */
function filtersOf(c: Context): RiskFilters {
  const kind = c.req.query("kind");
  if (kind !== undefined && kind !== "" && !(RISK_SIGNAL_KINDS as readonly string[]).includes(kind))
    throw new ApiError(400, `kind must be one of ${RISK_SIGNAL_KINDS.join(", ")}.`);
  const fresh = c.req.query("new");
  if (fresh !== undefined && fresh !== "" && fresh !== "today") throw new ApiError(400, "new must be today.");
  const held = c.req.query("held");
  if (held !== undefined && held !== "" && held !== "1" && held !== "0")
    throw new ApiError(400, "held must be 1 or 0.");
  return { kind: kind ? (kind as RiskSignalKind) : null, newToday: fresh === "today", held: held === "1" };
}

const ClearSchema = z
  .object({
    note: z
      .string({ required_error: "note is required.", invalid_type_error: "note must be text." })
      .trim()
      .min(1, "A note is required to clear a member.")
      .max(1000, "The note must be at most 1000 characters."),
  })
  .strict();

const BulkSchema = z
  .object({
    action: z.enum(["hold", "ban"], { errorMap: () => ({ message: "action must be hold or ban." }) }),
    reason: z
      .string({ required_error: "reason is required.", invalid_type_error: "reason must be text." })
      .trim()
      .min(1, "reason is required.")
      .max(500, "reason must be at most 500 characters."),
    memberIds: z
      .array(
        z
          .string({ invalid_type_error: "memberIds must be member ids." })
          .regex(MEMBER_ID, "memberIds must be member ids."),
        {
          required_error: "memberIds is required.",
          invalid_type_error: "memberIds must be a list of member ids.",
        },
      )
      .min(1, "Choose at least one member.")
      .max(BULK_MAX, `At most ${BULK_MAX} members at once.`),
    pending: z
      .enum(["reject", "hold"], { errorMap: () => ({ message: "pending must be reject or hold." }) })
      .optional(),
  })
  .strict()
  .refine((b) => b.action !== "ban" || b.pending !== undefined, {
    message: "pending is required to ban: reject or hold.",
    path: ["pending"],
  });

const weight = (kind: string) =>
  z
    .number({
      required_error: `weights.${kind} is required.`,
      invalid_type_error: `weights.${kind} must be a number.`,
    })
    .int(`weights.${kind} must be a whole number.`)
    .min(0, `weights.${kind} must be from 0 to 1000.`)
    .max(1000, `weights.${kind} must be from 0 to 1000.`);
const threshold = (name: string) =>
  z
    .number({
      required_error: `thresholds.${name} is required.`,
      invalid_type_error: `thresholds.${name} must be a number.`,
    })
    .int(`thresholds.${name} must be a whole number.`)
    .min(1, `thresholds.${name} must be from 1 to 100000.`)
    .max(100_000, `thresholds.${name} must be from 1 to 100000.`);

/** The thresholds' order, as the refusal says it. */
export const THRESHOLD_ORDER_MESSAGE = "Thresholds must rise in order: flag ≤ hold ≤ suspend ≤ ban.";

const SettingsSchema = z
  .object({
    weights: z
      .object(
        Object.fromEntries(RISK_SIGNAL_KINDS.map((k) => [k, weight(k)])) as Record<
          RiskSignalKind,
          ReturnType<typeof weight>
        >,
        { required_error: "weights is required.", invalid_type_error: "weights must be an object." },
      )
      .strict(),
    thresholds: z
      .object(
        {
          flag: threshold("flag"),
          hold: threshold("hold"),
          suspend: threshold("suspend"),
          ban: threshold("ban"),
        },
        { required_error: "thresholds is required.", invalid_type_error: "thresholds must be an object." },
      )
      .strict()
      .refine((t) => t.flag <= t.hold && t.hold <= t.suspend && t.suspend <= t.ban, {
        message: THRESHOLD_ORDER_MESSAGE,
      }),
    autoSuspend: z.boolean({
      required_error: "autoSuspend is required.",
      invalid_type_error: "autoSuspend must be true or false.",
    }),
    autoBan: z.boolean({
      required_error: "autoBan is required.",
      invalid_type_error: "autoBan must be true or false.",
    }),
    sameDevicePolicy: z.enum(SAME_DEVICE_POLICIES, {
      errorMap: () => ({ message: "sameDevicePolicy must be off, flag or refuse." }),
    }),
    firstWithdrawalWaitDays: z
      .number({
        required_error: "firstWithdrawalWaitDays is required.",
        invalid_type_error: "firstWithdrawalWaitDays must be a number.",
      })
      .int("firstWithdrawalWaitDays must be a whole number of days.")
      .min(0, "firstWithdrawalWaitDays must be from 0 to 90.")
      .max(90, "firstWithdrawalWaitDays must be from 0 to 90."),
    claimsPerHourLimit: z
      .number({
        required_error: "claimsPerHourLimit is required.",
        invalid_type_error: "claimsPerHourLimit must be a number.",
      })
      .int("claimsPerHourLimit must be a whole number.")
      .min(1, "claimsPerHourLimit must be from 1 to 100000.")
      .max(100_000, "claimsPerHourLimit must be from 1 to 100000."),
  })
  .strict();

const BULK_WORDS = { hold: "held", ban: "banned" } as const;

/** Operator routes: risk lists, clearing, bulk hold and ban, risk settings. */
export function adminRiskRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/risk", requireMember, READERS, async (c) => {
    const { db, clock } = c.var.deps;
    const filters = filtersOf(c);
    return okRead(c, "/adminRoute/risk", await riskMembers(db, filters, strictPage(c), clock()));
  });

  r.get("/risk/settings", requireMember, READERS, async (c) =>
    okRead(c, "/adminRoute/risk/settings", {
      policy: await riskPolicy(c.var.deps.db),
      defaults: DEFAULT_RISK_POLICY,
    }),
  );

  r.patch("/risk/settings", requireMember, requireRole("owner"), async (c) => {
    const body: RiskPolicy = await readBodyAt(c, "/adminRoute/risk/settings", SettingsSchema);
    await updateSettingAudited(c.var.deps.db, {
      actorUserId: c.var.member.id,
      key: "risk_policy",
      value: body,
      action: "risk.settings",
    });
    return okWrite(c, "/adminRoute/risk/settings", "Risk settings saved.");
  });

  r.get("/members/:id/risk", requireMember, READERS, ownerForOperatorAccounts, async (c) =>
    okRead(
      c,
      "/adminRoute/members/:id/risk",
      await memberRiskPage(c.var.deps.db, memberId(c.req.param("id")), strictPage(c)),
    ),
  );

  r.post("/members/:id/risk/clear", requireMember, requireRole("moderation"), async (c) => {
    await refuseOperatorAccount(c);
    const userId = memberId(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/members/:id/risk/clear", ClearSchema);
    const { db, clock } = c.var.deps;
    if ((await membersNamed(db, [userId])).size === 0) throw new ApiError(404, RISK_MESSAGES.notFound);
    const done = await clearMember(db, {
      userId,
      actorUserId: c.var.member.id,
      note: body.note,
      now: clock(),
    });
    const message =
      `Member cleared: ${done.cleared} signal(s) cleared.` +
      (done.released ? " The automatic hold was released." : "");
    return okWrite(c, "/adminRoute/members/:id/risk/clear", { message, ...done });
  });

  r.post("/members/:id/risk/bulk", requireMember, requireRole("payouts", "moderation"), async (c) => {
    const originId = memberId(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/members/:id/risk/bulk", BulkSchema);
    if (body.action === "ban" && !mayUse(c.var.member.operatorRoles, ["moderation"]))
      throw new ApiError(403, ROLE_REFUSED);
    const { db, clock } = c.var.deps;
    const ids = [...new Set(body.memberIds)];
    const named = await membersNamed(db, [originId, ...ids]);
    if (!named.has(originId)) throw new ApiError(404, RISK_MESSAGES.notFound);
    const missing = ids.filter((id) => !named.has(id));
    if (missing.length > 0) throw new ApiError(400, `Member not found: ${missing.join(", ")}.`);

    const now = clock();
    const results: RiskBulkOutcome["results"] = [];
    // One transaction per member (each audited by the action itself), then the bulk's own record.
    for (const id of ids) {
      try {
        const outcome = await applyMemberAction(db, {
          actorUserId: c.var.member.id,
          userId: id,
          action: body.action,
          reason: body.reason,
          pending: body.action === "ban" ? body.pending : undefined,
          now,
        });
        results.push({ id, userName: named.get(id)!, changed: outcome.changed, message: outcome.message });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        results.push({ id, userName: named.get(id)!, changed: false, message: err.message });
      }
    }
    const changed = results.filter((x) => x.changed);
    await db.transaction((tx) =>
      recordAudit(tx, {
        actorUserId: c.var.member.id,
        action: `risk.bulk.${body.action}`,
        target: `member:${originId}`,
        before: { selected: ids },
        after: {
          reason: body.reason,
          ...(body.action === "ban" ? { pending: body.pending } : {}),
          changed: changed.map((x) => x.id),
          unchanged: results.filter((x) => !x.changed).map((x) => ({ id: x.id, message: x.message })),
        },
      }),
    );
    const message = `${changed.length} of ${results.length} member(s) ${BULK_WORDS[body.action]}.`;
    return okWrite(c, "/adminRoute/members/:id/risk/bulk", { message, results });
  });

  return r;
}
