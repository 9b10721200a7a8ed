CREATE TABLE "member_addresses" (
	"ip" text NOT NULL,
	"user_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_addresses_ip_user_id_pk" PRIMARY KEY("ip","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_devices" (
	"device_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text,
	"last_ip" text,
	"last_kind" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_devices_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_payout_accounts" (
	"account_key" text NOT NULL,
	"user_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_payout_accounts_account_key_user_id_pk" PRIMARY KEY("account_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_risk" (
	"user_id" text PRIMARY KEY NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"level" text DEFAULT 'none' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"cleared_note" text
);
--> statement-breakpoint
CREATE TABLE "risk_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"strength" integer DEFAULT 100 NOT NULL,
	"summary" text NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD COLUMN "goal_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" DROP CONSTRAINT "offer_wall_transactions_wall_id_transaction_id_kind_pk";--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD CONSTRAINT "offer_wall_transactions_wall_id_transaction_id_goal_id_kind_pk" PRIMARY KEY("wall_id","transaction_id","goal_id","kind");--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "risk_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "offer_wall_postbacks" ADD COLUMN "goal_id" text;--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_wall_transactions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_walls" ADD COLUMN "goal_param" text;--> statement-breakpoint
ALTER TABLE "offer_walls" ADD COLUMN "pending_statuses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_walls" ADD COLUMN "debug_param" text;--> statement-breakpoint
ALTER TABLE "offer_walls" ADD COLUMN "hold_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_walls" ADD COLUMN "hold_threshold" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payout_accounts" ADD CONSTRAINT "member_payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_risk" ADD CONSTRAINT "member_risk_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signals" ADD CONSTRAINT "risk_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_addresses_user_idx" ON "member_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_devices_user_idx" ON "member_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_payout_accounts_user_idx" ON "member_payout_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_risk_score_idx" ON "member_risk" USING btree ("score" desc);--> statement-breakpoint
CREATE INDEX "member_risk_level_idx" ON "member_risk" USING btree ("level","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_signals_user_key" ON "risk_signals" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "risk_signals_kind_idx" ON "risk_signals" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "offer_wall_transactions_held_idx" ON "offer_wall_transactions" USING btree ("held_until") WHERE "offer_wall_transactions"."held_until" is not null and "offer_wall_transactions"."released_at" is null and "offer_wall_transactions"."cancelled_at" is null;