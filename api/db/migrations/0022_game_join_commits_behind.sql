-- For a transaction whose COMMIT goes out behind its last statements, without waiting for their
-- answers (api/db/client.ts commitBehind; a game join, api/games/join.ts): every refusal among
-- those statements must be an error, which aborts the transaction so that the COMMIT behind them
-- ends it as a ROLLBACK. Two refusals were answers the API read before committing:
--
-- ledger_post_checked with the entry's time: as migration 0016's (a refusal raises
-- 'ledger_refused:<failure>:<account>', a debt read under its lock 'ledger_owing:<owed>'), for an
-- entry dated by the caller's clock (a game's fee, by the game's clock) and in account locks
-- given by the caller.
CREATE OR REPLACE FUNCTION ledger_post_checked(
  p_key text,
  p_kind text,
  p_user_id text,
  p_memo text,
  p_lines jsonb,
  p_earning boolean,
  p_lock jsonb,
  p_debt_account text,
  p_created_at timestamptz,
  OUT entry_id bigint,
  OUT locked jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_owed bigint;
BEGIN
  SELECT * INTO v FROM ledger_post(p_key, p_kind, p_user_id, NULL, p_memo, p_created_at, p_lines, p_earning, p_lock);
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
--> statement-breakpoint
-- migration 0016's ledger_post_checked (no entry time: the server's) is this one with its time
-- left to the server: one body for both.
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
) LANGUAGE sql AS $$
  SELECT * FROM ledger_post_checked(p_key, p_kind, p_user_id, p_memo, p_lines, p_earning, p_lock,
    p_debt_account, NULL::timestamptz);
$$;
--> statement-breakpoint
-- assert_room_at: raises 'room_moved:<room>' unless the room is at the version given: sent after a
-- room's write over the version it was read at, which answers no row when the room had moved on.
CREATE OR REPLACE FUNCTION assert_room_at(p_room_id text, p_version integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM game_rooms WHERE id = p_room_id AND version = p_version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'room_moved:%', p_room_id;
  END IF;
END;
$$;
