import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  date,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const money = (name: string) => bigint(name, { mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    userName: text("user_name").notNull(),
    /** The mailbox, as typed (domain lower-cased): where mails go. */
    email: text("email").notNull(),
    /** The identity (normalizeIdentifier of the e-mail): what logins and duplicate checks compare. */
    emailKey: text("email_key").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    mobileNumber: bigint("mobile_number", { mode: "number" }),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    role: text("role", { enum: ["member", "operator"] })
      .notNull()
      .default("member"),
    referredBy: text("referred_by"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    payoutMethodId: integer("payout_method_id"),
    payoutAccountInfo: text("payout_account_info"),
    /** Operators' second factor: the TOTP secret (base32) and the last time step used, so a code works once. */
    totpSecret: text("totp_secret"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.emailKey),
    uniqueIndex("users_user_name_key").on(t.userName),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
    index("users_referred_by_idx").on(t.referredBy),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    persistent: boolean("persistent").notNull().default(false),
    /**
     * When the session passed the second factor (operators' authenticator code). Operator
     * requests need it: an operator account alone is not enough (a member promoted while signed
     * in has a session opened with the password only).
     */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true, mode: "date" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/**
 * Ledger accounts. Member accounts: `member:{userId}:withdrawable|deposit`, and
 * `member:{userId}:debt` (negative: what a reversed task-wall credit left owing); platform:
 * `platform:{name}`; a campaign's escrow: `campaign:{id}:escrow`. An untracked account (a platform
 * account that only collects or only funds) keeps no stored balance: its balance is the sum of its
 * journal lines, so no post has to update (and lock) its row (docs/decisions/0007).
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ["withdrawable", "deposit", "platform", "escrow", "debt"] }).notNull(),
    balance: money("balance").notNull().default(0),
    allowNegative: boolean("allow_negative").notNull().default(false),
    tracked: boolean("tracked").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_accounts_balance_nonnegative", sql`${t.balance} >= 0 OR ${t.allowNegative}`),
    check("ledger_accounts_untracked_zero", sql`${t.tracked} OR ${t.balance} = 0`),
    index("ledger_accounts_user_idx").on(t.userId),
  ],
);

export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    /** The member the entry is about (the earner, the withdrawer…). */
    userId: text("user_id"),
    /** For referral income: the referee whose earning produced it. */
    relatedUserId: text("related_user_id"),
    memo: text("memo"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("journal_entries_idempotency_key").on(t.idempotencyKey),
    index("journal_entries_user_kind_idx").on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * Each member's earnings per IST day and kind, kept by the ledger in the same transaction as the
 * entry (api/ledger/ledger.ts): the dashboard reads a year of days, not every journal line.
 */
export const memberDailyEarnings = pgTable(
  "member_daily_earnings",
  {
    userId: text("user_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    amount: money("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind] })],
);

export const journalLines = pgTable(
  "journal_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    accountId: text("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money("amount").notNull(),
  },
  (t) => [
    check("journal_lines_amount_nonzero", sql`${t.amount} <> 0`),
    index("journal_lines_entry_idx").on(t.entryId),
    index("journal_lines_account_idx").on(t.accountId),
  ],
);

export const payoutMethods = pgTable(
  "payout_methods",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    details: text("details").notNull(),
    minimumAmount: money("minimum_amount").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("payout_methods_name_key").on(t.name),
    check("payout_methods_minimum_positive", sql`${t.minimumAmount} > 0`),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    methodName: text("method_name").notNull(),
    accountInfo: text("account_info").notNull(),
    status: text("status", { enum: ["Pending", "Success", "Reject"] })
      .notNull()
      .default("Pending"),
    remark: text("remark"),
    requestKey: text("request_key"),
    settledBy: text("settled_by"),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_status_idx").on(t.status, t.createdAt),
    uniqueIndex("withdrawals_request_key").on(t.userId, t.requestKey),
  ],
);

