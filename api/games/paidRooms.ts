import { and, asc, eq, sql } from "drizzle-orm";
import { gameRooms } from "../db/schema";
import { gamesPaidRooms, setGamesPaidRooms } from "../site/settings";
import { recordAudit } from "../site/audit";
import { PAID_SWITCH_LOCK, inTransaction, lockRoom, play, type GameDeps } from "./rooms";

/**
 * Turns paid rooms on or off, audited. Off: every room waiting for an opponent in a paid type is
 * closed and its fee refunded, in the same transaction. The exclusive lock waits for paid joins
 * in flight and holds off new ones until the switch has committed, so none slips in between.
 * Answers how many waiting players were refunded.
 */
export async function setPaidRooms(g: GameDeps, actorUserId: string, on: boolean): Promise<number> {
  const now = g.clock();
  return inTransaction(g, async (tx, fx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAID_SWITCH_LOCK})`);
    const before = await gamesPaidRooms(tx, g.nodeEnv);
    await setGamesPaidRooms(tx, on);
    await recordAudit(tx, {
      actorUserId,
      action: "games.paid_rooms",
      target: "settings:games_paid_rooms",
      before: { on: before },
      after: { on },
    });
    fx.lobby = true;
    if (on) return 0;
    const waiting = await tx
      .select({ id: gameRooms.id })
      .from(gameRooms)
      .where(and(eq(gameRooms.status, "waiting"), sql`${gameRooms.entryFee} > 0`))
      .orderBy(asc(gameRooms.id));
    let refunded = 0;
    for (const { id } of waiting) {
      const locked = (await lockRoom(tx, id))!;
      const { changed } = await play(tx, fx, locked, { type: "paidRoomsOff" }, now);
      if (changed) refunded += locked.players.length;
    }
    return refunded;
  });
}
