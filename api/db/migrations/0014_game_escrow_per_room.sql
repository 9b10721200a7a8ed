-- Each paid room holds its seats' fees on its own escrow account, game:{roomId}:escrow (kind
-- game_escrow; docs/decisions/0016-game-escrow-per-room.md). The fees platform:game_escrow holds
-- now belong to rooms that have not settled yet: they move to their rooms' escrows in one journal
-- entry, so those rooms' refunds and prizes find them there. A room's share is the sum of the
-- platform:game_escrow lines of its own entries (fee, refund, prize, revenue: keyed by room id).
CREATE TEMPORARY TABLE "game_escrow_move" AS
SELECT split_part(e."idempotency_key", ':', 2) AS "room_id", sum(l."amount") AS "held"
FROM "journal_lines" l JOIN "journal_entries" e ON e."id" = l."entry_id"
WHERE l."account_id" = 'platform:game_escrow'
  AND e."idempotency_key" ~ '^game-(fee|refund|prize|revenue):'
GROUP BY 1
HAVING sum(l."amount") > 0;
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "kind")
SELECT 'game:' || "room_id" || ':escrow', 'game_escrow' FROM "game_escrow_move"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "journal_entries" ("idempotency_key", "kind", "memo")
SELECT 'migration-0014:game-escrow-per-room', 'game_escrow_move', 'Fees of unsettled rooms move to each room''s escrow'
WHERE EXISTS (SELECT 1 FROM "game_escrow_move");
--> statement-breakpoint
INSERT INTO "journal_lines" ("entry_id", "account_id", "amount")
SELECT e."id", 'game:' || m."room_id" || ':escrow', m."held"
FROM "game_escrow_move" m, "journal_entries" e WHERE e."idempotency_key" = 'migration-0014:game-escrow-per-room'
UNION ALL
SELECT e."id", 'platform:game_escrow', -(SELECT sum("held") FROM "game_escrow_move")
FROM "journal_entries" e WHERE e."idempotency_key" = 'migration-0014:game-escrow-per-room';
--> statement-breakpoint
-- Stored balances follow the lines (the conditional update of post(); the CHECK keeps both >= 0).
UPDATE "ledger_accounts" a SET "balance" = a."balance" + l."amount"
FROM "journal_lines" l JOIN "journal_entries" e ON e."id" = l."entry_id"
WHERE e."idempotency_key" = 'migration-0014:game-escrow-per-room' AND l."account_id" = a."id";
--> statement-breakpoint
-- The entry in the overview's daily roll-up, classed as accountClass() classes accounts today.
INSERT INTO "ledger_daily" ("day", "kind", "account", "shard", "amount", "lines")
SELECT ((e."created_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date,
       e."kind",
       regexp_replace(l."account_id", '^(member|campaign|game):[^:]+:', '\1:'),
       e."id" % 8,
       sum(l."amount"),
       count(*)
FROM "journal_lines" l JOIN "journal_entries" e ON e."id" = l."entry_id"
WHERE e."idempotency_key" = 'migration-0014:game-escrow-per-room'
GROUP BY 1, 2, 3, 4
ON CONFLICT ("day", "kind", "account", "shard") DO UPDATE
SET "amount" = "ledger_daily"."amount" + excluded."amount", "lines" = "ledger_daily"."lines" + excluded."lines";
--> statement-breakpoint
DROP TABLE "game_escrow_move";
