import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Members' data rights (issue 44, DPDP Act 2023): the requests a member makes (export, erasure,
 * correction) with their clock, the exports waiting to be downloaded, the erasures done, the
 * corrections logged and the codes mailed to confirm an erasure without a password. The member's
 * id stays the pseudonymous id after erasure (a random id that names no one once the account's
 * personal data is gone): docs/decisions/0033-member-erasure.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const RIGHTS_REQUEST_KINDS = ["export", "erasure", "correction"] as const;
export type RightsRequestKind = (typeof RIGHTS_REQUEST_KINDS)[number];
export const RIGHTS_REQUEST_STATUSES = ["open", "done", "refused"] as const;
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];

/** One request: open until answered (done or refused), due `rights_request_days` after it was made. */
export const rightsRequests = pgTable(
  "rights_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The member's id (after erasure the pseudonymous id: the same random id, nothing else left). */
    userId: text("user_id").notNull(),
    kind: text("kind").$type<RightsRequestKind>().notNull(),
    status: text("status").$type<RightsRequestStatus>().notNull().default("open"),
    dueAt: at("due_at").notNull(),
    answeredAt: at("answered_at"),
    /** The operator who answered (null when the site answered by itself: an export made, an erasure done). */
    answeredBy: text("answered_by"),
    /** What was asked and how it was answered (no personal data: fields named, values masked). */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("rights_requests_open_idx").on(t.status, t.dueAt),
    index("rights_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * An export's file: made in the background (pending → ready), downloaded once (the body is
 * dropped then), or expired (dropped by the sweep). The link is signed (HMAC of the request id and
 * the expiry with the session secret), so the id alone opens nothing.
 */
export const memberExports = pgTable(
  "member_exports",
  {
    requestId: bigint("request_id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    status: text("status", { enum: ["pending", "ready", "downloaded", "expired"] })
      .notNull()
      .default("pending"),
    /** The JSON file (format_version 1), while ready. */
    body: text("body"),
    readyAt: at("ready_at"),
    expiresAt: at("expires_at"),
    downloadedAt: at("downloaded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("member_exports_status_idx").on(t.status, t.createdAt),
    index("member_exports_user_idx").on(t.userId, t.createdAt),
  ],
);

/** One erasure per member (the primary key makes duplicate confirms one erasure). */
export const memberErasures = pgTable("member_erasures", {
  userId: text("user_id").primaryKey(),
  reason: text("reason", { enum: ["member", "dormant"] }).notNull(),
  /** What was forfeited and what was owed at erasure (milli-rupees), for the books. */
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  erasedAt: at("erased_at").notNull().defaultNow(),
});

/** A change of the member's profile data: which field, old and new masked, by whom. */
export const profileCorrections = pgTable(
  "profile_corrections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    field: text("field").notNull(),
    oldMasked: text("old_masked"),
    newMasked: text("new_masked"),
    /** The member themself, or the operator's id. */
    actorUserId: text("actor_user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("profile_corrections_user_idx").on(t.userId, t.createdAt)],
);

/** The code mailed to a member without a password to confirm an erasure (its hash; one per member). */
export const erasureCodes = pgTable(
  "erasure_codes",
  {
    userId: text("user_id").primaryKey(),
    codeHash: text("code_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("erasure_codes_hash_key").on(t.codeHash)],
);
