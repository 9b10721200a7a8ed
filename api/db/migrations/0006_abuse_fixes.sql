ALTER TABLE "game_players" ADD COLUMN "disconnect_budget_ms" integer DEFAULT 120000 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rooms" ADD COLUMN "paused_turn_ms" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;