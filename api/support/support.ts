import { and, asc, count, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paged } from "../db/paging";
import { contactMessages, contactReplies, taskWallPostbacks, users } from "../db/schema";
import type { Mailer } from "../site/mailer";
import { mailWords, type MailWords } from "../lib/mailWords";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { PAGE_SIZE } from "../../shared/pagination";
import {
  type ContactMessage,
  type ContactMessageList,
  type ContactReply,
  type ContactThread,
  type GrievanceOfficer,
  type MessageStatus,
  type MissingCreditFacts,
  type ThreadPostback,
} from "../../shared/contracts/support";
import { wallsById, type KnownWall } from "./walls";
import { cannedRepliesForReply } from "./cannedReplies";
import { SUPPORT_MESSAGES } from "./messages";
import { grievanceClocks, grievanceOfficer } from "./grievance";
import { log } from "../../shared/log.server";

/**
 * Support that answers: contact messages get a status (open → answered by an operator's reply,
 * closed by an operator, reopened by a member's follow-up), a thread of replies, canned replies for
 * the common questions, and members' missing-credit reports for a task wall they opened.
 * Operators' changes are audited in their transaction; the reply's mail goes out after the commit.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Postbacks shown beside a missing-credit report: this long either side of the completion time. */
const POSTBACK_WINDOW_MS = 3 * DAY_MS;
const POSTBACKS_SHOWN = 50;

export type MessageRow = typeof contactMessages.$inferSelect;

export function missingCreditOf(m: MessageRow, walls: Map<string, KnownWall>): MissingCreditFacts | null {
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
  officer: GrievanceOfficer,
  now: Date,
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
    grievance: m.kind === "grievance" ? grievanceClocks(m, officer, now) : null,
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
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(contactMessages).where(where),
    opts.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ m: contactMessages, userName: users.userName })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.userId))
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
  );
  const [counts, walls, officer] = await Promise.all([
    replyCounts(
      db,
      rows.map((r) => r.m.id),
    ),
    wallsById(db),
    grievanceOfficer(db),
  ]);
  const now = new Date();
  return {
    records: rows.map(({ m, userName }) =>
      toMessage(m, userName ?? null, counts.get(m.id) ?? 0, walls, officer, now),
    ),
    status: opts.status,
    pagination,
  };
}

export async function threadReplies(db: Db | Tx, messageIds: number[], operatorView: boolean) {
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

/** One message's thread for the operator, with the member's postbacks for a missing-credit report's wall. */
export async function contactThread(db: Db, id: number): Promise<ContactThread> {
  const [row] = await db
    .select({ m: contactMessages, userName: users.userName })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .where(eq(contactMessages.id, id));
  if (!row) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
  const [replies, walls, canned, officer] = await Promise.all([
    threadReplies(db, [id], true),
    wallsById(db),
    cannedRepliesForReply(db),
    grievanceOfficer(db),
  ]);
  const list = replies.get(id) ?? [];
  const message = toMessage(row.m, row.userName ?? null, list.length, walls, officer, new Date());
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
export function replyMail(
  m: Pick<MessageRow, "email" | "name" | "subject" | "message">,
  body: string,
  words: MailWords = mailWords(null),
) {
  const quoted = m.message
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");
  return {
    to: m.email,
    subject: words.supportReply.subject(m.subject),
    text: `${words.hello(m.name)}\n\n${body}\n\n${words.supportReply.seeOnPage}\n\n---\n${words.supportReply.yourMessage(m.subject)}\n${quoted}\n`,
  };
}

/** The mail words of the member who wrote a message: their stored language; English for a visitor. */
async function senderWords(db: Db, userId: string | null): Promise<MailWords> {
  if (!userId) return mailWords(null);
  const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return mailWords(u?.language);
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
    const words = await senderWords(deps.db, message.userId).catch(() => mailWords(null));
    await deps.mailer.send(replyMail(message, input.body, words));
    return { mailed: true };
  } catch (e) {
    log.error({ err: e }, "support reply mail failed");
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
