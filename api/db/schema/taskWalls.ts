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
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { money, createdAt } from "./columns";
import { users } from "./accounts";

/** Task walls (the spec's offer walls): the walls, every postback as received, and credited transactions. */

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
export const taskWalls = pgTable(
  "offer_walls",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The Hindi version (issue 45): null or empty means the English is shown. */
    nameHi: text("name_hi"),
    /** The frame's address, with `{user_id}` replaced by the member's id. */
    frameUrlTemplate: text("frame_url_template").notNull(),
    secret: text("secret").notNull(),
    scheme: text("scheme", {
      enum: ["md5_fields", "hmac_sha1_url", "hmac_sha256_sorted", "sha256_fields"],
    }).notNull(),
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
    /** The parameter naming the goal or event of a multi-step offer (joins the duplicate key). */
    goalParam: text("goal_param"),
    /** Values of `status_param` that mean pending: recorded, not credited until the final callback. */
    pendingStatuses: jsonb("pending_statuses").$type<string[]>().notNull().default([]),
    /** The parameter marking a network's test callback (e.g. `debug`): refused in production. */
    debugParam: text("debug_param"),
    /** Days a credit above `hold_threshold` stays pending before it can be withdrawn (0: none). */
    holdDays: integer("hold_days").notNull().default(0),
    /** Credits above this (milli-rupees) are held for `hold_days`; 0 holds every credit. */
    holdThreshold: money("hold_threshold").notNull().default(0),
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
export const taskWallPostbacks = pgTable(
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
    goalId: text("goal_id"),
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
    index("offer_wall_postbacks_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Credits and reversals that moved money, one per (wall, transaction, kind): the database's
 * guarantee that a retried postback moves money once. A reversal's `transaction_id` is the
 * original's.
 */
export const taskWallTransactions = pgTable(
  "offer_wall_transactions",
  {
    wallId: text("wall_id")
      .notNull()
      .references(() => taskWalls.id),
    transactionId: text("transaction_id").notNull(),
    /** The goal or event of a multi-step offer ('' when the wall sends none). */
    goalId: text("goal_id").notNull().default(""),
    kind: text("kind", { enum: ["credit", "reversal"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    /** For a reversal: the part that became debt (the balance did not cover it). */
    debt: money("debt").notNull().default(0),
    entryId: bigint("entry_id", { mode: "number" }),
    /** A held credit: pending until this time, then released to the withdrawable balance. */
    heldUntil: timestamp("held_until", { withTimezone: true, mode: "date" }),
    /** When a held credit was released (or, with `cancelled_at`, never). */
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
    /** When a reversal inside the hold cancelled the pending credit. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wallId, t.transactionId, t.goalId, t.kind] }),
    index("offer_wall_transactions_member_idx").on(t.userId, t.createdAt),
    index("offer_wall_transactions_held_idx")
      .on(t.heldUntil)
      .where(sql`${t.heldUntil} is not null and ${t.releasedAt} is null and ${t.cancelledAt} is null`),
  ],
);

/** Each time a member opens a task wall (the support page's missing-credit form lists the last 30 days). */
export const taskWallOpenings = pgTable(
  "task_wall_openings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    wallId: text("wall_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("task_wall_openings_user_idx").on(t.userId, t.createdAt)],
);
