import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigserial } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import type { RiskEvidence, RiskLevel, RiskSignalKind } from "../../../shared/risk";

/**
 * Risk (issue 21): what links members to each other (devices, addresses, payout accounts, each a
 * distinct (link, member) pair), the signals recorded with their evidence, and each member's
 * score and step. Linked accounts are found by the pair tables' primary keys and member indexes,
 * never by a scan of all members.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A device (the long-lived HttpOnly device cookie) a member used: sign-up, login, withdrawal. */
export const memberDevices = pgTable(
  "member_devices",
  {
    deviceId: text("device_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    lastIp: text("last_ip"),
    lastKind: text("last_kind", { enum: ["signup", "login", "google", "withdrawal"] }).notNull(),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] }), index("member_devices_user_idx").on(t.userId)],
);

/** An address a member signed up, signed in or withdrew from (a weak link: carrier NAT). */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    ip: text("ip").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.userId] }), index("member_addresses_user_idx").on(t.userId)],
);

/** A payout account a member bound, normalised (`upi:name@bank`, `mobile:9876543210`, `bank:…`). */
export const memberPayoutAccounts = pgTable(
  "member_payout_accounts",
  {
    accountKey: text("account_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountKey, t.userId] }),
    index("member_payout_accounts_user_idx").on(t.userId),
    // The member search by bank account number (migration 0033).
    index("member_payout_accounts_bank_number_idx")
      .on(sql`split_part(${t.accountKey}, ':', 2)`)
      .where(sql`${t.accountKey} LIKE 'bank:%'`),
  ],
);

/**
 * One signal about one member, with its evidence. `key` names the evidence (a device, a payout
 * account, an hour of claims…): the same evidence updates its row instead of adding one, and a
 * cleared row stays cleared, so evidence an operator cleared does not trigger again.
 */
export const riskSignals = pgTable(
  "risk_signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RiskSignalKind>().notNull(),
    key: text("key").notNull(),
    /** Percent of the kind's weight (capped per kind: shared/risk.ts). */
    strength: integer("strength").notNull().default(100),
    summary: text("summary").notNull(),
    evidence: jsonb("evidence").$type<RiskEvidence>().notNull().default({}),
    clearedAt: at("cleared_at"),
    clearedBy: text("cleared_by"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("risk_signals_user_key").on(t.userId, t.key),
    index("risk_signals_kind_idx").on(t.kind, t.createdAt),
  ],
);

/** Each member's score and step, recomputed when one of their signals arrives. */
export const memberRisk = pgTable(
  "member_risk",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    score: integer("score").notNull().default(0),
    level: text("level").$type<RiskLevel>().notNull().default("none"),
    /** The top reasons in words, strongest first. */
    reasons: jsonb("reasons").$type<string[]>().notNull().default([]),
    updatedAt: at("updated_at").notNull().defaultNow(),
    clearedAt: at("cleared_at"),
    clearedBy: text("cleared_by"),
    clearedNote: text("cleared_note"),
  },
  (t) => [
    index("member_risk_score_idx").on(sql`${t.score} desc`),
    index("member_risk_level_idx").on(t.level, t.updatedAt),
  ],
);
