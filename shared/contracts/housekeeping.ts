import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { RetentionOverview, RetentionRun, RetentionSettings } from "../retention";

/**
 * Keeping data no longer than needed and the breach notice (issue 44 §4 and §5; docs/api/housekeeping.md):
 * the owner's retention periods and their last runs, breach notices and the Board's 72-hour clock,
 * and the notices a member sees on their dashboard until dismissed.
 */

/** A breach notice as the owner composes it: both languages required; all members or a list of ids. */
export interface BreachNoticeBody {
  /** The confirm form's key: sending the same form twice is one notice. */
  key: string;
  /** When the breach was discovered (ISO): the Board's 72 hours run from then. */
  discovered_at: string;
  subject_en: string;
  body_en: string;
  subject_hi: string;
  body_hi: string;
  audience: "all" | "list";
  /** For `list`: the members' ids (each must name a member). */
  member_ids: string[];
}

/** The confirm step: how many members the notice would reach. */
export interface BreachPreview {
  recipients: number;
}

/** A notice sent (or found sent already under the same key): how many it reaches and how many are mailed yet. */
export interface BreachSent {
  id: number;
  recipients: number;
  mailed: number;
  duplicate: boolean;
  /** "Breach notice sent." (the console's toast). */
  message: string;
}

export interface BreachIncidentRecord {
  id: number;
  discovered_at: string;
  /** discovered_at + 72 hours: the DPDP Rules 2025, rule 7(2). */
  board_due_at: string;
  board_notified_at: string | null;
  /** Past board_due_at with the Board not yet notified. */
  board_overdue: boolean;
  subject_en: string;
  audience: "all" | "list";
  recipients: number;
  mailed: number;
  created_by: string | null;
  created_at: string;
}

export interface BreachIncidentList {
  records: BreachIncidentRecord[];
  pagination: Pagination;
}

export interface BreachBoardBody {
  board_notified_at: string;
}

/** A breach notice on the member's dashboard, in their language. */
export interface MemberBreachNotice {
  id: number;
  subject: string;
  body: string;
  sent_at: string;
}

export interface HousekeepingEndpoints {
  /** GET the periods, the dormant policy and each kind's last run; PATCH sets them (owner). */
  "/adminRoute/retention": Endpoint<RetentionOverview, RetentionSettings, string>;
  /** POST: runs the retention job now (owner); answers each kind's run. */
  "/adminRoute/retention/run": Endpoint<{ runs: RetentionRun[]; message: string }>;
  /** POST: the confirm step's count, nothing written (owner). */
  "/adminRoute/breach/preview": Endpoint<BreachPreview, BreachNoticeBody>;
  /** GET `?page=` lists the incidents; POST sends a notice (owner). */
  "/adminRoute/breach/notices": Endpoint<BreachIncidentList, BreachNoticeBody, BreachSent>;
  /** PATCH: when the Board was notified (owner). */
  [path: `/adminRoute/breach/notices/${number}/board`]: Endpoint<string, BreachBoardBody>;
  /** GET: the member's breach notices not yet dismissed. */
  "/userRoute/breachNotices": Endpoint<{ notices: MemberBreachNotice[] }>;
  /** POST: the member dismisses one. */
  /** Takes no body: the notice is the address. */
  [path: `/userRoute/breachNotices/${number}/dismiss`]: Endpoint<string>;
}
