import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { OperatorRole } from "../operatorRoles";

/**
 * The operator's member search and member page (docs/api/admin.md#members). Amounts are rupee
 * strings (3 decimals, negative for money leaving an account), times ISO strings, texts plain
 * (pages escape them).
 */

/** A restriction an operator set on the member, or null when it is not in force. */
export interface MemberRestriction {
  since: string;
  reason: string;
}

/** One member in the search results. */
export interface MemberSearchRow {
  id: string;
  userName: string;
  name: string;
  email: string;
  mobile: string | null;
  joined: string;
  role: "member" | "operator";
  held: boolean;
  suspended: boolean;
  banned: boolean;
  /** Which criteria found this member (in MEMBER_SEARCH_MATCHES' order; empty when q is empty). */
  matched: MemberSearchMatch[];
}

/**
 * The criteria a search looks at: e-mail, username, mobile, member id, referrer, an address
 * (sign-up, login or withdrawal), a withdrawal's order number, a UPI id, a bank account number
 * and a device id.
 */
export const MEMBER_SEARCH_MATCHES = [
  "email",
  "username",
  "mobile",
  "id",
  "referrer",
  "ip",
  "order",
  "upi",
  "bank",
  "device",
] as const;
export type MemberSearchMatch = (typeof MEMBER_SEARCH_MATCHES)[number];

/** What a search looks at (`?by=`): every criterion (the default), or one. */
export type MemberSearchField = "any" | MemberSearchMatch;

/** The search (`?q=&by=&page=`): newest first; an empty q lists the newest members. */
export interface MemberSearchPage {
  q: string;
  by: MemberSearchField;
  records: MemberSearchRow[];
  pagination: Pagination;
}

/** Another member, as a link on the member page. */
export interface MemberRef {
  id: string;
  userName: string;
  name: string;
}

/** The member page's head: profile, payout details, balances, restrictions, referrer, counts. */
export interface MemberProfile {
  id: string;
  userName: string;
  name: string;
  email: string;
  /** The login identity of the e-mail (dots of the local part removed, lower case). */
  emailKey: string;
  emailVerified: boolean;
  mobile: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  googleLinked: boolean;
  hasPassword: boolean;
  role: "member" | "operator";
  operatorRoles: OperatorRole[];
  joined: string;
  payout: { method: string | null; accountInfo: string | null };
  balances: {
    withdrawable: string;
    deposit: string;
    /** What the member owes (0 when nothing). */
    debt: string;
    /** Withdrawals waiting for an operator. */
    pendingWithdrawals: string;
  };
  restrictions: {
    withdrawalsHeld: MemberRestriction | null;
    earningSuspended: MemberRestriction | null;
    banned: MemberRestriction | null;
  };
  referrer: MemberRef | null;
  counts: {
    referrals: number;
    withdrawals: number;
    conversions: number;
    campaigns: number;
    games: number;
    signins: number;
    activeSessions: number;
    cheats: number;
    messages: number;
    notes: number;
  };
}

/** The lists of the member page, by the name in their path. */
export const MEMBER_LISTS = [
  "ledger",
  "withdrawals",
  "conversions",
  "campaigns",
  "games",
  "referrals",
  "signins",
  "sessions",
  "cheats",
  "postbacks",
  "messages",
  "notes",
] as const;
export type MemberListName = (typeof MEMBER_LISTS)[number];

export const isMemberList = (v: unknown): v is MemberListName =>
  typeof v === "string" && (MEMBER_LISTS as readonly string[]).includes(v);

interface Paged<T> {
  records: T[];
  pagination: Pagination;
}

/** A line of a journal entry: the account and the amount on it. */
export interface LedgerLine {
  account: string;
  amount: string;
  /** A member's account: that member's username (shared/ledgerAccountLabel.ts names the account). */
  memberName?: string;
}

/** One journal entry touching the member's accounts. */
export interface MemberLedgerRow {
  entryId: number;
  kind: string;
  time: string;
  idempotencyKey: string;
  memo: string | null;
  /** The amount on each of the member's accounts (null: the entry did not touch it). */
  withdrawable: string | null;
  deposit: string | null;
  debt: string | null;
  /** The entry's other lines. */
  counterparts: LedgerLine[];
}
export type MemberLedgerPage = Paged<MemberLedgerRow>;

export interface MemberWithdrawalRow {
  id: string;
  amount: string;
  method: string;
  accountInfo: string;
  status: "Pending" | "Success" | "Reject";
  remark: string | null;
  time: string;
  settledAt: string | null;
  settledBy: string | null;
}
export type MemberWithdrawalPage = Paged<MemberWithdrawalRow>;

export interface MemberConversionRow {
  id: string;
  direction: "withdrawToDeposit" | "depositToWithdraw";
  amount: string;
  charge: string;
  time: string;
}
export type MemberConversionPage = Paged<MemberConversionRow>;

/** A campaign the member runs as an advertiser. */
export interface MemberCampaignRow {
  id: string;
  title: string;
  type: "window" | "iframe" | "youtube";
  status: string;
  totalViews: number;
  deliveredViews: number;
  price: string;
  refund: string;
  time: string;
}
export type MemberCampaignPage = Paged<MemberCampaignRow>;

