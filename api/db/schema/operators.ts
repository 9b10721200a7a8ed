import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { users } from "./accounts";

/** The operators' audit trail, their notes on members, and manual balance adjustments. */

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: text("actor_user_id").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_target_idx").on(t.target, t.createdAt)],
);

/** Operators' free-text notes on a member (each one audited). */
export const operatorNotes = pgTable(
  "operator_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("operator_notes_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Manual adjustments of a member's withdrawable or deposit balance. The form's idempotency key is
 * unique; above the operator-set threshold an adjustment waits (pending) for a second operator's
 * approval before its journal entry is posted; below it, it is posted at once.
 */
export const balanceAdjustments = pgTable(
  "balance_adjustments",
  {
    id: text("id").primaryKey(),
    requestKey: text("request_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    direction: text("direction", { enum: ["credit", "debit"] }).notNull(),
    balance: text("balance", { enum: ["withdrawable", "deposit"] }).notNull(),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "posted", "rejected"] }).notNull(),
    requestedBy: text("requested_by").notNull(),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decisionNote: text("decision_note"),
    entryId: bigint("entry_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("balance_adjustments_amount_positive", sql`${t.amount} > 0`),
    uniqueIndex("balance_adjustments_request_key").on(t.requestKey),
    index("balance_adjustments_user_idx").on(t.userId, t.createdAt),
    index("balance_adjustments_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * A raise of a money limit waiting out its delay (issue 42, ADR 0030): the adjustment approval
 * threshold, the payout policy, the gift-code threshold, or a gift code whose total value is above
 * that threshold. It takes effect at `effective_at` unless an owner cancels it first; at most one
 * is scheduled per subject (a new raise replaces the one before). Lowering a limit never waits.
 */
export const limitChanges = pgTable(
  "limit_changes",
  {
    id: text("id").primaryKey(),
    /** `setting:{key}` or `gift_code:{id}`. */
    subject: text("subject").notNull(),
    before: jsonb("before"),
    after: jsonb("after").notNull(),
    status: text("status").$type<"scheduled" | "applied" | "cancelled" | "replaced">().notNull(),
    requestedBy: text("requested_by").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true, mode: "date" }).notNull(),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("limit_changes_one_scheduled")
      .on(t.subject)
      .where(sql`${t.status} = 'scheduled'`),
    index("limit_changes_created_idx").on(t.createdAt),
  ],
);
