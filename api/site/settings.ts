import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { settings } from "../db/schema";
import { recordAudit } from "./audit";
import {
  DEFAULT_PTC_MEMBER_SHARE_BP,
  DEFAULT_PTC_MINIMUM_VIEWS,
  DEFAULT_PTC_PRICING,
} from "../../shared/campaign";
import { DEFAULT_RISK_POLICY } from "../../shared/risk";
import { DEFAULT_GRIEVANCE_OFFICER } from "../../shared/grievance";
import { DEFAULT_AGE_CHECK } from "../../shared/privacyNotice";
import { DEFAULT_TAX_SETTINGS } from "../../shared/tax";
import { DEFAULT_RETENTION_DAYS, type DormantPolicy } from "../../shared/retention";

/** Operator-editable settings with their defaults. Rates are basis points (1000 = 10 %). */
export const SETTING_DEFAULTS = {
  referral_rate_bp: 1000,
  referral_page_text: "<p>Invite friends and earn a share of everything they earn, for life.</p>",
  withdrawal_instructions: [
    "<p>Bind your payout method on the Profile page before withdrawing.</p>",
    "<p>Withdrawals are paid {payout_time}, oldest requests first.</p>",
    "<p>The amount must be a whole number of rupees and at least the method's minimum.</p>",
  ],
  convert_instructions: [
    "<p>Withdraw to Deposit is free: use deposit balance for ads and games.</p>",
    "<p>Deposit to Withdraw carries a 5% charge.</p>",
  ],
  gift_code_page_message:
    "<p>Enter a gift code from our announcements or social channels to claim a bonus.</p>",
  /**
   * The home page's statistics start from here: 0 (the site's own history only) unless an
   * operator sets the numbers from before this system. The demo seed sets its own.
   */
  public_stats_base: {
    users: 0,
    userCompletedTask: 0,
    visitorsLast30Days: 0,
    totalWithdrawalAmount: 0,
  },
  email_change_wait_ms: 10 * 60 * 1000,
  password_reset_wait_ms: 5 * 60 * 1000,
  /** Ads: per type, the (seconds, rupees per view) an advertiser may buy. */
  ptc_pricing: DEFAULT_PTC_PRICING,
  ptc_minimum_views: DEFAULT_PTC_MINIMUM_VIEWS,
  /** The viewer's share of each view's price, in basis points; the rest is the platform's revenue. */
  ptc_member_share_bp: DEFAULT_PTC_MEMBER_SHARE_BP,
  ptc_instructions: [
    "<p>Press View Ad and stay on the new tab until its timer is completed.</p>",
    "<p>Window ads: after the countdown press Claim Bonus, then come back to this page.</p>",
    "<p>Each ad can be viewed again after its interval; new ads appear every day.</p>",
  ],
  /** Task walls: the list page's instructions (sanitized HTML items). */
  offerwall_instructions: [
    "<p>Press Start on a wall, pick an offer and complete it exactly as the offer describes.</p>",
    "<p>Credits arrive when the network confirms the offer: often at once, sometimes after a few hours.</p>",
    "<p>The network may reverse an offer it finds was not completed honestly; a reversed credit is taken back from your balance.</p>",
    "<p>Use your own device and connection: offers completed through a VPN or proxy are not paid.</p>",
  ],
  /** Task walls: days the postback log keeps a row (older rows are swept after each postback). */
  postback_log_retention_days: 30,
  /** Short links: a claim sooner than this after the start means the shortener was skipped. */
  shortlink_min_seconds: 10,
  /** Short links: how long a started link can be claimed. */
  shortlink_expiry_minutes: 10,
  shortlink_instructions: [
    "<p>Press Start and complete every step of the shortener's pages, then press its Get Link button.</p>",
    "<p>You come back to the end page: wait for the timer, then press Claim Your Earnings.</p>",
    "<p>Each link can be completed a few times a day; the counts start again at midnight (India time).</p>",
    "<p>Skipping the shortener's pages is detected: the claim is refused.</p>",
  ],
  /** Manual adjustments above this (milli-rupees) wait for a second operator's approval. */
  adjustment_approval_threshold: 1_000_000,
  /** Risk signals (issue 21): weights, thresholds, automatic steps, the one-account policy. */
  risk_policy: DEFAULT_RISK_POLICY,
  /**
   * Payouts (issue 22), milli-rupees: the most sent in one IST day (0: no limit) and the amount
   * above which two different operators must approve before money leaves.
   */
  payout_policy: { daily_limit: 100_000_000, four_eyes_above: 5_000_000 },
  /** Payouts: days the payout webhook log keeps a row (older rows are swept after each webhook). */
  payout_webhook_log_retention_days: 30,
  /**
   * Gift codes (issue 42), milli-rupees: a code whose total value (amount × claim limit) is above
   * this opens for claims only after the money-limit delay, during which any owner can cancel it.
   */
  gift_code_four_eyes_above: 10_000_000,
  /**
   * The grievance officer (issue 44; IT Rules 2021, rule 3(2)): named on /grievance with how to
   * reach them; complaints are acknowledged within `acknowledge_hours` and resolved within
   * `resolve_days` (the rule's 24 hours and 15 days, read 2026-11-29). Empty until the owner names one.
   */
  grievance_officer: DEFAULT_GRIEVANCE_OFFICER,
  /**
   * Adults only (issue 44 §3; DPDP Act 2023 s.2(j): a child is under 18, read 2026-11-29): sign-up
   * asks the date of birth ("date_of_birth") or a declaration of being 18 or older ("declaration").
   */
  age_check: DEFAULT_AGE_CHECK,
  /**
   * The payer's tax duties (issue 44 §6, shared/tax.ts, docs/decisions/0034): off by default; the
   * PAN rule and the withholding rule per income kind, defaults read 2026-11-29 (README).
   */
  tax: DEFAULT_TAX_SETTINGS,
  /**
   * Members' data rights (issue 44 §2): days within which an export, erasure or correction request
   * is answered (the console's clock). An owner choice: the DPDP Rules 2025 leave the period to the
   * owner's published terms (read 2026-11-29); 7 days by default.
   */
  rights_request_days: 7,
  /**
   * Retention (issue 44 §4, ADR 0035): days each kind is kept after its end (shared/retention.ts,
   * sources in the README). The postback and payout webhook logs keep their own settings above.
   */
  retention_days: DEFAULT_RETENTION_DAYS,
  /**
   * How long a payout takes, in working days (issue 45 §3): the `{payout_time}` of the withdraw
   * page's instructions and of support's canned replies ("within 3 working days"; shared/payoutTime.ts).
   */
  payout_working_days: 3,
  /** Dormant accounts: days without a visit before erasure (0: off, the default). */
  dormant_after_days: 0,
  /** A dormant member's balance: "payout" to the bound account when at least the minimum, else "forfeit". */
  dormant_balance_policy: "payout" as DormantPolicy,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
type Widen<T> = T extends boolean
  ? boolean
  : T extends number
    ? number
    : T extends string
      ? string
      : T extends readonly (infer U)[]
        ? Widen<U>[]
        : { [K in keyof T]: Widen<T[K]> };
export type SettingValue<K extends SettingKey> = Widen<(typeof SETTING_DEFAULTS)[K]>;

export async function getSetting<K extends SettingKey>(db: Db | Tx, key: K): Promise<SettingValue<K>> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (rows[0]?.value ?? SETTING_DEFAULTS[key]) as SettingValue<K>;
}

