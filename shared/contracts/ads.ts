import type { Endpoint } from "./endpoint";
import type { CampaignPricing, CampaignStatus, CampaignType } from "../campaign";
import type { Pagination } from "../pagination";

/**
 * Paid-to-click ads on the wire (spec 2 §4–§7, docs/api.md): the member's View Ads list and
 * views, the advertiser's campaigns and wizard, and the operator's pricing, campaigns and cheat
 * log. Amounts are rupee strings (3 decimals), times ISO strings.
 */

// ---------------------------------------------------------------------------------------------
// Members: /userIncomeRoute/user_PTCAds_*

/** One ad on the View Ads list. */
export interface PtcAd {
  _id: string;
  campaignType: CampaignType;
  step_2_title: string;
  step_2_description: string;
  step_2_url: string;
  step_3_duration_for_user: number;
  step_3_amount_for_user: string;
}

/** The View Ads page's data (user_PTCAds_home_get). */
export interface PtcAdsHome {
  PTCAds_campaignsData: PtcAd[];
  today_PTCAdsIncome: string;
  totalLinks: number;
  completedClick: number;
  userAvailableBalance: string;
  willCome_afterThis_time: string | null;
  other_data_PTCAds_instructions: string[];
}

/** Starting a view names the campaign (user_PTCAds_view_start's `obj`). */
export interface PtcViewStartBody {
  btnName: string;
}

/** A view just started: its single-use token, its times and the tab to open (user_PTCAds_view_start). */
export interface PtcStartedView {
  viewToken: string;
  campaignType: CampaignType;
  step_3_duration_for_user: number;
  claimableAt: string;
  expiresAt: string;
  link: string;
}

/** The member's own started view, read by the ad tabs (user_PTCAds_view_get). */
export interface PtcAdView {
  viewToken: string;
  campaignType: CampaignType;
  step_2_url: string;
  step_3_duration_for_user: number;
  startedAt: string;
  claimableAt: string;
  expiresAt: string;
  consumed: boolean;
  secondsLeft: number;
}

/** The claim of a started view (user_PTCAds_income_patch's `obj`); `btnClickEarn` is never used. */
export interface PtcClaimBody {
  btnName: string;
  btnClickEarn?: number | string | null;
  viewToken: string;
}

/** What a credited view earned and the balances after it (user_PTCAds_income_patch). */
export interface PtcClaimed {
  userAvailableBalance: string;
  amount: string;
  today_PTCAdsIncome: string;
}

// ---------------------------------------------------------------------------------------------
// Advertisers: /advertiserRoute/*

/** One of the advertiser's campaigns on their list. */
export interface AdvertiserCampaign {
  _id: string;
  campaignType: CampaignType;
  status: CampaignStatus | "deleted";
  step_2_title: string;
  step_2_description: string;
  step_2_url: string;
  step_3_duration_for_user: number;
  step_3_total_views: number;
  completed_total_views: number;
  step_3_interval_in_hours: number;
  step_3_enableLimit: boolean;
  step_3_limitViewsPerDay: number | null;
  step_4_subTotal: string;
  spend: string;
  time: string;
}

/** The advertiser page: counters over all live campaigns and one filtered page (advertiserDataGet). */
export interface AdvertiserHome {
  total_campaigns: number;
  active_campaigns: number;
  paused_campaigns: number;
  remaining_views: number;
  userAvailableBalance: string;
  userDepositBalance: string;
  advertiserData: AdvertiserCampaign[];
  pagination: Pagination;
}

/** What the advertiser does to one campaign (advertiserCampaign_paused_active_patch's `encryptedObj`). */
export interface CampaignChangeBody {
  clientMsg: "paused" | "active" | "delete";
  _id: string;
}

/** The change's message and the deposit balance after it (a delete refunds). */
export interface CampaignChanged {
  userDepositBalance: string;
  message: string;
}

/** The create wizard's data: pricing, minimum views and balances (advertiserCreateDataGet). */
export interface AdvertiserCreateData {
  PTCAds_pricing: CampaignPricing;
  PTCAds_total_minimum_Views: number;
  userDepositBalance: string;
  userAvailableBalance: string;
}

/** The wizard's draft as the page sends it (advertiserDataPost's `obj`); the subtotal is the server's. */
export interface CampaignDraftBody {
  selectedOption_state?: string;
  step_2_title?: string;
  step_2_url?: string;
  step_2_description?: string;
  step_3_duration?: string;
  step_3_total_views: number;
  step_3_interval_in_hours: number;
  step_3_enableLimit: boolean;
  step_3_limitViewsPerDay?: number;
  step_4_subTotal: string;
  request_id: string;
}

