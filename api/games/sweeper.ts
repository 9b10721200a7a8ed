import { asc, sql } from "drizzle-orm";
import { gamePlayers, gameRooms } from "../db/schema";
import { inTransaction, lockRoom, play, type GameDeps } from "./rooms";

/**
 * Claims rooms with a passed deadline, one transaction each (FOR UPDATE SKIP LOCKED: rooms another
 * node is working on are passed over), and acts on them. Safe to run on every node at once.
 * Answers how many rooms it acted on.
 */
export async function sweep(g: GameDeps, now: Date = g.clock(), limit = 500): Promise<number> {
  let acted = 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  for (let i = 0; i < limit; i++) {
    const changed = await inTransaction(g, async (tx, fx) => {
      const [due] = await tx
        .select({ id: gameRooms.id })
        .from(gameRooms)
        .where(
          sql`(${gameRooms.status} = 'waiting' and ${gameRooms.waitDeadline} <= ${at})
            or (${gameRooms.status} = 'playing' and (${gameRooms.turnDeadline} <= ${at}
              or exists (select 1 from ${gamePlayers} p where p.room_id = ${gameRooms.id}
                and p.active and p.reconnect_deadline <= ${at})))`,
        )
        .orderBy(asc(gameRooms.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const locked = (await lockRoom(tx, due.id))!;
      return (await play(tx, fx, locked, { type: "deadlines" }, now)).changed;
    });
    if (changed === null) break;
    if (changed) acted++;
  }
  return acted;
}
