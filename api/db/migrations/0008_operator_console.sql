CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"shard" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"lines" bigint NOT NULL,
	CONSTRAINT "ledger_daily_day_kind_account_shard_pk" PRIMARY KEY("day","kind","account","shard")
);
--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"author_user_id" text,
	"from_operator" boolean DEFAULT true NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_key" text NOT NULL,
	"user_id" text NOT NULL,
	"direction" text NOT NULL,
	"balance" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_adjustments_amount_positive" CHECK ("balance_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "operator_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"author_user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_wall_openings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"wall_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawals_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawals_held_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "earning_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "earning_suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_reason" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "task_wall_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "offer_name" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_ins_ip_idx" ON "sign_ins" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_adjustments_request_key" ON "balance_adjustments" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "balance_adjustments_user_idx" ON "balance_adjustments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_idx" ON "balance_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "operator_notes_user_idx" ON "operator_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "task_wall_openings_user_idx" ON "task_wall_openings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_mobile_number_idx" ON "users" USING btree ("mobile_number");--> statement-breakpoint
CREATE INDEX "member_daily_earnings_day_idx" ON "member_daily_earnings" USING btree ("day");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "offer_wall_postbacks_user_idx" ON "offer_wall_postbacks" USING btree ("user_id","created_at");
--> statement-breakpoint
-- The overview's roll-up starts complete: every entry already in the journal, per IST day, kind and account class, in shard 0.
INSERT INTO "ledger_daily" ("day", "kind", "account", "shard", "amount", "lines")
SELECT ((e."created_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date,
       e."kind",
       regexp_replace(l."account_id", '^(member|campaign):[^:]+:', '\1:'),
       0,
       sum(l."amount"),
       count(*)
FROM "journal_lines" l JOIN "journal_entries" e ON e."id" = l."entry_id"
GROUP BY 1, 2, 3;
