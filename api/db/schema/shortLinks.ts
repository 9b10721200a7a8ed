import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
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

/** Short links: shorteners, links, click tokens, per-day clicks and the site's own short URLs. */

/**
 * A link shortener the site sends its end-page address to. `adlinkfly`: an AdLinkFly-style API
 * (`GET {api_url}?api={api_key}&url={encoded}`); `builtin`: the site's own interstitial (`/s/{code}`).
 */
export const shorteners = pgTable("shorteners", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  kind: text("kind", { enum: ["adlinkfly", "builtin"] }).notNull(),
  apiUrl: text("api_url"),
  apiKey: text("api_key"),
  /** The shortener's own domain (shown on cards as `shortnerDomain`). */
  domain: text("domain").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
});

/** A short link members can complete: paid `amount` each time, `clicksPerDay` times a day (IST). */
export const shortLinks = pgTable(
  "short_links",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The Hindi version (issue 45): null or empty means the English is shown. */
    nameHi: text("name_hi"),
    shortenerId: text("shortener_id")
      .notNull()
      .references(() => shorteners.id),
    /** How long completing it takes, as shown ('5 m', '30 s'). */
    timeLabel: text("time_label").notNull(),
    amount: money("amount").notNull(),
    howToComplete: text("how_to_complete"),
    clicksPerDay: integer("clicks_per_day").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("short_links_amount_positive", sql`${t.amount} > 0`),
    check("short_links_clicks_positive", sql`${t.clicksPerDay} > 0`),
  ],
);

/**
 * One start of a short link: a single-use token bound to the member and the link, sent to the
 * shortener inside `{public origin}/member/last-page/{token}`. A claim consumes it atomically
 * between `claimable_at` (the bypass signal: too soon means the shortener was skipped) and
 * `expires_at`.
 */
export const shortLinkTokens = pgTable(
  "short_link_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    shortLinkId: text("short_link_id")
      .notNull()
      .references(() => shortLinks.id),
    shortUrl: text("short_url").notNull(),
    createdAt: createdAt(),
    claimableAt: timestamp("claimable_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    /** What the member was credited (set with consumed_at). */
    amount: money("amount"),
    ip: text("ip"),
  },
  (t) => [
    uniqueIndex("short_link_tokens_token_key").on(t.token),
    index("short_link_tokens_member_link_idx").on(t.userId, t.shortLinkId, t.createdAt),
    index("short_link_tokens_member_consumed_idx").on(t.userId, t.consumedAt),
  ],
);

/** Completed clicks per member, link and IST day: grown by a conditional upsert, never past the link's limit. */
export const shortLinkDailyClicks = pgTable(
  "short_link_daily_clicks",
  {
    userId: text("user_id").notNull(),
    shortLinkId: text("short_link_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.shortLinkId, t.day] }),
    check("short_link_daily_clicks_positive", sql`${t.clicks} > 0`),
  ],
);

/** The site's own shortener: code → destination (served at /s/{code}). */
export const builtinShortUrls = pgTable("builtin_short_urls", {
  code: text("code").primaryKey(),
  url: text("url").notNull(),
  createdAt: createdAt(),
});