/**
 * A whole-number setting read inside another statement (getSetting's value as an integer
 * subquery): the stored number, or the default when it is unset or not a number.
 */
export function numberSettingSql(
  key: { [K in SettingKey]: SettingValue<K> extends number ? K : never }[SettingKey],
) {
  return sql<number>`coalesce((select case when jsonb_typeof(${settings.value}) = 'number'
    then (${settings.value} #>> '{}')::numeric::integer end
    from ${settings} where ${settings.key} = ${key}), ${SETTING_DEFAULTS[key]})`;
}

export async function setSetting<K extends SettingKey>(
  db: Db | Tx,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * An operator's change of one setting, in its own transaction, audited with the value before and
 * after (under `field` in the audit record: the setting's key unless named).
 */
export async function updateSettingAudited<K extends SettingKey>(
  db: Db,
  input: { actorUserId: string; key: K; value: SettingValue<K>; action: string; field?: string },
): Promise<void> {
  const field = input.field ?? input.key;
  await db.transaction(async (tx) => {
    const before = await getSetting(tx, input.key);
    await setSetting(tx, input.key, input.value);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.action,
      target: `settings:${input.key}`,
      before: { [field]: before },
      after: { [field]: input.value },
    });
  });
}

/** The settings key of the paid game rooms switch (issue 9). */
export const GAMES_PAID_ROOMS = "games_paid_rooms";

/**
 * Whether paid game rooms are offered: the operator's choice once made; until then on in local
 * runs and off when NODE_ENV=production (India's Online Gaming Act, 2025 prohibits online money
 * games, so a deployment offers them only when an operator decides to).
 */
export async function gamesPaidRooms(db: Db | Tx, nodeEnv: string): Promise<boolean> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, GAMES_PAID_ROOMS));
  return paidRoomsOn(rows[0]?.value, nodeEnv);
}

/** The switch from its stored value (none: the default for NODE_ENV). */
export const paidRoomsOn = (stored: unknown, nodeEnv: string): boolean =>
  typeof stored === "boolean" ? stored : nodeEnv !== "production";

export async function setGamesPaidRooms(db: Db | Tx, on: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ key: GAMES_PAID_ROOMS, value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on, updatedAt: new Date() } });
}
