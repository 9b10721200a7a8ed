import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
import { memberDailyEarnings } from "../db/schema";
import { EARNING_KINDS, istDay, istDayStart, IST_OFFSET_MS } from "../ledger/earningKinds";
import { milliToRupeeString } from "../../shared/money";
import { DEFAULT_RISK_POLICY } from "../../shared/risk";
import { recordSignals, type SignalInput } from "./score";
import { log } from "../../shared/log.server";

/**
 * Velocity and timing signals (issue 21 §1): claims beyond human pace, claims landing at the
 * minimum time again and again, claims at machine-regular intervals, an earning day far above the
 * member's usual. Judged after each successful ad or short-link claim has committed, from the
 * member's own latest claims, read by `recent_claims` (ad_views and short_link_tokens are indexed
 * by (user_id, consumed_at)): an ad claim makes that read in its own statement, before it takes its
 * locks (ADR 0023); a short-link claim after its commit. The daily roll-up is read every tenth
 * claim of a day. A signal is written only when something is detected; a failure to record one is
 * logged, never the claim's.
 */

export type ClaimChannel = "ptc_ads" | "click_short_link";

/** How many of a member's latest claims on the channel are read. */
export const RECENT_CLAIMS = 20;
/** Minimum time: of the last `of` claims, `atLeast` consumed within `withinMs` of claimable_at. */
export const MINIMUM_TIME = { of: 10, atLeast: 8, withinMs: 1_500 } as const;
/** Regular interval: `claims` consecutive claims whose gaps vary by less than `stdevMs`, `meanMs` apart at most. */
export const REGULAR_INTERVAL = { claims: 10, stdevMs: 1_000, meanMs: 10 * 60 * 1000 } as const;
/**
 * Earning spike: today's earnings above `times` × the member's usual earning day (the average of
 * the days they earned on in the previous `days` days, at least `historyDays` of them), and at
 * least `minToday` milli-rupees; checked on every `everyClaims`-th claim of the day on a channel.
 */
export const EARNING_SPIKE = {
  times: 5,
  days: 14,
  historyDays: 7,
  minToday: 20_000,
  everyClaims: 10,
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const CHANNEL_WORDS: Record<ClaimChannel, string> = { ptc_ads: "ad", click_short_link: "short-link" };
/** A claim's reference in evidence: `ad_view:{id}` or `short_link:{tokenId}`. */
export const claimRef = (channel: ClaimChannel, id: number) =>
  `${channel === "ptc_ads" ? "ad_view" : "short_link"}:${id}`;

/** The IST day and hour of an instant, as '2026-11-23T14'. */
export const istHour = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 13);

interface Claim {
  id: number;
  claimableAt: Date;
  consumedAt: Date;
}

/** What the signals read after a claim: `recent_claims` (migration 0018) parsed. */
export interface RecentClaims {
  /** The member's latest claims on the channel, newest first. */
  claims: Claim[];
  /** Claims of both channels in the last hour. */
  inLastHour: number;
  /** Claims on this channel today (IST). */
  todayOnChannel: number;
  /** The operators' claims-per-hour limit. */
  hourLimit: number;
}

/**
 * The arguments of `recent_claims` for a claim at `now` after the member and channel: the start
 * of the last hour, of the IST day, and how many claims to read. An ad claim passes them to
 * claim_ad_view_with_recent; `recentClaims` calls recent_claims with them.
 */
export function recentClaimsWindow(now: Date) {
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const dayStart = istDayStart(now).toISOString();
  return sql`${hourAgo}::timestamptz, ${dayStart}::timestamptz, ${RECENT_CLAIMS}`;
}

/** `recent_claims`'s jsonb (an object, or its text as some drivers give it) as RecentClaims. */
export function parseRecentClaims(raw: unknown): RecentClaims {
  const r = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    claims: [number, number, number][];
    inLastHour: number;
    today: number;
    hourLimit: number | null;
  };
  return {
    claims: r.claims.map(([id, claimableAt, consumedAt]) => ({
      id,
      claimableAt: new Date(claimableAt),
      consumedAt: new Date(consumedAt),
    })),
    inLastHour: Number(r.inLastHour),
    todayOnChannel: Number(r.today),
    hourLimit: r.hourLimit ?? DEFAULT_RISK_POLICY.claimsPerHourLimit,
  };
}

