import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ReviewReason } from "../../../shared/risk";
import type { BankAccount } from "../../../shared/payoutAccount";
import { money, createdAt } from "./columns";
import { users } from "./accounts";

/** Payout methods, withdrawal requests and balance conversions. */

export const payoutMethods = pgTable(
  "payout_methods",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    details: text("details").notNull(),
    /** The Hindi name and hint (issue 45): null or empty means the English is shown. */
    nameHi: text("name_hi"),
    detailsHi: text("details_hi"),
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
    /** The bank account's fields when the member bound them (copied at insert by a trigger, migration 0032). */
    payoutBank: jsonb("payout_bank").$type<BankAccount>(),
    status: text("status", { enum: ["Pending", "Success", "Reject"] })
      .notNull()
      .default("Pending"),
    remark: text("remark"),
    requestKey: text("request_key"),
    /** Why it goes to review (shared/risk.ts REVIEW_REASONS): the payout queue marks it. */
    reviewReasons: jsonb("review_reasons").$type<ReviewReason[]>().notNull().default([]),
    /** The member's risk score when they asked, and where from. */
    riskScore: integer("risk_score").notNull().default(0),
    deviceId: text("device_id"),
    ip: text("ip"),
    /**
     * The first approval (issue 22): above the four-eyes threshold the payout is sent only when a
     * second, different operator approves too.
     */
    approvedBy: text("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }),
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
