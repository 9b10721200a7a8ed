/**
 * The rules of an ad campaign (spec 2 §5): the wizard's steps validate with them in the browser
 * and the web tier, and the API validates the whole draft with the same rules at create. Money is
 * integer milli-rupees; prices travel as rupee text with 3 decimals.
 */
import { z } from "zod";
import { parseRupeeInput } from "./money";
import type { CampaignPricing } from "./campaignPricing";

// A campaign's money and the operator's price list live in shared/campaignPricing.ts.
export {
  campaignPricingSchema,
  campaignSubtotal,
  DEFAULT_PTC_MEMBER_SHARE_BP,
  DEFAULT_PTC_MINIMUM_VIEWS,
  DEFAULT_PTC_PRICING,
  memberAmount,
  priceFor,
  type CampaignPricing,
  type PriceOption,
} from "./campaignPricing";

export const CAMPAIGN_TYPES = ["window", "iframe", "youtube"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const isCampaignType = (value: unknown): value is CampaignType =>
  typeof value === "string" && (CAMPAIGN_TYPES as readonly string[]).includes(value);

/** Labels of the type choices (issue 7 §4). */
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = {
  window: "Window",
  iframe: "Iframe",
  youtube: "Youtube",
};

export const CAMPAIGN_STATUSES = ["active", "paused", "completed", "rejected"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const TITLE_MAX = 50;
export const DESCRIPTION_MAX = 150;
export const INTERVAL_MIN_HOURS = 1;
export const INTERVAL_MAX_HOURS = 24;
/** The slider shows 13 while the interval is unset (spec 2 §5). */
export const INTERVAL_SHOWN_WHEN_UNSET = 13;
/** A bound that keeps every subtotal an exact integer; far above any real campaign. */
export const MAX_TOTAL_VIEWS = 10_000_000;
export const URL_MAX = 2048;

/** The spec's messages, word for word (spec 2 §5 and §8). */
export const CAMPAIGN_MESSAGES = {
  typeRequired: "Please select a campaign type.",
  titleRequired: "Title is a required field",
  urlRequired: "URL is a required field",
  youtubeUrl: "Please enter a valid YouTube video URL",
  url: "Please enter a valid URL",
  iframeNotLoading: "This URL does not allow embedding in iframe or failed to load.",
  descriptionRequired: "Description is a required field",
  durationRequired: "Duration is a required field",
  totalViewsRequired: "Total Views is a required field",
  totalViewsMinimum: (n: number) => `Minimum ${n} Total View Allowed`,
  /** At create; the spec spells it so. */
  totalViewsMinimumAtCreate: (n: number) => `Total Views must be greater or equel to ${n}`,
  totalViewsMaximum: `Total Views must not be greater than ${MAX_TOTAL_VIEWS}`,
  intervalRequired: "Interval is a required field",
  intervalRange: `Interval must be between ${INTERVAL_MIN_HOURS} and ${INTERVAL_MAX_HOURS} hours`,
  perDayLimitRequired: "Per Day Limit is a required field",
  perDayLimitAboveTotal: "Per Day Limit must not be greater than total views",
  insufficientBalanceTitle: "Insufficient Balance",
  insufficientBalance:
    "Deposit balance is insufficient. Would you like to convert your withdrawal balance to deposit balance or top up your balance?",
  topUpUnavailable: "The deposit feature is currently unavailable",
  submitted: "Your campaign has been successfully submitted.",
  paused: "Campaign paused successfully!",
  activated: "Campaign activated successfully!",
  deleted: "Campaign deleted successfully!",
  operationFailed: "Operation failed. Please try again.",
  proxyDetected: "Proxy Detected",
} as const;

// ---------------------------------------------------------------------------------------------
// Links

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const YOUTUBE_NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);

function parseLink(text: string): URL | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > URL_MAX || /\s/.test(trimmed)) return null;
  try {
    return new URL(trimmed);
  } catch {
    return null;
  }
}

