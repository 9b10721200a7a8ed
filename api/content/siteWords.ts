import { DomainError } from "../lib/errors";
import { markdownToHtml } from "../lib/markdown";
import { sanitizeHtml } from "../lib/sanitize";
import type { InstructionsKey, PageTextKey, PolicySlugName } from "../../shared/contracts/siteWords";

/**
 * The site's words as operators edit them: announcements, FAQ items, home page sections, the
 * policy pages, every page's instructions list, the gift-code page message, the referral page text
 * and the public statistics base. HTML is cleaned on the way in with the same policy the pages are
 * served with (sanitizeHtml), and HTML that is empty once cleaned is refused. Every change runs in
 * one transaction with its audit record (before and after); the HTTP layer then tells the public
 * page caches (changes.ts). Here: the limits, messages and cleaning rules; the lists are edited in
 * orderedContent.ts, the single texts in pageTexts.ts.
 */

export const SITE_WORDS_LIMITS = {
  /** An announcement's message, an FAQ answer, a home section's message, a page text. */
  html: 5_000,
  /** A policy page (the API's bodies are at most 64 KB). */
  policyHtml: 50_000,
  question: 300,
  title: 120,
  /** One instructions item, and the most items a list holds. */
  instruction: 2_000,
  instructionItems: 20,
  /** The statistics base's counts and withdrawn rupees. */
  statsCount: 1_000_000_000_000,
  statsRupees: 10_000_000_000,
} as const;

export const SITE_WORDS_MESSAGES = {
  emptyHtml: "The text is empty once unsafe HTML is removed: write some text.",
  notFound: "That item no longer exists: reload the page.",
  alreadyFirst: "That item is already first.",
  alreadyLast: "That item is already last.",
  listChanged: "This list has changed since you opened it: reload the page and try again.",
  noSuchItem: "That instructions item no longer exists: reload the page.",
  tooManyItems: `A list holds at most ${SITE_WORDS_LIMITS.instructionItems} items.`,
  announcementAdded: "Announcement added.",
  announcementSaved: "Announcement saved.",
  announcementDeleted: "Announcement deleted.",
  faqAdded: "FAQ item added.",
  faqSaved: "FAQ item saved.",
  faqDeleted: "FAQ item deleted.",
  sectionAdded: "Home page section added.",
  sectionSaved: "Home page section saved.",
  sectionDeleted: "Home page section deleted.",
  moved: "Order saved.",
  policySaved: "Page saved.",
  instructionsSaved: "Instructions saved.",
  textSaved: "Text saved.",
  statsSaved: "Statistics base saved.",
} as const;

export const POLICY_TITLES: Record<PolicySlugName, string> = {
  privacy_policy: "Privacy Policy",
  terms_of_use: "Terms of Use",
  dmca: "DMCA",
};

export const INSTRUCTIONS_LABELS: Record<InstructionsKey, string> = {
  withdrawal_instructions: "Withdraw",
  convert_instructions: "Balance Converter",
  ptc_instructions: "PTC Ads",
  shortlink_instructions: "Click Short Links",
  offerwall_instructions: "Task Walls",
};

export const INSTRUCTIONS_KEYS = Object.keys(INSTRUCTIONS_LABELS) as InstructionsKey[];
export const POLICY_SLUGS = Object.keys(POLICY_TITLES) as PolicySlugName[];

export const PAGE_TEXT_LABELS: Record<PageTextKey, string> = {
  gift_code_page_message: "Gift code page message",
  referral_page_text: "Referral page text",
};

/** Cleaned HTML that shows something: some text or an image. */
function showsSomething(clean: string): boolean {
  const text = clean
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text !== "" || /<img\b/i.test(clean);
}

/** Operator HTML as it is stored: cleaned, and refused when nothing is left. */
export function cleanHtml(html: string): string {
  const clean = sanitizeHtml(html).trim();
  if (!showsSomething(clean)) throw new DomainError("invalid_input", SITE_WORDS_MESSAGES.emptyHtml);
  return clean;
}

/**
 * Operator Markdown (announcements, policy pages) as it is stored: the source as typed (line ends
 * made \n, trimmed), so the editor gets back what was written; it is rendered and cleaned on every
 * read (markdownToHtml). Refused when its rendering, once cleaned, shows nothing.
 */
export function cleanMarkdown(source: string): string {
  const text = source.replace(/\r\n?/g, "\n").trim();
  if (!showsSomething(markdownToHtml(text)))
    throw new DomainError("invalid_input", SITE_WORDS_MESSAGES.emptyHtml);
  return text;
}

/** Plain text fields (an FAQ question, a section title): stored as typed, never as HTML. */
export function cleanText(text: string): string {
  const t = text.trim();
  if (!t) throw new DomainError("invalid_input", "Write some text.");
  return t;
}

// ---------------------------------------------------------------------------------------------
