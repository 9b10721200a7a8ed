import { and, count, desc, eq, gte, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paged } from "../db/paging";
import { contactMessages, contactReplies, taskWallOpenings, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { PAGE_SIZE } from "../../shared/pagination";
import {
  MISSING_CREDIT_DAYS,
  MISSING_CREDIT_PROMISE,
  type MissingCreditFiled,
  type MyMessageList,
  type OpenedWall,
} from "../../shared/contracts/support";
import { wallsById } from "./walls";
import { DAY_MS, missingCreditOf, threadReplies } from "./support";
import { SUPPORT_MESSAGES } from "./messages";

/**
 * The member's side of support: their own threads and follow-ups, the task walls they opened
 * (logged by api/taskWalls/openings.ts), and missing-credit reports for those walls.
 */

/** The member's own messages, newest first, each with its replies oldest first. */
export async function listMyMessages(db: Db, userId: string, page: number): Promise<MyMessageList> {
  const mine = eq(contactMessages.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(contactMessages).where(mine),
    page,
    PAGE_SIZE.withdrawals,
    db
      .select()
      .from(contactMessages)
      .where(mine)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
  );
  const [replies, walls] = await Promise.all([
    threadReplies(
      db,
      rows.map((m) => m.id),
      false,
    ),
    wallsById(db),
  ]);
  return {
    records: rows.map((m) => ({
      id: m.id,
      subject: m.subject,
      message: m.message,
      status: m.status,
      kind: m.kind,
      missingCredit: missingCreditOf(m, walls),
      replies: replies.get(m.id) ?? [],
      time: m.createdAt.toISOString(),
    })),
    pagination,
  };
}

/** A member's follow-up in their own thread: stored, and the message open again for the operators. */
export async function replyAsMember(
  db: Db,
  input: { messageId: number; userId: string; body: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [m] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(eq(contactMessages.id, input.messageId), eq(contactMessages.userId, input.userId)))
      .for("update");
    // Someone else's message is as unknown as a missing one.
    if (!m) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
    await tx.insert(contactReplies).values({
      messageId: m.id,
      authorUserId: null,
      fromOperator: false,
      body: input.body,
      createdAt: input.now,
    });
    await tx
      .update(contactMessages)
      .set({ status: "open", updatedAt: input.now })
      .where(eq(contactMessages.id, m.id));
  });
}

/** The walls the member opened in the last 30 days (that still exist), most recently opened first. */
export async function openedWalls(db: Db | Tx, userId: string, now: Date): Promise<OpenedWall[]> {
  const [rows, walls] = await Promise.all([
    db
      .select({ wallId: taskWallOpenings.wallId, last: max(taskWallOpenings.createdAt) })
      .from(taskWallOpenings)
      .where(
        and(
          eq(taskWallOpenings.userId, userId),
          gte(taskWallOpenings.createdAt, new Date(now.getTime() - MISSING_CREDIT_DAYS * DAY_MS)),
        ),
      )
      .groupBy(taskWallOpenings.wallId)
      .orderBy(sql`max(${taskWallOpenings.createdAt}) desc`),
    wallsById(db),
  ]);
  const out: OpenedWall[] = [];
  for (const r of rows) {
    const wall = walls.get(r.wallId);
    if (wall && r.last)
      out.push({ wallId: wall.id, name: wall.name, lastOpenedAt: new Date(r.last).toISOString() });
  }
  return out;
}

export interface MissingCreditInput {
  wallId: string;
  offerName: string;
  completedAt: Date;
  details?: string;
}

/** A member's missing-credit report, stored as a contact message of kind missing_credit. */
export async function fileMissingCredit(
  db: Db,
  userId: string,
  input: MissingCreditInput,
  now: Date,
): Promise<MissingCreditFiled> {
  const at = input.completedAt.getTime();
  if (at > now.getTime() + 60_000) throw new DomainError("invalid_input", SUPPORT_MESSAGES.completedInFuture);
  if (at < now.getTime() - MISSING_CREDIT_DAYS * DAY_MS)
    throw new DomainError("invalid_input", SUPPORT_MESSAGES.completedTooOld);
  const wall = (await openedWalls(db, userId, now)).find((w) => w.wallId === input.wallId);
  if (!wall) throw new DomainError("invalid_input", SUPPORT_MESSAGES.wallNotOpened);
  const [member] = await db
    .select({ name: users.name, email: users.email, mobile: users.mobileNumber })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new DomainError("not_found", "User not found.");
  const details = input.details?.trim() ?? "";
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId,
      name: member.name,
      email: member.email,
      mobileNumber: member.mobile === null ? "" : String(member.mobile),
      subject: `Missing credit: ${input.offerName} on ${wall.name}`,
      message: details || "(no details given)",
      kind: "missing_credit",
      taskWallId: wall.wallId,
      offerName: input.offerName,
      completedAt: input.completedAt,
      status: "open",
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: contactMessages.id, status: contactMessages.status });
  return {
    id: row!.id,
    status: row!.status,
    message: SUPPORT_MESSAGES.reportFiled,
    promise: MISSING_CREDIT_PROMISE,
  };
}
