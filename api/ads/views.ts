import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
import { raisedMessage } from "../db/errors";
import { adViews, campaignDailyViews, campaigns } from "../db/schema";
import type { CampaignType } from "../../shared/campaign";
import { incomeToday } from "../ledger/earnings";
import { istDay, istDayStart } from "../ledger/earningKinds";
import { DomainError } from "../lib/errors";
import { memberBalances } from "../ledger/ledger";
import type { ProxyCheck } from "../lib/proxyCheck";
import type { CampaignRow } from "./campaigns";
import { AD_REFUSAL_MESSAGES } from "./messages";
import {
  AdRefusal,
  VIEW_TOKEN,
  refusalMessage,
  refuse,
  viewByToken,
  viewingRule,
  whyNotConsumed,
  whyNotCounted,
} from "./refusals";
import { assertMayEarn, assertMayEarnRow } from "../members/restrictions";
import { SETTING_DEFAULTS } from "../site/settings";
import { afterClaim, parseRecentClaims, recentClaimsWindow, withThisClaim } from "../risk/policy";

/**
 * Paid-to-click ads (issue 7): advertisers buy views with their deposit balance, members earn by
 * viewing. Every credited view is earned on the server (ARCHITECTURE §5, §10): it starts with a
 * single-use token bound to the member and the campaign, is claimed only between start +
 * duration and the expiry, consumes the token atomically, and takes one price out of the
 * campaign's own escrow under the campaign row's lock, so a campaign never delivers more views
 * than were paid for. Times come from the caller's `now` (the API's clock), never the browser.
 *
 * This file is the viewer's side: the View Ads list, starting a view, reading one's own, claiming it.
 */

/** A started view can be claimed until 30 minutes after its duration has passed. */
export const VIEW_EXPIRY_MS = 30 * 60 * 1000;
/** The longest interval a campaign can have: how far back a member's views matter. */
const MAX_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The View Ads page lists at most this many ads (newest first). */
const LIST_LIMIT = 200;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface AdForMember {
  id: string;
  type: CampaignType;
  title: string;
  description: string;
  url: string;
  durationSeconds: number;
  memberAmount: number;
}

/** What the member's ad views earned on the IST day of `now`, in milli-rupees. */
const ptcIncomeToday = (db: Db, userId: string, now: Date) => incomeToday(db, userId, "ptc_ads", now);

/**
 * The ads a member can view now: active, views left, not their own, not viewed within the
 * campaign's interval and under its per-day limit today. Also the earliest moment one of the
 * others becomes viewable again. Only a credited view counts: a started view that was never
 * claimed, or whose claim was refused, leaves the ad listed (starting it again ends that view).
 */
