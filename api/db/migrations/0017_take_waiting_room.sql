-- take_waiting_room: the oldest room of a type waiting for an opponent, locked, without waiting for
-- rooms other transactions hold (api/games/join.ts). A plain `… LIMIT 1 FOR UPDATE SKIP LOCKED`
-- keeps the lock of every row it locked and then passed over because, re-read, it had left
-- 'waiting' (another join's claim had just committed): a join that found nothing went on to wait
-- for its type's lock still holding such a room, while the type lock's holder waited for that room
-- (a deadlock, seen in bench:games), and the room's own moves waited behind the join. Here the
-- search runs in a block that is always undone (a subtransaction: its locks go with it), and only
-- the room it chose is then locked, again without waiting and undone unless taken; taken by
-- another join meanwhile, the search runs again (up to 5 times, then the join opens a room).
CREATE OR REPLACE FUNCTION take_waiting_room(p_type_id text) RETURNS SETOF game_rooms
LANGUAGE plpgsql AS $$
DECLARE
  v_id text;
  v_room game_rooms;
BEGIN
  FOR attempt IN 1..5 LOOP
    v_id := NULL;
    BEGIN
      SELECT r.id INTO v_id FROM game_rooms r
      WHERE r.type_id = p_type_id AND r.status = 'waiting'
      ORDER BY r.created_at, r.id
      LIMIT 1
      FOR UPDATE SKIP LOCKED;
      RAISE EXCEPTION USING ERRCODE = 'no_data_found';
    EXCEPTION WHEN no_data_found THEN
      NULL;
    END;
    IF v_id IS NULL THEN
      RETURN;
    END IF;
    -- Kept when taken; undone too when the room has left 'waiting' since (its lock with it).
    BEGIN
      SELECT * INTO v_room FROM game_rooms r
      WHERE r.id = v_id AND r.status = 'waiting'
      FOR UPDATE SKIP LOCKED;
      IF FOUND THEN
        RETURN NEXT v_room;
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'no_data_found';
    EXCEPTION WHEN no_data_found THEN
      NULL;
    END;
  END LOOP;
END $$;
