import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * Payouts on the wire (issue 22, docs/api/payouts.md): approving withdrawals sends them through a
 * payout provider (RazorpayX) or into a bank bulk file; each attempt's status, UTR and failure
 * reason; the daily outgoing limit and the four-eyes threshold. Amounts are rupee strings (3
 * decimals), times ISO strings.
 */

/** The provider's payout statuses (RazorpayX), in the order a payout goes through them. */
export const PROVIDER_STATUSES = [
  "queued",
  "pending",
  "processing",
  "processed",
  "reversed",
  "failed",
  "rejected",
  "cancelled",
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * An attempt's status: `created` while the provider has not answered its create yet (the
 * reconciler asks again with the same idempotency key), `sent` once written to a bank bulk file
 * and until the bank's result file is imported, then the provider's.
 */
export type PayoutStatus = "created" | "sent" | ProviderStatus;

/** Final statuses: nothing more happens to the attempt, except a processed one being reversed. */
export const FINAL_STATUSES: readonly PayoutStatus[] = [
  "processed",
  "reversed",
  "failed",
  "rejected",
  "cancelled",
];
/** The final statuses that give the money back to the member. */
export const FAILED_STATUSES: readonly PayoutStatus[] = ["reversed", "failed", "rejected", "cancelled"];

/**
 * How an attempt goes out: through the provider, in a bank bulk file, or `manual` — an operator
 * paid it by hand and marked it paid with the bank's reference (UTR): opened under the same rules
 * and processed at once.
 */
export type PayoutChannel = "razorpayx" | "bank_file" | "manual";

/** A withdrawal's latest payout attempt, as the operator's queue shows it. */
export interface PayoutAttempt {
  id: string;
  attempt: number;
  channel: PayoutChannel;
  status: PayoutStatus;
  /** UPI, IMPS or NEFT; `manual` for a payment by hand. */
  mode: string;
  /** The provider's payout id (RazorpayX `pout_…`); null before its create was answered, and for a bank file. */
  provider_payout_id: string | null;
  /** The bank's reference once processed (the operator's, for a payment by hand). */
  utr: string | null;
  /** The provider's (or bank's) reason when it failed, was rejected, cancelled or reversed. */
  failure_reason: string | null;
  /** The bank file it was written to. */
  batch_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Where a Pending withdrawal stands on its way out (the queue's "Payout" column):
 * - `waiting`: not approved yet;
 * - `second_approval`: approved once, above the four-eyes threshold, waiting for another operator;
 * - `in_flight`: an attempt is out (provider or bank file) and not final;
 * - `failed`: the last attempt failed (the withdrawal was rejected and refunded): "send again" may retry it;
 * - `paid`: processed (by the provider, a bank file, or marked paid by hand with its UTR);
 * - `manual`: settled by hand without an attempt (a rejection, or a payment marked before issue 42).
 */
export type PayoutStage = "waiting" | "second_approval" | "in_flight" | "failed" | "paid" | "manual";

/** Money sent, in flight and failed (the payouts page's and the overview's figures). */
export interface PayoutTotals {
  /** Processed, all time and today (the site's day, IST). */
  sent: string;
  sent_today: string;
  /** Attempts not final yet, and how many. */
  in_flight: string;
  in_flight_count: number;
  /** Failed, rejected, cancelled or reversed in the last 30 days, and how many. */
  failed_30_days: string;
  failed_30_days_count: number;
  /** Today's outgoing so far (attempts made today) and the limit ("0.000": none). */
  outgoing_today: string;
  daily_limit: string;
}

/** Which way payouts go: `razorpayx` when configured, else `manual` (mark paid by hand, or a bank file). */
export type PayoutMode = "razorpayx" | "manual";

/** The payout policy (owner): the daily outgoing limit and the four-eyes threshold, whole rupees as strings. */
export interface PayoutPolicy {
  /** The most that may be sent in one day (IST); "0.000": no limit. */
  daily_limit: string;
  /** Approving more than this needs two different operators; "0.000": every request needs two. */
  four_eyes_above: string;
}

/** `GET /adminRoute/payouts`: how payouts go, the figures and the policy. */
export interface PayoutOverview {
  mode: PayoutMode;
  totals: PayoutTotals;
  policy: PayoutPolicy;
  /** A raise of the policy waiting out its delay (issue 42): it takes effect then unless an owner cancels it. */
  scheduled: (PayoutPolicy & { id: string; effective_at: string }) | null;
}

/** `PATCH /adminRoute/payouts/policy` (owner): whole rupees. */
export interface PayoutPolicyBody {
  daily_limit: number;
  four_eyes_above: number;
}

/** `POST /adminRoute/withdrawals/approve`: a batch of Pending withdrawals (at most 50). */
export interface BatchApproveBody {
  ids: string[];
}

/** One request of a batch that was not sent, and why (in words). */
export interface BatchSkip {
  id: string;
  reason: string;
}

/** No bank file written (409 `conflict`): each ticked request's reason. */
export interface NoBankFileRefusal {
  error_code: "conflict";
  skipped?: BatchSkip[];
}

/** What a batch approval did. */
export interface BatchApproveResult {
  /** Sent to the provider (or, without one, marked paid). */
  sent: string[];
  /** Approved once, waiting for a second operator (above the four-eyes threshold). */
  awaiting_second: string[];
  /** Not sent: held, under review, already sent, over today's limit… each with its reason. */
  skipped: BatchSkip[];
  /** The message shown to the operator. */
  message: string;
}

/** A bank bulk file: withdrawals written to one CSV for the bank's bulk-transfer upload. */
export interface BankFileRecord {
  id: string;
  created_at: string;
  created_by: string;
  rows: number;
  total: string;
  /** How many are still `sent` (no result imported for them). */
  open: number;
  result_imported_at: string | null;
}

/** `GET /adminRoute/payouts/bankFiles`: paged, newest first. */
export interface BankFileList {
  records: BankFileRecord[];
  pagination: Pagination;
}

/** `POST /adminRoute/payouts/bankFiles`: the Pending withdrawals to write (at most 500). */
export interface NewBankFileBody {
  ids: string[];
}

/** What writing a bank file did: its id (download at …/bankFiles/{id}/csv) and what was left out. */
export interface NewBankFileResult {
  id: string;
  rows: number;
  skipped: BatchSkip[];
  message: string;
}

/** `POST /adminRoute/payouts/bankFiles/{id}/result`: the bank's result file, as text (CSV). */
export interface BankResultBody {
  csv: string;
}

/** What importing a result file did. */
export interface BankResultOutcome {
  paid: number;
  failed: number;
  /** Lines naming no open row of this file (unknown reference, already settled): line number and why. */
  unmatched: { line: number; reason: string }[];
  message: string;
}

export interface PayoutEndpoints {
  "/adminRoute/payouts": Endpoint<PayoutOverview>;
  "/adminRoute/payouts/policy": Endpoint<string, PayoutPolicyBody>;
  "/adminRoute/withdrawals/approve": Endpoint<BatchApproveResult, BatchApproveBody>;
  "/adminRoute/payouts/bankFiles": Endpoint<
    BankFileList,
    NewBankFileBody,
    NewBankFileResult,
    NoBankFileRefusal
  >;
  [path: `/adminRoute/payouts/bankFiles/${string}/result`]: Endpoint<BankResultOutcome, BankResultBody>;
  [path: `/adminRoute/withdrawals/${string}/resend`]: Endpoint<string, Record<string, never>>;
}
