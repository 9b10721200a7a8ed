import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { adCheatLog, adViews, campaignDailyViews, campaigns, shortLinks, users } from "../db/schema";
import { newId } from "../lib/ids";
import {
  CAMPAIGN_MESSAGES,
  campaignDraftSchema,
  campaignPricingSchema,
  campaignSubtotal,
  memberAmount,
  priceFor,
  type CampaignDraft,
  type CampaignPricing,
  type CampaignStatus,
  type CampaignType,
} from "../../shared/campaign";
import { PAGE_SIZE, offsetOf, pageOf } from "../../shared/pagination";
import type { DomainErrorCode } from "../../shared/errors";
import { recordAudit } from "../operators/audit";
import { creditEarning, incomeToday } from "../ledger/earnings";
import { istDay, istDayStart } from "../ledger/earningKinds";
import { DomainError } from "../lib/errors";
import {
  InsufficientFundsError,
  PLATFORM,
  accountBalance,
  campaignEscrowAccount,
  lockAccounts,
  memberAccount,
  memberBalances,
  openCampaignEscrow,
  post,
} from "../ledger/ledger";
import { refuseWhileOwing } from "../taskWalls/debt";
import type { ProxyCheck } from "../lib/proxyCheck";
import { getSetting, setSetting } from "../operators/settings";

/**
 * Paid-to-click ads (issue 7): advertisers buy views with their deposit balance, members earn by
 * viewing. Every credited view is earned on the server (ARCHITECTURE §5, §10): it starts with a
 * single-use token bound to the member and the campaign, is claimed only between start +
 * duration and the expiry, consumes the token atomically, and takes one price out of the
 * campaign's own escrow under the campaign row's lock, so a campaign never delivers more views
 * than were paid for. Times come from the caller's `now` (the API's clock), never the browser.
 */

export const PTC_MESSAGES = {
  ...CAMPAIGN_MESSAGES,
  notFound: "Campaign not found.",
  cannotActivate: "This campaign cannot be activated.",
  cannotPause: "This campaign cannot be paused.",
  viewNotFound: "View not found.",
  settingsSaved: "Ad settings saved.",
  paused: CAMPAIGN_MESSAGES.paused,
  rejected: "Campaign rejected and refunded.",
} as const;

/** A started view can be claimed until 30 minutes after its duration has passed. */
export const VIEW_EXPIRY_MS = 30 * 60 * 1000;
/** The longest interval a campaign can have: how far back a member's views matter. */
const MAX_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The View Ads page lists at most this many ads (newest first). */
const LIST_LIMIT = 200;
export const OPERATOR_PAGE_SIZE = 20;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------------------------------------
// Settings

export interface PtcSettings {
  pricing: CampaignPricing;
  minimumViews: number;
  memberShareBp: number;
}

export async function ptcSettings(db: Db | Tx): Promise<PtcSettings> {
  const [pricing, minimumViews, memberShareBp] = await Promise.all([
    getSetting(db, "ptc_pricing"),
    getSetting(db, "ptc_minimum_views"),
    getSetting(db, "ptc_member_share_bp"),
  ]);
  return { pricing, minimumViews, memberShareBp };
}

export const MINIMUM_VIEWS_MAX = 1_000_000;