/**
 * The 11-character video id of a YouTube link in one of the standard forms: watch
 * (`youtube.com/watch?v=ID`), embed (`youtube.com/embed/ID`), shorts (`youtube.com/shorts/ID`)
 * and `youtu.be/ID`, with or without `https://`; null for anything else.
 */
export function youtubeVideoId(text: string): string | null {
  const trimmed = text.trim();
  const url = parseLink(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    if (segments.length === 1) id = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch") id = url.searchParams.get("v");
    else if (segments.length === 2 && (segments[0] === "embed" || segments[0] === "shorts")) id = segments[1];
  } else if (YOUTUBE_NOCOOKIE_HOSTS.has(host)) {
    if (segments.length === 2 && segments[0] === "embed") id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** An absolute http(s) link to a named host (a dotted name, an IP address or localhost). */
export function isHttpUrl(text: string): boolean {
  const url = parseLink(text);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return false;
  const host = url.hostname;
  return host === "localhost" || (host.includes(".") && !host.startsWith(".") && !host.endsWith("."));
}

// ---------------------------------------------------------------------------------------------
// Field readers: form posts carry text, the API's JSON may carry numbers or text.

/** Seconds from the wizard's duration value: "10-0.050" (seconds-price) or "10"; null otherwise. */
export function durationSeconds(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string") return null;
  const m = /^\s*(\d{1,5})(?:-([0-9.]{1,10}))?\s*$/.exec(value);
  const seconds = m && (m[2] === undefined || parseRupeeInput(m[2]) !== null) ? Number(m[1]) : NaN;
  return seconds > 0 ? seconds : null;
}

/** A whole number from a number or digit text; null for blank, undefined or anything else. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^\s*\d{1,15}\s*$/.test(value)) return Number(value);
  return null;
}

/** The per-day limit switch: a checkbox ("on"), JSON true, or text "true". */
export function isEnabled(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "1" || value === 1;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function requiredText(message: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim().slice(0, max) : v),
    z.string({ required_error: message, invalid_type_error: message }).min(1, message),
  );
}

// ---------------------------------------------------------------------------------------------
// Step 1: type

export const campaignTypeSchema = z.unknown().transform((v, ctx): CampaignType => {
  if (isCampaignType(v)) return v;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: CAMPAIGN_MESSAGES.typeRequired });
  return z.NEVER;
});

// ---------------------------------------------------------------------------------------------
// Step 2: title, link, description

/** The link rule of a type: a YouTube video link for youtube ads, any http(s) link otherwise. */
export function campaignUrlError(type: CampaignType, value: unknown): string | null {
  const url = text(value).trim();
  if (!url) return CAMPAIGN_MESSAGES.urlRequired;
  if (type === "youtube") return youtubeVideoId(url) ? null : CAMPAIGN_MESSAGES.youtubeUrl;
  return isHttpUrl(url) ? null : CAMPAIGN_MESSAGES.url;
}

/** Step 2 (Info). The title is cut to 50 characters and the description to 150, as the inputs do. */
export function campaignInfoSchema(type: CampaignType) {
  return z.object({
    step_2_title: requiredText(CAMPAIGN_MESSAGES.titleRequired, TITLE_MAX),
    step_2_url: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string({
          required_error: CAMPAIGN_MESSAGES.urlRequired,
          invalid_type_error: CAMPAIGN_MESSAGES.urlRequired,
        })
        .superRefine((v, ctx) => {
          const error = campaignUrlError(type, v);
          if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
        }),
    ),
    step_2_description: requiredText(CAMPAIGN_MESSAGES.descriptionRequired, DESCRIPTION_MAX),
  });
}

// ---------------------------------------------------------------------------------------------
// Step 3: duration, total views, interval, per-day limit

export interface RewardRules {
  /** The durations (seconds) the type's pricing offers. */
  durations: readonly number[];
  minimumViews: number;
  /** The create call words the minimum differently (spec 2 §5 "At create"). */
  atCreate?: boolean;
}

