import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * The operator's editing of the site's words (docs/api/admin.md#content): announcements, FAQ
 * items, home page sections, the policy pages, every page's instructions list, the gift-code page
 * message, the referral page text and the public statistics base. Every HTML field is sanitized
 * by the API on the way in (and again on the way out) with the policy the pages render with;
 * announcements and policy pages are Markdown (HTML allowed), kept as written and rendered, then
 * sanitized, for every reader.
 *
 * Every operator-written text has an optional Hindi version (`*_hi`, issue 23): members reading in
 * Hindi see it, else the English. In a body, a Hindi field left out keeps the stored one and an
 * empty one removes it; answers carry "" where there is none.
 */

/** The kinds of ordered items: announcements, FAQ items, home page sections. */
export type ContentListKind = "announcements" | "faq" | "home-sections";

/**
 * One announcement: its time (ISO) and its message, Markdown (HTML allowed) as the operator wrote
 * it; `message_html` is how members see it (rendered and sanitized).
 */
export interface ContentAnnouncement {
  id: number;
  time: string;
  message: string;
  /** The Hindi message (Markdown), "" when none. */
  message_hi?: string;
  /** The message and its Hindi version as members see them ("" when none). */
  message_html?: string;
  message_hi_html?: string;
  sortOrder: number;
}

/** One FAQ item: the question (text) and its answer (HTML). */
export interface ContentFaq {
  id: number;
  question: string;
  answer: string;
  /** The Hindi question and answer, "" when none. */
  question_hi?: string;
  answer_hi?: string;
  sortOrder: number;
}

/** One home page section: its title (text) and message (HTML). */
export interface ContentHomeSection {
  id: number;
  title: string;
  message: string;
  /** The Hindi title and message, "" when none. */
  title_hi?: string;
  message_hi?: string;
  sortOrder: number;
}

/** A page of one list, in the order the public site shows it. */
export interface ContentPage<T> {
  records: T[];
  pagination: Pagination;
}

/**
 * A new or edited announcement, its message in Markdown (HTML allowed): `time` (ISO) optional —
 * now for a new one, unchanged for an edit.
 */
export interface AnnouncementBody {
  message: string;
  message_hi?: string;
  time?: string;
}

export interface FaqBody {
  question: string;
  answer: string;
  question_hi?: string;
  answer_hi?: string;
}

export interface HomeSectionBody {
  title: string;
  message: string;
  title_hi?: string;
  message_hi?: string;
}

/** A move within its list: one place up (earlier) or down (later). */
export interface MoveBody {
  direction: "up" | "down";
}

/** The answer of every change: what happened, in a sentence, and the row's id when one was made. */
export interface ContentSaved {
  message: string;
  id?: number;
}

export type PolicySlugName = "privacy_policy" | "terms_of_use" | "dmca";

/** A policy page: `html` holds its Markdown (HTML allowed) as the operator wrote it. */
export interface ContentPolicy {
  slug: PolicySlugName;
  title: string;
  html: string;
  /** The Hindi page (Markdown), "" when none. */
  html_hi?: string;
}

export interface ContentPolicies {
  records: ContentPolicy[];
}

/** A policy page's Markdown (HTML allowed), in the field named `html`. */
export interface PolicyBody {
  html: string;
  html_hi?: string;
}

/** The settings keys of the pages' instructions lists. */
export type InstructionsKey =
  | "withdrawal_instructions"
  | "convert_instructions"
  | "ptc_instructions"
  | "shortlink_instructions"
  | "offerwall_instructions";

export interface InstructionsList {
  key: InstructionsKey;
  /** The page the list is shown on, as members know it. */
  label: string;
  items: string[];
  /** Each item's Hindi version, as long as `items`, "" where an item has none. */
  items_hi?: string[];
}

export interface ContentInstructions {
  lists: InstructionsList[];
}

/** A whole list at once (PATCH `/adminRoute/content/instructions/{key}`). */
export interface InstructionsBody {
  items: string[];
  /** Each item's Hindi version ("" for none); left out, every item has none. */
  items_hi?: string[];
}

/**
 * One item of a list changed (POST `/adminRoute/content/instruction-items/{key}`): `add` puts
 * `html` at the end; `edit`, `remove` and `move` name the item by `index` (0-based). `expected`
 * (optional) is the item's HTML as the operator saw it: when the list has changed under it since,
 * the change is refused (409) rather than applied to another item. `html_hi` is the item's Hindi
 * version (for `edit`: left out keeps it, "" removes it).
 */
export type InstructionItemChange =
  | { op: "add"; html: string; html_hi?: string }
  | { op: "edit"; index: number; html: string; html_hi?: string; expected?: string }
  | { op: "remove"; index: number; expected?: string }
  | { op: "move"; index: number; direction: "up" | "down"; expected?: string };

/** The public statistics base: four non-negative whole numbers (the withdrawn total in rupees). */
export interface StatsBase {
  users: number;
  userCompletedTask: number;
  visitorsLast30Days: number;
  totalWithdrawalAmount: number;
}

export type PageTextKey = "gift_code_page_message" | "referral_page_text";

/** The single texts: the gift-code page message, the referral page text, the statistics base. */
export interface ContentTexts {
  gift_code_page_message: string;
  referral_page_text: string;
  /** Their Hindi versions, "" when none. */
  gift_code_page_message_hi?: string;
  referral_page_text_hi?: string;
  public_stats_base: StatsBase;
}

export interface PageTextBody {
  key: PageTextKey;
  html: string;
  html_hi?: string;
}

/** The counts shown on the content index. */
export interface ContentSummary {
  announcements: number;
  faq: number;
  homeSections: number;
  /** How many items of each area have no Hindi yet (issue 45): Hindi readers see their English. */
  missingHindi?: MissingHindi;
}

/** Items without Hindi per area (a list's items counted one by one). */
export interface MissingHindi {
  announcements: number;
  faq: number;
  homeSections: number;
  policies: number;
  instructions: number;
  texts: number;
  shortLinks: number;
  roomTypes: number;
  payoutMethods: number;
  taskWalls: number;
}

/** The text to preview: HTML (the default), or Markdown with `format: "markdown"`. */
export interface PreviewBody {
  html: string;
  format?: "html" | "markdown";
}

/** The HTML as the public site would show it (sanitized). */
export interface PreviewAnswer {
  html: string;
}

export interface SiteWordsEndpoints {
  "/adminRoute/content": Endpoint<ContentSummary>;
  "/adminRoute/content/preview": Endpoint<PreviewAnswer, PreviewBody>;
  /** GET one page of the list (`?page=`); POST adds one. */
  "/adminRoute/content/announcements": Endpoint<
    ContentPage<ContentAnnouncement>,
    AnnouncementBody,
    ContentSaved
  >;
  "/adminRoute/content/faq": Endpoint<ContentPage<ContentFaq>, FaqBody, ContentSaved>;
  "/adminRoute/content/home-sections": Endpoint<
    ContentPage<ContentHomeSection>,
    HomeSectionBody,
    ContentSaved
  >;
  /** PATCH edits the item, DELETE deletes it. */
  [path: `/adminRoute/content/announcements/${string}`]: Endpoint<ContentSaved, AnnouncementBody>;
  [path: `/adminRoute/content/faq/${string}`]: Endpoint<ContentSaved, FaqBody>;
  [path: `/adminRoute/content/home-sections/${string}`]: Endpoint<ContentSaved, HomeSectionBody>;
  /** POST moves the item one place up or down in its list. */
  [path: `/adminRoute/content/order/announcements/${string}`]: Endpoint<ContentSaved, MoveBody>;
  [path: `/adminRoute/content/order/faq/${string}`]: Endpoint<ContentSaved, MoveBody>;
  [path: `/adminRoute/content/order/home-sections/${string}`]: Endpoint<ContentSaved, MoveBody>;
  "/adminRoute/content/policies": Endpoint<ContentPolicies>;
  [path: `/adminRoute/content/policies/${string}`]: Endpoint<ContentSaved, PolicyBody>;
  "/adminRoute/content/instructions": Endpoint<ContentInstructions>;
  [path: `/adminRoute/content/instructions/${string}`]: Endpoint<ContentSaved, InstructionsBody>;
  [path: `/adminRoute/content/instruction-items/${string}`]: Endpoint<ContentSaved, InstructionItemChange>;
  /** GET the single texts; PATCH one of the two page texts. */
  "/adminRoute/content/texts": Endpoint<ContentTexts, PageTextBody, ContentSaved>;
  "/adminRoute/content/stats-base": Endpoint<ContentSaved, StatsBase>;
}
