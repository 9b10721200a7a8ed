import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { auditLog, users } from "../db/schema";

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

export async function listAudit(db: Db, limit = 200) {
  const rows = await db
    .select({
      id: auditLog.id,
      actorUserId: auditLog.actorUserId,
      actorUserName: users.userName,
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
  return rows.map((r) => ({
    id: r.id,
    actor: r.actorUserName ?? r.actorUserId,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    time: r.createdAt.toISOString(),
  }));
}
