import type { Endpoint } from "./endpoint";

/**
 * The operator console's overview (docs/api/admin.md#overview): the business per IST day, read
 * from the ledger's daily roll-ups. Amounts are rupee strings (3 decimals), days `YYYY-MM-DD`
 * (IST), times ISO strings.
 */

/** The days shown: today, the last 7 or the last 30 IST days (today included). */
export const OVERVIEW_RANGES = ["today", "7", "30"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

/** Channels that pay members, in the order the page shows them. */
export const EARNING_CHANNELS = [
  "ads",
  "short_links",
  "task_walls",
  "games",
  "referrals",
  "gift_codes",
] as const;
export type EarningChannel = (typeof EARNING_CHANNELS)[number];

/** A count of withdrawals and their amount. */
export interface CountAmount {
  count: number;
  amount: string;
}

/** One IST day of the range. */
export interface OverviewDay {
  day: string;
  /** Members who signed up that day. */
  signups: number;
  /** Members with an earning that day. */
  active_members: number;
  /** Credited to members' withdrawable balances, per channel. */
  earnings: Record<EarningChannel, string>;
  /** Taken back from members (task-wall and referral reversals). */
  reversed: string;
  /** Moved by advertisers from their deposit balance into campaign escrow. */
  advertiser_spend: string;
  /** Unspent escrow returned to advertisers (campaigns deleted or rejected). */
  advertiser_refunds: string;
  /** Net change of the platform's revenue account. */
  revenue: string;
  withdrawals: { requested: CountAmount; approved: CountAmount; rejected: CountAmount };
}

/** The overview's answer. */
export interface OverviewData {
  range: OverviewRange;
  /** The days, oldest first. */
  days: OverviewDay[];
  /** The range's totals (active members: distinct over the range, not a sum). */
  totals: Omit<OverviewDay, "day">;
  /** Withdrawals waiting for an operator now. */
  pending: CountAmount & {
    /** When the oldest pending request was made; null when none waits. */
    oldest_at: string | null;
    /** Its age in seconds; null when none waits. */
    oldest_age_seconds: number | null;
  };
  /**
   * Grievances not closed yet (issue 44): how many, how many past their resolution time, and the
   * five that are due first (overdue ones first).
   */
  grievances: {
    open: number;
    overdue: number;
    first: { id: number; reference: string; subject: string; resolve_by: string; overdue: boolean }[];
  };
  /** Members' rights requests not answered yet (issue 44 §2): how many, how many past their due time. */
  rights_requests: { open: number; overdue: number };
  /** What the site owes members against what it holds, now. */
  liabilities: {
    owed: { withdrawable: string; deposit: string; pending_payouts: string; total: string };
    held: { campaign_escrows: string; game_escrow: string; pending_payouts: string; total: string };
    /** What members owe back after reversals (shown apart; not counted in either side). */
    member_debt: string;
  };
  /** The ledger check's verdict from its last run (the check reads the journal, so it is kept for a while). */
  ledger: {
    ok: boolean;
    total: string;
    negative_accounts: number;
    unbalanced: number;
    checked_at: string;
    /** How long a verdict is kept before the check runs again, in seconds. */
    kept_seconds: number;
  };
  /** When the figures were read. */
  as_of: string;
}

export interface OverviewEndpoints {
  /** `?range=today|7|30` (default 7); owner only. */
  "/adminRoute/overview": Endpoint<OverviewData>;
}
