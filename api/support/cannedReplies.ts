import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { cannedReplies } from "../db/schema";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { withPayoutTime } from "../site/payoutTime";
import { type CannedReply } from "../../shared/contracts/support";
import { SUPPORT_MESSAGES } from "./messages";

/** Operator-editable canned replies for the common questions (each change audited). */

export async function listCannedReplies(db: Db | Tx): Promise<CannedReply[]> {
  return db
    .select({
      id: cannedReplies.id,
      title: cannedReplies.title,
      body: cannedReplies.body,
      sortOrder: cannedReplies.sortOrder,
    })
    .from(cannedReplies)
    .orderBy(asc(cannedReplies.sortOrder), asc(cannedReplies.id));
}

/**
 * The canned replies as a reply starts from them: `{payout_time}` filled from the owner's payout
 * time (api/site/payoutTime.ts), so the reply says what the withdraw page says.
 */
export async function cannedRepliesForReply(db: Db | Tx): Promise<CannedReply[]> {
  const rows = await listCannedReplies(db);
  const bodies = await withPayoutTime(
    db,
    rows.map((r) => r.body),
    "en",
  );
  return rows.map((r, i) => ({ ...r, body: bodies[i] ?? r.body }));
}

export async function createCannedReply(
  db: Db,
  operatorId: string,
  input: { title: string; body: string; sortOrder?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cannedReplies)
      .values({ title: input.title, body: input.body, sortOrder: input.sortOrder ?? 0 })
      .returning();
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: "support.canned.create",
      target: `canned_reply:${row!.id}`,
      after: row,
    });
    return row!.id;
  });
}

export async function updateCannedReply(
  db: Db,
  operatorId: string,
  id: number,
  input: { title: string; body: string; sortOrder?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cannedReplies).where(eq(cannedReplies.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SUPPORT_MESSAGES.cannedNotFound);
    const [after] = await tx
      .update(cannedReplies)
      .set({ title: input.title, body: input.body, sortOrder: input.sortOrder ?? before.sortOrder })
      .where(eq(cannedReplies.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: "support.canned.update",
      target: `canned_reply:${id}`,
      before,
      after,
    });
  });
}

export async function deleteCannedReply(db: Db, operatorId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning();
    if (!before) throw new DomainError("not_found", SUPPORT_MESSAGES.cannedNotFound);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: "support.canned.delete",
      target: `canned_reply:${id}`,
      before,
    });
  });
}
