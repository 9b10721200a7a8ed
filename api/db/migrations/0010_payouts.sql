CREATE TABLE "payout_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"created_by" text NOT NULL,
	"rows" integer NOT NULL,
	"total" bigint NOT NULL,
	"result_imported_at" timestamp with time zone,
	"result_imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"payout_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"utr" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_events_payout_id_status_pk" PRIMARY KEY("payout_id","status")
);
--> statement-breakpoint
CREATE TABLE "payout_fund_accounts" (
	"channel" text NOT NULL,
	"user_id" text NOT NULL,
	"destination_key" text NOT NULL,
	"contact_id" text NOT NULL,
	"fund_account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_fund_accounts_channel_user_id_destination_key_pk" PRIMARY KEY("channel","user_id","destination_key")
);
--> statement-breakpoint
CREATE TABLE "payout_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event_id" text,
	"event" text,
	"provider_payout_id" text,
	"status" text,
	"body" text NOT NULL,
	"headers" jsonb NOT NULL,
	"ip" text,
	"verdict" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"withdrawal_id" text NOT NULL,
	"user_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_payout_id" text,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"amount" bigint NOT NULL,
	"destination_key" text NOT NULL,
	"fund_account_id" text,
	"utr" text,
	"failure_reason" text,
	"batch_id" text,
	"created_by" text NOT NULL,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"final_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_fund_accounts" ADD CONSTRAINT "payout_fund_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_webhooks_created_idx" ON "payout_webhooks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payout_webhooks_payout_idx" ON "payout_webhooks" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_attempt_key" ON "payouts" USING btree ("withdrawal_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_key" ON "payouts" USING btree ("channel","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_id_key" ON "payouts" USING btree ("channel","provider_payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_key" ON "payouts" USING btree ("withdrawal_id") WHERE "payouts"."final_at" is null;--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_check_at") WHERE "payouts"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");