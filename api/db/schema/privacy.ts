import { boolean, date, index, integer, pgTable, bigserial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

/**
 * Consent and age (issue 44 §1, §3; docs/decisions/0036).
 *
 * `consent_log` is append-only: one row each time a member gives or withdraws consent to one
 * purpose of the privacy notice, with the notice's version, when, and how (at sign-up, from the
 * settings page, or accepting a new notice). A member's current state is their latest row per
 * purpose; nothing is ever updated or deleted by the consent feature.
 *
 * `member_age` holds one row per member: the date of birth they gave, or their declaration of
 * being 18 or older (with its time), as the owner's `age_check` asked at the time.
 */
export const consentLog = pgTable(
  "consent_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A purpose of shared/privacyNotice.ts (account, payouts, risk, service_mail, marketing_mail). */
    purpose: text("purpose").notNull(),
    granted: boolean("granted").notNull(),
    noticeVersion: integer("notice_version").notNull(),
    /** signup, settings or reaccept (the step for a new notice, or a member who had none). */
    via: text("via", { enum: ["signup", "settings", "reaccept"] }).notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("consent_log_user_idx").on(t.userId, t.purpose, t.id)],
);

export const memberAge = pgTable("member_age", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The date of birth as given (owner's age_check "date_of_birth"); null for a declaration. */
  dateOfBirth: date("date_of_birth", { mode: "string" }),
  /** When the member declared being 18 or older (age_check "declaration"); null for a date of birth. */
  declaredAdultAt: timestamp("declared_adult_at", { withTimezone: true, mode: "date" }),
  /** Under 18 on the day they answered: the account earns and withdraws nothing (issue 44 §3). */
  underAge: boolean("under_age").notNull().default(false),
  createdAt: createdAt(),
});
