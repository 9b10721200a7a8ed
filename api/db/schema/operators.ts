import { bigserial, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** The operators' audit trail. */

export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  actorUserId: text("actor_user_id").notNull(),
  action: text("action").notNull(),
  target: text("target").notNull(),
  before: jsonb("before"),
  after: jsonb("after"),
  createdAt: createdAt(),
});
