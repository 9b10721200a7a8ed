import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

/**
 * Keeping data no longer than needed, and the breach notice (issue 44, ADR 0035): the retention
 * job's last run per kind, each member's last visit (dormant accounts), breach incidents and the
 * notice each member received.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The retention job's last run per kind (one row a kind, replaced by each run that had work). */
export const retentionRuns = pgTable("retention_runs", {
  kind: text("kind").primaryKey(),
  ranAt: at("ran_at").notNull(),
  /** Rows deleted (or, for risk evidence, emptied) by that run. */
  deleted: integer("deleted").notNull(),
  /** Statements it took (one per batch). */
  statements: integer("statements").notNull(),
  /** Rows older than this were expired. */
  cutoff: at("cutoff").notNull(),
});

/**
 * A member's last signed-in request (at most one write an hour per node), and the dormant-account
 * warning: mailed at `warnedAt`, erased after `eraseAfter` unless they visit first.
 */
export const memberActivity = pgTable(
  "member_activity",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSeenAt: at("last_seen_at").notNull(),
    warnedAt: at("warned_at"),
    eraseAfter: at("erase_after"),
    /** Skipped (a pending withdrawal): not warned again before this. */
    recheckAt: at("recheck_at"),
  },
  (t) => [
    index("member_activity_last_seen_idx").on(t.lastSeenAt),
    index("member_activity_erase_after_idx").on(t.eraseAfter),
  ],
);

/**
 * A personal-data breach: when it was discovered (the Board's 72 hours run from then: DPDP Rules
 * 2025, rule 7), the notice sent to members in both languages, and when the Board was notified.
 */
export const breachIncidents = pgTable("breach_incidents", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** The confirm form's key: a second send of the same form is the same incident. */
  requestKey: text("request_key").notNull().unique(),
  discoveredAt: at("discovered_at").notNull(),
  subjectEn: text("subject_en").notNull(),
  bodyEn: text("body_en").notNull(),
  subjectHi: text("subject_hi").notNull(),
  bodyHi: text("body_hi").notNull(),
  audience: text("audience", { enum: ["all", "list"] }).notNull(),
  recipients: integer("recipients").notNull().default(0),
  boardNotifiedAt: at("board_notified_at"),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

/** One member's copy of a breach notice: mailed once (claimed, then marked), shown until dismissed. */
export const breachRecipients = pgTable(
  "breach_recipients",
  {
    incidentId: bigint("incident_id", { mode: "number" })
      .notNull()
      .references(() => breachIncidents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    claimedAt: at("claimed_at"),
    mailedAt: at("mailed_at"),
    dismissedAt: at("dismissed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.userId] }),
    index("breach_recipients_user_idx").on(t.userId),
    index("breach_recipients_unmailed_idx").on(t.incidentId, t.mailedAt),
  ],
);