export function campaignRewardSchema(rules: RewardRules) {
  return z
    .object({
      step_3_duration: z.unknown().transform((v, ctx) => {
        const seconds = durationSeconds(v);
        if (seconds !== null && rules.durations.includes(seconds)) return seconds;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: CAMPAIGN_MESSAGES.durationRequired });
        return z.NEVER;
      }),
      step_3_total_views: z.unknown().transform((v, ctx) => {
        const views = wholeNumber(v);
        const minimum = rules.atCreate
          ? CAMPAIGN_MESSAGES.totalViewsMinimumAtCreate(rules.minimumViews)
          : CAMPAIGN_MESSAGES.totalViewsMinimum(rules.minimumViews);
        const message =
          views === null
            ? CAMPAIGN_MESSAGES.totalViewsRequired
            : views < Math.max(1, rules.minimumViews)
              ? minimum
              : views > MAX_TOTAL_VIEWS
                ? CAMPAIGN_MESSAGES.totalViewsMaximum
                : null;
        if (message === null) return views!;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }),
      step_3_interval_in_hours: z.unknown().transform((v, ctx) => {
        const hours = wholeNumber(v);
        if (hours !== null && hours >= INTERVAL_MIN_HOURS && hours <= INTERVAL_MAX_HOURS) return hours;
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: hours === null ? CAMPAIGN_MESSAGES.intervalRequired : CAMPAIGN_MESSAGES.intervalRange,
        });
        return z.NEVER;
      }),
      step_3_enableLimit: z.unknown().transform(isEnabled),
      step_3_limitViewsPerDay: z.unknown().optional(),
    })
    .transform((step, ctx) => {
      if (!step.step_3_enableLimit) return { ...step, step_3_limitViewsPerDay: null };
      const limit = wholeNumber(step.step_3_limitViewsPerDay);
      if (limit === null || limit < 1) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["step_3_limitViewsPerDay"],
          message: CAMPAIGN_MESSAGES.perDayLimitRequired,
        });
        return z.NEVER;
      }
      if (limit > step.step_3_total_views) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["step_3_limitViewsPerDay"],
          message: CAMPAIGN_MESSAGES.perDayLimitAboveTotal,
        });
        return z.NEVER;
      }
      return { ...step, step_3_limitViewsPerDay: limit };
    });
}

// ---------------------------------------------------------------------------------------------
// The whole draft, as the create call receives it

/** A validated campaign, in the product's words. */
export interface CampaignDraft {
  type: CampaignType;
  title: string;
  url: string;
  description: string;
  durationSeconds: number;
  totalViews: number;
  intervalHours: number;
  /** Views a day (IST), or null when the limit is off. */
  dailyLimit: number | null;
}

export interface DraftRules {
  pricing: CampaignPricing;
  minimumViews: number;
}

/**
 * The create call's draft: the type first, then step 2 and step 3 with the type's durations and
 * the create wording of the minimum. Other fields (the client's subtotal, request_id) pass through
 * untouched for the caller to read or ignore.
 */
export function campaignDraftSchema(rules: DraftRules) {
  return z
    .object({ selectedOption_state: campaignTypeSchema })
    .passthrough()
    .transform((draft, ctx): CampaignDraft => {
      const type = draft.selectedOption_state;
      const info = campaignInfoSchema(type).safeParse(draft);
      const reward = info.success
        ? campaignRewardSchema({
            durations: rules.pricing[type].map((o) => o.time),
            minimumViews: rules.minimumViews,
            atCreate: true,
          }).safeParse(draft)
        : null;
      const failed = !info.success ? info.error : reward && !reward.success ? reward.error : null;
      if (failed || !info.success || !reward?.success) {
        for (const issue of failed?.issues ?? [])
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: issue.path });
        return z.NEVER;
      }
      return {
        type,
        title: info.data.step_2_title,
        url: info.data.step_2_url,
        description: info.data.step_2_description,
        durationSeconds: reward.data.step_3_duration,
        totalViews: reward.data.step_3_total_views,
        intervalHours: reward.data.step_3_interval_in_hours,
        dailyLimit: reward.data.step_3_limitViewsPerDay,
      };
    });
}
