/**
 * A campaign's money (spec 2 §5): its subtotal and the viewer's share, and the operator's price
 * list (the setting `ptc_pricing`). Integer milli-rupees; prices travel as rupee text with 3
 * decimals. The campaign's other rules are in shared/campaign.ts, which re-exports these.
 */
import { z } from "zod";
import type { CampaignType } from "./campaign";
import { parseRupees } from "./money";

// ---------------------------------------------------------------------------------------------
// Money

/** The subtotal of a campaign: price per view × total views, in milli-rupees. */
export function campaignSubtotal(priceMilli: number, totalViews: number): number {
  const subtotal = priceMilli * totalViews;
  if (
    !Number.isSafeInteger(priceMilli) ||
    !Number.isSafeInteger(totalViews) ||
    !Number.isSafeInteger(subtotal)
  )
    throw new RangeError("price and views must be safe integers with a safe product");
  return subtotal;
}

/** The viewer's part of one view's price: floor(price × share), share in basis points. */
export function memberAmount(priceMilli: number, shareBasisPoints: number): number {
  return Math.floor((priceMilli * shareBasisPoints) / 10_000);
}

// ---------------------------------------------------------------------------------------------
// Pricing (the operator's setting `ptc_pricing`)

export interface PriceOption {
  /** Seconds a member views the ad. */
  time: number;
  /** Rupees per view, 3 decimals ("0.050"). */
  price: string;
}
export type CampaignPricing = Record<CampaignType, PriceOption[]>;

export const DEFAULT_PTC_PRICING: CampaignPricing = {
  window: [
    { time: 10, price: "0.050" },
    { time: 15, price: "0.075" },
  ],
  iframe: [
    { time: 10, price: "0.040" },
    { time: 20, price: "0.080" },
    { time: 30, price: "0.120" },
  ],
  youtube: [
    { time: 15, price: "0.060" },
    { time: 30, price: "0.120" },
    { time: 60, price: "0.240" },
  ],
};
export const DEFAULT_PTC_MINIMUM_VIEWS = 100;
export const DEFAULT_PTC_MEMBER_SHARE_BP = 6000;

const priceOption = z
  .object({
    time: z
      .number({ invalid_type_error: "time must be a number of seconds." })
      .int("time must be a whole number of seconds.")
      .min(1, "time must be at least 1 second.")
      .max(3600, "time must be at most 3600 seconds."),
    price: z
      .string({ invalid_type_error: "price must be rupees as text." })
      .regex(/^\d{1,4}\.\d{3}$/, "price must be rupees with 3 decimals, e.g. 0.050.")
      .refine((p) => parseRupees(p) > 0, "price must be above 0."),
  })
  .strict();

const priceList = z
  .array(priceOption)
  .min(1, "Each type needs at least one duration.")
  .max(20, "At most 20 durations a type.")
  .refine(
    (list) => new Set(list.map((o) => o.time)).size === list.length,
    "Each duration may appear once a type.",
  );

/** The pricing setting: for each type a list of (seconds, rupees per view). */
export const campaignPricingSchema = z
  .object({ window: priceList, iframe: priceList, youtube: priceList })
  .strict()
  .transform((p) => ({
    window: [...p.window].sort((a, b) => a.time - b.time),
    iframe: [...p.iframe].sort((a, b) => a.time - b.time),
    youtube: [...p.youtube].sort((a, b) => a.time - b.time),
  }));

/** The price in milli-rupees of a duration of a type, or null when the list does not offer it. */
export function priceFor(pricing: CampaignPricing, type: CampaignType, seconds: number): number | null {
  const option = pricing[type].find((o) => o.time === seconds);
  return option ? parseRupees(option.price) : null;
}
