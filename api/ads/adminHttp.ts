import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  pageQuery,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { milliToRupeeString } from "../../shared/money";
import { CAMPAIGN_STATUSES } from "../../shared/campaign";
import { PTC_MESSAGES } from "./messages";
import { MINIMUM_VIEWS_MAX, ptcSettings, updatePtcSettings, type PtcSettings } from "./settings";
import {
  campaignViewLog,
  cheatLog,
  listCampaignsForOperator,
  operatorPauseCampaign,
  rejectCampaign,
} from "./moderation";
import { wholeNumberIn } from "../lib/fields";
import type { PtcSettingsAnswer } from "../../shared/contracts/ads";

const PtcSettingsSchema = z
  .object({
    // Checked by the domain with the shared pricing rule (shared/campaign.ts).
    ptc_pricing: z.unknown().optional(),
    ptc_minimum_views: wholeNumberIn("ptc_minimum_views", 1, MINIMUM_VIEWS_MAX).optional(),
    ptc_member_share_bp: wholeNumberIn("ptc_member_share_bp", 0, 10_000).optional(),
  })
  .strict()
  .refine(
    (b) =>
      b.ptc_pricing !== undefined || b.ptc_minimum_views !== undefined || b.ptc_member_share_bp !== undefined,
    "Send ptc_pricing, ptc_minimum_views or ptc_member_share_bp.",
  );

const CampaignStatusQuery = z.enum(["all", ...CAMPAIGN_STATUSES, "deleted"], {
  errorMap: () => ({ message: "status must be all, active, paused, completed, rejected or deleted." }),
});

const CheatChannelQuery = z
  .enum(["ptc_ads", "click_short_link"], {
    errorMap: () => ({ message: "channel must be ptc_ads or click_short_link." }),
  })
  .optional();

const CAMPAIGN_ID = /^[0-9a-f]{24}$/;

function campaignId(raw: string): string {
  if (!CAMPAIGN_ID.test(raw)) throw new ApiError(404, PTC_MESSAGES.notFound);
  return raw;
}

const ptcSettingsAnswer = (s: PtcSettings): PtcSettingsAnswer => ({
  ptc_pricing: s.pricing,
  ptc_minimum_views: s.minimumViews,
  ptc_member_share_bp: s.memberShareBp,
});

/** The operator side of ads, under /adminRoute: pricing, minimum views and the member's share; every campaign; its views; the cheat log. */
export function adminAdsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // Ads: pricing, minimum views and the member's share; every campaign; views; the cheat log.
  r.get("/ptcSettings", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/ptcSettings", ptcSettingsAnswer(await ptcSettings(c.var.deps.db))),
  );

  r.patch("/ptcSettings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/ptcSettings", PtcSettingsSchema);
    const saved = await updatePtcSettings(c.var.deps.db, c.var.member.id, {
      pricing: body.ptc_pricing,
      minimumViews: body.ptc_minimum_views,
      memberShareBp: body.ptc_member_share_bp,
    });
    return okWrite(c, "/adminRoute/ptcSettings", {
      message: PTC_MESSAGES.settingsSaved,
      ...ptcSettingsAnswer(saved),
    });
  });

  r.get("/campaigns", requireMember, requireRole("moderation"), async (c) => {
    const parsed = CampaignStatusQuery.safeParse(c.req.query("status") ?? "all");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    const list = await listCampaignsForOperator(c.var.deps.db, { status: parsed.data, page: pageQuery(c) });
    return okRead(c, "/adminRoute/campaigns", {
      records: list.records.map((k) => ({
        _id: k.id,
        advertiserId: k.advertiserId,
        advertiser: k.advertiser,
        campaignType: k.type,
        status: k.status,
        title: k.title,
        url: k.url,
        duration_seconds: k.durationSeconds,
        total_views: k.totalViews,
        delivered_views: k.deliveredViews,
        interval_hours: k.intervalHours,
        daily_limit: k.dailyLimit,
        price: milliToRupeeString(k.price),
        member_amount: milliToRupeeString(k.memberAmount),
        subtotal: milliToRupeeString(k.subtotal),
        spend: milliToRupeeString(k.spend),
        refund: milliToRupeeString(k.refund),
        time: k.createdAt.toISOString(),
      })),
      pagination: list.pagination,
    });
  });

  r.post("/campaigns/:id/pause", requireMember, requireRole("moderation"), async (c) => {
    await operatorPauseCampaign(c.var.deps.db, c.var.member.id, campaignId(c.req.param("id")));
    return okWrite(c, "/adminRoute/campaigns/:id/pause", PTC_MESSAGES.paused);
  });

  r.post("/campaigns/:id/reject", requireMember, requireRole("moderation"), async (c) => {
    const { refund } = await rejectCampaign(
      c.var.deps.db,
      c.var.member.id,
      campaignId(c.req.param("id")),
      c.var.deps.clock(),
    );
    return okWrite(c, "/adminRoute/campaigns/:id/reject", {
      message: PTC_MESSAGES.rejected,
      refund: milliToRupeeString(refund),
    });
  });

  r.get("/campaigns/:id/views", requireMember, requireRole("moderation"), async (c) => {
    const log = await campaignViewLog(c.var.deps.db, campaignId(c.req.param("id")), pageQuery(c));
    return okRead(c, "/adminRoute/campaigns/:id/views", {
      records: log.records.map((v) => ({
        id: v.id,
        userId: v.userId,
        userName: v.userName,
        startedAt: v.startedAt.toISOString(),
        claimableAt: v.claimableAt.toISOString(),
        expiresAt: v.expiresAt.toISOString(),
        consumedAt: v.consumedAt?.toISOString() ?? null,
        amount: v.amount === null ? null : milliToRupeeString(v.amount),
        ip: v.ip,
      })),
      pagination: log.pagination,
    });
  });

  r.get("/adCheatLog", requireMember, requireRole("moderation"), async (c) => {
    const channel = CheatChannelQuery.safeParse(c.req.query("channel") || undefined);
    if (!channel.success) throw new ApiError(400, channel.error.issues[0]?.message ?? "Invalid channel.");
    const log = await cheatLog(c.var.deps.db, pageQuery(c), channel.data);
    return okRead(c, "/adminRoute/adCheatLog", {
      records: log.records.map((l) => ({ ...l, time: l.time.toISOString() })),
      pagination: log.pagination,
    });
  });

  return r;
}
