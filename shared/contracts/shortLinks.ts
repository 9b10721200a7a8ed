import type { Endpoint } from "./endpoint";

/**
 * Short links (spec 2 §3, §7; docs/api/shortlinks.md): the member's list, first page, token and
 * last page under /userIncomeRoute, the built-in shortener's `/shortener/{code}`, and the
 * operators' shorteners, links and settings under /adminRoute. Amounts are rupee strings
 * ("0.050"), times ISO strings.
 */

// ---------------------------------------------------------------------------------------------
// The member's side

/** One card of the short link list (`shortedLinksData` item). */
export interface ShortLinkItem {
  _id: string;
  shortnerName: string;
  shortnerDomain: string;
  /** The time label shown on the card ("30 s", "5 m", "1 h"). */
  time: string;
  amount: string;
  how_to_complete: string | null;
  isDisable: boolean;
  /** When today's clicks are used up: when they start again (the next India midnight). */
  expireTimer: string | null;
  completedClicks: number;
  how_much_click_allow: number;
}

/** `GET /userIncomeRoute/user_shortlink_data_get`: the list, the member's balance and today's totals. */
export interface ShortLinkData {
  shortedLinksData: ShortLinkItem[];
  userAvailableBalance: string;
  pendingEarnings: string;
  today_shortLinkIncome: string;
  totalLinks: number;
  completedClick: number;
  pendingClick: number;
  /** HTML list items, sanitized. */
  other_data_shortLink_instructions: string[];
}

/** The first page's `obj_already`: what the list page knows of the link (the destination is never the client's). */
export interface FirstPageBody {
  shortnerDomain: string;
  /** Accepted for compatibility and ignored: the end page is always the site's own. */
  endPageRoute: string;
  /** Accepted for compatibility and ignored. */
  clientOrigin: string;
  linkId?: string;
}

/** The first page's answer: a new short URL, or the one already open for this link. */
export interface FirstPageAnswer {
  shortUrl?: string;
  existingRecord?: { shortUrl: string };
}

/** `GET /userIncomeRoute/user_shortlink_token_get`: the member's token, its link and times. */
export interface TokenState {
  shortnerName: string;
  amount: string;
  claimableAt: string;
  expiresAt: string;
  consumed: boolean;
}

/** The last page's body: the token the end page was opened with. */
export interface ClaimBody {
  uniqueToken: string;
}

/** The last page's answer: the credit and the member's new balance. */
export interface ClaimAnswer {
  message: string;
  amount: string;
  userAvailableBalance: string;
}

/** `GET /shortener/{code}`: where a built-in short code leads. */
export interface ShortenerTarget {
  url: string;
}

// ---------------------------------------------------------------------------------------------
// The operators' side

/** A shortener as operators see it (the built-in one's domain and API address follow the public origin). */
export interface ShortenerRow {
  id: string;
  name: string;
  kind: "adlinkfly" | "builtin";
  apiUrl: string | null;
  /** Only its last 4 characters ("…abcd"): keys are write-only. */
  apiKey: string | null;
  domain: string;
  enabled: boolean;
  /** How many links use it. */
  links: number;
  createdAt: string;
}

/** A short link as operators see it (disabled ones too). */
export interface ShortLinkRow {
  id: string;
  name: string;
  /** The Hindi name members reading Hindi see (issue 45), "" when none. */
  name_hi: string;
  shortenerId: string;
  shortenerName: string | null;
  timeLabel: string;
  amount: string;
  howToComplete: string | null;
  clicksPerDay: number;
  enabled: boolean;
  sortOrder: number;
  createdAt: string;
}

/** The short-link settings: the minimum time before a claim, the expiry and the list's instructions. */
export interface ShortLinkSettings {
  minSeconds: number;
  expiryMinutes: number;
  /** HTML list items, as stored (sanitized where they are shown). */
  instructions: string[];
}

/** `GET /adminRoute/shorteners`. */
export interface ShortenerList {
  records: ShortenerRow[];
}

/** `GET /adminRoute/shortLinks`. */
export interface ShortLinkList {
  records: ShortLinkRow[];
}

/** A new shortener (`POST /adminRoute/shorteners`); a built-in one takes no API, key or domain. */
export interface NewShortenerBody {
  name: string;
  kind: ShortenerRow["kind"];
  apiUrl?: string;
  apiKey?: string;
  domain?: string;
}

/** A shortener's change (`PATCH /adminRoute/shorteners/{id}`): at least one field. */
export interface ShortenerPatchBody {
  name?: string;
  kind?: ShortenerRow["kind"];
  apiUrl?: string;
  apiKey?: string;
  domain?: string;
  enabled?: boolean;
}

/** A shortener created or changed. */
export interface ShortenerSaved {
  message: string;
  shortener: ShortenerRow;
}

/** A new short link (`POST /adminRoute/shortLinks`); the amount in rupees as typed. */
export interface NewShortLinkBody {
  name: string;
  /** The Hindi name; "" or left out: none (an edit that leaves it out keeps it). */
  name_hi?: string;
  shortenerId: string;
  timeLabel: string;
  amount: string;
  howToComplete?: string | null;
  clicksPerDay: number;
  enabled?: boolean;
  sortOrder?: number;
}

/** A short link's change (`PATCH /adminRoute/shortLinks/{id}`): at least one field. */
export type ShortLinkPatchBody = Partial<NewShortLinkBody>;

/** A short link created or changed. */
export interface ShortLinkSaved {
  message: string;
  shortLink: ShortLinkRow;
}

/** The settings changed (`PATCH /adminRoute/shortLinkSettings`): the message and the settings now. */
export interface ShortLinkSettingsSaved extends ShortLinkSettings {
  message: string;
}

/**
 * A path read with GET and changed with POST/PATCH maps to the page's read (its answer), the
 * change's body and the change's answer (`ShortenerSaved`, `ShortLinkSaved`, `ShortLinkSettingsSaved`).
 */
export interface ShortLinkEndpoints {
  "/userIncomeRoute/user_shortlink_data_get": Endpoint<ShortLinkData>;
  "/userIncomeRoute/user_shortlink_firstPage_data_patch": Endpoint<FirstPageAnswer, FirstPageBody>;
  "/userIncomeRoute/user_shortlink_token_get": Endpoint<TokenState>;
  "/userIncomeRoute/user_shortlink_lastPage_data_patch": Endpoint<ClaimAnswer, ClaimBody>;
  [path: `/shortener/${string}`]: Endpoint<ShortenerTarget>;

  "/adminRoute/shorteners": Endpoint<ShortenerList, NewShortenerBody, ShortenerSaved>;
  [path: `/adminRoute/shorteners/${string}`]: Endpoint<ShortenerSaved, ShortenerPatchBody>;
  "/adminRoute/shortLinks": Endpoint<ShortLinkList, NewShortLinkBody, ShortLinkSaved>;
  [path: `/adminRoute/shortLinks/${string}`]: Endpoint<ShortLinkSaved, ShortLinkPatchBody>;
  "/adminRoute/shortLinkSettings": Endpoint<
    ShortLinkSettings,
    Partial<ShortLinkSettings>,
    ShortLinkSettingsSaved
  >;
}
