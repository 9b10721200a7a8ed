import { sql } from "drizzle-orm";
import type { OperatorRole } from "../../../shared/operatorRoles";
import type { BankAccount } from "../../../shared/payoutAccount";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Members, their sessions and sign-in: accounts, one-time tokens, failed logins, human-check replays. */

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
    /** An operator's roles (shared/operatorRoles.ts); empty for members. */
    operatorRoles: text("operator_roles")
      .array()
      .$type<OperatorRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    referredBy: text("referred_by"),
    /** The member's language for pages and mails ("en" | "hi"); null until they choose (issue 23). */
    language: text("language", { enum: ["en", "hi"] }),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    payoutMethodId: integer("payout_method_id"),
    payoutAccountInfo: text("payout_account_info"),
    /** A bank account's own fields (issue 45); payoutAccountInfo is then written from them. Null for UPI and older free text. */
    payoutBank: jsonb("payout_bank").$type<BankAccount>(),
    /** Operators' second factor: the TOTP secret (base32) and the last time step used, so a code works once. */
    totpSecret: text("totp_secret"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /**
     * Operators' restrictions on the member (issue: members console). Each is set with a reason and
     * lifted by clearing it; history is in the audit log. A hold keeps withdrawals Pending and
     * unapprovable; a suspension refuses earning (claims, postback credits, game joins); a ban
     * ends sessions and refuses login.
     */
    withdrawalsHeldAt: timestamp("withdrawals_held_at", { withTimezone: true, mode: "date" }),
    withdrawalsHeldReason: text("withdrawals_held_reason"),
    earningSuspendedAt: timestamp("earning_suspended_at", { withTimezone: true, mode: "date" }),
    earningSuspendedReason: text("earning_suspended_reason"),
    bannedAt: timestamp("banned_at", { withTimezone: true, mode: "date" }),
    bannedReason: text("banned_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.emailKey),
    uniqueIndex("users_user_name_key").on(t.userName),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
    index("users_referred_by_idx").on(t.referredBy),
    index("users_created_at_idx").on(t.createdAt),
    index("users_mobile_number_idx").on(t.mobileNumber),
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
    /** Where the session was opened from (shown on the operator's member page). */
    ip: text("ip"),
    userAgent: text("user_agent"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

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

/** Replay protection for human-check solutions (ALTCHA payloads and image challenges). */
export const humanCheckUses = pgTable("human_check_uses", {
  nonce: text("nonce").primaryKey(),
  createdAt: createdAt(),
});

/** Sign-ups and sign-ins: when, from which address and browser (operators' member page and search). */
export const signIns = pgTable(
  "sign_ins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["signup", "login", "google"] }).notNull(),
    ip: text("ip"),
    /** The device cookie the browser carried (issue 21). */
    deviceId: text("device_id"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sign_ins_user_idx").on(t.userId, t.createdAt), index("sign_ins_ip_idx").on(t.ip)],
);
