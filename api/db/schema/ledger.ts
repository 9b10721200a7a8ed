import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { money, createdAt } from "./columns";
import { users } from "./accounts";

/** The double-entry ledger: accounts, entries, lines, and the per-day earnings rollup. */

/**
 * Ledger accounts. Member accounts: `member:{userId}:withdrawable|deposit`, and
 * `member:{userId}:debt` (negative: what a reversed task-wall credit left owing),
 * `member:{userId}:pending` (task-wall credits inside their wall's hold); platform:
 * `platform:{name}`; a campaign's escrow: `campaign:{id}:escrow`. An untracked account (a platform
 * account that only collects or only funds) keeps no stored balance: its balance is the sum of its
 * journal lines, so no post has to update (and lock) its row (docs/decisions/0007).
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", {
      enum: ["withdrawable", "deposit", "platform", "escrow", "debt", "pending", "game_escrow"],
    }).notNull(),
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
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.kind] }),
    index("member_daily_earnings_day_idx").on(t.day),
  ],
);

/**
 * The whole ledger per IST day, entry kind and account class (a member account's class is
 * `member:withdrawable|deposit|debt`, a campaign escrow's `campaign:escrow`, a game room's
 * `game:escrow`, a platform account its own id), kept by post() in the entry's transaction:
 * `amount` is the sum of the lines, `lines` their count. The operators' overview reads these rows, never the journal. Each entry adds to one
 * of a few shards (chosen by its id) so that busy kinds do not queue on one row.
 */
export const ledgerDaily = pgTable(
  "ledger_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    account: text("account").notNull(),
    shard: smallint("shard").notNull(),
    amount: money("amount").notNull(),
    lines: bigint("lines", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.account, t.shard] })],
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