/**
 * A read made before a claim, with that claim added: newest first, and counted in the hour and
 * the day it was consumed in.
 */
export function withThisClaim(before: RecentClaims, claim: Claim): RecentClaims {
  return {
    claims: [claim, ...before.claims].slice(0, RECENT_CLAIMS),
    inLastHour: before.inLastHour + 1,
    todayOnChannel: before.todayOnChannel + 1,
    hourLimit: before.hourLimit,
  };
}

async function recentClaims(db: Db, channel: ClaimChannel, userId: string, now: Date): Promise<RecentClaims> {
  const [row] = rowsOf<{ recent: unknown }>(
    await db.execute(sql`select recent_claims(${userId}, ${channel}, ${recentClaimsWindow(now)}) as recent`),
  );
  return parseRecentClaims(row!.recent);
}

/**
 * Milliseconds as seconds with `digits` decimals, for an operator to read: counted in whole
 * units of 10^-digits s (integer arithmetic, no float formatting).
 */
function seconds(ms: number, digits = 1): string {
  const unit = 10 ** (3 - digits);
  const units = Math.round(ms / unit);
  const scale = 10 ** digits;
  const whole = Math.floor(units / scale);
  return digits === 0 ? String(whole) : `${whole}.${String(units % scale).padStart(digits, "0")}`;
}

/** Minimum time: most of the last claims consumed as soon as the server allowed. */
export function minimumTimeSignal(
  userId: string,
  channel: ClaimChannel,
  claims: Claim[],
  now: Date,
): SignalInput | null {
  const last = claims.slice(0, MINIMUM_TIME.of);
  if (last.length < MINIMUM_TIME.of) return null;
  const delay = (c: Claim) => c.consumedAt.getTime() - c.claimableAt.getTime();
  // Only the newest claim can raise the count: when it was not at the minimum, nothing new to say.
  if (delay(last[0]!) > MINIMUM_TIME.withinMs) return null;
  const atMinimum = last.filter((c) => delay(c) <= MINIMUM_TIME.withinMs);
  if (atMinimum.length < MINIMUM_TIME.atLeast) return null;
  const word = CHANNEL_WORDS[channel];
  return {
    userId,
    kind: "minimum_time",
    key: `mintime:${channel}:${istDay(now)}`,
    strength: 100,
    summary: `${atMinimum.length} of the last ${last.length} ${word} claims within ${seconds(MINIMUM_TIME.withinMs)} s of the minimum time`,
    evidence: {
      claims: atMinimum.map((c) => claimRef(channel, c.id)),
      figures: {
        channel,
        atMinimumTime: atMinimum.length,
        ofClaims: last.length,
        withinSeconds: MINIMUM_TIME.withinMs / 1000,
        longestDelaySeconds: Number(seconds(Math.max(...atMinimum.map(delay)), 3)),
      },
    },
  };
}

/** Regular interval: the last claims spaced like a timer (gaps varying by under a second). */
export function regularIntervalSignal(
  userId: string,
  channel: ClaimChannel,
  claims: Claim[],
  now: Date,
): SignalInput | null {
  const last = claims.slice(0, REGULAR_INTERVAL.claims);
  if (last.length < REGULAR_INTERVAL.claims) return null;
  const gaps = last.slice(1).map((c, i) => last[i]!.consumedAt.getTime() - c.consumedAt.getTime());
  const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  const stdev = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
  if (stdev >= REGULAR_INTERVAL.stdevMs || mean >= REGULAR_INTERVAL.meanMs) return null;
  const word = CHANNEL_WORDS[channel];
  return {
    userId,
    kind: "regular_interval",
    key: `regular:${channel}:${istDay(now)}`,
    strength: 100,
    // Whole seconds and tenths: the same rhythm says the same words (no rewrite on every claim).
    summary: `${last.length} ${word} claims in a row every ${seconds(mean, 0)} s (± ${seconds(stdev)} s)`,
    evidence: {
      claims: last.map((c) => claimRef(channel, c.id)),
      figures: {
        channel,
        claims: last.length,
        meanGapSeconds: Number(seconds(mean, 3)),
        stdevGapSeconds: Number(seconds(stdev, 3)),
      },
    },
  };
}

/**
 * Velocity: more claims (ads and short links together) in the last hour than the policy's limit.
 * The strength moves in steps of a tenth of the limit, so a fast member rewrites it every few
 * claims, not on each.
 */
