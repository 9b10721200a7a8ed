import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money, createdAt } from "./columns";
import { users } from "./accounts";
import { withdrawals } from "./withdrawals";

/**
 * The payer's tax duties (issue 44 §6, docs/decisions/0034-payer-tax.md; migration 0028).
 *
 * `member_tax_profiles`: a member's PAN (upper case, checked), one row per member; each change is
 * in the audit log, masked.
 *
 * `tax_withholdings`: the tax withheld from one withdrawal for one income kind — the untaxed income
 * (`gross`) it was withheld on, the tax, the rate, the PAN as it was (null: none given) and the
 * financial year and quarter of the withdrawal. Unique per (withdrawal, kind): one withdrawal
 * withholds once. `refunded_at` is set once, when the withdrawal is rejected and the tax returned.
 */
export const memberTaxProfiles = pgTable(
  "member_tax_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pan: text("pan").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("member_tax_profiles_pan_format", sql`${t.pan} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`)],
);

export const taxWithholdings = pgTable(
  "tax_withholdings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    withdrawalId: text("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    fy: text("fy").notNull(),
    quarter: smallint("quarter").notNull(),
    gross: money("gross").notNull(),
    tax: money("tax").notNull(),
    rateBp: integer("rate_bp").notNull(),
    pan: text("pan"),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("tax_withholdings_withdrawal_kind").on(t.withdrawalId, t.kind),
    index("tax_withholdings_user_fy_idx").on(t.userId, t.fy),
    index("tax_withholdings_fy_quarter_idx").on(t.fy, t.quarter, t.id),
    check("tax_withholdings_amounts", sql`${t.gross} > 0 AND ${t.tax} >= 0 AND ${t.tax} <= ${t.gross}`),
    check("tax_withholdings_quarter", sql`${t.quarter} BETWEEN 1 AND 4`),
  ],
);