/** The operator changes pricing, minimum views and the viewer's share; audited with the change. */
export async function updatePtcSettings(
  db: Db,
  actorUserId: string,
  patch: { pricing?: unknown; minimumViews?: number; memberShareBp?: number },
): Promise<PtcSettings> {
  let pricing: CampaignPricing | undefined;
  if (patch.pricing !== undefined) {
    const parsed = campaignPricingSchema.safeParse(patch.pricing);
    if (!parsed.success)
      throw new DomainError("invalid_input", parsed.error.issues[0]?.message ?? "Invalid pricing.");
    pricing = parsed.data;
  }
  const { minimumViews, memberShareBp } = patch;
  if (
    minimumViews !== undefined &&
    !(Number.isSafeInteger(minimumViews) && minimumViews >= 1 && minimumViews <= MINIMUM_VIEWS_MAX)
  )
    throw new DomainError(
      "invalid_input",
      `Minimum views must be a whole number from 1 to ${MINIMUM_VIEWS_MAX}.`,
    );
  if (
    memberShareBp !== undefined &&
    !(Number.isSafeInteger(memberShareBp) && memberShareBp >= 0 && memberShareBp <= 10_000)
  )
    throw new DomainError("invalid_input", "The member's share must be 0 to 10000 basis points.");
  return db.transaction(async (tx) => {
    const before = await ptcSettings(tx);
    if (pricing) await setSetting(tx, "ptc_pricing", pricing);
    if (minimumViews !== undefined) await setSetting(tx, "ptc_minimum_views", minimumViews);
    if (memberShareBp !== undefined) await setSetting(tx, "ptc_member_share_bp", memberShareBp);
    const after = await ptcSettings(tx);
    await recordAudit(tx, {
      actorUserId,
      action: "ptc_settings.update",
      target: "settings:ptc",
      before,
      after,
    });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Advertisers: create, list, pause / activate / delete

/** Validates a create call's draft with the wizard's rules (shared/campaign.ts) and today's settings. */
export function parseDraft(settings: PtcSettings, draft: unknown): CampaignDraft {
  const parsed = campaignDraftSchema(settings).safeParse(draft);
  if (!parsed.success)
    throw new DomainError("invalid_input", parsed.error.issues[0]?.message ?? "Invalid campaign.");
  return parsed.data;
}

/**
 * Creates a campaign: its price per view from the pricing list, the viewer's share from the
 * setting, and one entry moving the subtotal from the advertiser's deposit to the campaign's
 * escrow — in one transaction. The same request id twice makes one campaign.
 */
export async function createCampaign(
  db: Db,
  input: { userId: string; draft: CampaignDraft; requestId?: string; now: Date; settings?: PtcSettings },
): Promise<{ campaignId: string; created: boolean }> {
  const settings = input.settings ?? (await ptcSettings(db));
  const { draft } = input;
  const price = priceFor(settings.pricing, draft.type, draft.durationSeconds);
  if (price === null) throw new DomainError("invalid_input", CAMPAIGN_MESSAGES.durationRequired);
  if (draft.totalViews < settings.minimumViews)
    throw new DomainError(
      "invalid_input",
      CAMPAIGN_MESSAGES.totalViewsMinimumAtCreate(settings.minimumViews),
    );
  const subtotal = campaignSubtotal(price, draft.totalViews);
  const requestId = input.requestId || null;

  const existing = async (tx: Db | Tx) =>
    requestId
      ? (
          await tx
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.advertiserId, input.userId), eq(campaigns.requestId, requestId)))
        )[0]
      : undefined;
  const before = await existing(db);
  if (before) return { campaignId: before.id, created: false };

  try {
    return await db.transaction(async (tx) => {
      const id = newId();
      const inserted = await tx
        .insert(campaigns)
        .values({
          id,
          advertiserId: input.userId,
          type: draft.type,
          title: draft.title,
          url: draft.url,
          description: draft.description,
          durationSeconds: draft.durationSeconds,
          price,
          memberAmount: memberAmount(price, settings.memberShareBp),
          totalViews: draft.totalViews,
          intervalHours: draft.intervalHours,
          dailyLimit: draft.dailyLimit,
          requestId,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: [campaigns.advertiserId, campaigns.requestId] })
        .returning({ id: campaigns.id });
      if (!inserted[0]) {
        // A parallel call with the same request id committed first.
        const row = await existing(tx);
        if (!row) throw new DomainError("conflict", "Please try again.");
        return { campaignId: row.id, created: false };
      }
      // A member who owes after a task-wall reversal buys no campaign until earnings repay it.
      await refuseWhileOwing(tx, input.userId);
      const escrow = await openCampaignEscrow(tx, id);
      await post(tx, {
        idempotencyKey: `campaign:${id}:deposit`,
        kind: "campaign_deposit",
        userId: input.userId,
        memo: id,
        createdAt: input.now,
        lines: [
          { account: memberAccount(input.userId, "deposit"), amount: -subtotal },
          { account: escrow, amount: subtotal },
        ],
      });
      return { campaignId: id, created: true };
    });
  } catch (e) {
    if (e instanceof InsufficientFundsError)
      throw new DomainError("insufficient_balance", CAMPAIGN_MESSAGES.insufficientBalanceTitle);
    throw e;
  }
}

