CREATE TABLE "game_players" (
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"type_id" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"connected" boolean DEFAULT true NOT NULL,
	"reconnect_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_players_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_room_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"entry_fee" bigint NOT NULL,
	"prize" bigint NOT NULL,
	"max_players" integer DEFAULT 2 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_room_types_fee_positive" CHECK ("game_room_types"."entry_fee" > 0),
	CONSTRAINT "game_room_types_prize_within_fees" CHECK ("game_room_types"."prize" > 0 AND "game_room_types"."prize" <= "game_room_types"."entry_fee" * "game_room_types"."max_players"),
	CONSTRAINT "game_room_types_two_players" CHECK ("game_room_types"."max_players" = 2)
);
--> statement-breakpoint
CREATE TABLE "game_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"name" text NOT NULL,
	"entry_fee" bigint DEFAULT 0 NOT NULL,
	"prize" bigint DEFAULT 0 NOT NULL,
	"max_players" integer DEFAULT 2 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"board" jsonb NOT NULL,
	"current_turn" text,
	"winner" text,
	"end_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"turn_deadline" timestamp with time zone,
	"wait_deadline" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rooms_fees_nonnegative" CHECK ("game_rooms"."entry_fee" >= 0 AND "game_rooms"."prize" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_room_id_game_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."game_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_players_room_symbol_key" ON "game_players" USING btree ("room_id","symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "game_players_one_live_seat" ON "game_players" USING btree ("user_id","type_id") WHERE "game_players"."active";--> statement-breakpoint
CREATE INDEX "game_players_user_idx" ON "game_players" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_players_reconnect_idx" ON "game_players" USING btree ("reconnect_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "game_room_types_entry_fee_key" ON "game_room_types" USING btree ("entry_fee");--> statement-breakpoint
CREATE INDEX "game_rooms_type_status_idx" ON "game_rooms" USING btree ("type_id","status","created_at");--> statement-breakpoint
CREATE INDEX "game_rooms_status_idx" ON "game_rooms" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "game_rooms_wait_deadline_idx" ON "game_rooms" USING btree ("wait_deadline");--> statement-breakpoint
CREATE INDEX "game_rooms_turn_deadline_idx" ON "game_rooms" USING btree ("turn_deadline");