/**
 * Keeping data no longer than needed (issue 44 §4, ADR 0035): how many days each kind of record is
 * kept, the bounds an owner may set, and the dormant-account policy. The defaults and their
 * sources are documented in the README ("Privacy and the law"; read 2026-11-29). This is not
 * legal advice: every period is the owner's setting.
 */

/** The kinds the retention job sweeps, in the order the console lists them. */
export const RETENTION_KINDS = [
  "sessions",
  "sign_ins",
  "postback_logs",
  "payout_webhook_logs",
  "risk_evidence",
  "support_messages",
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The kinds whose period is the setting `retention_days` (the two logs keep their own settings). */
export type OwnRetentionKind = Exclude<RetentionKind, "postback_logs" | "payout_webhook_logs">;

/**
 * Days kept after the record's end: a session after it expired; a sign-in after it happened (a year:
 * the erasure keeps logs a year, ADR 0033; never below CERT-In's directions of 28 April 2022, §(iv):
 * 180 days of logs); cleared risk evidence after it was cleared;
 * a closed support message (grievances included) after its last change (3 years: the Limitation
 * Act 1963's period for a claim on a contract; never below 180 days, the IT Rules 2021 rule 3(1)(g)).
 */
export const DEFAULT_RETENTION_DAYS: Record<OwnRetentionKind, number> = {
  sessions: 30,
  sign_ins: 365,
  risk_evidence: 365,
  support_messages: 1095,
};

/** What an owner may set, per kind (days). */
export const RETENTION_LIMITS: Record<RetentionKind, { min: number; max: number }> = {
  sessions: { min: 1, max: 3650 },
  sign_ins: { min: 180, max: 3650 },
  postback_logs: { min: 1, max: 3650 },
  payout_webhook_logs: { min: 1, max: 3650 },
  risk_evidence: { min: 30, max: 3650 },
  support_messages: { min: 180, max: 3650 },
};

/** The console's words for each kind and what "expired" means for it. */
export const RETENTION_LABELS: Record<RetentionKind, { label: string; rule: string }> = {
  sessions: { label: "Sessions", rule: "days after the session expired" },
  sign_ins: { label: "Login records", rule: "days after the sign-in (CERT-In: at least 180)" },
  postback_logs: { label: "Postback log", rule: "days after the postback" },
  payout_webhook_logs: { label: "Payout webhook log", rule: "days after the webhook" },
  risk_evidence: { label: "Risk evidence", rule: "days after the signal was cleared (evidence emptied)" },
  support_messages: {
    label: "Support messages and grievances",
    rule: "days after a closed message's last change (at least 180)",
  },
};

/** Dormant accounts: days without a visit before the account is erased (0: never), and the balance's fate. */
export const DORMANT_LIMITS = { min: 90, max: 3650 } as const;
export const DORMANT_POLICIES = ["payout", "forfeit"] as const;
export type DormantPolicy = (typeof DORMANT_POLICIES)[number];
/** The warning comes this long before the erasure. */
export const DORMANT_WARNING_HOURS = 48;

/** The settings page's answer and the PATCH body: days per kind, and the dormant policy. */
export interface RetentionSettings {
  days: Record<RetentionKind, number>;
  dormant_after_days: number;
  dormant_balance_policy: DormantPolicy;
}

export interface RetentionRun {
  kind: RetentionKind;
  ran_at: string;
  deleted: number;
  statements: number;
  cutoff: string;
}

export interface RetentionOverview extends RetentionSettings {
  runs: RetentionRun[];
}
