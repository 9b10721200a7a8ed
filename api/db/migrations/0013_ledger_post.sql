-- ledger_post: one journal entry in one round trip (and, given p_lock, the accounts' locks before it) (docs/decisions/0015-ledger-post-in-the-database.md).
-- The caller (api/ledger/ledger.ts post()) has checked the lines: at least two, non-zero integers
-- summing to zero. This function does the rest of what post() did statement by statement:
--   1. the entry, ON CONFLICT DO NOTHING on its idempotency key (a duplicate: failure 'duplicate');
--   2. every line in account order (collate "C", the order lockAccounts locks in): a tracked
--      account's balance updated under the non-negative rule; an untracked one left alone, except
--      that a debit from one that may not run negative (revenue) locks its row and checks the sum
--      of its lines; an account that does not exist: failure 'unknown';
--   3. the lines, in the caller's order;
--   4. the roll-ups: ledger_daily (shard = entry id % 8, per account class) and, for an earning
--      kind with a member, member_daily_earnings (the member's withdrawable credit).
-- A refused line answers failure 'insufficient' and the account, with the work before it left in
-- the caller's transaction exactly as post() left it (the caller rolls back).
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text,
  p_kind text,
  p_user_id text,
  p_related_user_id text,
  p_memo text,
  p_created_at timestamptz,
  p_lines jsonb,
  p_earning boolean,
  p_lock jsonb,
  OUT entry_id bigint,
  OUT failure text,
  OUT failed_account text,
  OUT locked jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_created timestamptz;
  v_day date;
  v_line record;
  v_sum numeric;
  v_earned bigint;
BEGIN
  -- A transaction that posts more than one entry first locks every tracked account it will touch
  -- (api/ledger/ledger.ts lockAccounts, same order); given p_lock, that happens here, before the
  -- entry, and the locked balances are answered as {account: balance}.
  IF p_lock IS NOT NULL THEN
    SELECT coalesce(jsonb_object_agg(s.id, s.balance), '{}'::jsonb) INTO locked
    FROM (
      SELECT a.id, a.balance FROM ledger_accounts a
      WHERE a.id IN (SELECT jsonb_array_elements_text(p_lock))
      ORDER BY a.id COLLATE "C"
      FOR UPDATE
    ) s;
  END IF;

  INSERT INTO journal_entries (idempotency_key, kind, user_id, related_user_id, memo, created_at)
  VALUES (p_key, p_kind, p_user_id, p_related_user_id, p_memo, coalesce(p_created_at, now()))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, created_at INTO entry_id, v_created;
  IF entry_id IS NULL THEN
    failure := 'duplicate';
    RETURN;
  END IF;

  FOR v_line IN
    SELECT l.account, l.amount, a.id AS known, a.tracked, a.allow_negative
    FROM jsonb_to_recordset(p_lines) AS l(account text, amount bigint)
    LEFT JOIN ledger_accounts a ON a.id = l.account
    ORDER BY l.account COLLATE "C"
  LOOP
    IF v_line.known IS NULL THEN
      failure := 'unknown';
      failed_account := v_line.account;
      RETURN;
    END IF;
    IF v_line.tracked THEN
      UPDATE ledger_accounts SET balance = balance + v_line.amount
      WHERE id = v_line.account AND (balance + v_line.amount >= 0 OR allow_negative);
      IF NOT FOUND THEN
        failure := 'insufficient';
        failed_account := v_line.account;
        RETURN;
      END IF;
    ELSIF v_line.amount < 0 AND NOT v_line.allow_negative THEN
      -- FOR NO KEY UPDATE serialises such debits without blocking the credits' foreign-key checks.
      PERFORM 1 FROM ledger_accounts WHERE id = v_line.account FOR NO KEY UPDATE;
      SELECT coalesce(sum(amount), 0) INTO v_sum FROM journal_lines WHERE account_id = v_line.account;
      IF v_sum + v_line.amount < 0 THEN
        failure := 'insufficient';
        failed_account := v_line.account;
        RETURN;
      END IF;
    END IF;
  END LOOP;

  INSERT INTO journal_lines (entry_id, account_id, amount)
  SELECT ledger_post.entry_id, e.line->>'account', (e.line->>'amount')::bigint
  FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS e(line, n)
  ORDER BY e.n;

  -- The IST day (UTC+05:30, no daylight saving) of the entry.
  v_day := ((v_created AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date;

  IF p_earning AND p_user_id IS NOT NULL THEN
    SELECT coalesce(sum(l.amount), 0) INTO v_earned
    FROM jsonb_to_recordset(p_lines) AS l(account text, amount bigint)
    WHERE l.account = 'member:' || p_user_id || ':withdrawable';
    IF v_earned <> 0 THEN
      INSERT INTO member_daily_earnings AS m (user_id, day, kind, amount)
      VALUES (p_user_id, v_day, p_kind, v_earned)
      ON CONFLICT (user_id, day, kind) DO UPDATE SET amount = m.amount + excluded.amount;
    END IF;
  END IF;

  INSERT INTO ledger_daily AS d (day, kind, account, shard, amount, lines)
  SELECT v_day, p_kind, c.cls, (ledger_post.entry_id % 8)::smallint, sum(c.amount), count(*)
  FROM (
    SELECT regexp_replace(l.account, '^(member|campaign|game):[^:]+:', '\1:') AS cls, l.amount
    FROM jsonb_to_recordset(p_lines) AS l(account text, amount bigint)
  ) c
  GROUP BY c.cls
  ORDER BY c.cls COLLATE "C"
  ON CONFLICT (day, kind, account, shard) DO UPDATE
  SET amount = d.amount + excluded.amount, lines = d.lines + excluded.lines;
END;
$$;
