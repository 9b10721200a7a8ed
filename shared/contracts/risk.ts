import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { RiskEvidence, RiskLevel, RiskPolicy, RiskSignalKind } from "../risk";
import type { BanPending } from "./memberActions";

/**
 * Risk on the wire (issue 21 §4, docs/api/admin.md#risk): members by score, one member's signals
 * and linked accounts, clearing a member, holding or banning a ring at once, and the risk
 * settings. Times are ISO strings; scores are whole points.
 */

/** One member on the risk page. */
export interface RiskMemberRow {
  id: string;
  userName: string;
  email: string;
  role: "member" | "operator";
  score: number;
  level: RiskLevel;
  /** The top reasons in words, strongest first (at most 3). */
  reasons: string[];
  joined: string;
  held: boolean;
  suspended: boolean;
  banned: boolean;
}

/** The risk page's filters as the API read them. */
export interface RiskFilters {
  /** Members with an open signal of this kind; null: any. */
  kind: RiskSignalKind | null;
  /** Members who signed up today (India time). */
  newToday: boolean;
  /** Members whose withdrawals are held. */
  held: boolean;
}

/** `GET /adminRoute/risk?kind=&new=today&held=1&page=`: members by score, highest first. */
export interface RiskMemberPage {
  records: RiskMemberRow[];
  pagination: Pagination;
  filters: RiskFilters;
}

/** One signal on the member's risk page. */
export interface RiskSignalRecord {
  id: number;
  kind: RiskSignalKind;
  label: string;
  summary: string;
  strength: number;
  /** The points it adds under the current policy (0 once cleared: it no longer counts). */
  points: number;
  evidence: RiskEvidence;
  createdAt: string;
  updatedAt: string;
  cleared: { at: string; by: string } | null;
}

/** One account linked to the member (shared device, payout account, address, referral chain). */
export interface LinkedAccountRecord {
  id: string;
  userName: string;
  email: string;
  links: { via: "device" | "payout" | "address" | "referral"; value: string }[];
  score: number;
  level: string;
  withdrawalsHeld: boolean;
  banned: boolean;
}

/** `GET /adminRoute/members/:id/risk?page=`: a member's score, signals (paged) and linked accounts. */
export interface MemberRiskPage {
  member: {
    id: string;
    userName: string;
    email: string;
    isOperator: boolean;
    held: boolean;
    suspended: boolean;
    banned: boolean;
  };
  score: number;
  level: RiskLevel;
  reasons: string[];
  /** The last time an operator cleared the member. */
  cleared: { at: string; by: string; note: string } | null;
  signals: RiskSignalRecord[];
  pagination: Pagination;
  linked: LinkedAccountRecord[];
  /** Usernames of the member ids the signals' evidence names (id → username). */
  names: Record<string, string>;
  thresholds: RiskPolicy["thresholds"];
}

/** Clearing a member (plain JSON body): the operator's note (1..1000 characters). */
export interface RiskClearBody {
  note: string;
}

export interface RiskClearOutcome {
  message: string;
  /** Signals marked cleared. */
  cleared: number;
  /** Whether an automatic hold was released. */
  released: boolean;
}

/** Holding or banning a ring at once (plain JSON body). */
export interface RiskBulkBody {
  action: "hold" | "ban";
  reason: string;
  /** The members to act on (1..50), the page's member among them when chosen. */
  memberIds: string[];
  /** Ban only: what happens to their Pending withdrawals. */
  pending?: BanPending;
}

export interface RiskBulkOutcome {
  message: string;
  results: { id: string; userName: string; changed: boolean; message: string }[];
}

/** `GET /adminRoute/risk/settings`: the policy in force and the documented defaults. */
export interface RiskSettings {
  policy: RiskPolicy;
  defaults: RiskPolicy;
}

/** `PATCH /adminRoute/risk/settings`: the whole policy (every field). */
export type RiskSettingsBody = RiskPolicy;

export interface RiskEndpoints {
  "/adminRoute/risk": Endpoint<RiskMemberPage>;
  "/adminRoute/risk/settings": Endpoint<RiskSettings, RiskSettingsBody, string>;
  [path: `/adminRoute/members/${string}/risk`]: Endpoint<MemberRiskPage>;
  [path: `/adminRoute/members/${string}/risk/clear`]: Endpoint<RiskClearOutcome, RiskClearBody>;
  [path: `/adminRoute/members/${string}/risk/bulk`]: Endpoint<RiskBulkOutcome, RiskBulkBody>;
}
