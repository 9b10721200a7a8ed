import { count } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { announcements, faqs, homeSections } from "../db/schema";
import { sanitizeHtml } from "../lib/sanitize";
import { markdownToHtml } from "../lib/markdown";
import { PAGE_SIZE } from "../../shared/pagination";
import type {
  ContentAnnouncement,
  ContentFaq,
  ContentHomeSection,
  ContentPage,
  ContentSummary,
} from "../../shared/contracts/siteWords";
import { hiHtmlOut } from "./localized";
import { PUBLIC_ORDER } from "./orderedContent";
import { missingHindi } from "./missingHindi";

/**
 * The operators' pages of the ordered lists (announcements, FAQ items, home sections), each in its
 * public order (orderedContent.ts PUBLIC_ORDER), and how many items each list holds. The changes to
 * the lists are orderedContent.ts.
 */

export async function announcementPage(
  db: Db,
  requestedPage: number,
): Promise<ContentPage<ContentAnnouncement>> {
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(announcements),
    requestedPage,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(announcements)
      .orderBy(...PUBLIC_ORDER.announcements),
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      time: r.createdAt.toISOString(),
      // The Markdown as written, for the editor, and as members see it.
      message: r.message,
      message_hi: r.messageHi ?? "",
      message_html: markdownToHtml(r.message),
      message_hi_html: markdownToHtml(r.messageHi),
      sortOrder: r.sortOrder,
    })),
    pagination,
  };
}

export async function faqPage(db: Db, requestedPage: number): Promise<ContentPage<ContentFaq>> {
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(faqs),
    requestedPage,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(faqs)
      .orderBy(...PUBLIC_ORDER.faq),
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      question: r.question,
      answer: sanitizeHtml(r.answer),
      question_hi: r.questionHi ?? "",
      answer_hi: hiHtmlOut(r.answerHi),
      sortOrder: r.sortOrder,
    })),
    pagination,
  };
}

export async function homeSectionPage(
  db: Db,
  requestedPage: number,
): Promise<ContentPage<ContentHomeSection>> {
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(homeSections),
    requestedPage,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(homeSections)
      .orderBy(...PUBLIC_ORDER["home-sections"]),
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      title: r.title,
      message: sanitizeHtml(r.message),
      title_hi: r.titleHi ?? "",
      message_hi: hiHtmlOut(r.messageHi),
      sortOrder: r.sortOrder,
    })),
    pagination,
  };
}

export async function contentSummary(db: Db): Promise<ContentSummary> {
  const [[a], [f], [h], missing] = await Promise.all([
    db.select({ n: count() }).from(announcements),
    db.select({ n: count() }).from(faqs),
    db.select({ n: count() }).from(homeSections),
    missingHindi(db),
  ]);
  return {
    announcements: Number(a?.n ?? 0),
    faq: Number(f?.n ?? 0),
    homeSections: Number(h?.n ?? 0),
    missingHindi: missing,
  };
}