export async function adsForMember(db: Db, userId: string, now: Date) {
  const today = istDay(now);
  const rows = await db
    .select({ c: campaigns, viewsToday: campaignDailyViews.views })
    .from(campaigns)
    .leftJoin(
      campaignDailyViews,
      and(eq(campaignDailyViews.campaignId, campaigns.id), eq(campaignDailyViews.day, today)),
    )
    .where(
      and(
        eq(campaigns.status, "active"),
        lt(campaigns.deliveredViews, campaigns.totalViews),
        ne(campaigns.advertiserId, userId),
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(LIST_LIMIT);
  const ids = rows.map((r) => r.c.id);
  const views = ids.length
    ? await db
        .select({
          campaignId: adViews.campaignId,
          lastCredited: sql<Date | null>`max(${adViews.consumedAt})`.mapWith(adViews.consumedAt),
        })
        .from(adViews)
        .where(
          and(
            eq(adViews.userId, userId),
            inArray(adViews.campaignId, ids),
            gt(adViews.consumedAt, new Date(now.getTime() - MAX_INTERVAL_MS)),
          ),
        )
        .groupBy(adViews.campaignId)
    : [];
  const byCampaign = new Map(views.map((v) => [v.campaignId, v]));
  const nextDay = istDayStart(now).getTime() + DAY_MS;
  const ads: AdForMember[] = [];
  let comesBack: number | null = null;
  for (const { c, viewsToday } of rows) {
    const v = byCampaign.get(c.id);
    const blocked: number[] = [];
    if (v?.lastCredited) {
      const again = v.lastCredited.getTime() + c.intervalHours * HOUR_MS;
      if (again > now.getTime()) blocked.push(again);
    }
    if (c.dailyLimit !== null && (viewsToday ?? 0) >= c.dailyLimit) blocked.push(nextDay);
    if (blocked.length === 0) {
      ads.push({
        id: c.id,
        type: c.type,
        title: c.title,
        description: c.description,
        url: c.url,
        durationSeconds: c.durationSeconds,
        memberAmount: Number(c.memberAmount),
      });
    } else {
      const at = Math.max(...blocked);
      comesBack = comesBack === null ? at : Math.min(comesBack, at);
    }
  }
  const [credited] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adViews)
    .where(and(eq(adViews.userId, userId), gte(adViews.consumedAt, istDayStart(now))));
  const incomeToday = await ptcIncomeToday(db, userId, now);
  const { withdrawable } = await memberBalances(db, userId);
  return {
    ads,
    creditedToday: Number(credited?.n ?? 0),
    incomeToday,
    withdrawable,
    comesBackAt: comesBack === null ? null : new Date(comesBack),
  };
}

/** A claim's statement consumed or counted nothing; its transaction rolls back. */
export interface StartedView {
  token: string;
  campaign: CampaignRow;
  startedAt: Date;
  claimableAt: Date;
  expiresAt: Date;
}

/**
 * Starts a view: the campaign must be viewable by this member now and the address must not be a
 * proxy. Any open view of the member for the campaign closes; a new single-use token is issued.
 */
export async function startView(
  db: Db,
  input: { userId: string; campaignId: string; ip: string | null; now: Date; proxyCheck: ProxyCheck },
): Promise<StartedView> {
  const { userId, now } = input;
  // A suspended (or closed) account is told before the ad runs; the claim checks again under lock.
  await assertMayEarn(db, userId, { lock: false });
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, input.campaignId));
  if (!c) throw new DomainError("ad_campaign_unavailable", AD_REFUSAL_MESSAGES.unavailable);
  const refusal = await viewingRule(db, c, userId, now);
  // A campaign that ended or paused is not cheating: only the other refusals are logged.
  if (refusal && (refusal.code !== "ad_campaign_unavailable" || refusal.reason === "own_campaign"))
    return refuse(db, refusal, { userId, ip: input.ip, now });
  if (refusal) throw new DomainError(refusal.code, refusalMessage(refusal));
  if (input.ip && (await input.proxyCheck.isProxy(input.ip)))
    return refuse(db, new AdRefusal("proxy_detected", "proxy", c.id), { userId, ip: input.ip, now });

  const token = randomBytes(24).toString("base64url");
  const claimableAt = new Date(now.getTime() + c.durationSeconds * 1000);
  const expiresAt = new Date(claimableAt.getTime() + VIEW_EXPIRY_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(adViews)
      .set({ expiresAt: now })
      .where(
        and(
          eq(adViews.userId, userId),
          eq(adViews.campaignId, c.id),
          isNull(adViews.consumedAt),
          gt(adViews.expiresAt, now),
        ),
      );
    await tx.insert(adViews).values({
      token,
      userId,
      campaignId: c.id,
      startedAt: now,
      claimableAt,
      expiresAt,
      ip: input.ip,
    });
  });
  return { token, campaign: c, startedAt: now, claimableAt, expiresAt };
}

/** The member's own view by its token (the ad pages check their link against it), or null. */
export async function viewOf(db: Db, userId: string, token: string) {
  if (!VIEW_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ v: adViews, c: campaigns })
    .from(adViews)
    .innerJoin(campaigns, eq(campaigns.id, adViews.campaignId))
    .where(and(eq(adViews.token, token), eq(adViews.userId, userId)));
  return row ?? null;
}

/**
 * Claims a started view, in one statement: the database function claim_ad_view (migrations 0015
 * and 0019, docs/decisions/0019 and 0024). It reads the member's row FOR SHARE (a suspension or
 * ban is seen or waits for this claim), consumes the token (a conditional UPDATE, so of many
 * parallel claims one wins), checks the campaign's own rules (not the advertiser's own, interval
 * under the member's locked accounts), then counts the view on its campaign under the campaign's
 * lock while it is active with views left and under its per-day limit, and posts one entry —
 * escrow −price, viewer +their share, revenue +the rest — followed by the referral rule. The
 * campaign's lock is taken last, so its other claims wait only for the entry. The campaign
 * completes with its last view. A refusal after a write raises and undoes the statement; every
 * refusal is written to the cheat log. `btnClickEarn` is not an input: the amounts are the
 * campaign's.
 */
