-- Refused payout webhooks (issue 42): anyone can post to the webhook address with a wrong
-- signature, so a refused webhook (bad_signature, malformed) is kept as a bounded summary — its
-- verdict, address, time, event type when readable, its size and the first 300 bytes of its body —
-- never its headers or its whole body. Verified webhooks are kept whole as before. The rows of
-- both kinds are swept after payout_webhook_log_retention_days (api/payouts/webhookLog.ts).
ALTER TABLE "payout_webhooks" ALTER COLUMN "body" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "payout_webhooks" ALTER COLUMN "headers" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "payout_webhooks" ADD COLUMN "body_start" text;
--> statement-breakpoint
ALTER TABLE "payout_webhooks" ADD COLUMN "body_bytes" integer;
--> statement-breakpoint
-- Refused rows kept whole until now become summaries: the longest start of the body within 300
-- bytes of UTF-8 (never cutting a character), no body, no headers.
UPDATE "payout_webhooks" SET
  "body_start" = (
    SELECT left("body", n) FROM generate_series(least(300, length("body")), 0, -1) AS n
    WHERE octet_length(left("body", n)) <= 300 LIMIT 1
  ),
  "body_bytes" = octet_length("body"),
  "body" = NULL,
  "headers" = NULL
WHERE "verdict" IN ('bad_signature', 'malformed');
--> statement-breakpoint
UPDATE "payout_webhooks" SET "body_bytes" = octet_length("body") WHERE "body_bytes" IS NULL;
--> statement-breakpoint
ALTER TABLE "payout_webhooks" ALTER COLUMN "body_bytes" SET NOT NULL;
--> statement-breakpoint
-- A refused row holds no body or headers and at most 300 bytes of its body's start; any other
-- row holds its body and headers.
ALTER TABLE "payout_webhooks" ADD CONSTRAINT "payout_webhooks_refused_summary" CHECK (
  CASE WHEN "verdict" IN ('bad_signature', 'malformed')
    THEN "body" IS NULL AND "headers" IS NULL AND octet_length(coalesce("body_start", '')) <= 300
    ELSE "body" IS NOT NULL AND "headers" IS NOT NULL
  END
);