export function velocitySignal(
  userId: string,
  channel: ClaimChannel,
  claims: Claim[],
  inLastHour: number,
  limit: number,
  now: Date,
): SignalInput | null {
  if (limit <= 0 || inLastHour <= limit) return null;
  const step = Math.max(1, Math.ceil(limit / 10));
  const counted = Math.floor(inLastHour / step) * step;
  const shown = Math.max(counted, limit + 1);
  const hourAgo = now.getTime() - HOUR_MS;
  return {
    userId,
    kind: "velocity",
    key: `velocity:${istHour(now)}`,
    strength: (100 * shown) / limit,
    summary: `At least ${shown} claims within one hour (limit ${limit})`,
    evidence: {
      claims: claims.filter((c) => c.consumedAt.getTime() > hourAgo).map((c) => claimRef(channel, c.id)),
      figures: { claimsInHour: inLastHour, limit },
    },
  };
}

/** Earning spike: today far above the member's usual earning day (the daily roll-up, 15 rows a kind at most). */
export async function earningSpikeSignal(
  db: Db,
  userId: string,
  channel: ClaimChannel,
  claims: Claim[],
  now: Date,
): Promise<SignalInput | null> {
  const today = istDay(now);
  const since = istDay(new Date(istDayStart(now).getTime() - EARNING_SPIKE.days * DAY_MS));
  const rows = await db
    .select({ day: memberDailyEarnings.day, amount: memberDailyEarnings.amount })
    .from(memberDailyEarnings)
    .where(
      and(
        eq(memberDailyEarnings.userId, userId),
        gte(memberDailyEarnings.day, since),
        inArray(memberDailyEarnings.kind, [...EARNING_KINDS]),
      ),
    );
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.amount));
  const earnedToday = byDay.get(today) ?? 0;
  byDay.delete(today);
  const earlier = [...byDay.values()].filter((a) => a > 0);
  if (earnedToday < EARNING_SPIKE.minToday || earlier.length < EARNING_SPIKE.historyDays) return null;
  const usual = Math.round(earlier.reduce((s, a) => s + a, 0) / earlier.length);
  if (earnedToday <= EARNING_SPIKE.times * usual) return null;
  const times = Math.floor(earnedToday / Math.max(usual, 1));
  return {
    userId,
    kind: "earning_spike",
    key: `spike:${today}`,
    strength: 100,
    summary: `Earned ₹${milliToRupeeString(earnedToday)} today, ${times}× the usual ₹${milliToRupeeString(usual)} a day`,
    evidence: {
      claims: claims.filter((c) => istDay(c.consumedAt) === today).map((c) => claimRef(channel, c.id)),
      figures: {
        earnedToday,
        usualDay: usual,
        daysOfHistory: earlier.length,
        times,
      },
    },
  };
}

/**
 * After a successful ad or short-link claim has committed (awaited, outside its transaction): the
 * member's latest claims (as the claim read them, or read now), the timing and velocity signals
 * recorded when found, the
 * earning spike checked on every tenth claim of the day. Never throws: a signal that cannot be
 * recorded is logged, and the claim stands.
 */
export async function afterClaim(
  db: Db,
  input: {
    userId: string;
    channel: ClaimChannel;
    now: Date;
    /** The read, when the claim's own statement made it (an ad claim: claim_ad_view's). */
    recent?: RecentClaims;
  },
): Promise<void> {
  const { userId, channel, now } = input;
  try {
    const recent = input.recent ?? (await recentClaims(db, channel, userId, now));
    const { claims } = recent;
    const found: (SignalInput | null)[] = [
      minimumTimeSignal(userId, channel, claims, now),
      regularIntervalSignal(userId, channel, claims, now),
      velocitySignal(userId, channel, claims, recent.inLastHour, recent.hourLimit, now),
    ];
    if (recent.todayOnChannel > 0 && recent.todayOnChannel % EARNING_SPIKE.everyClaims === 0)
      found.push(await earningSpikeSignal(db, userId, channel, claims, now));
    const signals = found.filter((s): s is SignalInput => s !== null);
    if (signals.length > 0) await recordSignals(db, signals, now);
  } catch (e) {
    log.error({ err: e }, "risk: claim signals failed");
  }
}