export async function claimView(
  db: Db,
  input: {
    userId: string;
    token: string;
    /** The campaign the page names (btnName): the token must be for it. */
    campaignId?: string;
    ip: string | null;
    now: Date;
    proxyCheck: ProxyCheck;
  },
): Promise<{ amount: number; withdrawable: number; incomeToday: number }> {
  const { userId, token, now } = input;
  const ctx = { userId, ip: input.ip, token, now };
  if (input.ip && (await input.proxyCheck.isProxy(input.ip))) {
    const v = await viewByToken(db, token);
    return refuse(db, new AdRefusal("proxy_detected", "proxy", v?.campaignId ?? null), ctx);
  }
  if (!VIEW_TOKEN.test(token)) {
    await assertMayEarn(db, userId, { lock: false });
    return refuse(db, await whyNotConsumed(db, userId, token, input.campaignId, now), ctx);
  }
  let claimed: ClaimRow;
  try {
    [claimed] = rowsOf<ClaimRow>(
      await db.execute(
        // With the risk signals' read, made before the claim takes its locks (migration 0018).
        sql`select * from claim_ad_view_with_recent(${userId}, ${token}, ${input.campaignId ?? null},
          ${now.toISOString()}::timestamptz, ${SETTING_DEFAULTS.referral_rate_bp}, ${recentClaimsWindow(now)})`,
      ),
    ) as [ClaimRow];
  } catch (e) {
    const refused = claimRefusal(e);
    if (!refused) throw e;
    if (refused.reason === "not_counted")
      return refuse(db, await whyNotCounted(db, userId, token, input.campaignId, now), ctx);
    return refuse(db, new AdRefusal(refused.kind, refused.reason, refused.campaignId), ctx);
  }
  if (claimed.refused === "earning")
    assertMayEarnRow({
      suspendedAt: claimed.suspended_at,
      reason: claimed.suspended_reason,
      bannedAt: claimed.banned_at,
    });
  // The timing and velocity signals from the claim's own read (a failure to record one is logged, never the claim's).
  const recent = withThisClaim(parseRecentClaims(claimed.recent), {
    id: Number(claimed.view_id),
    claimableAt: new Date(claimed.claimable_at),
    consumedAt: now,
  });
  await afterClaim(db, { userId, channel: "ptc_ads", now, recent });
  // The balance as this claim left it (read under its lock).
  return {
    amount: Number(claimed.amount),
    withdrawable: Number(claimed.withdrawable),
    incomeToday: Number(claimed.income_today),
  };
}

/** claim_ad_view's answer. */
interface ClaimRow {
  refused: "earning" | null;
  suspended_at: Date | null;
  suspended_reason: string | null;
  banned_at: Date | null;
  amount: string | number;
  withdrawable: string | number;
  income_today: string | number;
  /** recent_claims' answer for the risk signals, read before this claim. */
  recent: unknown;
  /** This claim's view, to add to `recent`. */
  view_id: string | number;
  claimable_at: Date | string;
}

/** The refusals claim_ad_view raises after a write, as the cheat log and the member see them. */
const CLAIM_REFUSALS: Record<string, AdRefusal["code"]> = {
  not_counted: "ad_view_used",
  own_campaign: "ad_campaign_unavailable",
  interval: "ad_interval",
  daily_limit: "ad_daily_limit",
  escrow_empty: "ad_campaign_unavailable",
};

/** claim_ad_view's raised refusal ('ad_claim_refused:<reason>:<campaign id>'), or null for any other error. */
function claimRefusal(
  e: unknown,
): { kind: AdRefusal["code"]; reason: string; campaignId: string | null } | null {
  const m = raisedMessage(e, /^ad_claim_refused:(\w+):(.*)$/);
  const kind = m ? CLAIM_REFUSALS[m[1]!] : undefined;
  return m && kind ? { kind, reason: m[1]!, campaignId: m[2] || null } : null;
}
