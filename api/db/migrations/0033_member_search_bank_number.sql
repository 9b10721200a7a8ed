-- Issue 45 §3: the console's member search finds a member by a full bank account number. Payout
-- accounts are kept as `bank:{digits}` or `bank:{digits}:{IFSC}` (api/risk/payoutAccounts.ts); the
-- number part gets its own index, so the search is one look-up whatever the IFSC and whatever the
-- database's collation (a LIKE prefix on the primary key uses it only under the C collation).
CREATE INDEX IF NOT EXISTS "member_payout_accounts_bank_number_idx" ON "member_payout_accounts" USING btree (split_part("account_key", ':', 2)) WHERE "account_key" LIKE 'bank:%';