/** A created campaign and the balances after its deposit (advertiserDataPost). */
export interface CampaignCreated {
  message: string;
  userAvailableBalance: string;
  userDepositBalance: string;
  _id: string;
}

// ---------------------------------------------------------------------------------------------
// Operators: /adminRoute ad paths

/** Pricing, minimum total views and the viewer's share in basis points (GET /adminRoute/ptcSettings). */
export interface PtcSettingsAnswer {
  ptc_pricing: CampaignPricing;
  ptc_minimum_views: number;
  ptc_member_share_bp: number;
}

/** The operator's change of the ad settings (PATCH /adminRoute/ptcSettings, JSON). */
export interface PtcSettingsPatch {
  ptc_pricing?: CampaignPricing;
  ptc_minimum_views?: number;
  ptc_member_share_bp?: number;
}

/** The saved settings and the message (PATCH /adminRoute/ptcSettings). */
export interface PtcSettingsSaved extends PtcSettingsAnswer {
  message: string;
}

/** What /adminRoute/ptcSettings answers: the settings, and after a change (PATCH) its message. */
export interface PtcSettingsRead extends PtcSettingsAnswer {
  message?: string;
}

/** One campaign on the operator's list (any status, deleted too). */
export interface OperatorCampaign {
  _id: string;
  advertiserId: string;
  advertiser: string | null;
  campaignType: CampaignType;
  status: CampaignStatus | "deleted";
  title: string;
  url: string;
  duration_seconds: number;
  total_views: number;
  delivered_views: number;
  interval_hours: number;
  daily_limit: number | null;
  price: string;
  member_amount: string;
  subtotal: string;
  spend: string;
  refund: string;
  time: string;
}

/** One page of the operator's campaign list (GET /adminRoute/campaigns). */
export interface OperatorCampaignPage {
  records: OperatorCampaign[];
  pagination: Pagination;
}

/** A rejected campaign's message and the escrow refunded to the advertiser. */
export interface CampaignRejected {
  message: string;
  refund: string;
}

/** One view of a campaign on the operator's view log. */
export interface CampaignViewRow {
  id: number;
  userId: string;
  userName: string | null;
  startedAt: string;
  claimableAt: string;
  expiresAt: string;
  consumedAt: string | null;
  amount: string | null;
  ip: string | null;
}

/** One page of a campaign's views (GET /adminRoute/campaigns/:id/views). */
export interface CampaignViewPage {
  records: CampaignViewRow[];
  pagination: Pagination;
}

/** Where a refused earning happened: an ad view or a short link. */
export type CheatChannel = "ptc_ads" | "click_short_link";

/** One refused ad view or short-link claim on the cheat log. */
export interface CheatLogRow {
  id: number;
  channel: CheatChannel;
  userId: string;
  userName: string | null;
  campaignId: string | null;
  campaignTitle: string | null;
  shortLinkId: string | null;
  shortLinkName: string | null;
  reason: string;
  ip: string | null;
  time: string;
}

/** One page of the cheat log (GET /adminRoute/adCheatLog). */
export interface CheatLogPage {
  records: CheatLogRow[];
  pagination: Pagination;
}

/** An operator's campaign action takes an empty JSON body. */
export type EmptyBody = Record<string, never>;

export interface AdEndpoints {
  "/userIncomeRoute/user_PTCAds_home_get": Endpoint<PtcAdsHome>;
  "/userIncomeRoute/user_PTCAds_view_start": Endpoint<PtcStartedView, PtcViewStartBody>;
  "/userIncomeRoute/user_PTCAds_view_get": Endpoint<PtcAdView>;
  "/userIncomeRoute/user_PTCAds_income_patch": Endpoint<PtcClaimed, PtcClaimBody>;

  "/advertiserRoute/advertiserDataGet": Endpoint<AdvertiserHome>;
  "/advertiserRoute/advertiserCampaign_paused_active_patch": Endpoint<CampaignChanged, CampaignChangeBody>;
  "/advertiserRoute/advertiserCreateDataGet": Endpoint<AdvertiserCreateData>;
  "/advertiserRoute/advertiserDataPost": Endpoint<CampaignCreated, CampaignDraftBody>;

  "/adminRoute/ptcSettings": Endpoint<PtcSettingsRead, PtcSettingsPatch, PtcSettingsSaved>;
  "/adminRoute/campaigns": Endpoint<OperatorCampaignPage>;
  [path: `/adminRoute/campaigns/${string}/pause`]: Endpoint<string, EmptyBody>;
  [path: `/adminRoute/campaigns/${string}/reject`]: Endpoint<CampaignRejected, EmptyBody>;
  [path: `/adminRoute/campaigns/${string}/views`]: Endpoint<CampaignViewPage>;
  "/adminRoute/adCheatLog": Endpoint<CheatLogPage>;
}
