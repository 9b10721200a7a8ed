import { and, eq, gt } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { adCheatLog, adViews, campaignDailyViews, campaigns } from "../db/schema";
import { CAMPAIGN_MESSAGES } from "../../shared/campaign";
import type { DomainErrorCode } from "../../shared/errors";
import { istDay } from "../ledger/earningKinds";
import { DomainError } from "../lib/errors";
import type { CampaignRow } from "./campaigns";
import { afterRefusal } from "../risk/policy";
import { AD_REFUSAL_MESSAGES } from "./messages";

/**
 * Why a member may not start or claim a view, and the cheat log that records it: a refusal rolls
 * the refused work back, is written to the log in its own short statement, and is answered with
 * its code.
 */

const HOUR_MS = 60 * 60 * 1000;

/** A view token's form (anything else is no token at all). */
export const VIEW_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** A refusal of a view start or claim: recorded in the cheat log, then answered with the code. */
export class AdRefusal extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    public readonly reason: string,
    public readonly campaignId: string | null,
  ) {
    super(reason);
  }
}

/** The member's words for a refusal: by its reason where one code covers several (AD_REFUSAL_MESSAGES). */
export function refusalMessage(r: Pick<AdRefusal, "code" | "reason">): string {
  switch (r.code) {
    case "proxy_detected":
      return CAMPAIGN_MESSAGES.proxyDetected;
    case "ad_too_early":
      return AD_REFUSAL_MESSAGES.tooEarly;
    case "ad_view_expired":
      return AD_REFUSAL_MESSAGES.expired;
    case "ad_view_used":
      return r.reason === "reused_token" ? AD_REFUSAL_MESSAGES.alreadyPaid : AD_REFUSAL_MESSAGES.notYours;
    case "ad_interval":
      return AD_REFUSAL_MESSAGES.interval;
    case "ad_daily_limit":
      return AD_REFUSAL_MESSAGES.dailyLimit;
    case "ad_campaign_unavailable":
      return r.reason === "own_campaign" ? AD_REFUSAL_MESSAGES.ownAd : AD_REFUSAL_MESSAGES.unavailable;
    default:
      return CAMPAIGN_MESSAGES.operationFailed;
  }
}

/** Writes the refusal to the cheat log (its own short statement: the refused work rolled back). */
export async function refuse(
  db: Db,
  r: AdRefusal,
  ctx: { userId: string; ip: string | null; token?: string; now: Date },
): Promise<never> {
  await db.insert(adCheatLog).values({
    userId: ctx.userId,
    campaignId: r.campaignId,
    viewToken: ctx.token ?? null,
    reason: r.reason,
    ip: ctx.ip,
    createdAt: ctx.now,
  });
  // The refusals signal (and the proxy one) after the log row: it never changes the answer.
  await afterRefusal(db, { userId: ctx.userId, now: ctx.now, proxyIp: r.reason === "proxy" ? ctx.ip : null });
  throw new DomainError(r.code, refusalMessage(r));
}

/** The reason a member may not view a campaign now, or null. Reads inside the caller's lock when given a Tx. */
export async function viewingRule(
  db: Db | Tx,
  c: CampaignRow,
  userId: string,
  now: Date,
): Promise<AdRefusal | null> {
  if (c.status !== "active") return new AdRefusal("ad_campaign_unavailable", `campaign_${c.status}`, c.id);
  if (c.deliveredViews >= c.totalViews)
    return new AdRefusal("ad_campaign_unavailable", "no_views_left", c.id);
  if (c.advertiserId === userId) return new AdRefusal("ad_campaign_unavailable", "own_campaign", c.id);
  if (await viewedWithinInterval(db, c, userId, now)) return new AdRefusal("ad_interval", "interval", c.id);
  if (c.dailyLimit !== null) {
    const [today] = await db
      .select({ views: campaignDailyViews.views })
      .from(campaignDailyViews)
      .where(and(eq(campaignDailyViews.campaignId, c.id), eq(campaignDailyViews.day, istDay(now))));
    if ((today?.views ?? 0) >= c.dailyLimit) return new AdRefusal("ad_daily_limit", "daily_limit", c.id);
  }
  return null;
}

/** Whether the member was credited a view of the campaign within its interval. */
async function viewedWithinInterval(
  db: Db | Tx,
  c: Pick<CampaignRow, "id" | "intervalHours">,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [recent] = await db
    .select({ id: adViews.id })
    .from(adViews)
    .where(
      and(
        eq(adViews.userId, userId),
        eq(adViews.campaignId, c.id),
        gt(adViews.consumedAt, new Date(now.getTime() - c.intervalHours * HOUR_MS)),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/** Any member's view by its token, or undefined (for the refusals and the cheat log). */
export async function viewByToken(db: Db | Tx, token: string) {
  if (!VIEW_TOKEN.test(token)) return undefined;
  const [v] = await db.select().from(adViews).where(eq(adViews.token, token));
  return v;
}

/**
 * Why a claim consumed and counted nothing (read after its transaction rolled back): the token's
 * refusal when it could not be consumed, else the campaign's (gone, not active, no views left).
 */
export async function whyNotCounted(
  db: Db,
  userId: string,
  token: string,
  campaignId: string | undefined,
  now: Date,
): Promise<AdRefusal> {
  const v = await viewByToken(db, token);
  if (!v) return unknownToken();
  const refusal = tokenRefusal(v, userId, campaignId, now);
  if (refusal) return refusal;
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, v.campaignId));
  if (!c) return new AdRefusal("ad_campaign_unavailable", "campaign_missing", v.campaignId);
  if (c.status !== "active") return new AdRefusal("ad_campaign_unavailable", `campaign_${c.status}`, c.id);
  return new AdRefusal("ad_campaign_unavailable", "no_views_left", c.id);
}

/** Why a token could not be consumed: unknown, another member's, used, too early or expired. */
export async function whyNotConsumed(
  db: Db | Tx,
  userId: string,
  token: string,
  campaignId: string | undefined,
  now: Date,
): Promise<AdRefusal> {
  const v = await viewByToken(db, token);
  if (!v) return unknownToken();
  return (
    tokenRefusal(v, userId, campaignId, now) ?? new AdRefusal("ad_view_expired", "expired", v.campaignId)
  );
}

function unknownToken() {
  return new AdRefusal("ad_view_used", "unknown_token", null);
}

/** The refusal of a claim with this view's token now, or null when the token is consumable. */
function tokenRefusal(
  v: NonNullable<Awaited<ReturnType<typeof viewByToken>>>,
  userId: string,
  campaignId: string | undefined,
  now: Date,
): AdRefusal | null {
  if (v.userId !== userId) return new AdRefusal("ad_view_used", "another_members_token", v.campaignId);
  if (v.consumedAt) return new AdRefusal("ad_view_used", "reused_token", v.campaignId);
  if (campaignId !== undefined && campaignId !== v.campaignId)
    return new AdRefusal("ad_view_used", "another_campaigns_token", v.campaignId);
  if (now < v.claimableAt) return new AdRefusal("ad_too_early", "too_early", v.campaignId);
  if (v.expiresAt <= now) return new AdRefusal("ad_view_expired", "expired", v.campaignId);
  return null;
}
