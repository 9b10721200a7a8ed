import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { money, createdAt } from "./columns";
import { users } from "./accounts";

/** Gift codes and their claims. */

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
    /**
     * Claims open at this time: a code whose total value (amount × claim limit) is above the
     * gift-code threshold waits 24 hours, during which any owner can cancel it (ADR 0030).
     */
    activeFrom: timestamp("active_from", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Disabled by an operator: no further claims (claims already made stay). */
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    disabledBy: text("disabled_by"),
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
