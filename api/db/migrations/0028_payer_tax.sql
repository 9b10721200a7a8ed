-- Issue 44 §6, ADR 0034: the payer's tax duties. A member's PAN; each withholding booked with a
-- withdrawal (one row per income kind, unique per withdrawal and kind), refunded at most once when
-- the withdrawal is rejected; the platform account the tax is held in until the owner pays it over.
CREATE TABLE "member_tax_profiles" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "pan" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "member_tax_profiles_pan_format" CHECK ("pan" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$')
);
--> statement-breakpoint
CREATE TABLE "tax_withholdings" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "withdrawal_id" text NOT NULL REFERENCES "withdrawals"("id") ON DELETE restrict,
  "kind" text NOT NULL,
  "fy" text NOT NULL,
  "quarter" smallint NOT NULL,
  "gross" bigint NOT NULL,
  "tax" bigint NOT NULL,
  "rate_bp" integer NOT NULL,
  "pan" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "refunded_at" timestamp with time zone,
  CONSTRAINT "tax_withholdings_amounts" CHECK ("gross" > 0 AND "tax" >= 0 AND "tax" <= "gross"),
  CONSTRAINT "tax_withholdings_quarter" CHECK ("quarter" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_withholdings_withdrawal_kind" ON "tax_withholdings" USING btree ("withdrawal_id","kind");
--> statement-breakpoint
CREATE INDEX "tax_withholdings_user_fy_idx" ON "tax_withholdings" USING btree ("user_id","fy");
--> statement-breakpoint
CREATE INDEX "tax_withholdings_fy_quarter_idx" ON "tax_withholdings" USING btree ("fy","quarter","id");
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "kind", "allow_negative", "tracked") VALUES ('platform:tds_payable', 'platform', false, false) ON CONFLICT DO NOTHING;
