import { asc, desc, eq, max, min, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { announcements, faqs, homeSections } from "../db/schema";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import type { ContentListKind } from "../../shared/contracts/siteWords";
import { SITE_WORDS_MESSAGES, cleanHtml, cleanMarkdown, cleanText } from "./siteWords";
import { cleanHtmlHi, cleanMarkdownHi, cleanTextHi } from "./localized";

/**
 * The site's ordered lists as operators edit them: announcements, FAQ items and home page sections
 * (create, edit, delete, move), each change audited in its transaction (siteWords.ts: the rules).
 * Each text has an optional Hindi version (`*_hi`, localized.ts): cleaned like the English; left
 * out of an edit it is kept, sent empty it is removed. An announcement is Markdown, kept as typed
 * (siteWords.ts cleanMarkdown); FAQ answers and section messages are HTML, kept cleaned.
 */

// Announcements, FAQ items and home sections: ordered lists

type OrderedKind = ContentListKind;

/** The public order of each list: the operator's order, then (announcements) newest first. */
export const PUBLIC_ORDER = {
  announcements: [asc(announcements.sortOrder), desc(announcements.createdAt), desc(announcements.id)],
  faq: [asc(faqs.sortOrder), asc(faqs.id)],
  "home-sections": [asc(homeSections.sortOrder), asc(homeSections.id)],
} as const satisfies Record<OrderedKind, readonly SQL[]>;

function orderedIds(tx: Db | Tx, kind: OrderedKind, lock = false) {
  const q =
    kind === "announcements"
      ? tx
          .select({ id: announcements.id, sortOrder: announcements.sortOrder })
          .from(announcements)
          .orderBy(...PUBLIC_ORDER.announcements)
      : kind === "faq"
        ? tx
            .select({ id: faqs.id, sortOrder: faqs.sortOrder })
            .from(faqs)
            .orderBy(...PUBLIC_ORDER.faq)
        : tx
            .select({ id: homeSections.id, sortOrder: homeSections.sortOrder })
            .from(homeSections)
            .orderBy(...PUBLIC_ORDER["home-sections"]);
  return lock ? q.for("update") : q;
}

async function setOrder(tx: Tx, kind: OrderedKind, id: number, sortOrder: number): Promise<void> {
  if (kind === "announcements")
    await tx.update(announcements).set({ sortOrder }).where(eq(announcements.id, id));
  else if (kind === "faq") await tx.update(faqs).set({ sortOrder }).where(eq(faqs.id, id));
  else await tx.update(homeSections).set({ sortOrder }).where(eq(homeSections.id, id));
}

const AUDIT_NAME: Record<OrderedKind, string> = {
  announcements: "announcement",
  faq: "faq",
  "home-sections": "home_section",
};

/**
 * Moves an item one place up or down in its list's public order. The whole list is locked and its
 * order written as 0, 1, 2… (rows whose order already matches are left alone).
 */
export async function moveItem(
  db: Db,
  actorUserId: string,
  kind: OrderedKind,
  id: number,
  direction: "up" | "down",
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await orderedIds(tx, kind, true);
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyFirst);
    if (to >= rows.length) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyLast);
    const order = rows.map((r) => r.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    const current = new Map(rows.map((r) => [r.id, r.sortOrder]));
    for (const [i, rowId] of order.entries())
      if (current.get(rowId) !== i) await setOrder(tx, kind, rowId, i);
    await recordAudit(tx, {
      actorUserId,
      action: `content.${AUDIT_NAME[kind]}.move`,
      target: `${AUDIT_NAME[kind]}:${id}`,
      before: { position: at + 1 },
      after: { position: to + 1 },
    });
  });
}

const announcementView = (r: typeof announcements.$inferSelect) => ({
  message: r.message,
  message_hi: r.messageHi,
  time: r.createdAt.toISOString(),
  sortOrder: r.sortOrder,
});

/** A new announcement goes first (its order before every other one). */
export async function createAnnouncement(
  db: Db,
  actorUserId: string,
  input: { message: string; message_hi?: string; time?: Date },
): Promise<number> {
  const message = cleanMarkdown(input.message);
  const messageHi = cleanMarkdownHi(input.message_hi) ?? null;
  return db.transaction(async (tx) => {
    const [first] = await tx.select({ v: min(announcements.sortOrder) }).from(announcements);
    const sortOrder = first?.v === null || first?.v === undefined ? 0 : Number(first.v) - 1;
    const [row] = await tx
      .insert(announcements)
      .values({ message, messageHi, sortOrder, ...(input.time ? { createdAt: input.time } : {}) })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.announcement.create",
      target: `announcement:${row!.id}`,
      before: null,
      after: announcementView(row!),
    });
    return row!.id;
  });
}

