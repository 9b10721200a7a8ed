ALTER TABLE "users" ADD COLUMN "operator_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Operators from before roles keep everything they could do: they become owners.
UPDATE "users" SET "operator_roles" = '{owner}'::text[] WHERE "role" = 'operator';
