import { Hono } from "hono";
import { z } from "zod";
import { ok, pageQuery, readBody, requireMember, requireOperator, type ApiEnv } from "../http";
import { ApiError } from "../http";
import { rupeesToMilli } from "../../shared/money";
import { listAudit } from "./audit";
import { checkLedgerInvariant } from "../ledger/ledger";
import {
  createGiftCode,
  GIFT_CODE_MAX_LENGTH,
  GIFT_CODE_MESSAGES,
  listGiftCodes,
} from "../giftCodes/giftCodes";
import {
  PAYOUT_MESSAGES,
  REFERRAL_RATE_MAX_BP,
  createPayoutMethod,
  listContactMessages,
  listPayoutMethods,
  referralSettings,
  updatePayoutMethod,
  updateReferralRate,
} from "../accounts/operators";
import {
  MINIMUM_VIEWS_MAX,
  PTC_MESSAGES,
  campaignViewLog,
  cheatLog,
  listCampaignsForOperator,
  operatorPauseCampaign,
  ptcSettings,
  rejectCampaign,
  updatePtcSettings,
  type PtcSettings,
} from "../ads/ptcAds";
import { CAMPAIGN_STATUSES } from "../../shared/campaign";
import { rupeeAmountField, wholeNumberIn } from "./fields";
import { adminShortLinksRoute } from "../shortLinks/adminHttp";
import { milliToRupeeString } from "../../shared/money";
import {
  WITHDRAW_MESSAGES,
  listWithdrawalsForOperator,
  settleWithdrawal,
  wholeRupees,
} from "../withdrawals/withdrawals";
import { adminOfferWallsRoute } from "../taskWalls/adminHttp";
import { adminGamesRoute } from "../games/http";

/**
 * The operator API: the withdrawal queue, gift codes, payout methods, the referral rate, contact
 * messages and the audit trail. Every route needs an operator's session; every change is audited
 * in the same transaction as the change itself.
 */

const StatusQuery = z.enum(["Pending", "Success", "Reject", "all"], {
  errorMap: () => ({ message: "status must be Pending, Success, Reject or all." }),
});

const SettleSchema = z
  .object({
    action: z.enum(["approve", "reject"], {
      errorMap: () => ({ message: "action must be approve or reject." }),
    }),
    remark: z
      .string({ invalid_type_error: "remark must be text." })
      .max(500, "remark must be at most 500 characters.")
      .optional(),
  })
  .strict();

const GiftCodeSchema = z
  .object({
    code: z
      .string({ invalid_type_error: "code must be text." })
      .trim()
      .min(1, "Please enter a gift code.")
      .max(GIFT_CODE_MAX_LENGTH, `The code must be at most ${GIFT_CODE_MAX_LENGTH} characters.`)
      .regex(/^[A-Za-z0-9_-]+$/, "The code may contain only letters, digits, - and _."),
    amount: rupeeAmountField("amount"),
    claim_limit: z
      .number({ invalid_type_error: "claim_limit must be a whole number of at least 1." })
      .int("claim_limit must be a whole number of at least 1.")
      .min(1, "claim_limit must be a whole number of at least 1.")
      .max(1_000_000, "claim_limit must be at most 1000000."),
    expires_at: z
      .string({ invalid_type_error: "expires_at must be an ISO date and time." })
      .datetime({ offset: true, message: "expires_at must be an ISO date and time." })
      .transform((v) => new Date(v))
      .refine((d) => d.getTime() > Date.now(), "The expiry must be in the future."),
  })
  .strict();

const minimumRupees = wholeRupees(
  "minimum_amount must be a whole number of rupees greater than 0.",
).transform(rupeesToMilli);

const methodFields = {
  name: z
    .string({ invalid_type_error: "name must be text." })
    .trim()
    .min(1, "name is required.")
    .max(100, "name must be at most 100 characters."),
  details: z
    .string({ invalid_type_error: "details must be text." })
    .trim()
    .max(1000, "details must be at most 1000 characters."),
  minimum_amount: minimumRupees,
};
const NewMethodSchema = z.object(methodFields).strict();
const EditMethodSchema = z
  .object({ ...methodFields, active: z.boolean({ invalid_type_error: "active must be true or false." }) })
  .strict();

const SettingsSchema = z
  .object({ referral_rate_bp: wholeNumberIn("referral_rate_bp", 0, REFERRAL_RATE_MAX_BP) })
  .strict();

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

const ptcSettingsAnswer = (s: PtcSettings) => ({
  ptc_pricing: s.pricing,
  ptc_minimum_views: s.minimumViews,
  ptc_member_share_bp: s.memberShareBp,
});

const WITHDRAWAL_ID = /^[0-9a-f]{24}$/;

function methodId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, PAYOUT_MESSAGES.notFound);
  return Number(raw);
}

