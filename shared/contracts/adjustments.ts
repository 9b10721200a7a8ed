import type { ScheduledRaise } from "./limits";
import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * Manual balance adjustments and their approvals (docs/api/admin.md#adjustments): an owner credits
 * or debits a member's withdrawable or deposit balance with a reason; an adjustment above the
 * approval threshold waits for a second operator. Amounts are rupee strings (3 decimals), times
 * ISO strings.
 */

export type AdjustmentDirection = "credit" | "debit";
export type AdjustmentBalance = "withdrawable" | "deposit";
export type AdjustmentStatus = "pending" | "posted" | "rejected";

/** One adjustment, as the console lists it. */
export interface AdjustmentRecord {
  id: string;
  member_id: string;
  member_userName: string;
  direction: AdjustmentDirection;
  balance: AdjustmentBalance;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  /** The requesting operator's username. */
  requested_by: string;
  /** True when the operator reading the list asked for it (they may not approve or reject it). */
  requested_by_me: boolean;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
  /** The journal entry that moved the money (posted adjustments only). */
  entry_id: number | null;
  created_at: string;
}

/** `GET /adminRoute/adjustments?status=pending|posted|rejected&page=`: newest first. */
export interface AdjustmentList {
  status: AdjustmentStatus;
  records: AdjustmentRecord[];
  pagination: Pagination;
  /** Adjustments above this (a member's total of the day) wait for a second operator. */
  threshold: string;
  /** A raise of the threshold waiting out its delay. */
  scheduled: ScheduledRaise | null;
}

/** `GET /adminRoute/members/:id/adjustments`: the member, their balances and their adjustments. */
export interface MemberAdjustments {
  member: { id: string; userName: string; email: string };
  balances: { withdrawable: string; deposit: string };
  threshold: string;
  records: AdjustmentRecord[];
  pagination: Pagination;
}

/** A new adjustment (plain JSON body). `requestKey` is the form's idempotency key. */
export interface NewAdjustmentBody {
  direction: AdjustmentDirection;
  balance: AdjustmentBalance;
  /** Rupees, up to 3 decimals, more than 0. */
  amount: string | number;
  reason: string;
  requestKey: string;
}

/** What a request, an approval or a rejection answers. */
export interface AdjustmentOutcome {
  message: string;
  adjustment: AdjustmentRecord;
  /** True when the same request key had already been used with the same values (nothing new written). */
  duplicate: boolean;
}

/** Approving (note optional) or rejecting (note required). */
export interface AdjustmentDecisionBody {
  note?: string;
}

export interface AdjustmentSettings {
  /** Adjustments above this amount (rupees) wait for a second operator; at or below it they post at once. */
  threshold: string;
  /** A raise of the threshold waiting out its delay (issue 42): in force then unless an owner cancels it. */
  scheduled: ScheduledRaise | null;
}

export interface AdjustmentSettingsBody {
  threshold: string | number;
}

export interface AdjustmentEndpoints {
  "/adminRoute/adjustments": Endpoint<AdjustmentList>;
  "/adminRoute/adjustments/settings": Endpoint<AdjustmentSettings, AdjustmentSettingsBody, string>;
  [path: `/adminRoute/adjustments/${string}/approve`]: Endpoint<AdjustmentOutcome, AdjustmentDecisionBody>;
  [path: `/adminRoute/adjustments/${string}/reject`]: Endpoint<AdjustmentOutcome, AdjustmentDecisionBody>;
  /** GET the member's adjustments and balances; POST requests a new adjustment. */
  [path: `/adminRoute/members/${string}/adjustments`]: Endpoint<
    MemberAdjustments,
    NewAdjustmentBody,
    AdjustmentOutcome
  >;
}
