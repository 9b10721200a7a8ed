import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * Money limits one owner cannot raise alone (issue 42, ADR 0030): the raises waiting out their
 * delay, which any owner may cancel, and the changes before them.
 */

export type LimitChangeStatus = "scheduled" | "applied" | "cancelled" | "replaced";

export interface LimitChangeRecord {
  id: string;
  /** `setting:{key}` or `gift_code:{id}`. */
  subject: string;
  /** What the limit is, for people ("Payout policy", "Gift code"). */
  name: string;
  /** The value in force when it was asked for, and the value asked for, for people. */
  before: string;
  after: string;
  status: LimitChangeStatus;
  requested_by: string;
  requested_at: string;
  /** When it takes (or took) effect unless cancelled. */
  effective_at: string;
}

export interface LimitChangeList {
  records: LimitChangeRecord[];
  pagination: Pagination;
  /** How long a raise waits. */
  delay_hours: number;
}

/** A raise of one limit waiting out its delay, shown beside the limit's form. */
export interface ScheduledRaise {
  id: string;
  /** The value asked for, as the form shows it (rupees). */
  value: string;
  effective_at: string;
}

export interface LimitEndpoints {
  /** GET `?status=scheduled|applied|cancelled|replaced|all&page=` (owner). */
  "/adminRoute/limitChanges": Endpoint<LimitChangeList>;
  /** POST: an owner cancels a scheduled raise (a gift code's: the code is disabled). */
  [path: `/adminRoute/limitChanges/${string}/cancel`]: Endpoint<string, Record<string, never>>;
}
