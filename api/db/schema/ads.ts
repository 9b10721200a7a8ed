import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { money, createdAt } from "./columns";
import { users } from "./accounts";

/** Paid-to-click ads: campaigns, their per-day views, the views themselves and the cheat log. */

/**
 * Paid-to-click campaigns (issue 7). Money per view is fixed at create: `price` leaves the
 * campaign's escrow account (`campaign:{id}:escrow`) for each credited view, `member_amount` of it
 * to the viewer. `delivered_views` only grows, under the campaign row's lock, never past
 * `total_views`.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    advertiserId: text("advertiser_id")
      .notNull()
      .references(() => users.id),
    type: text("type", { enum: ["window", "iframe", "youtube"] }).notNull(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    description: text("description").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    price: money("price").notNull(),
    memberAmount: money("member_amount").notNull(),
    totalViews: integer("total_views").notNull(),
    deliveredViews: integer("delivered_views").notNull().default(0),
    intervalHours: integer("interval_hours").notNull(),
    /** Views a day (IST); null: no daily limit. */
    dailyLimit: integer("daily_limit"),
    status: text("status", { enum: ["active", "paused", "completed", "rejected", "deleted"] })
      .notNull()
      .default("active"),
    requestId: text("request_id"),
    /** What went back to the advertiser's deposit when the campaign was deleted or rejected. */
    refund: money("refund").notNull().default(0),
    createdAt: createdAt(),
    /** When it completed, was rejected or deleted. */
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check(
      "campaigns_views_within_total",
      sql`${t.deliveredViews} >= 0 AND ${t.deliveredViews} <= ${t.totalViews}`,
    ),
    check("campaigns_total_positive", sql`${t.totalViews} > 0`),
    check("campaigns_price_positive", sql`${t.price} > 0`),
    check(
      "campaigns_member_amount_within_price",
      sql`${t.memberAmount} >= 0 AND ${t.memberAmount} <= ${t.price}`,
    ),
    check("campaigns_duration_positive", sql`${t.durationSeconds} > 0`),
    check("campaigns_interval_range", sql`${t.intervalHours} BETWEEN 1 AND 24`),
    check("campaigns_daily_limit_positive", sql`${t.dailyLimit} IS NULL OR ${t.dailyLimit} > 0`),
    check("campaigns_refund_nonnegative", sql`${t.refund} >= 0`),
    uniqueIndex("campaigns_request_key").on(t.advertiserId, t.requestId),
    index("campaigns_advertiser_idx").on(t.advertiserId, t.createdAt),
    index("campaigns_status_idx").on(t.status, t.createdAt),
  ],
);

/** Views credited per IST day of a campaign with a per-day limit: read and grown under the campaign row's lock. */
export const campaignDailyViews = pgTable(
  "campaign_daily_views",
  {
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day] }),
    check("campaign_daily_views_positive", sql`${t.views} > 0`),
  ],
);

/**
 * One started ad view: a single-use token bound to the member and the campaign. A claim consumes
 * it atomically between `claimable_at` (start + duration) and `expires_at`.
 */
export const adViews = pgTable(
  "ad_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    claimableAt: timestamp("claimable_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    /** What the viewer was credited (set with consumed_at). */
    amount: money("amount"),
    ip: text("ip"),
  },
  (t) => [
    uniqueIndex("ad_views_token_key").on(t.token),
    index("ad_views_member_campaign_idx").on(t.userId, t.campaignId, t.startedAt),
    index("ad_views_member_consumed_idx").on(t.userId, t.consumedAt),
    index("ad_views_campaign_idx").on(t.campaignId, t.startedAt),
  ],
);

/** Refused ad claims and view starts, for operators: member, campaign, reason, address. */
export const adCheatLog = pgTable(
  "ad_cheat_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Where it was refused: ad views (`ptc_ads`) or short links (`click_short_link`). */
    channel: text("channel", { enum: ["ptc_ads", "click_short_link"] })
      .notNull()
      .default("ptc_ads"),
    userId: text("user_id").notNull(),
    campaignId: text("campaign_id"),
    shortLinkId: text("short_link_id"),
    viewToken: text("view_token"),
    reason: text("reason").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("ad_cheat_log_created_idx").on(t.createdAt), index("ad_cheat_log_user_idx").on(t.userId)],
);