/**
 * Ends a campaign that still holds escrow (delete, reject): in the caller's transaction, with the
 * campaign row locked, the escrow's balance (the undelivered views × price) goes back to the
 * advertiser's deposit in one entry.
 */
async function refundEscrow(
  tx: Tx,
  c: typeof campaigns.$inferSelect,
  reason: "delete" | "reject",
  now: Date,
): Promise<number> {
  const escrow = campaignEscrowAccount(c.id);
  const deposit = memberAccount(c.advertiserId, "deposit");
  await lockAccounts(tx, [escrow, deposit]);
  const refund = await accountBalance(tx, escrow);
  if (refund > 0)
    await post(tx, {
      idempotencyKey: `campaign:${c.id}:refund`,
      kind: "campaign_refund",
      userId: c.advertiserId,
      memo: `${c.id} ${reason}`,
      createdAt: now,
      lines: [
        { account: escrow, amount: -refund },
        { account: deposit, amount: refund },
      ],
    });
  return refund;
}

export type CampaignAction = "paused" | "active" | "delete";

/**
 * The advertiser pauses, activates or deletes one of their campaigns. Pause and activate change
 * the status only; delete refunds the undelivered views' escrow to the deposit in one entry and
 * hides the campaign. Claims lock the same row, so none credits after the change commits.
 */
export async function changeCampaign(
  db: Db,
  input: { userId: string; campaignId: string; action: CampaignAction; now: Date },
): Promise<{ deposit: number; message: string }> {
  const message = await db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.advertiserId, input.userId)))
      .for("update");
    if (!c || c.status === "deleted") throw new DomainError("not_found", PTC_MESSAGES.notFound);
    if (input.action === "paused") {
      if (c.status !== "active" && c.status !== "paused")
        throw new DomainError("conflict", PTC_MESSAGES.cannotPause);
      await tx.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, c.id));
      return PTC_MESSAGES.paused;
    }
    if (input.action === "active") {
      if ((c.status !== "active" && c.status !== "paused") || c.deliveredViews >= c.totalViews)
        throw new DomainError("conflict", PTC_MESSAGES.cannotActivate);
      await tx.update(campaigns).set({ status: "active" }).where(eq(campaigns.id, c.id));
      return PTC_MESSAGES.activated;
    }
    // A rejected campaign was refunded when it was rejected.
    const refund = c.status === "rejected" ? 0 : await refundEscrow(tx, c, "delete", input.now);
    await tx
      .update(campaigns)
      .set({
        status: "deleted",
        deletedAt: input.now,
        endedAt: c.endedAt ?? input.now,
        refund: sql`${campaigns.refund} + ${refund}`,
      })
      .where(eq(campaigns.id, c.id));
    return PTC_MESSAGES.deleted;
  });
  const { deposit } = await memberBalances(db, input.userId);
  return { deposit, message };
}

export interface CampaignFilter {
  status: "all" | "active" | "paused";
  type: "all" | CampaignType;
  search: string;
  page: number;
}