export const conversions = pgTable(
  "conversions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    direction: text("direction", { enum: ["withdrawToDeposit", "depositToWithdraw"] }).notNull(),
    amount: money("amount").notNull(),
    charge: money("charge").notNull(),
    requestKey: text("request_key"),
    createdAt: createdAt(),
  },
  (t) => [
    check("conversions_amount_positive", sql`${t.amount} > 0`),
    index("conversions_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("conversions_request_key").on(t.userId, t.requestKey),
  ],
);

export const giftCodes = pgTable(
  "gift_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull(),
    amount: money("amount").notNull(),
    claimLimit: integer("claim_limit").notNull(),
    claimedCount: integer("claimed_count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_codes_code_key").on(t.code),
    check("gift_codes_claims_within_limit", sql`${t.claimedCount} <= ${t.claimLimit}`),
    check("gift_codes_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const giftCodeClaims = pgTable(
  "gift_code_claims",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    giftCodeId: integer("gift_code_id")
      .notNull()
      .references(() => giftCodes.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_code_claims_once").on(t.giftCodeId, t.userId),
    index("gift_code_claims_user_idx").on(t.userId),
  ],
);

export const contactMessages = pgTable("contact_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: text("user_id"),
  name: text("name").notNull(),
  email: text("email").notNull(),
  mobileNumber: text("mobile_number").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Operator-editable settings and page texts, one JSON value per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: createdAt(),
});

export const faqs = pgTable("faqs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const homeSections = pgTable("home_sections", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  message: text("message").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const announcements = pgTable("announcements", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const policyPages = pgTable("policy_pages", {
  slug: text("slug", { enum: ["privacy_policy", "terms_of_use", "dmca"] }).primaryKey(),
  html: text("html").notNull(),
  updatedAt: createdAt(),
});

/**
 * Single-use tokens: password reset, e-mail change, e-mail verification and the short-lived ticket
 * between an operator's password and their second factor. Only the hash is stored.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["password_reset", "email_change", "email_verify", "second_factor"],
    }).notNull(),
    tokenHash: text("token_hash").notNull(),
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
  ],
);

/**
 * Consecutive failed logins per account identity (email_key or username), whether or not the
 * account exists; a success deletes the row.
 */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Dev outbox: every mail is recorded here; with SMTP configured it is also sent. */
export const mailOutbox = pgTable("mail_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  sentVia: text("sent_via").notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  actorUserId: text("actor_user_id").notNull(),
  action: text("action").notNull(),
  target: text("target").notNull(),
  before: jsonb("before"),
  after: jsonb("after"),
  createdAt: createdAt(),
});

/** Replay protection for human-check solutions (ALTCHA payloads and image challenges). */
export const humanCheckUses = pgTable("human_check_uses", {
  nonce: text("nonce").primaryKey(),
  createdAt: createdAt(),
});

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

// ---------------------------------------------------------------------------------------------
// Short links (issue 8)

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

// ---------------------------------------------------------------------------------------------
// Task walls / offer walls (issue 8)

/**
 * An offer wall. Its network calls `/postback/offerwall/{id}` for each completed (or reversed)
 * offer; the request is verified with `scheme` and `secret` (docs/api/taskwalls.md):
 * - `md5_fields`: md5 of the parameters named in `signature_fields`, joined by `signature_separator`,
 *   then the secret (Wannads, OfferToro), compared with the parameter `signature_param`;
 * - `hmac_sha1_url`: HMAC-SHA1 (key: secret) of the whole URL as received, without the
 *   `signature_param` parameter (BitLabs);
 * - `hmac_sha256_sorted`: HMAC-SHA256 of the parameters sorted by name (`k=v` joined by `&`), sent
 *   in the header `signature_header` (Ayet).
 */
