-- ledger_post_checked: ledger_post for a statement that is its own transaction (a conversion, a
-- withdrawal request: the row and its entry in one statement, api/ledger/ledger.ts insertAndPost;
-- docs/decisions/0019-ad-claims-in-one-statement.md). Such a statement has no transaction of its
-- own to roll back, so a refusal raises, which undoes the whole statement:
--   'ledger_refused:<failure>:<account>' when ledger_post refuses a line (insufficient, unknown);
--   'ledger_owing:<milli-rupees>' when p_debt_account, read under its lock, shows a debt.
-- A duplicate key is not a refusal: entry_id is null.
CREATE OR REPLACE FUNCTION ledger_post_checked(
  p_key text,
  p_kind text,
  p_user_id text,
  p_memo text,
  p_lines jsonb,
  p_earning boolean,
  p_lock jsonb,
  p_debt_account text,
  OUT entry_id bigint,
  OUT locked jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_owed bigint;
BEGIN
  SELECT * INTO v FROM ledger_post(p_key, p_kind, p_user_id, NULL, p_memo, NULL, p_lines, p_earning, p_lock);
  IF v.failure IS NOT NULL AND v.failure <> 'duplicate' THEN
    RAISE EXCEPTION 'ledger_refused:%:%', v.failure, v.failed_account;
  END IF;
  v_owed := -coalesce((v.locked->>p_debt_account)::bigint, 0);
  IF p_debt_account IS NOT NULL AND v_owed > 0 THEN
    RAISE EXCEPTION 'ledger_owing:%', v_owed;
  END IF;
  entry_id := v.entry_id;
  locked := v.locked;
END;
$$;
