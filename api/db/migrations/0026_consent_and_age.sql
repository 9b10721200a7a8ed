-- Issue 44 §1 and §3, ADR 0036: the consent log (append-only, one row per purpose given or
-- withdrawn, with the notice's version) and each member's age answer (a date of birth or a
-- declaration of being 18 or older).
CREATE TABLE "consent_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "purpose" text NOT NULL,
  "granted" boolean NOT NULL,
  "notice_version" integer NOT NULL,
  "via" text NOT NULL,
  "ip" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_log_user_idx" ON "consent_log" USING btree ("user_id", "purpose", "id");
--> statement-breakpoint
CREATE TABLE "member_age" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "date_of_birth" date,
  "declared_adult_at" timestamp with time zone,
  "under_age" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