/** LIKE pattern for a literal substring. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type CampaignRow = typeof campaigns.$inferSelect;

export function campaignView(c: CampaignRow) {
  return {
    id: c.id,
    type: c.type,
    status: c.status as CampaignStatus | "deleted",
    title: c.title,
    description: c.description,
    url: c.url,
    durationSeconds: c.durationSeconds,
    totalViews: c.totalViews,
    deliveredViews: c.deliveredViews,
    intervalHours: c.intervalHours,
    dailyLimit: c.dailyLimit,
    price: Number(c.price),
    memberAmount: Number(c.memberAmount),
    subtotal: Number(c.price) * c.totalViews,
    spend: Number(c.price) * c.deliveredViews,
    refund: Number(c.refund),
    createdAt: c.createdAt,
  };
}
export type CampaignView = ReturnType<typeof campaignView>;

/** The advertiser list: counters over all live campaigns, and one filtered page, newest first. */
export async function advertiserSummary(db: Db, userId: string, filter: CampaignFilter) {
  const live = and(eq(campaigns.advertiserId, userId), ne(campaigns.status, "deleted"));
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${campaigns.status} = 'active'))::int`,
      paused: sql<number>`(count(*) filter (where ${campaigns.status} = 'paused'))::int`,
      remaining: sql<string>`coalesce(sum(${campaigns.totalViews} - ${campaigns.deliveredViews}) filter (where ${campaigns.status} in ('active', 'paused')), 0)`,
    })
    .from(campaigns)
    .where(live);
  const conditions: (SQL | undefined)[] = [live];
  if (filter.status !== "all") conditions.push(eq(campaigns.status, filter.status));
  if (filter.type !== "all") conditions.push(eq(campaigns.type, filter.type));
  const search = filter.search.trim();
  if (search) conditions.push(sql`${campaigns.title} ilike ${likeContains(search)}`);
  const where = and(...conditions);
  const [matching] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(where);
  const pagination = pageOf(filter.page, PAGE_SIZE.campaigns, Number(matching?.n ?? 0));
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  const balances = await memberBalances(db, userId);
  return {
    total: Number(counts?.total ?? 0),
    active: Number(counts?.active ?? 0),
    paused: Number(counts?.paused ?? 0),
    remainingViews: Number(counts?.remaining ?? 0),
    campaigns: rows.map(campaignView),
    pagination,
    balances,
  };
}

// ---------------------------------------------------------------------------------------------
// Members: the list, starting a view, claiming it

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
 * campaign's interval, under its per-day limit today, and without an open view of theirs. Also
 * the earliest moment one of the others becomes viewable again.
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
          openUntil:
            sql<Date | null>`max(${adViews.expiresAt}) filter (where ${adViews.consumedAt} is null)`.mapWith(
              adViews.expiresAt,
            ),
        })
        .from(adViews)
        .where(
          and(
            eq(adViews.userId, userId),
            inArray(adViews.campaignId, ids),
            or(
              gt(adViews.consumedAt, new Date(now.getTime() - MAX_INTERVAL_MS)),
              and(isNull(adViews.consumedAt), gt(adViews.expiresAt, now)),
            ),
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
    if (v?.openUntil && v.openUntil.getTime() > now.getTime()) blocked.push(v.openUntil.getTime());
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

/** A refusal of a view start or claim: recorded in the cheat log, then answered with the code. */
class AdRefusal extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    public readonly reason: string,
    public readonly campaignId: string | null,
  ) {
    super(reason);
  }
}

const refusalMessage = (code: DomainErrorCode) =>
  code === "proxy_detected" ? CAMPAIGN_MESSAGES.proxyDetected : CAMPAIGN_MESSAGES.operationFailed;

/** Writes the refusal to the cheat log (its own short statement: the refused work rolled back). */
async function refuse(
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
  throw new DomainError(r.code, refusalMessage(r.code));
}

export interface StartedView {
  token: string;
  campaign: CampaignRow;
  startedAt: Date;
  claimableAt: Date;
  expiresAt: Date;
}

/** The reason a member may not view a campaign now, or null. Reads inside the caller's lock when given a Tx. */
async function viewingRule(
  db: Db | Tx,
  c: CampaignRow,
  userId: string,
  now: Date,
  exceptViewId?: number,
): Promise<AdRefusal | null> {
  if (c.status !== "active") return new AdRefusal("ad_campaign_unavailable", `campaign_${c.status}`, c.id);
  if (c.deliveredViews >= c.totalViews)
    return new AdRefusal("ad_campaign_unavailable", "no_views_left", c.id);
  if (c.advertiserId === userId) return new AdRefusal("ad_campaign_unavailable", "own_campaign", c.id);
  const [recent] = await db
    .select({ id: adViews.id })
    .from(adViews)
    .where(
      and(
        eq(adViews.userId, userId),
        eq(adViews.campaignId, c.id),
        gt(adViews.consumedAt, new Date(now.getTime() - c.intervalHours * HOUR_MS)),
        ...(exceptViewId === undefined ? [] : [ne(adViews.id, exceptViewId)]),
      ),
    )
    .limit(1);
  if (recent) return new AdRefusal("ad_interval", "interval", c.id);
  if (c.dailyLimit !== null) {
    const [today] = await db
      .select({ views: campaignDailyViews.views })
      .from(campaignDailyViews)
      .where(and(eq(campaignDailyViews.campaignId, c.id), eq(campaignDailyViews.day, istDay(now))));
    if ((today?.views ?? 0) >= c.dailyLimit) return new AdRefusal("ad_daily_limit", "daily_limit", c.id);
  }
  return null;
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
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, input.campaignId));
  if (!c) throw new DomainError("ad_campaign_unavailable", CAMPAIGN_MESSAGES.operationFailed);
  const refusal = await viewingRule(db, c, userId, now);
  // A campaign that ended or paused is not cheating: only the other refusals are logged.
  if (refusal && (refusal.code !== "ad_campaign_unavailable" || refusal.reason === "own_campaign"))
    return refuse(db, refusal, { userId, ip: input.ip, now });
  if (refusal) throw new DomainError(refusal.code, refusalMessage(refusal.code));
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

const VIEW_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

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

/** Any member's view by its token, or undefined (for the refusals and the cheat log). */
async function viewByToken(db: Db | Tx, token: string) {
  if (!VIEW_TOKEN.test(token)) return undefined;
  const [v] = await db.select().from(adViews).where(eq(adViews.token, token));
  return v;
}

/** Why a token could not be consumed: unknown, another member's, used, too early or expired. */
async function whyNotConsumed(
  db: Db | Tx,
  userId: string,
  token: string,
  campaignId: string | undefined,
  now: Date,
): Promise<AdRefusal> {
  const v = await viewByToken(db, token);
  if (!v) return new AdRefusal("ad_view_used", "unknown_token", null);
  if (v.userId !== userId) return new AdRefusal("ad_view_used", "another_members_token", v.campaignId);
  if (v.consumedAt) return new AdRefusal("ad_view_used", "reused_token", v.campaignId);
  if (campaignId !== undefined && campaignId !== v.campaignId)
    return new AdRefusal("ad_view_used", "another_campaigns_token", v.campaignId);
  if (now < v.claimableAt) return new AdRefusal("ad_too_early", "too_early", v.campaignId);
  return new AdRefusal("ad_view_expired", "expired", v.campaignId);
}

/**
 * Claims a started view. One transaction: consume the token (a conditional UPDATE, so of many
 * parallel claims one wins), lock the campaign row, re-check status, views left, interval and
 * per-day limit, count the view, and post one entry — escrow −price, viewer +their share,
 * revenue +the rest — followed by the referral rule. The campaign completes with its last view.
 * Any refusal rolls all of it back and is written to the cheat log. `btnClickEarn` is not an
 * input: the amounts are the campaign's.
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
  // Read before the transaction: the campaign row's lock is then held for fewer statements.
  const [[viewer], rateBp] = await Promise.all([
    db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId)),
    getSetting(db, "referral_rate_bp"),
  ]);
  let amount: number;
  try {
    amount = await db.transaction(async (tx) => {
      const [view] = VIEW_TOKEN.test(token)
        ? await tx
            .update(adViews)
            // The viewer's share is fixed on the campaign at create.
            .set({
              consumedAt: now,
              amount: sql`(select ${campaigns.memberAmount} from ${campaigns} where ${campaigns.id} = ${adViews.campaignId})`,
            })
            .where(
              and(
                eq(adViews.token, token),
                eq(adViews.userId, userId),
                ...(input.campaignId === undefined ? [] : [eq(adViews.campaignId, input.campaignId)]),
                isNull(adViews.consumedAt),
                sql`${adViews.claimableAt} <= ${now.toISOString()}::timestamptz`,
                gt(adViews.expiresAt, now),
              ),
            )
            .returning({ id: adViews.id, campaignId: adViews.campaignId })
        : [];
      if (!view) throw await whyNotConsumed(tx, userId, token, input.campaignId, now);

      const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, view.campaignId)).for("update");
      if (!c) throw new AdRefusal("ad_campaign_unavailable", "campaign_missing", view.campaignId);
      const refusal = await viewingRule(tx, c, userId, now, view.id);
      if (refusal) throw refusal;

      const [counted] = await tx
        .update(campaigns)
        .set({
          deliveredViews: sql`${campaigns.deliveredViews} + 1`,
          status: sql`case when ${campaigns.deliveredViews} + 1 = ${campaigns.totalViews} then 'completed' else ${campaigns.status} end`,
          endedAt: sql`case when ${campaigns.deliveredViews} + 1 = ${campaigns.totalViews} then ${now.toISOString()}::timestamptz else ${campaigns.endedAt} end`,
        })
        .where(
          and(
            eq(campaigns.id, c.id),
            eq(campaigns.status, "active"),
            lt(campaigns.deliveredViews, campaigns.totalViews),
          ),
        )
        .returning({ id: campaigns.id });
      if (!counted) throw new AdRefusal("ad_campaign_unavailable", "no_views_left", c.id);
      // Counted per IST day only where a per-day limit reads it (the limit is fixed at create).
      if (c.dailyLimit !== null)
        await tx
          .insert(campaignDailyViews)
          .values({ campaignId: c.id, day: istDay(now), views: 1 })
          .onConflictDoUpdate({
            target: [campaignDailyViews.campaignId, campaignDailyViews.day],
            set: { views: sql`${campaignDailyViews.views} + 1` },
          });
      const share = Number(c.memberAmount);
      const price = Number(c.price);
      try {
        await creditEarning(tx, {
          userId,
          source: "ptc_ads",
          amount: share,
          idempotencyKey: `ptc:view:${view.id}`,
          memo: c.id,
          createdAt: now,
          referral: { referredBy: viewer?.referredBy ?? null, rateBp },
          fundingLines: [
            { account: campaignEscrowAccount(c.id), amount: -price },
            { account: PLATFORM.revenue, amount: price - share },
          ],
        });
      } catch (e) {
        // The escrow holds exactly the undelivered views' price: this means the books are off.
        if (e instanceof InsufficientFundsError)
          throw new AdRefusal("ad_campaign_unavailable", "escrow_empty", c.id);
        throw e;
      }
      return share;
    });
  } catch (e) {
    if (e instanceof AdRefusal) return refuse(db, e, ctx);
    throw e;
  }
  const [{ withdrawable }, incomeToday] = await Promise.all([
    memberBalances(db, userId),
    ptcIncomeToday(db, userId, now),
  ]);
  return { amount, withdrawable, incomeToday };
}

// ---------------------------------------------------------------------------------------------
// Operators

/** Every campaign (deleted ones too), newest first, one page. */
export async function listCampaignsForOperator(
  db: Db,
  filter: { status: "all" | CampaignStatus | "deleted"; page: number },
) {
  const where = filter.status === "all" ? undefined : eq(campaigns.status, filter.status);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(where);
  const pagination = pageOf(filter.page, OPERATOR_PAGE_SIZE, Number(n?.n ?? 0));
  const rows = await db
    .select({ c: campaigns, advertiser: users.userName })
    .from(campaigns)
    .leftJoin(users, eq(users.id, campaigns.advertiserId))
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map((r) => ({
      ...campaignView(r.c),
      advertiserId: r.c.advertiserId,
      advertiser: r.advertiser,
    })),
    pagination,
  };
}

/** An operator pauses a campaign (audited). */
export async function operatorPauseCampaign(db: Db, actorUserId: string, campaignId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c || c.status === "deleted") throw new DomainError("not_found", PTC_MESSAGES.notFound);
    if (c.status !== "active") throw new DomainError("conflict", PTC_MESSAGES.cannotPause);
    await tx.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, c.id));
    await recordAudit(tx, {
      actorUserId,
      action: "campaign.pause",
      target: `campaign:${c.id}`,
      before: { status: c.status },
      after: { status: "paused" },
    });
  });
}

/** An operator rejects a campaign: the undelivered views' escrow goes back to the advertiser (audited). */
export async function rejectCampaign(
  db: Db,
  actorUserId: string,
  campaignId: string,
  now: Date,
): Promise<{ refund: number }> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c || c.status === "deleted") throw new DomainError("not_found", PTC_MESSAGES.notFound);
    if (c.status !== "active" && c.status !== "paused")
      throw new DomainError("conflict", "Only an active or paused campaign can be rejected.");
    const refund = await refundEscrow(tx, c, "reject", now);
    await tx
      .update(campaigns)
      .set({ status: "rejected", endedAt: now, refund: sql`${campaigns.refund} + ${refund}` })
      .where(eq(campaigns.id, c.id));
    await recordAudit(tx, {
      actorUserId,
      action: "campaign.reject",
      target: `campaign:${c.id}`,
      before: { status: c.status, deliveredViews: c.deliveredViews },
      after: { status: "rejected", refund },
    });
    return { refund };
  });
}

/** A campaign's views, newest first, one page (operators). */
export async function campaignViewLog(db: Db, campaignId: string, page: number) {
  const [exists] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!exists) throw new DomainError("not_found", PTC_MESSAGES.notFound);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adViews)
    .where(eq(adViews.campaignId, campaignId));
  const pagination = pageOf(page, OPERATOR_PAGE_SIZE, Number(n?.n ?? 0));
  const rows = await db
    .select({ v: adViews, userName: users.userName })
    .from(adViews)
    .leftJoin(users, eq(users.id, adViews.userId))
    .where(eq(adViews.campaignId, campaignId))
    .orderBy(desc(adViews.startedAt), desc(adViews.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map(({ v, userName }) => ({
      id: v.id,
      userId: v.userId,
      userName,
      startedAt: v.startedAt,
      claimableAt: v.claimableAt,
      expiresAt: v.expiresAt,
      consumedAt: v.consumedAt,
      amount: v.amount === null ? null : Number(v.amount),
      ip: v.ip,
    })),
    pagination,
  };
}

/** The cheat log (ads and short links, or one channel), newest first, one page (operators). */
export async function cheatLog(db: Db, page: number, channel?: (typeof adCheatLog.$inferSelect)["channel"]) {
  const where = channel ? eq(adCheatLog.channel, channel) : undefined;
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adCheatLog)
    .where(where);
  const pagination = pageOf(page, OPERATOR_PAGE_SIZE, Number(n?.n ?? 0));
  const rows = await db
    .select({ l: adCheatLog, userName: users.userName, title: campaigns.title, linkName: shortLinks.name })
    .from(adCheatLog)
    .leftJoin(users, eq(users.id, adCheatLog.userId))
    .leftJoin(campaigns, eq(campaigns.id, adCheatLog.campaignId))
    .leftJoin(shortLinks, eq(shortLinks.id, adCheatLog.shortLinkId))
    .where(where)
    .orderBy(desc(adCheatLog.createdAt), desc(adCheatLog.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map(({ l, userName, title, linkName }) => ({
      id: l.id,
      channel: l.channel,
      userId: l.userId,
      userName,
      campaignId: l.campaignId,
      campaignTitle: title,
      shortLinkId: l.shortLinkId,
      shortLinkName: linkName,
      reason: l.reason,
      ip: l.ip,
      time: l.createdAt,
    })),
    pagination,
  };
}
