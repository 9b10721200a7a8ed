import { and, asc, count, countDistinct, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paged } from "../db/paging";
import {
  announcements,
  faqs,
  homeSections,
  journalEntries,
  policyPages,
  sessions,
  users,
  withdrawals,
} from "../db/schema";
import { milliToRupeeString, MILLI_PER_RUPEE } from "../../shared/money";
import { sanitizeHtml } from "../lib/sanitize";
import { markdownToHtml } from "../lib/markdown";
import { EARNING_SOURCES } from "../ledger/earnings";
import { getSetting } from "../site/settings";
import { PAGE_SIZE } from "../../shared/pagination";
import type { PublicStatistics } from "../../shared/contracts/content";
import type { Locale } from "../../shared/i18n/locale";
import { pick } from "./localized";

/**
 * Public content: FAQ, home sections, policy pages, announcements, payment proof and the home
 * statistics. HTML is sanitized when written here and again when read; announcements and policy
 * pages are Markdown (HTML allowed), kept as written and rendered and cleaned when read
 * (lib/markdown.ts). The operator-written texts are read in the reader's language (`locale`):
 * Hindi where a Hindi version exists, else English (localized.ts).
 */

export type PolicySlug = "privacy_policy" | "terms_of_use" | "dmca";

export async function faqList(db: Db, locale: Locale = "en") {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
  return rows.map((r) => ({
    question: pick(locale, r.question, r.questionHi),
    answer: sanitizeHtml(pick(locale, r.answer, r.answerHi)),
  }));
}

export async function homeSectionList(db: Db, locale: Locale = "en") {
  const rows = await db
    .select()
    .from(homeSections)
    .orderBy(asc(homeSections.sortOrder), asc(homeSections.id));
  return rows.map((r) => ({
    title: pick(locale, r.title, r.titleHi),
    message: sanitizeHtml(pick(locale, r.message, r.messageHi)),
  }));
}

export async function policyHtml(db: Db, slug: PolicySlug, locale: Locale = "en"): Promise<string> {
  const rows = await db
    .select({ html: policyPages.html, htmlHi: policyPages.htmlHi })
    .from(policyPages)
    .where(eq(policyPages.slug, slug));
  const row = rows[0];
  // The page is Markdown (HTML allowed): rendered and cleaned here, on every read.
  return markdownToHtml(row ? pick(locale, row.html, row.htmlHi) : undefined);
}

export async function announcementList(db: Db, limit = 20, locale: Locale = "en") {
  const rows = await db
    .select()
    .from(announcements)
    // The operator's order first (api/content/siteWords.ts moveItem), then newest first.
    .orderBy(asc(announcements.sortOrder), desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
  return rows.map((r) => ({
    announcementTime: r.createdAt.toISOString(),
    announcementMessage: markdownToHtml(pick(locale, r.message, r.messageHi)),
  }));
}

/** An announcement's Markdown, stored as written (it is rendered and cleaned when read). */
export async function addAnnouncement(db: Db | Tx, message: string, createdAt?: Date): Promise<void> {
  await db.insert(announcements).values({ message, ...(createdAt ? { createdAt } : {}) });
}

export async function addFaq(db: Db | Tx, question: string, answer: string, sortOrder = 0): Promise<void> {
  await db.insert(faqs).values({ question, answer: sanitizeHtml(answer), sortOrder });
}

export async function addHomeSection(
  db: Db | Tx,
  title: string,
  message: string,
  sortOrder = 0,
): Promise<void> {
  await db.insert(homeSections).values({ title, message: sanitizeHtml(message), sortOrder });
}

/** A policy page's Markdown (HTML allowed), stored as written (it is rendered and cleaned when read). */
export async function setPolicyHtml(db: Db | Tx, slug: PolicySlug, source: string): Promise<void> {
  await db
    .insert(policyPages)
    .values({ slug, html: source })
    .onConflictDoUpdate({ target: policyPages.slug, set: { html: source, updatedAt: new Date() } });
}

/** One page of the paid withdrawals, newest first (settlement time, else request time). */
export async function paymentProof(db: Db, requestedPage = 1) {
  const time = sql<Date>`coalesce(${withdrawals.settledAt}, ${withdrawals.createdAt})`;
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, "Success")),
    requestedPage,
    PAGE_SIZE.paymentProof,
    db
      .select({
        settledAt: withdrawals.settledAt,
        createdAt: withdrawals.createdAt,
        userName: users.userName,
        method: withdrawals.methodName,
        amount: withdrawals.amount,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, "Success"))
      .orderBy(desc(time), desc(withdrawals.id)),
  );
  const records = rows.map((r) => ({
    time: (r.settledAt ?? r.createdAt).toISOString(),
    userName: r.userName,
    withdrawal_method: r.method,
    balance: milliToRupeeString(Number(r.amount)),
  }));
  return { records, pagination };
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The home page's statistics: an operator-set base (the numbers from before this system) plus
 * live counts. Visitors are approximated by the members who signed in during the last 30 days;
 * the stored base withdrawal amount is milli-rupees like every stored amount.
 */
export async function publicStatistics(db: Db): Promise<PublicStatistics> {
  const base = await getSetting(db, "public_stats_base");
  const [userCount] = await db.select({ n: count() }).from(users);
  const [tasks] = await db
    .select({ n: count() })
    .from(journalEntries)
    .where(inArray(journalEntries.kind, [...EARNING_SOURCES]));
  const [visitors] = await db
    .select({ n: countDistinct(sessions.userId) })
    .from(sessions)
    .where(gte(sessions.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "Success")));
  const paidMilli = (base.totalWithdrawalAmount ?? 0) + Number(paid?.total ?? 0);
  return {
    users: (base.users ?? 0) + Number(userCount?.n ?? 0),
    userCompletedTask: (base.userCompletedTask ?? 0) + Number(tasks?.n ?? 0),
    visitorsLast30Days: (base.visitorsLast30Days ?? 0) + Number(visitors?.n ?? 0),
    totalWithdrawalAmount: Math.floor(paidMilli / MILLI_PER_RUPEE),
  };
}
