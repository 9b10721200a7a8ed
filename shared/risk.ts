/**
 * Risk signals (issue 21): the kinds the server records, the default weights and thresholds, and
 * the steps of the response. Shared by the API (scoring) and the operator pages (labels, the
 * settings form). docs/operators.md, "Risk signals", documents the same defaults.
 */

export const RISK_SIGNAL_KINDS = [
  /** The same payout account (UPI id, Paytm number, bank account) bound by another member. */
  "shared_payout",
  /** The same device (the long-lived device cookie) used by another member. */
  "shared_device",
  /** A referrer and the member they referred on one device (or, weaker, one address). */
  "self_referral",
  /** The same address as other members (weak: carrier NAT puts many honest members on one). */
  "shared_address",
  /** Sign-up, login, earning or withdrawal from a proxy or VPN (the provider setting). */
  "proxy",
  /** Claims per hour beyond human pace. */
  "velocity",
  /** Claims landing at the minimum time again and again. */
  "minimum_time",
  /** Claims at machine-regular intervals. */
  "regular_interval",
  /** An earning day far above the member's usual. */
  "earning_spike",
  /** Refused claims in the cheat log. */
  "cheat_refusals",
  /** Offer-wall reversals against the member's credits. */
  "offer_reversals",
  /** The same pair playing again and again with one side always losing. */
  "game_collusion",
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

export const RISK_SIGNAL_LABELS: Record<RiskSignalKind, string> = {
  shared_payout: "Shared payout account",
  shared_device: "Shared device",
  self_referral: "Self-referral",
  shared_address: "Shared address",
  proxy: "Proxy or VPN",
  velocity: "Claims beyond human pace",
  minimum_time: "Claims at the minimum time",
  regular_interval: "Machine-regular claims",
  earning_spike: "Earning day far above usual",
  cheat_refusals: "Refused claims",
  offer_reversals: "Offer-wall reversals",
  game_collusion: "Game collusion",
};

/** The response steps, weakest first. `none` is below every threshold. */
export const RISK_LEVELS = ["none", "flag", "hold", "suspend", "ban"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The spec's one-account rule as a server policy (issue 21 §2). */
export const SAME_DEVICE_POLICIES = ["off", "flag", "refuse"] as const;
export type SameDevicePolicy = (typeof SAME_DEVICE_POLICIES)[number];

/**
 * The operator's risk settings. A signal adds `weight × strength / 100` points, its strength
 * capped at `cap` (percent); the member's score is the sum over signals not cleared.
 */
export interface RiskPolicy {
  weights: Record<RiskSignalKind, number>;
  /** Scores at which each step applies (each ≥ the one before). */
  thresholds: { flag: number; hold: number; suspend: number; ban: number };
  /** Suspension and ban are operators' decisions unless these are on. */
  autoSuspend: boolean;
  autoBan: boolean;
  sameDevicePolicy: SameDevicePolicy;
  /** Days after sign-up before a member's first withdrawal (0: none). */
  firstWithdrawalWaitDays: number;
  /** Velocity: more claims than this in one hour is beyond human pace. */
  claimsPerHourLimit: number;
}

/** The strength cap per kind, in percent of the weight (shared device: up to four other accounts). */
export const RISK_STRENGTH_CAPS: Record<RiskSignalKind, number> = {
  shared_payout: 300,
  shared_device: 400,
  self_referral: 200,
  shared_address: 300,
  proxy: 200,
  velocity: 200,
  minimum_time: 100,
  regular_interval: 100,
  earning_spike: 100,
  cheat_refusals: 300,
  offer_reversals: 300,
  game_collusion: 200,
};

export const DEFAULT_RISK_POLICY: RiskPolicy = {
  weights: {
    shared_payout: 60,
    shared_device: 25,
    self_referral: 40,
    shared_address: 5,
    proxy: 15,
    velocity: 30,
    minimum_time: 30,
    regular_interval: 30,
    earning_spike: 15,
    cheat_refusals: 10,
    offer_reversals: 20,
    game_collusion: 50,
  },
  thresholds: { flag: 25, hold: 50, suspend: 100, ban: 150 },
  autoSuspend: false,
  autoBan: false,
  sameDevicePolicy: "flag",
  firstWithdrawalWaitDays: 0,
  claimsPerHourLimit: 120,
};

/** The points one signal adds under `policy`. */
export function signalPoints(policy: RiskPolicy, kind: RiskSignalKind, strength: number): number {
  const capped = Math.max(0, Math.min(strength, RISK_STRENGTH_CAPS[kind]));
  return Math.round((policy.weights[kind] * capped) / 100);
}

/** The step a score reaches under `policy`. */
export function levelOf(policy: RiskPolicy, score: number): RiskLevel {
  const t = policy.thresholds;
  if (score >= t.ban) return "ban";
  if (score >= t.suspend) return "suspend";
  if (score >= t.hold) return "hold";
  if (score >= t.flag) return "flag";
  return "none";
}

/** What a signal's evidence holds: enough for a person to check it. */
export interface RiskEvidence {
  /** Other members involved (ids). */
  accounts?: string[];
  device?: string;
  ip?: string;
  /** The normalised payout account (e.g. `upi:name@okaxis`). */
  payoutAccount?: string;
  /** Claim references (e.g. `ad_view:123`, `short_link:45`). */
  claims?: string[];
  /** Game room ids. */
  games?: string[];
  /** Figures behind the signal (counts, rates, seconds). */
  figures?: Record<string, number | string>;
}

/** Why a withdrawal goes to review, as the payout queue marks it. */
export const REVIEW_REASONS = ["first_payout", "risk"] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/**
 * Whether approving a withdrawal needs the operator's confirm step: the member is flagged or above
 * now, or the request was marked "risk" when made. A first payout alone is marked for the
 * operator's eyes but needs no extra step (every approval is a person's).
 */
export function needsRiskConfirm(level: RiskLevel, reviewReasons: readonly string[]): boolean {
  return RISK_LEVELS.indexOf(level) >= RISK_LEVELS.indexOf("flag") || reviewReasons.includes("risk");
}