export const offerWalls = pgTable(
  "offer_walls",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The frame's address, with `{user_id}` replaced by the member's id. */
    frameUrlTemplate: text("frame_url_template").notNull(),
    secret: text("secret").notNull(),
    scheme: text("scheme", { enum: ["md5_fields", "hmac_sha1_url", "hmac_sha256_sorted"] }).notNull(),
    signatureFields: jsonb("signature_fields").$type<string[]>().notNull().default([]),
    signatureSeparator: text("signature_separator").notNull().default(""),
    signatureParam: text("signature_param").notNull().default("signature"),
    signatureHeader: text("signature_header"),
    userParam: text("user_param").notNull().default("user_id"),
    transactionParam: text("transaction_param").notNull().default("transaction_id"),
    amountParam: text("amount_param").notNull().default("amount"),
    statusParam: text("status_param"),
    /** Values of `status_param` that mean a reversal (chargeback) of an earlier credit. */
    reversalStatuses: jsonb("reversal_statuses").$type<string[]>().notNull().default([]),
    /** The parameter naming the original transaction on a reversal (else: the reversal's own id). */
    originalTransactionParam: text("original_transaction_param"),
    /** Addresses the postbacks may come from (empty: any). */
    ipAllowList: jsonb("ip_allow_list").$type<string[]>().notNull().default([]),
    /** Milli-rupees per point of the network's currency. */
    milliPerPoint: integer("milli_per_point").notNull(),
    /** The most one postback may credit (milli-rupees). */
    capPerPostback: money("cap_per_postback").notNull(),
    /** What the network expects back on success (e.g. `1`, `OK`). */
    successBody: text("success_body").notNull().default("1"),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("offer_walls_rate_positive", sql`${t.milliPerPoint} > 0`),
    check("offer_walls_cap_positive", sql`${t.capPerPostback} > 0`),
  ],
);

/** Every postback request as received, with its verdict (the operators' postback log). */
export const offerWallPostbacks = pgTable(
  "offer_wall_postbacks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    wallId: text("wall_id"),
    method: text("method").notNull(),
    /** The path and query as received. */
    url: text("url").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    body: text("body"),
    ip: text("ip"),
    verdict: text("verdict").notNull(),
    detail: text("detail"),
    transactionId: text("transaction_id"),
    userId: text("user_id"),
    amount: money("amount"),
    /** Set when an operator replayed or test-sent it. */
    origin: text("origin", { enum: ["network", "test", "replay"] })
      .notNull()
      .default("network"),
    createdAt: createdAt(),
  },
  (t) => [
    index("offer_wall_postbacks_created_idx").on(t.createdAt),
    index("offer_wall_postbacks_wall_idx").on(t.wallId, t.createdAt),
  ],
);

/**
 * Credits and reversals that moved money, one per (wall, transaction, kind): the database's
 * guarantee that a retried postback moves money once. A reversal's `transaction_id` is the
 * original's.
 */
