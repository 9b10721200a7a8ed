import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, ok, okRead, readBody, requireMember, requireRole } from "../http";
import type { OperatorRole } from "../../shared/operatorRoles";
import type { MemberActionOutcome } from "../../shared/contracts/memberActions";
import { RESTRICTION_MESSAGES, applyMemberAction, restrictionState, type MemberAction } from "./restrictions";
import { ownerForOperatorAccounts } from "./adminHttp";
import { retryingTransactions } from "../db/retry";

/** A member id as the API makes them (api/lib/ids.ts); anything else is not a member. */
const MEMBER_ID = /^[0-9a-f]{24}$/;

const reason = z
  .string({ required_error: "reason is required.", invalid_type_error: "reason must be text." })
  .trim()
  .min(1, "reason is required.")
  .max(500, "reason must be at most 500 characters.");

const ReasonSchema = z.object({ reason }).strict();
const BanSchema = z
  .object({
    reason,
    pending: z.enum(["reject", "hold"], {
      errorMap: () => ({ message: "pending must be reject or hold." }),
    }),
  })
  .strict();

/** Each action's path (under /members/:id), the roles that may use it (the owner may use all). */
const ACTIONS: { path: string; action: MemberAction; roles: OperatorRole[] }[] = [
  { path: "sessions/end", action: "sessions.end", roles: ["support", "moderation"] },
  { path: "hold", action: "hold", roles: ["payouts"] },
  { path: "hold/release", action: "hold.release", roles: ["payouts"] },
  { path: "suspend", action: "suspend", roles: ["moderation"] },
  { path: "suspend/lift", action: "suspend.lift", roles: ["moderation"] },
  { path: "ban", action: "ban", roles: ["moderation"] },
  { path: "ban/lift", action: "ban.lift", roles: ["moderation"] },
];

function memberId(raw: string): string {
  if (!MEMBER_ID.test(raw)) throw new ApiError(404, RESTRICTION_MESSAGES.notFound);
  return raw;
}

/** Operator routes: actions on a member (end sessions, hold withdrawals, suspend earning, ban; lift each). */
export function adminMemberActionsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get(
    "/members/:id/restrictions",
    requireMember,
    requireRole("payouts", "support", "moderation"),
    ownerForOperatorAccounts,
    async (c) =>
      okRead(
        c,
        "/adminRoute/members/:id/restrictions",
        await restrictionState(c.var.deps.db, memberId(c.req.param("id"))),
      ),
  );

  for (const a of ACTIONS) {
    r.post(`/members/:id/${a.path}`, requireMember, requireRole(...a.roles), async (c) => {
      const userId = memberId(c.req.param("id"));
      const body =
        a.action === "ban"
          ? await readBody(c, BanSchema)
          : { ...(await readBody(c, ReasonSchema)), pending: undefined };
      // A ban rejects the member's Pending withdrawals: run again when it lost a deadlock to a settle.
      const outcome = await applyMemberAction(retryingTransactions(c.var.deps.db), {
        actorUserId: c.var.member.id,
        userId,
        action: a.action,
        reason: body.reason,
        pending: body.pending,
      });
      return ok(c, outcome satisfies MemberActionOutcome);
    });
  }

  return r;
}
