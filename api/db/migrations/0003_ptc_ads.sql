CREATE TABLE "ad_cheat_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" text,
	"view_token" text,
	"reason" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"claimable_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"amount" bigint,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "campaign_daily_views" (
	"campaign_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "campaign_daily_views_campaign_id_day_pk" PRIMARY KEY("campaign_id","day"),
	CONSTRAINT "campaign_daily_views_positive" CHECK ("campaign_daily_views"."views" > 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"advertiser_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"price" bigint NOT NULL,
	"member_amount" bigint NOT NULL,
	"total_views" integer NOT NULL,
	"delivered_views" integer DEFAULT 0 NOT NULL,
	"interval_hours" integer NOT NULL,
	"daily_limit" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"request_id" text,
	"refund" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaigns_views_within_total" CHECK ("campaigns"."delivered_views" >= 0 AND "campaigns"."delivered_views" <= "campaigns"."total_views"),
	CONSTRAINT "campaigns_total_positive" CHECK ("campaigns"."total_views" > 0),
	CONSTRAINT "campaigns_price_positive" CHECK ("campaigns"."price" > 0),
	CONSTRAINT "campaigns_member_amount_within_price" CHECK ("campaigns"."member_amount" >= 0 AND "campaigns"."member_amount" <= "campaigns"."price"),
	CONSTRAINT "campaigns_duration_positive" CHECK ("campaigns"."duration_seconds" > 0),
	CONSTRAINT "campaigns_interval_range" CHECK ("campaigns"."interval_hours" BETWEEN 1 AND 24),
	CONSTRAINT "campaigns_daily_limit_positive" CHECK ("campaigns"."daily_limit" IS NULL OR "campaigns"."daily_limit" > 0),
	CONSTRAINT "campaigns_refund_nonnegative" CHECK ("campaigns"."refund" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "tracked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_daily_views" ADD CONSTRAINT "campaign_daily_views_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_cheat_log_created_idx" ON "ad_cheat_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_cheat_log_user_idx" ON "ad_cheat_log" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_views_token_key" ON "ad_views" USING btree ("token");--> statement-breakpoint
CREATE INDEX "ad_views_member_campaign_idx" ON "ad_views" USING btree ("user_id","campaign_id","started_at");--> statement-breakpoint
CREATE INDEX "ad_views_member_consumed_idx" ON "ad_views" USING btree ("user_id","consumed_at");--> statement-breakpoint
CREATE INDEX "ad_views_campaign_idx" ON "ad_views" USING btree ("campaign_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_request_key" ON "campaigns" USING btree ("advertiser_id","request_id");--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_idx" ON "campaigns" USING btree ("advertiser_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
-- Platform accounts that only collect or only fund keep no stored balance (docs/decisions/0007): their balance is the sum of their journal lines.
UPDATE "ledger_accounts" SET "tracked" = false, "balance" = 0 WHERE "id" IN ('platform:revenue', 'platform:promotions', 'platform:earnings_funding', 'platform:offer_walls');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_untracked_zero" CHECK ("ledger_accounts"."tracked" OR "ledger_accounts"."balance" = 0);