export async function updateAnnouncement(
  db: Db,
  actorUserId: string,
  id: number,
  input: { message: string; message_hi?: string; time?: Date },
): Promise<void> {
  const message = cleanMarkdown(input.message);
  const messageHi = cleanMarkdownHi(input.message_hi);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const [after] = await tx
      .update(announcements)
      .set({
        message,
        ...(messageHi !== undefined ? { messageHi } : {}),
        ...(input.time ? { createdAt: input.time } : {}),
      })
      .where(eq(announcements.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.announcement.update",
      target: `announcement:${id}`,
      before: announcementView(before),
      after: announcementView(after!),
    });
  });
}

export async function deleteAnnouncement(db: Db, actorUserId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId,
      action: "content.announcement.delete",
      target: `announcement:${id}`,
      before: announcementView(before),
      after: null,
    });
  });
}

const faqView = (r: typeof faqs.$inferSelect) => ({
  question: r.question,
  answer: r.answer,
  question_hi: r.questionHi,
  answer_hi: r.answerHi,
  sortOrder: r.sortOrder,
});

/** A new FAQ item goes last. */
export async function createFaq(
  db: Db,
  actorUserId: string,
  input: { question: string; answer: string; question_hi?: string; answer_hi?: string },
): Promise<number> {
  const question = cleanText(input.question);
  const answer = cleanHtml(input.answer);
  const questionHi = cleanTextHi(input.question_hi) ?? null;
  const answerHi = cleanHtmlHi(input.answer_hi) ?? null;
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ v: max(faqs.sortOrder) }).from(faqs);
    const sortOrder = last?.v === null || last?.v === undefined ? 0 : Number(last.v) + 1;
    const [row] = await tx
      .insert(faqs)
      .values({ question, answer, questionHi, answerHi, sortOrder })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.faq.create",
      target: `faq:${row!.id}`,
      before: null,
      after: faqView(row!),
    });
    return row!.id;
  });
}

export async function updateFaq(
  db: Db,
  actorUserId: string,
  id: number,
  input: { question: string; answer: string; question_hi?: string; answer_hi?: string },
): Promise<void> {
  const question = cleanText(input.question);
  const answer = cleanHtml(input.answer);
  const questionHi = cleanTextHi(input.question_hi);
  const answerHi = cleanHtmlHi(input.answer_hi);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const [after] = await tx
      .update(faqs)
      .set({
        question,
        answer,
        ...(questionHi !== undefined ? { questionHi } : {}),
        ...(answerHi !== undefined ? { answerHi } : {}),
      })
      .where(eq(faqs.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.faq.update",
      target: `faq:${id}`,
      before: faqView(before),
      after: faqView(after!),
    });
  });
}

export async function deleteFaq(db: Db, actorUserId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId,
      action: "content.faq.delete",
      target: `faq:${id}`,
      before: faqView(before),
      after: null,
    });
  });
}

const sectionView = (r: typeof homeSections.$inferSelect) => ({
  title: r.title,
  message: r.message,
  title_hi: r.titleHi,
  message_hi: r.messageHi,
  sortOrder: r.sortOrder,
});

/** A new home section goes last. */
export async function createHomeSection(
  db: Db,
  actorUserId: string,
  input: { title: string; message: string; title_hi?: string; message_hi?: string },
): Promise<number> {
  const title = cleanText(input.title);
  const message = cleanHtml(input.message);
  const titleHi = cleanTextHi(input.title_hi) ?? null;
  const messageHi = cleanHtmlHi(input.message_hi) ?? null;
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ v: max(homeSections.sortOrder) }).from(homeSections);
    const sortOrder = last?.v === null || last?.v === undefined ? 0 : Number(last.v) + 1;
    const [row] = await tx
      .insert(homeSections)
      .values({ title, message, titleHi, messageHi, sortOrder })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.home_section.create",
      target: `home_section:${row!.id}`,
      before: null,
      after: sectionView(row!),
    });
    return row!.id;
  });
}

export async function updateHomeSection(
  db: Db,
  actorUserId: string,
  id: number,
  input: { title: string; message: string; title_hi?: string; message_hi?: string },
): Promise<void> {
  const title = cleanText(input.title);
  const message = cleanHtml(input.message);
  const titleHi = cleanTextHi(input.title_hi);
  const messageHi = cleanHtmlHi(input.message_hi);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(homeSections).where(eq(homeSections.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const [after] = await tx
      .update(homeSections)
      .set({
        title,
        message,
        ...(titleHi !== undefined ? { titleHi } : {}),
        ...(messageHi !== undefined ? { messageHi } : {}),
      })
      .where(eq(homeSections.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.home_section.update",
      target: `home_section:${id}`,
      before: sectionView(before),
      after: sectionView(after!),
    });
  });
}

export async function deleteHomeSection(db: Db, actorUserId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(homeSections).where(eq(homeSections.id, id)).returning();
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId,
      action: "content.home_section.delete",
      target: `home_section:${id}`,
      before: sectionView(before),
      after: null,
    });
  });
}