export function adminRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/withdrawals", requireMember, requireOperator, async (c) => {
    const parsed = StatusQuery.safeParse(c.req.query("status") ?? "Pending");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    return ok(c, { records: await listWithdrawalsForOperator(c.var.deps.db, parsed.data) });
  });

  r.post("/withdrawals/:id/settle", requireMember, requireOperator, async (c) => {
    const { deps, member } = c.var;
    const body = await readBody(c, SettleSchema);
    const id = c.req.param("id");
    if (!WITHDRAWAL_ID.test(id)) throw new ApiError(404, WITHDRAW_MESSAGES.notFound);
    await settleWithdrawal(deps.db, { id, actorUserId: member.id, action: body.action, remark: body.remark });
    return ok(c, body.action === "approve" ? "Withdrawal approved." : "Withdrawal rejected and refunded.");
  });

  r.get("/giftCodes", requireMember, requireOperator, async (c) =>
    ok(c, { records: await listGiftCodes(c.var.deps.db) }),
  );

  r.post("/giftCodes", requireMember, requireOperator, async (c) => {
    const body = await readBody(c, GiftCodeSchema);
    await createGiftCode(c.var.deps.db, {
      actorUserId: c.var.member.id,
      code: body.code,
      amount: body.amount,
      claimLimit: body.claim_limit,
      expiresAt: body.expires_at,
    });
    return ok(c, GIFT_CODE_MESSAGES.created);
  });

  r.get("/payoutMethods", requireMember, requireOperator, async (c) =>
    ok(c, { records: await listPayoutMethods(c.var.deps.db) }),
  );

  r.post("/payoutMethods", requireMember, requireOperator, async (c) => {
    const body = await readBody(c, NewMethodSchema);
    await createPayoutMethod(c.var.deps.db, c.var.member.id, {
      name: body.name,
      details: body.details,
      minimumAmount: body.minimum_amount,
      active: true,
    });
    return ok(c, PAYOUT_MESSAGES.saved);
  });

  r.patch("/payoutMethods/:id", requireMember, requireOperator, async (c) => {
    const id = methodId(c.req.param("id"));
    const body = await readBody(c, EditMethodSchema);
    await updatePayoutMethod(c.var.deps.db, c.var.member.id, id, {
      name: body.name,
      details: body.details,
      minimumAmount: body.minimum_amount,
      active: body.active,
    });
    return ok(c, PAYOUT_MESSAGES.saved);
  });

  r.get("/settings", requireMember, requireOperator, async (c) =>
    ok(c, await referralSettings(c.var.deps.db)),
  );

  r.patch("/settings", requireMember, requireOperator, async (c) => {
    const body = await readBody(c, SettingsSchema);
    await updateReferralRate(c.var.deps.db, c.var.member.id, body.referral_rate_bp);
    return ok(c, "Settings saved.");
  });

  r.get("/messages", requireMember, requireOperator, async (c) =>
    ok(c, { records: await listContactMessages(c.var.deps.db) }),
  );

  r.get("/audit", requireMember, requireOperator, async (c) =>
    ok(c, { records: await listAudit(c.var.deps.db) }),
  );

  /** The ledger's own check: every entry balances, balances sum to zero, none illegally negative. */
  r.get("/ledger", requireMember, requireOperator, async (c) => {
    const check = await checkLedgerInvariant(c.var.deps.db);
    const balanced = check.total === 0 && check.negative.length === 0 && check.unbalancedEntries === 0;
    return ok(c, { balanced, ...check, checkedAt: new Date().toISOString() });
  });

  // Ads: pricing, minimum views and the member's share; every campaign; views; the cheat log.
  r.get("/ptcSettings", requireMember, requireOperator, async (c) =>
    ok(c, ptcSettingsAnswer(await ptcSettings(c.var.deps.db))),
  );

  r.patch("/ptcSettings", requireMember, requireOperator, async (c) => {
    const body = await readBody(c, PtcSettingsSchema);
    const saved = await updatePtcSettings(c.var.deps.db, c.var.member.id, {
      pricing: body.ptc_pricing,
      minimumViews: body.ptc_minimum_views,
      memberShareBp: body.ptc_member_share_bp,
    });
    return ok(c, { message: PTC_MESSAGES.settingsSaved, ...ptcSettingsAnswer(saved) });
  });

  r.get("/campaigns", requireMember, requireOperator, async (c) => {
    const parsed = CampaignStatusQuery.safeParse(c.req.query("status") ?? "all");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    const list = await listCampaignsForOperator(c.var.deps.db, { status: parsed.data, page: pageQuery(c) });
    return ok(c, {
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

  r.post("/campaigns/:id/pause", requireMember, requireOperator, async (c) => {
    await operatorPauseCampaign(c.var.deps.db, c.var.member.id, campaignId(c.req.param("id")));
    return ok(c, PTC_MESSAGES.paused);
  });

  r.post("/campaigns/:id/reject", requireMember, requireOperator, async (c) => {
    const { refund } = await rejectCampaign(
      c.var.deps.db,
      c.var.member.id,
      campaignId(c.req.param("id")),
      c.var.deps.clock(),
    );
    return ok(c, { message: PTC_MESSAGES.rejected, refund: milliToRupeeString(refund) });
  });

  r.get("/campaigns/:id/views", requireMember, requireOperator, async (c) => {
    const log = await campaignViewLog(c.var.deps.db, campaignId(c.req.param("id")), pageQuery(c));
    return ok(c, {
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

  r.get("/adCheatLog", requireMember, requireOperator, async (c) => {
    const channel = CheatChannelQuery.safeParse(c.req.query("channel") || undefined);
    if (!channel.success) throw new ApiError(400, channel.error.issues[0]?.message ?? "Invalid channel.");
    const log = await cheatLog(c.var.deps.db, pageQuery(c), channel.data);
    return ok(c, {
      records: log.records.map((l) => ({ ...l, time: l.time.toISOString() })),
      pagination: log.pagination,
    });
  });

  r.route("/", adminOfferWallsRoute());
  // Short links: shorteners, links and their settings.
  r.route("/", adminShortLinksRoute());
  r.route("/", adminGamesRoute());

  return r;
}