/** One game the member sat in. */
export interface MemberGameRow {
  roomId: string;
  name: string;
  practice: boolean;
  entryFee: string;
  prize: string;
  status: "waiting" | "playing" | "finished" | "cancelled";
  symbol: "X" | "O";
  opponent: string | null;
  /** From the member's side. */
  result: "won" | "lost" | "draw" | "cancelled" | "in play";
  endReason: string | null;
  joined: string;
  finishedAt: string | null;
}
export type MemberGamePage = Paged<MemberGameRow>;

/** Who referred the member, and one page of the members they referred. */
export interface MemberReferralPage extends Paged<MemberRef & { joined: string }> {
  referrer: MemberRef | null;
}

export interface MemberSignInRow {
  id: number;
  kind: "signup" | "login" | "google";
  ip: string | null;
  userAgent: string | null;
  time: string;
}
export type MemberSignInPage = Paged<MemberSignInRow>;

/** An active session (never its token). */
export interface MemberSessionRow {
  id: number;
  created: string;
  expires: string;
  persistent: boolean;
  secondFactor: boolean;
  ip: string | null;
  userAgent: string | null;
}
export type MemberSessionPage = Paged<MemberSessionRow>;

export interface MemberCheatRow {
  id: number;
  channel: "ptc_ads" | "click_short_link";
  campaignId: string | null;
  campaignTitle: string | null;
  shortLinkId: string | null;
  shortLinkName: string | null;
  reason: string;
  ip: string | null;
  time: string;
}
export type MemberCheatPage = Paged<MemberCheatRow>;

export interface MemberPostbackRow {
  id: number;
  wallId: string | null;
  wallName: string | null;
  verdict: string;
  detail: string | null;
  transactionId: string | null;
  amount: string | null;
  ip: string | null;
  origin: "network" | "test" | "replay";
  time: string;
}
/** The member's postbacks (`&wall=` narrows them to one task wall). */
export interface MemberPostbackPage extends Paged<MemberPostbackRow> {
  wall: string | null;
}

export interface MemberMessageRow {
  id: number;
  subject: string;
  message: string;
  status: "open" | "answered" | "closed";
  kind: "message" | "missing_credit" | "grievance";
  taskWallId: string | null;
  offerName: string | null;
  completedAt: string | null;
  time: string;
  updatedAt: string;
}
export type MemberMessagePage = Paged<MemberMessageRow>;

export interface MemberNote {
  id: number;
  body: string;
  author: string;
  time: string;
}
export type MemberNotePage = Paged<MemberNote>;

/** The longest operator note. */
export const NOTE_MAX_LENGTH = 2000;

/** A new operator note (plain JSON body). */
export interface MemberNoteBody {
  body: string;
}

export interface MemberNoteAdded {
  message: string;
  note: MemberNote;
}

/** Each list's answer, by its name. */
export interface MemberListAnswers {
  ledger: MemberLedgerPage;
  withdrawals: MemberWithdrawalPage;
  conversions: MemberConversionPage;
  campaigns: MemberCampaignPage;
  games: MemberGamePage;
  referrals: MemberReferralPage;
  signins: MemberSignInPage;
  sessions: MemberSessionPage;
  cheats: MemberCheatPage;
  postbacks: MemberPostbackPage;
  messages: MemberMessagePage;
  notes: MemberNotePage;
}

/**
 * `GET /adminRoute/members/:id` answers the profile too; the typed calls use `/profile`, because
 * a path pattern ending at the id would also match every path below it.
 */
export interface MemberAdminEndpoints {
  "/adminRoute/members": Endpoint<MemberSearchPage>;
  [path: `/adminRoute/members/${string}/profile`]: Endpoint<MemberProfile>;
  [path: `/adminRoute/members/${string}/ledger`]: Endpoint<MemberLedgerPage>;
  [path: `/adminRoute/members/${string}/withdrawals`]: Endpoint<MemberWithdrawalPage>;
  [path: `/adminRoute/members/${string}/conversions`]: Endpoint<MemberConversionPage>;
  [path: `/adminRoute/members/${string}/campaigns`]: Endpoint<MemberCampaignPage>;
  [path: `/adminRoute/members/${string}/games`]: Endpoint<MemberGamePage>;
  [path: `/adminRoute/members/${string}/referrals`]: Endpoint<MemberReferralPage>;
  [path: `/adminRoute/members/${string}/signins`]: Endpoint<MemberSignInPage>;
  [path: `/adminRoute/members/${string}/sessions`]: Endpoint<MemberSessionPage>;
  [path: `/adminRoute/members/${string}/cheats`]: Endpoint<MemberCheatPage>;
  [path: `/adminRoute/members/${string}/postbacks`]: Endpoint<MemberPostbackPage>;
  [path: `/adminRoute/members/${string}/messages`]: Endpoint<MemberMessagePage>;
  /** GET lists the notes; POST adds one. */
  [path: `/adminRoute/members/${string}/notes`]: Endpoint<MemberNotePage, MemberNoteBody, MemberNoteAdded>;
}
