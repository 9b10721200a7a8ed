import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PayoutChannel, PayoutStatus } from "../../../shared/contracts/payouts";
import { createdAt, money } from "./columns";
import { users } from "./accounts";
import { withdrawals } from "./withdrawals";

/**
 * Payouts (issue 22): each attempt at paying a withdrawal through a provider (RazorpayX) or a
 * bank bulk file, the provider's contacts and fund accounts kept per member and destination, the
 * webhooks received (verified ones raw, refused ones as a summary, with their verdict), the
 * status changes applied (the key that makes a repeated webhook, or a webhook and the reconciler,
 * apply once), the bank files and the day's outgoing total under the daily limit.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One attempt at paying a withdrawal — through the provider, a bank file, or by hand (`manual`,
 * opened and processed at once with the operator's UTR). At most one attempt per withdrawal is
 * open (not final) at a time (the partial unique index): two operators approving at once make
 * one payout, and "send again" makes a new one only once the last is final. The idempotency key is the provider's
 * `X-Payout-Idempotency`: the withdrawal's id for the first attempt, `{id}-{n}` after.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    withdrawalId: text("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    attempt: integer("attempt").notNull(),
    channel: text("channel").$type<PayoutChannel>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The provider's payout id (`pout_…`): null until the create was answered (or a webhook named it). */
    providerPayoutId: text("provider_payout_id"),
    status: text("status").$type<PayoutStatus>().notNull(),
    mode: text("mode").notNull(),
    amount: money("amount").notNull(),
    /** The destination key (api/payouts/destination.ts) and the provider's fund account. */
    destinationKey: text("destination_key").notNull(),
    fundAccountId: text("fund_account_id"),
    utr: text("utr"),
    failureReason: text("failure_reason"),
    batchId: text("batch_id"),
    createdBy: text("created_by").notNull(),
    /** When the reconciler looks at it next (null once final, or for a bank file). */
    nextCheckAt: at("next_check_at"),
    checks: integer("checks").notNull().default(0),
    finalAt: at("final_at"),
    /** A processed payout the bank sent back later. */
    reversedAt: at("reversed_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("payouts_amount_positive", sql`${t.amount} > 0`),
    uniqueIndex("payouts_attempt_key").on(t.withdrawalId, t.attempt),
    uniqueIndex("payouts_idempotency_key").on(t.channel, t.idempotencyKey),
    uniqueIndex("payouts_provider_id_key").on(t.channel, t.providerPayoutId),
    uniqueIndex("payouts_one_open_key")
      .on(t.withdrawalId)
      .where(sql`${t.finalAt} is null`),
    index("payouts_due_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    index("payouts_status_idx").on(t.status, t.createdAt),
    index("payouts_batch_idx").on(t.batchId),
    // A bank reference marks one withdrawal paid by hand (migration 0025).
    uniqueIndex("payouts_manual_utr_key")
      .on(t.utr)
      .where(sql`${t.channel} = 'manual'`),
  ],
);

/** The provider's contact and fund account for one member's destination: made once, kept. */
export const payoutFundAccounts = pgTable(
  "payout_fund_accounts",
  {
    channel: text("channel").$type<PayoutChannel>().notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    destinationKey: text("destination_key").notNull(),
    contactId: text("contact_id").notNull(),
    fundAccountId: text("fund_account_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId, t.destinationKey] })],
);

/**
 * Every webhook received, with its verdict (like the offer-wall postbacks): applied, duplicate,
 * unknown_payout, stale — verified, kept whole (body and headers) — and bad_signature, malformed —
 * refused, which anyone can send, kept as a bounded summary: no body or headers, the first 300
 * bytes of the body (`body_start`), its size and the event type when readable (migration 0023).
 * Rows are swept after `payout_webhook_log_retention_days` (api/payouts/webhookLog.ts).
 */
export const payoutWebhooks = pgTable(
  "payout_webhooks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel").notNull(),
    eventId: text("event_id"),
    event: text("event"),
    providerPayoutId: text("provider_payout_id"),
    status: text("status"),
    /** The raw body of a verified webhook; null for a refused one. */
    body: text("body"),
    /** A refused webhook's first 300 bytes of body (UTF-8, never cut inside a character). */
    bodyStart: text("body_start"),
    /** The body's size in bytes as received. */
    bodyBytes: integer("body_bytes").notNull(),
    /** A verified webhook's headers (no cookie); null for a refused one. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    ip: text("ip"),
    verdict: text("verdict").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payout_webhooks_created_idx").on(t.createdAt),
    index("payout_webhooks_payout_idx").on(t.providerPayoutId),
    check(
      "payout_webhooks_refused_summary",
      sql`case when ${t.verdict} in ('bad_signature', 'malformed')
        then ${t.body} is null and ${t.headers} is null and octet_length(coalesce(${t.bodyStart}, '')) <= 300
        else ${t.body} is not null and ${t.headers} is not null end`,
    ),
  ],
);

/**
 * The status changes applied to attempts, one per (attempt, status): whoever brings a status
 * first — the create's answer, a webhook, a retried webhook, the reconciler — applies it; the
 * others find the key taken.
 */
export const payoutEvents = pgTable(
  "payout_events",
  {
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id),
    status: text("status").$type<PayoutStatus>().notNull(),
    source: text("source", { enum: ["create", "webhook", "reconcile", "bank_file", "operator"] }).notNull(),
    utr: text("utr"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.status] })],
);

/** A bank bulk file: the attempts written to one CSV. */
export const payoutBatches = pgTable("payout_batches", {
  id: text("id").primaryKey(),
  createdBy: text("created_by").notNull(),
  rows: integer("rows").notNull(),
  total: money("total").notNull(),
  resultImportedAt: at("result_imported_at"),
  resultImportedBy: text("result_imported_by"),
  createdAt: createdAt(),
});

/** Money sent per IST day: the daily outgoing limit is a conditional update of this row. */
export const payoutDays = pgTable("payout_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  sent: money("sent").notNull().default(0),
  count: integer("count").notNull().default(0),
});
