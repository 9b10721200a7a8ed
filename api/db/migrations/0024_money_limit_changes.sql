-- Issue 42, ADR 0030: raising a money limit waits 24 hours, visible to every owner, who may cancel
-- it; gift codes can be disabled, and a large one opens for claims only after the same delay.
CREATE TABLE "limit_changes" (
  "id" text PRIMARY KEY NOT NULL,
  "subject" text NOT NULL,
  "before" jsonb,
  "after" jsonb NOT NULL,
  "status" text NOT NULL,
  "requested_by" text NOT NULL,
  "effective_at" timestamp with time zone NOT NULL,
  "decided_by" text,
  "decided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "limit_changes_one_scheduled" ON "limit_changes" USING btree ("subject") WHERE "limit_changes"."status" = 'scheduled';
--> statement-breakpoint
CREATE INDEX "limit_changes_created_idx" ON "limit_changes" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "active_from" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "disabled_by" text;
