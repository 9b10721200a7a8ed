-- The ledger's functions find accounts by their keys. Their lists of accounts (an entry's lines
-- from jsonb_to_recordset, the accounts to lock from a jsonb array) are counted by the planner as
-- 100 rows whatever they are (an entry has 2 to 4), so it joined them to ledger_accounts by hashing
-- the whole table: a sequential scan of every account (two per member) for every entry posted and
-- every earning's locks, the largest cost of an ad claim in bench:ptc (perf and auto_explain,
-- 28 November 2026).
--
-- lock_accounts: the accounts named, locked one by one by key in the order of their keys (COLLATE
-- "C", as before: every transaction locks accounts in one order), answered as {account: balance}.
CREATE OR REPLACE FUNCTION lock_accounts(p_ids text[], p_tracked_only boolean) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_id text;
  v_balance bigint;
  v_locked jsonb := '{}'::jsonb;
BEGIN
  FOR v_id IN
    SELECT d.k FROM (SELECT DISTINCT k FROM unnest(p_ids) AS u(k) WHERE k IS NOT NULL) d ORDER BY d.k COLLATE "C"
  LOOP
    SELECT a.balance INTO v_balance FROM ledger_accounts a
    WHERE a.id = v_id AND (a.tracked OR NOT p_tracked_only)
    FOR UPDATE;
    IF FOUND THEN
      v_locked := v_locked || jsonb_build_object(v_id, v_balance);
    END IF;
  END LOOP;
  RETURN v_locked;
END;
$$;
--> statement-breakpoint
-- earning_locks: as in migration 0019, through lock_accounts.
CREATE OR REPLACE FUNCTION earning_locks(
  p_user_id text,
  p_referred_by text,
  p_share bigint,
  p_lines jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN lock_accounts(
    ARRAY(SELECT l->>'account' FROM jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) l)
      || ARRAY['member:' || p_user_id || ':withdrawable', 'member:' || p_user_id || ':debt']
      || CASE WHEN p_share > 0 THEN ARRAY['platform:promotions', 'member:' || p_referred_by || ':withdrawable',
        'member:' || p_referred_by || ':debt'] ELSE ARRAY[]::text[] END,
    true);
END;
$$;
--> statement-breakpoint
-- ledger_post: as in migration 0013, with p_lock's accounts locked through lock_accounts, and each
-- line's account looked up by its key (OFFSET 0 keeps the per-line subquery as it is written: a
-- nested loop over the lines with the primary key's index).
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
    locked := lock_accounts(ARRAY(SELECT jsonb_array_elements_text(p_lock)), false);
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
    -- Each line's account by its key: OFFSET 0 keeps the planner from joining the whole table.
    LEFT JOIN LATERAL (
      SELECT x.id, x.tracked, x.allow_negative FROM ledger_accounts x WHERE x.id = l.account OFFSET 0
    ) a ON true
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
