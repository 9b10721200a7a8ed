import { and, asc, count, desc, eq, gte, inArray, lte, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  cannedReplies,
  contactMessages,
  contactReplies,
  taskWallOpenings,
  taskWallPostbacks,
  users,
} from "../db/schema";
import type { Mailer } from "../lib/mailer";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { PAGE_SIZE, offsetOf, pageOf } from "../../shared/pagination";
import {
  MISSING_CREDIT_DAYS,
  MISSING_CREDIT_PROMISE,
  type CannedReply,
  type ContactMessage,
  type ContactMessageList,
  type ContactReply,
  type ContactThread,
  type MessageStatus,
  type MissingCreditFacts,
  type MissingCreditFiled,
  type MyMessageList,
  type OpenedWall,
  type ThreadPostback,
} from "../../shared/contracts/support";
import { wallsById, type KnownWall } from "./walls";

/**
 * Support that answers: contact messages get a status (open → answered by an operator's reply,
 * closed by an operator, reopened by a member's follow-up), a thread of replies, canned replies for
 * the common questions, and members' missing-credit reports for a task wall they opened.
 * Operators' changes are audited in their transaction; the reply's mail goes out after the commit.
 */

export const SUPPORT_MESSAGES = {
  notFound: "Message not found.",
  cannedNotFound: "Canned reply not found.",
  replied: "Reply sent.",
  repliedMailFailed:
    "Reply saved, but the e-mail could not be sent; the member sees it on their support page.",
  followUp: "Your reply has been sent. We will answer on this page and by e-mail.",
  cannedSaved: "Canned reply saved.",
  cannedDeleted: "Canned reply deleted.",
  wallNotOpened: `Choose a task wall you opened in the last ${MISSING_CREDIT_DAYS} days.`,
  completedInFuture: "The completion time cannot be in the future.",
  completedTooOld: `Missing credits can be reported for offers completed in the last ${MISSING_CREDIT_DAYS} days.`,
  reportFiled: "Your missing-credit report has been received.",
} as const;

export const statusMessage = (status: MessageStatus) =>
  status === "closed"
    ? "Message closed."
    : status === "open"
      ? "Message reopened."
      : "Message marked answered.";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Postbacks shown beside a missing-credit report: this long either side of the completion time. */
const POSTBACK_WINDOW_MS = 3 * DAY_MS;
const POSTBACKS_SHOWN = 50;
/** One opening row per member and wall within this time. */
const OPENING_DEDUP_MS = 60_000;

type MessageRow = typeof contactMessages.$inferSelect;

function missingCreditOf(m: MessageRow, walls: Map<string, KnownWall>): MissingCreditFacts | null {
  if (m.kind !== "missing_credit" || m.taskWallId === null) return null;
  const wall = walls.get(m.taskWallId);
  return {
    wallId: wall?.id ?? String(m.taskWallId),
    wallName: wall?.name ?? `Wall ${m.taskWallId}`,
    offerName: m.offerName ?? "",
    completedAt: (m.completedAt ?? m.createdAt).toISOString(),
  };
}

function toMessage(
  m: MessageRow,
  userName: string | null,
  replies: number,
  walls: Map<string, KnownWall>,
): ContactMessage {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    mobile_number: m.mobileNumber,
    subject: m.subject,
    message: m.message,
    userId: m.userId,
    userName,
    status: m.status,
    kind: m.kind,
    missingCredit: missingCreditOf(m, walls),
    replies,
    time: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

async function replyCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contactReplies.messageId, n: count() })
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, ids))
    .groupBy(contactReplies.messageId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The operators' list: newest first, optionally one status, one page. */
export async function listContactMessages(
  db: Db,
  opts: { status: MessageStatus | "all"; page: number },
): Promise<ContactMessageList> {
  const where = opts.status === "all" ? undefined : eq(contactMessages.status, opts.status);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  const pagination = pageOf(opts.page, PAGE_SIZE.operatorLists, Number(total?.n ?? 0));
  const rows = await db
    .select({ m: contactMessages, userName: users.userName })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  const [counts, walls] = await Promise.all([
    replyCounts(
      db,
      rows.map((r) => r.m.id),
    ),
    wallsById(db),
  ]);
  return {
    records: rows.map(({ m, userName }) => toMessage(m, userName ?? null, counts.get(m.id) ?? 0, walls)),
    status: opts.status,
    pagination,
  };
}

async function threadReplies(db: Db | Tx, messageIds: number[], operatorView: boolean) {
  if (messageIds.length === 0) return new Map<number, ContactReply[]>();
  const rows = await db
    .select({ r: contactReplies, author: users.userName })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.authorUserId))
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  const byMessage = new Map<number, ContactReply[]>();
  for (const { r, author } of rows) {
    const list = byMessage.get(r.messageId) ?? [];
    list.push({
      id: r.id,
      fromOperator: r.fromOperator,
      author: operatorView && r.fromOperator ? (author ?? null) : null,
      body: r.body,
      time: r.createdAt.toISOString(),
    });
    byMessage.set(r.messageId, list);
  }
  return byMessage;
}

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

