-- Issue 44 §4 and §5, ADR 0035: the retention job's last run per kind; the indexes its batched
-- deletes walk (expired sessions, old sign-ins, closed support messages, cleared risk signals);
-- each member's last visit and dormant-account warning (backfilled from their last sign-in);
-- breach incidents and each member's copy of the notice.
CREATE TABLE "retention_runs" (
  "kind" text PRIMARY KEY NOT NULL,
  "ran_at" timestamp with time zone NOT NULL,
  "deleted" integer NOT NULL,
  "statements" integer NOT NULL,
  "cutoff" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "sign_ins_created_at_idx" ON "sign_ins" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "contact_messages_closed_idx" ON "contact_messages" USING btree ("updated_at") WHERE "status" = 'closed';
--> statement-breakpoint
CREATE INDEX "risk_signals_cleared_idx" ON "risk_signals" USING btree ("cleared_at") WHERE "cleared_at" IS NOT NULL AND "evidence" <> '{}'::jsonb;
--> statement-breakpoint
CREATE TABLE "member_activity" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "last_seen_at" timestamp with time zone NOT NULL,
  "warned_at" timestamp with time zone,
  "erase_after" timestamp with time zone,
  "recheck_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_activity_last_seen_idx" ON "member_activity" USING btree ("last_seen_at");
--> statement-breakpoint
CREATE INDEX "member_activity_erase_after_idx" ON "member_activity" USING btree ("erase_after");
--> statement-breakpoint
INSERT INTO "member_activity" ("user_id", "last_seen_at")
SELECT u."id", greatest(u."created_at", coalesce((SELECT max(s."created_at") FROM "sign_ins" s WHERE s."user_id" = u."id"), u."created_at"),
  coalesce((SELECT max(x."created_at") FROM "sessions" x WHERE x."user_id" = u."id"), u."created_at"))
FROM "users" u;
--> statement-breakpoint
CREATE TABLE "breach_incidents" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "request_key" text NOT NULL,
  "discovered_at" timestamp with time zone NOT NULL,
  "subject_en" text NOT NULL,
  "body_en" text NOT NULL,
  "subject_hi" text NOT NULL,
  "body_hi" text NOT NULL,
  "audience" text NOT NULL,
  "recipients" integer DEFAULT 0 NOT NULL,
  "board_notified_at" timestamp with time zone,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "breach_incidents_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
CREATE TABLE "breach_recipients" (
  "incident_id" bigint NOT NULL REFERENCES "breach_incidents"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "claimed_at" timestamp with time zone,
  "mailed_at" timestamp with time zone,
  "dismissed_at" timestamp with time zone,
  CONSTRAINT "breach_recipients_incident_id_user_id_pk" PRIMARY KEY("incident_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "breach_recipients_user_idx" ON "breach_recipients" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "breach_recipients_unmailed_idx" ON "breach_recipients" USING btree ("incident_id","mailed_at");
