import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, pageQuery, parseWith, readObjAt, requireMember } from "../http";
import { milliToRupeeString } from "../../shared/money";
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TYPES,
  isCampaignType,
  type CampaignPricing,
} from "../../shared/campaign";
import { memberBalances } from "../ledger/ledger";
import { PTC_MESSAGES } from "./messages";
import { ptcSettings } from "./settings";
import {
  advertiserSummary,
  changeCampaign,
  createCampaign,
  parseDraft,
  type CampaignFilter,
} from "./campaigns";

/**
 * The advertiser's side of ads (spec 2 §7): the campaign list with its counters, pause / activate /
 * delete, the wizard's data, and create. Money moves only through the domain's ledger entries.
 */

const ChangeSchema = z
  .object({
    clientMsg: z.enum(["paused", "active", "delete"], {
      errorMap: () => ({ message: "clientMsg must be paused, active or delete." }),
    }),
    _id: z
      .string({ invalid_type_error: PTC_MESSAGES.notFound, required_error: PTC_MESSAGES.notFound })
      .min(1, PTC_MESSAGES.notFound)
      .max(64, PTC_MESSAGES.notFound),
  })
  .strict();

/**
 * The draft's envelope: exactly the wizard's fields, each of a type a client sends (the rules of
 * their values are the wizard's, shared/campaign.ts), and the request id (idempotency).
 */
const DraftEnvelope = z
  .object({
    selectedOption_state: z.unknown(),
    step_2_title: z.unknown(),
    step_2_url: z.unknown(),
    step_2_description: z.unknown(),
    step_3_duration: z.unknown(),
    step_3_total_views: z.unknown(),
    step_3_interval_in_hours: z.unknown(),
    step_3_enableLimit: z
      .boolean({ invalid_type_error: "step_3_enableLimit must be true or false." })
      .optional(),
    step_3_limitViewsPerDay: z
      .union([z.number(), z.string().max(16)], {
        errorMap: () => ({ message: CAMPAIGN_MESSAGES.perDayLimitRequired }),
      })
      .optional(),
    // The client's own subtotal: accepted, never used (the server computes it).
    step_4_subTotal: z
      .union([z.number(), z.string().max(32)], {
        errorMap: () => ({ message: "step_4_subTotal must be a number." }),
      })
      .optional(),
    request_id: z
      .string({ invalid_type_error: "request_id must be text." })
      .max(64, "request_id must be at most 64 characters.")
      .optional(),
  })
  .strict();

const SEARCH_MAX = 100;

function filterOf(q: (name: string) => string | undefined, page: number): CampaignFilter {
  const status = q("status");
  const type = q("type");
  return {
    status: status === "active" || status === "paused" ? status : "all",
    type: isCampaignType(type) ? type : "all",
    search: (q("search") ?? "").slice(0, SEARCH_MAX),
    page,
  };
}

export function advertiserRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/advertiserDataGet", requireMember, async (c) => {
    const { deps, member } = c.var;
    const s = await advertiserSummary(
      deps.db,
      member.id,
      filterOf((n) => c.req.query(n), pageQuery(c)),
    );
    return okRead(c, "/advertiserRoute/advertiserDataGet", {
      total_campaigns: s.total,
      active_campaigns: s.active,
      paused_campaigns: s.paused,
      remaining_views: s.remainingViews,
      userAvailableBalance: milliToRupeeString(s.balances.withdrawable),
      userDepositBalance: milliToRupeeString(s.balances.deposit),
      advertiserData: s.campaigns.map((k) => ({
        _id: k.id,
        campaignType: k.type,
        status: k.status,
        step_2_title: k.title,
        step_2_description: k.description,
        step_2_url: k.url,
        step_3_duration_for_user: k.durationSeconds,
        step_3_total_views: k.totalViews,
        completed_total_views: k.deliveredViews,
        step_3_interval_in_hours: k.intervalHours,
        step_3_enableLimit: k.dailyLimit !== null,
        step_3_limitViewsPerDay: k.dailyLimit,
        step_4_subTotal: milliToRupeeString(k.subtotal),
        spend: milliToRupeeString(k.spend),
        time: k.createdAt.toISOString(),
      })),
      pagination: s.pagination,
    });
  });

  r.patch("/advertiserCampaign_paused_active_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(
      c,
      "/advertiserRoute/advertiserCampaign_paused_active_patch",
      ChangeSchema,
      "encryptedObj",
    );
    const result = await changeCampaign(deps.db, {
      userId: member.id,
      campaignId: body._id,
      action: body.clientMsg,
      now: deps.clock(),
    });
    return okWrite(c, "/advertiserRoute/advertiserCampaign_paused_active_patch", {
      userDepositBalance: milliToRupeeString(result.deposit),
      message: result.message,
    });
  });

  r.get("/advertiserCreateDataGet", requireMember, async (c) => {
    const { deps, member } = c.var;
    const [settings, balances] = await Promise.all([
      ptcSettings(deps.db),
      memberBalances(deps.db, member.id),
    ]);
    return okRead(c, "/advertiserRoute/advertiserCreateDataGet", {
      PTCAds_pricing: Object.fromEntries(
        CAMPAIGN_TYPES.map((t) => [t, settings.pricing[t]]),
      ) as CampaignPricing,
      PTCAds_total_minimum_Views: settings.minimumViews,
      userDepositBalance: milliToRupeeString(balances.deposit),
      userAvailableBalance: milliToRupeeString(balances.withdrawable),
    });
  });

  r.post("/advertiserDataPost", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const raw = await readObjAt(c, "/advertiserRoute/advertiserDataPost", z.unknown());
    const { request_id } = parseWith(DraftEnvelope, raw);
    const settings = await ptcSettings(deps.db);
    const { campaignId } = await createCampaign(deps.db, {
      userId: member.id,
      draft: parseDraft(settings, raw),
      requestId: request_id,
      now: deps.clock(),
      settings,
    });
    const balances = await memberBalances(deps.db, member.id);
    return okWrite(c, "/advertiserRoute/advertiserDataPost", {
      message: CAMPAIGN_MESSAGES.submitted,
      userAvailableBalance: milliToRupeeString(balances.withdrawable),
      userDepositBalance: milliToRupeeString(balances.deposit),
      _id: campaignId,
    });
  });

  return r;
}