/** One message's thread for the operator, with the member's postbacks for a missing-credit report's wall. */
export async function contactThread(db: Db, id: number): Promise<ContactThread> {
  const [row] = await db
    .select({ m: contactMessages, userName: users.userName })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .where(eq(contactMessages.id, id));
  if (!row) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
  const [replies, walls, canned] = await Promise.all([
    threadReplies(db, [id], true),
    wallsById(db),
    listCannedReplies(db),
  ]);
  const list = replies.get(id) ?? [];
  const message = toMessage(row.m, row.userName ?? null, list.length, walls);
  let postbacks: ThreadPostback[] | null = null;
  if (message.missingCredit) {
    postbacks = [];
    const wall = walls.get(row.m.taskWallId!);
    if (wall && row.m.userId) {
      const at = new Date(message.missingCredit.completedAt).getTime();
      const rows = await db
        .select()
        .from(taskWallPostbacks)
        .where(
          and(
            eq(taskWallPostbacks.wallId, wall.id),
            eq(taskWallPostbacks.userId, row.m.userId),
            gte(taskWallPostbacks.createdAt, new Date(at - POSTBACK_WINDOW_MS)),
            lte(taskWallPostbacks.createdAt, new Date(at + POSTBACK_WINDOW_MS)),
          ),
        )
        .orderBy(desc(taskWallPostbacks.createdAt), desc(taskWallPostbacks.id))
        .limit(POSTBACKS_SHOWN);
      postbacks = rows.map((p) => ({
        id: p.id,
        verdict: p.verdict,
        detail: p.detail,
        transactionId: p.transactionId,
        amount: p.amount,
        time: p.createdAt.toISOString(),
      }));
    }
  }
  return { message, replies: list, postbacks, cannedReplies: canned };
}

/** The mail a reply sends: the reply, then the original subject and message quoted below. */
export function replyMail(m: Pick<MessageRow, "email" | "name" | "subject" | "message">, body: string) {
  const quoted = m.message
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");
  return {
    to: m.email,
    subject: `Re: ${m.subject}`,
    text: `Hello ${m.name},\n\n${body}\n\nYou can see this conversation and reply on your support page.\n\n---\nYour message "${m.subject}":\n${quoted}\n`,
  };
}

/**
 * An operator's reply: stored in the thread, the message marked answered, audited, then mailed to
 * the sender. Answers whether the mail went out (the reply stays either way).
 */
export async function replyAsOperator(
  deps: { db: Db; mailer: Mailer; clock: () => Date },
  input: { messageId: number; operatorId: string; body: string },
): Promise<{ mailed: boolean }> {
  const now = deps.clock();
  const message = await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, input.messageId))
      .for("update");
    if (!m) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
    const [reply] = await tx
      .insert(contactReplies)
      .values({
        messageId: m.id,
        authorUserId: input.operatorId,
        fromOperator: true,
        body: input.body,
        createdAt: now,
      })
      .returning({ id: contactReplies.id });
    await tx
      .update(contactMessages)
      .set({ status: "answered", updatedAt: now })
      .where(eq(contactMessages.id, m.id));
    await recordAudit(tx, {
      actorUserId: input.operatorId,
      action: "support.reply",
      target: `contact_message:${m.id}`,
      before: { status: m.status },
      after: { status: "answered", replyId: reply!.id, body: input.body },
    });
    return m;
  });
  try {
    await deps.mailer.send(replyMail(message, input.body));
    return { mailed: true };
  } catch (e) {
    console.error("support reply mail failed", e);
    return { mailed: false };
  }
}

/** Close, reopen (or mark answered) a message; audited. */
export async function setMessageStatus(
  db: Db,
  input: { messageId: number; operatorId: string; status: MessageStatus; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [m] = await tx
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, input.messageId))
      .for("update");
    if (!m) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
    await tx
      .update(contactMessages)
      .set({ status: input.status, updatedAt: input.now })
      .where(eq(contactMessages.id, input.messageId));
    await recordAudit(tx, {
      actorUserId: input.operatorId,
      action: "support.status",
      target: `contact_message:${input.messageId}`,
      before: { status: m.status },
      after: { status: input.status },
    });
  });
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

/** The member's own messages, newest first, each with its replies oldest first. */
export async function listMyMessages(db: Db, userId: string, page: number): Promise<MyMessageList> {
  const mine = eq(contactMessages.userId, userId);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(mine);
  const pagination = pageOf(page, PAGE_SIZE.withdrawals, Number(total?.n ?? 0));
  const rows = await db
    .select()
    .from(contactMessages)
    .where(mine)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
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

/**
 * Logs a member's opening of a wall: at most one row per member and wall a minute (a reload or
 * the page's revalidation does not add more).
 */
export async function recordWallOpening(db: Db, userId: string, wallId: string, now: Date): Promise<void> {
  const key = wallId;
  const [recent] = await db
    .select({ id: taskWallOpenings.id })
    .from(taskWallOpenings)
    .where(
      and(
        eq(taskWallOpenings.userId, userId),
        eq(taskWallOpenings.wallId, key),
        gte(taskWallOpenings.createdAt, new Date(now.getTime() - OPENING_DEDUP_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  await db.insert(taskWallOpenings).values({ userId, wallId: key, createdAt: now });
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