export const offerWallTransactions = pgTable(
  "offer_wall_transactions",
  {
    wallId: text("wall_id")
      .notNull()
      .references(() => offerWalls.id),
    transactionId: text("transaction_id").notNull(),
    kind: text("kind", { enum: ["credit", "reversal"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    /** For a reversal: the part that became debt (the balance did not cover it). */
    debt: money("debt").notNull().default(0),
    entryId: bigint("entry_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wallId, t.transactionId, t.kind] }),
    index("offer_wall_transactions_member_idx").on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Betting games: tic-tac-toe (issue 9)

/**
 * A kind of paid room the operator offers: entry fee and prize per game, two players. The entry
 * fee is unique: members join a type by its fee (spec 2 §7 `join_req_for_ticTacToe`). The prize
 * never exceeds the fees of a full room, so the game escrow cannot pay out more than it took.
 */
export const gameRoomTypes = pgTable(
  "game_room_types",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    entryFee: money("entry_fee").notNull(),
    prize: money("prize").notNull(),
    maxPlayers: integer("max_players").notNull().default(2),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("game_room_types_entry_fee_key").on(t.entryFee),
    check("game_room_types_fee_positive", sql`${t.entryFee} > 0`),
    check(
      "game_room_types_prize_within_fees",
      sql`${t.prize} > 0 AND ${t.prize} <= ${t.entryFee} * ${t.maxPlayers}`,
    ),
    check("game_room_types_two_players", sql`${t.maxPlayers} = 2`),
  ],
);

/**
 * One game. The room row is the game's single authority on any node: its board, turn, winner and
 * every deadline live here, and each change happens under the row's lock (FOR UPDATE) and bumps
 * `version`. `type_id` is a room type's id or 'practice'; the fee and prize are copied at creation,
 * so an operator's later edit never changes a game in progress.
 */
export const gameRooms = pgTable(
  "game_rooms",
  {
    id: text("id").primaryKey(),
    typeId: text("type_id").notNull(),
    name: text("name").notNull(),
    entryFee: money("entry_fee").notNull().default(0),
    prize: money("prize").notNull().default(0),
    maxPlayers: integer("max_players").notNull().default(2),
    status: text("status", { enum: ["waiting", "playing", "finished", "cancelled"] })
      .notNull()
      .default("waiting"),
    board: jsonb("board").$type<string[][]>().notNull(),
    currentTurn: text("current_turn", { enum: ["X", "O"] }),
    /** 'X', 'O' or 'draw' once finished. */
    winner: text("winner", { enum: ["X", "O", "draw"] }),
    /** Why it ended: line, draw, turn_timeout, disconnect, cancelled, wait_expired, paid_rooms_off. */
    endReason: text("end_reason"),
    version: integer("version").notNull().default(0),
    turnDeadline: timestamp("turn_deadline", { withTimezone: true, mode: "date" }),
    /**
     * While the player to move is disconnected their turn clock stands still: what was left of it
     * (ms), restored (not reset) when they return.
     */
    pausedTurnMs: integer("paused_turn_ms"),
    waitDeadline: timestamp("wait_deadline", { withTimezone: true, mode: "date" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** When its money moved (prize and revenue, or refunds); a room is settled once. */
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("game_rooms_fees_nonnegative", sql`${t.entryFee} >= 0 AND ${t.prize} >= 0`),
    index("game_rooms_type_status_idx").on(t.typeId, t.status, t.createdAt),
    index("game_rooms_status_idx").on(t.status, t.createdAt),
    index("game_rooms_wait_deadline_idx").on(t.waitDeadline),
    index("game_rooms_turn_deadline_idx").on(t.turnDeadline),
  ],
);

/**
 * A member's seat in a room. `active` while the room is waiting or playing: the partial unique
 * index lets a member hold one live seat per room type, so joining twice (two tabs at once)
 * cannot take two seats or two fees. `reconnect_deadline` is set while the member is disconnected
 * from a game in play; passing it loses the game.
 */
export const gamePlayers = pgTable(
  "game_players",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => gameRooms.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    typeId: text("type_id").notNull(),
    symbol: text("symbol", { enum: ["X", "O"] }).notNull(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    connected: boolean("connected").notNull().default(true),
    reconnectDeadline: timestamp("reconnect_deadline", { withTimezone: true, mode: "date" }),
    /**
     * What is left of the player's disconnect budget for this game (ms; 120 s in all): each
     * disconnect spends from it, so dropping and returning cannot stall a game forever.
     */
    disconnectBudgetMs: integer("disconnect_budget_ms").notNull().default(120000),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    uniqueIndex("game_players_room_symbol_key").on(t.roomId, t.symbol),
    uniqueIndex("game_players_one_live_seat")
      .on(t.userId, t.typeId)
      .where(sql`${t.active}`),
    index("game_players_user_idx").on(t.userId, t.joinedAt),
    index("game_players_reconnect_idx").on(t.reconnectDeadline),
  ],
);
