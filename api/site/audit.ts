import { desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { userNamesById } from "../db/userNames";
import { auditLog, balanceAdjustments, contactMessages, users, withdrawals } from "../db/schema";
import type { AuditRecord } from "../../shared/contracts/operators";

/**
 * The operators' audit trail: every change an operator makes is recorded with who, what, when,
 * and the state before and after — written in the same transaction as the change, so a change
 * without its record (or a record without its change) cannot exist.
 */
export interface AuditInput {
  /** The operator's user id; `cli` for changes made from the command line. */
  actorUserId: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: input.actorUserId,
    action: input.action,
    target: input.target,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}

/** The ids after `kind:` among the targets (e.g. every withdrawal the page's records name). */
const idsOf = (targets: string[], ...kinds: string[]) => [
  ...new Set(
    targets.flatMap((t) => {
      const colon = t.indexOf(":");
      return colon > 0 && kinds.includes(t.slice(0, colon)) ? [t.slice(colon + 1)] : [];
    }),
  ),
];

/**
 * The names the audit sentences need (issue 45 §3): members named by a target, and the member a
 * withdrawal, an adjustment or a contact message concerns. One query per kind, for the whole page.
 */
async function auditNames(db: Db, targets: string[]) {
  const withdrawalIds = idsOf(targets, "withdrawal");
  const adjustmentIds = idsOf(targets, "adjustment");
  const messageIds = idsOf(targets, "contact_message")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n));
  const [ws, adjs, msgs] = await Promise.all([
    withdrawalIds.length
      ? db
          .select({ id: withdrawals.id, userId: withdrawals.userId })
          .from(withdrawals)
          .where(inArray(withdrawals.id, withdrawalIds))
      : [],
    adjustmentIds.length
      ? db
          .select({ id: balanceAdjustments.id, userId: balanceAdjustments.userId })
          .from(balanceAdjustments)
          .where(inArray(balanceAdjustments.id, adjustmentIds))
      : [],
    messageIds.length
      ? db
          .select({ id: contactMessages.id, userId: contactMessages.userId })
          .from(contactMessages)
          .where(inArray(contactMessages.id, messageIds))
      : [],
  ]);
  const memberOf = new Map<string, string>();
  for (const w of ws) memberOf.set(`withdrawal:${w.id}`, w.userId);
  for (const a of adjs) memberOf.set(`adjustment:${a.id}`, a.userId);
  for (const m of msgs) if (m.userId) memberOf.set(`contact_message:${m.id}`, m.userId);
  const userIds = [...new Set([...idsOf(targets, "member", "user"), ...memberOf.values()])];
  return { memberOf, names: await userNamesById(db, userIds) };
}

export async function listAudit(db: Db, limit = 200): Promise<AuditRecord[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      actorUserId: auditLog.actorUserId,
      actorUserName: users.userName,
      actorRoles: users.operatorRoles,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  const { memberOf, names } = await auditNames(
    db,
    rows.map((r) => r.target),
  );
  return rows.map((r) => {
    const colon = r.target.indexOf(":");
    const kind = r.target.slice(0, Math.max(colon, 0));
    const targetUser = kind === "member" || kind === "user" ? r.target.slice(colon + 1) : null;
    const memberId = memberOf.get(r.target) ?? null;
    return {
      id: r.id,
      actor: r.actorUserName ?? r.actorUserId,
      actorId: r.actorUserId,
      actorRoles: r.actorRoles ?? [],
      action: r.action,
      target: r.target,
      targetName: targetUser ? (names.get(targetUser) ?? null) : null,
      member: memberId ? { id: memberId, userName: names.get(memberId) ?? memberId } : null,
      before: r.before,
      after: r.after,
      time: r.createdAt.toISOString(),
    };
  });
}
