import type { Endpoint } from "./endpoint";
import type { ContactBody } from "./content";
import type { Pagination } from "../pagination";

/**
 * Support: contact-message threads, replies, canned replies and missing-credit reports
 * (docs/api/admin.md#support). Times are ISO strings; every text is plain text (pages escape it).
 */

export const MESSAGE_STATUSES = ["open", "answered", "closed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type MessageKind = "message" | "missing_credit" | "grievance";

/** The promise the member is given after filing a missing-credit report. */
export const MISSING_CREDIT_ANSWER_HOURS = 48;
export const MISSING_CREDIT_PROMISE = `We answer missing-credit reports within ${MISSING_CREDIT_ANSWER_HOURS} hours.`;
/** How far back a member may report a missing credit (and which wall openings count). */
export const MISSING_CREDIT_DAYS = 30;
/** The longest reply, message or report details. */
export const SUPPORT_TEXT_MAX = 5000;
export const OFFER_NAME_MAX = 200;

/** A missing-credit report's particulars. */
export interface MissingCreditFacts {
  wallId: string;
  /** The wall's name, or its id when the wall is gone. */
  wallName: string;
  offerName: string;
  completedAt: string;
}

/** One contact message (public contact form, member support page or missing-credit report). */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  mobile_number: string;
  subject: string;
  message: string;
  /** The member who sent it while logged in, if any (their id opens /admin/members/{id}). */
  userId: string | null;
  userName: string | null;
  status: MessageStatus;
  kind: MessageKind;
  /** Set for kind missing_credit. */
  missingCredit: MissingCreditFacts | null;
  /** Set for kind grievance: its reference and clocks. */
  grievance: GrievanceClocks | null;
  /** How many replies the thread has. */
  replies: number;
  time: string;
  updatedAt: string;
}

/**
 * The grievance officer as members and visitors see them (issue 44), with the owner's clocks:
 * a complaint is acknowledged within `acknowledge_hours` and resolved within `resolve_days`.
 * Empty strings until the owner names one.
 */
export interface GrievanceOfficer {
  name: string;
  email: string;
  address: string;
  acknowledge_hours: number;
  resolve_days: number;
}

/** A grievance's reference and its two clocks (ISO times). */
export interface GrievanceClocks {
  /** "GRV-000123": what the complainant quotes. */
  reference: string;
  /** When the complaint was acknowledged (at once: the answer to the form carries the reference). */
  acknowledged_at: string;
  /** Resolved (closed) by then at the latest. */
  resolve_by: string;
  /** Still open or answered after resolve_by. */
  overdue: boolean;
}

/** The body of a grievance: the contact form's fields. */
export type GrievanceBody = ContactBody;

/** The operator's messages, newest first, filtered by status and paged. */
export interface ContactMessageList {
  records: ContactMessage[];
  /** The filter applied (`all` when none). */
  status: MessageStatus | "all";
  pagination: Pagination;
}

/** One reply in a thread: an operator's answer or the member's follow-up. */
export interface ContactReply {
  id: number;
  fromOperator: boolean;
  /** The operator's user name (operator view only; null on the member's view and for the member's own). */
  author: string | null;
  body: string;
  time: string;
}

/** One postback of the member's for the wall of a missing-credit report. */
export interface ThreadPostback {
  id: number;
  verdict: string;
  detail: string | null;
  transactionId: string | null;
  /** Milli-rupees, when the postback named an amount. */
  amount: number | null;
  time: string;
}

/** GET /adminRoute/messages/:id: the message, its replies oldest first, and the canned replies. */
export interface ContactThread {
  message: ContactMessage;
  replies: ContactReply[];
  /**
   * For a missing-credit report: the member's postbacks for that wall from 3 days before to 3 days
   * after the completion time, newest first (null for other messages).
   */
  postbacks: ThreadPostback[] | null;
  cannedReplies: CannedReply[];
}

export interface ReplyBody {
  body: string;
}

export interface StatusBody {
  status: MessageStatus;
}

export interface CannedReply {
  id: number;
  title: string;
  body: string;
  sortOrder: number;
}

export interface CannedReplyList {
  records: CannedReply[];
}

export interface CannedReplyBody {
  title: string;
  body: string;
  sortOrder?: number;
}

/** The member's own message, with its replies (the support page's "Your messages"). */
export interface MyMessage {
  id: number;
  subject: string;
  message: string;
  status: MessageStatus;
  kind: MessageKind;
  missingCredit: MissingCreditFacts | null;
  replies: ContactReply[];
  time: string;
}

export interface MyMessageList {
  records: MyMessage[];
  pagination: Pagination;
}

/** A wall the member opened in the last 30 days, with the last time they opened it. */
export interface OpenedWall {
  wallId: string;
  name: string;
  lastOpenedAt: string;
}

export interface OpenedWallList {
  records: OpenedWall[];
}

export interface MissingCreditBody {
  wallId: string;
  offerName: string;
  /** ISO date-time (with its zone) within the last 30 days, not in the future. */
  completedAt: string;
  details?: string;
}

/** The answer to a filed report: its id, status and the promised answer time. */
export interface MissingCreditFiled {
  id: number;
  status: MessageStatus;
  message: string;
  promise: string;
}

export interface SupportEndpoints {
  "/adminRoute/messages": Endpoint<ContactMessageList>;
  [path: `/adminRoute/messages/${number}`]: Endpoint<ContactThread>;
  [path: `/adminRoute/messages/${number}/reply`]: Endpoint<string, ReplyBody>;
  [path: `/adminRoute/messages/${number}/status`]: Endpoint<string, StatusBody>;
  /** GET lists; POST creates and answers its message. */
  "/adminRoute/canned-replies": Endpoint<CannedReplyList, CannedReplyBody, string>;
  /** PATCH edits, DELETE removes. */
  [path: `/adminRoute/canned-replies/${number}`]: Endpoint<string, CannedReplyBody>;
  "/userMessageRoute/my-messages": Endpoint<MyMessageList>;
  [path: `/userMessageRoute/my-messages/${number}/reply`]: Endpoint<string, ReplyBody>;
  "/userMessageRoute/task-walls-opened": Endpoint<OpenedWallList>;
  "/userMessageRoute/missing-credit": Endpoint<MissingCreditFiled, MissingCreditBody>;
  "/userMessageRoute/grievance_officer": Endpoint<GrievanceOfficer>;
  "/userMessageRoute/grievance_post": Endpoint<GrievanceClocks, GrievanceBody>;
  "/adminRoute/grievance/settings": Endpoint<string, GrievanceOfficer>;
}
