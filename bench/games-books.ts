import { rowsOf, type Db } from "../api/db/client";
import { gameEscrowTotal } from "../api/games/escrow";

/**
 * The books after a games run (bench/games.ts), read with the node stopped: the game escrows hold
 * exactly the fees of the seats still live, each room's escrow its own live seats' fees (ADR 0016),
 * and every paid win has its prize entry. Prints them; false when they do not add up.
 */
export async function checkGameBooks(db: Db): Promise<boolean> {
  const escrow = await gameEscrowTotal(db);
  const [off] = rowsOf<{ n: number }>(
    await db.execute(
      `select count(*)::int as n from ledger_accounts a
         left join (select p.room_id, sum(r.entry_fee) as held from game_players p
                    join game_rooms r on r.id = p.room_id where p.active group by p.room_id) s
           on a.id = 'game:' || s.room_id || ':escrow'
       where a.kind = 'game_escrow' and a.balance <> coalesce(s.held, 0)`,
    ),
  );
  const roomsOff = Number(off?.n ?? 0);
  const [live] = rowsOf<{ held: string }>(
    await db.execute(
      `select coalesce(sum(r.entry_fee), 0)::bigint as held from game_players p join game_rooms r on r.id = p.room_id where p.active`,
    ),
  );
  const held = Number(live?.held ?? 0);
  const [s] = rowsOf<{ wins: number; prizes: number }>(
    await db.execute(
      `select (select count(*) from game_rooms where status = 'finished' and winner in ('X', 'O') and entry_fee > 0)::int as wins,
              (select count(*) from journal_entries where kind = 'bettingGames')::int as prizes`,
    ),
  );
  const wins = Number(s?.wins ?? 0);
  const prizes = Number(s?.prizes ?? 0);
  console.log(
    `\ngame escrows ${escrow} milli-rupees, fees of live seats ${held} → ${escrow === held ? "OK" : "MISMATCH"}; rooms whose escrow is not their live seats' fees: ${roomsOff}; paid wins ${wins}, prize entries ${prizes} → ${wins === prizes ? "OK" : "MISMATCH"}`,
  );
  return escrow === held && roomsOff === 0 && wins === prizes;
}
