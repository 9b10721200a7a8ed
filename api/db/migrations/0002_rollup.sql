CREATE TABLE "member_daily_earnings" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "member_daily_earnings_user_id_day_kind_pk" PRIMARY KEY("user_id","day","kind")
);
--> statement-breakpoint
-- Backfill from the ledger: credits to each member's withdrawable account from entries of an earning kind, per IST day.
INSERT INTO "member_daily_earnings" ("user_id", "day", "kind", "amount")
SELECT e."user_id", (e."created_at" AT TIME ZONE INTERVAL '+05:30')::date, e."kind", sum(l."amount")
FROM "journal_entries" e
JOIN "journal_lines" l ON l."entry_id" = e."id" AND l."account_id" = 'member:' || e."user_id" || ':withdrawable'
WHERE e."user_id" IS NOT NULL
  AND e."kind" IN ('ptc_ads', 'click_short_link', 'offerWall', 'bettingGames', 'referral_income')
GROUP BY 1, 2, 3
HAVING sum(l."amount") <> 0;
