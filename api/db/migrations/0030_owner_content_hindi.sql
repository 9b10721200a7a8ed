-- Issue 45 §1: the Hindi versions of the rest of what operators write and members read: short-link
-- names, tic-tac-toe room names (the type's, and each room's copy taken at creation), payout-method
-- names and hints, and task-wall names. Null or empty means the English is shown.
ALTER TABLE "short_links" ADD COLUMN "name_hi" text;
--> statement-breakpoint
ALTER TABLE "game_room_types" ADD COLUMN "name_hi" text;
--> statement-breakpoint
ALTER TABLE "game_rooms" ADD COLUMN "name_hi" text;
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "name_hi" text;
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "details_hi" text;
--> statement-breakpoint
ALTER TABLE "offer_walls" ADD COLUMN "name_hi" text;
