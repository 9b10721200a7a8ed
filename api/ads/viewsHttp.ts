import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, clientIp, okRead, okWrite, readObjAt, requireMember } from "../http";
import { milliToRupeeString } from "../../shared/money";
import type { CampaignType } from "../../shared/campaign";
import { sanitizeHtml } from "../lib/sanitize";
import { PTC_MESSAGES } from "./messages";
import { adsForMember, claimView, startView, viewOf } from "./views";
import { contentLocale, localizedInstructions } from "../content/localized";

/**
 * The member's side of ads, under /userIncomeRoute (spec 2 §7 and the view endpoints of
 * docs/api.md): the View Ads list, starting a view, reading one's own view, claiming it.
 */

/** An id the client echoes back (a campaign's, a view's token): anything off is the one refusal. */
const echoedId = (max: number) =>
  z
    .string({
      invalid_type_error: PTC_MESSAGES.operationFailed,
      required_error: PTC_MESSAGES.operationFailed,
    })
    .min(1, PTC_MESSAGES.operationFailed)
    .max(max, PTC_MESSAGES.operationFailed);
const campaignId = echoedId(64);

const StartSchema = z.object({ btnName: campaignId }).strict();

const ClaimSchema = z
  .object({
    btnName: campaignId,
    // The client's amount: accepted for compatibility, never used (the campaign's is).
    btnClickEarn: z
      .union([z.number(), z.string().max(32), z.null()], {
        errorMap: () => ({ message: "btnClickEarn must be a number." }),
      })
      .optional(),
    viewToken: echoedId(128),
  })
  .strict();

/** The page the member's new tab opens for a view (the contract's `link`). */
export function viewLink(type: CampaignType, url: string, seconds: number, token: string): string {
  const view = encodeURIComponent(token);
  if (type === "window") return `/member/waitRedirecting/?link=${encodeURIComponent(url)}&view=${view}`;
  return `/member/${type}/?link=${encodeURIComponent(`${url}||${seconds}`)}&view=${view}`;
}

export function ptcAdsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/user_PTCAds_home_get", requireMember, async (c) => {
    const { deps, member } = c.var;
    const list = await adsForMember(deps.db, member.id, deps.clock());
    const instructions = await localizedInstructions(deps.db, "ptc_instructions", contentLocale(c));
    return okRead(c, "/userIncomeRoute/user_PTCAds_home_get", {
      PTCAds_campaignsData: list.ads.map((a) => ({
        _id: a.id,
        campaignType: a.type,
        step_2_title: a.title,
        step_2_description: a.description,
        step_2_url: a.url,
        step_3_duration_for_user: a.durationSeconds,
        step_3_amount_for_user: milliToRupeeString(a.memberAmount),
      })),
      today_PTCAdsIncome: milliToRupeeString(list.incomeToday),
      totalLinks: list.ads.length,
      completedClick: list.creditedToday,
      userAvailableBalance: milliToRupeeString(list.withdrawable),
      willCome_afterThis_time: list.comesBackAt?.toISOString() ?? null,
      other_data_PTCAds_instructions: instructions.map((html) => sanitizeHtml(html)),
    });
  });

  r.post("/user_PTCAds_view_start", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("adViews", member.id);
    const body = await readObjAt(c, "/userIncomeRoute/user_PTCAds_view_start", StartSchema);
    const view = await startView(deps.db, {
      userId: member.id,
      campaignId: body.btnName,
      ip: clientIp(c),
      now: deps.clock(),
      proxyCheck: deps.proxyCheck,
    });
    const { campaign } = view;
    return okWrite(c, "/userIncomeRoute/user_PTCAds_view_start", {
      viewToken: view.token,
      campaignType: campaign.type,
      step_3_duration_for_user: campaign.durationSeconds,
      claimableAt: view.claimableAt.toISOString(),
      expiresAt: view.expiresAt.toISOString(),
      link: viewLink(campaign.type, campaign.url, campaign.durationSeconds, view.token),
    });
  });

  r.get("/user_PTCAds_view_get", requireMember, async (c) => {
    const { deps, member } = c.var;
    const token = c.req.query("view") ?? "";
    const found = await viewOf(deps.db, member.id, token);
    if (!found) throw new ApiError(404, PTC_MESSAGES.viewNotFound);
    const { v, c: campaign } = found;
    const now = deps.clock();
    return okRead(c, "/userIncomeRoute/user_PTCAds_view_get", {
      viewToken: v.token,
      campaignType: campaign.type,
      step_2_url: campaign.url,
      step_3_duration_for_user: campaign.durationSeconds,
      startedAt: v.startedAt.toISOString(),
      claimableAt: v.claimableAt.toISOString(),
      expiresAt: v.expiresAt.toISOString(),
      consumed: v.consumedAt !== null,
      secondsLeft: Math.max(0, Math.ceil((v.claimableAt.getTime() - now.getTime()) / 1000)),
    });
  });

  r.patch("/user_PTCAds_income_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("adViews", member.id);
    const body = await readObjAt(c, "/userIncomeRoute/user_PTCAds_income_patch", ClaimSchema);
    const claimed = await claimView(deps.db, {
      userId: member.id,
      token: body.viewToken,
      campaignId: body.btnName,
      ip: clientIp(c),
      now: deps.clock(),
      proxyCheck: deps.proxyCheck,
    });
    return okWrite(c, "/userIncomeRoute/user_PTCAds_income_patch", {
      userAvailableBalance: milliToRupeeString(claimed.withdrawable),
      amount: milliToRupeeString(claimed.amount),
      today_PTCAdsIncome: milliToRupeeString(claimed.incomeToday),
    });
  });

  return r;
}
