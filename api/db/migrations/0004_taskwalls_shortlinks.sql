CREATE TABLE "builtin_short_urls" (
	"code" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_wall_postbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wall_id" text,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text,
	"ip" text,
	"verdict" text NOT NULL,
	"detail" text,
	"transaction_id" text,
	"user_id" text,
	"amount" bigint,
	"origin" text DEFAULT 'network' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_wall_transactions" (
	"wall_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"debt" bigint DEFAULT 0 NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_wall_transactions_wall_id_transaction_id_kind_pk" PRIMARY KEY("wall_id","transaction_id","kind")
);
--> statement-breakpoint
CREATE TABLE "offer_walls" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"frame_url_template" text NOT NULL,
	"secret" text NOT NULL,
	"scheme" text NOT NULL,
	"signature_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_separator" text DEFAULT '' NOT NULL,
	"signature_param" text DEFAULT 'signature' NOT NULL,
	"signature_header" text,
	"user_param" text DEFAULT 'user_id' NOT NULL,
	"transaction_param" text DEFAULT 'transaction_id' NOT NULL,
	"amount_param" text DEFAULT 'amount' NOT NULL,
	"status_param" text,
	"reversal_statuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original_transaction_param" text,
	"ip_allow_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"milli_per_point" integer NOT NULL,
	"cap_per_postback" bigint NOT NULL,
	"success_body" text DEFAULT '1' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_walls_rate_positive" CHECK ("offer_walls"."milli_per_point" > 0),
	CONSTRAINT "offer_walls_cap_positive" CHECK ("offer_walls"."cap_per_postback" > 0)
);
--> statement-breakpoint
CREATE TABLE "short_link_daily_clicks" (
	"user_id" text NOT NULL,
	"short_link_id" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "short_link_daily_clicks_user_id_short_link_id_day_pk" PRIMARY KEY("user_id","short_link_id","day"),
	CONSTRAINT "short_link_daily_clicks_positive" CHECK ("short_link_daily_clicks"."clicks" > 0)
);
--> statement-breakpoint
CREATE TABLE "short_link_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"short_link_id" text NOT NULL,
	"short_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimable_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"amount" bigint,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"shortener_id" text NOT NULL,
	"time_label" text NOT NULL,
	"amount" bigint NOT NULL,
	"how_to_complete" text,
	"clicks_per_day" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_amount_positive" CHECK ("short_links"."amount" > 0),
	CONSTRAINT "short_links_clicks_positive" CHECK ("short_links"."clicks_per_day" > 0)
);
--> statement-breakpoint
CREATE TABLE "shorteners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"api_url" text,
	"api_key" text,
	"domain" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_cheat_log" ADD COLUMN "channel" text DEFAULT 'ptc_ads' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_cheat_log" ADD COLUMN "short_link_id" text;--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD CONSTRAINT "offer_wall_transactions_wall_id_offer_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."offer_walls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD CONSTRAINT "offer_wall_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_tokens" ADD CONSTRAINT "short_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_tokens" ADD CONSTRAINT "short_link_tokens_short_link_id_short_links_id_fk" FOREIGN KEY ("short_link_id") REFERENCES "public"."short_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_shortener_id_shorteners_id_fk" FOREIGN KEY ("shortener_id") REFERENCES "public"."shorteners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_wall_postbacks_created_idx" ON "offer_wall_postbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offer_wall_postbacks_wall_idx" ON "offer_wall_postbacks" USING btree ("wall_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_wall_transactions_member_idx" ON "offer_wall_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_tokens_token_key" ON "short_link_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "short_link_tokens_member_link_idx" ON "short_link_tokens" USING btree ("user_id","short_link_id","created_at");--> statement-breakpoint
CREATE INDEX "short_link_tokens_member_consumed_idx" ON "short_link_tokens" USING btree ("user_id","consumed_at");