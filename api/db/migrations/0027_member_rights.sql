-- Issue 44 §2, ADR 0033: members' data rights — requests with their clock, exports waiting to be
-- downloaded once, erasures (one per member), profile corrections logged, codes that confirm an
-- erasure without a password; and the platform account that receives an erased member's balance.
CREATE TABLE "rights_requests" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('export', 'erasure', 'correction')),
  "status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'done', 'refused')),
  "due_at" timestamp with time zone NOT NULL,
  "answered_at" timestamp with time zone,
  "answered_by" text,
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rights_requests_open_idx" ON "rights_requests" USING btree ("status", "due_at");
--> statement-breakpoint
CREATE INDEX "rights_requests_user_idx" ON "rights_requests" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "member_exports" (
  "request_id" bigint PRIMARY KEY NOT NULL REFERENCES "rights_requests" ("id"),
  "user_id" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'ready', 'downloaded', 'expired')),
  "body" text,
  "ready_at" timestamp with time zone,
  "expires_at" timestamp with time zone,
  "downloaded_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_exports_status_idx" ON "member_exports" USING btree ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "member_exports_user_idx" ON "member_exports" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "member_erasures" (
  "user_id" text PRIMARY KEY NOT NULL,
  "reason" text NOT NULL CHECK ("reason" IN ('member', 'dormant')),
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_corrections" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL,
  "field" text NOT NULL,
  "old_masked" text,
  "new_masked" text,
  "actor_user_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "profile_corrections_user_idx" ON "profile_corrections" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "erasure_codes" (
  "user_id" text PRIMARY KEY NOT NULL,
  "code_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_codes_hash_key" ON "erasure_codes" USING btree ("code_hash");
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "kind", "allow_negative", "tracked")
VALUES ('platform:forfeited', 'platform', false, true)
ON CONFLICT DO NOTHING;
