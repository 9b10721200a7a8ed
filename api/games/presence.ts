import { GAME_MESSAGES, type RoomView } from "../../shared/ticTacToeEvents";
import type { PlayerSymbol } from "../../shared/ticTacToe";
import { DomainError } from "../lib/errors";
import { inTransaction, lockRoom, play, playOverVersion, readState, roomView, type GameDeps } from "./rooms";

/** A player's presence in a room: entering it (and coming back), and the last connection going. */

/**
 * A player opens (or reopens) the room: answers the room and the member's symbol. With
 * `reconnect` (the socket's join, the default) a player who was disconnected is connected again
 * and the reconnect countdown stops (on their turn, the turn timer goes on from what was left of
 * it); a plain read of the room (the page's data over HTTP, which a page whose socket is gone may
 * still make) leaves the presence as it is. Passed deadlines are acted on first, either way.
 */
export async function enterRoom(
  g: GameDeps,
  roomId: string,
  userId: string,
  opts: { reconnect?: boolean } = {},
): Promise<{ room: RoomView; symbol: PlayerSymbol }> {
  const reconnect = opts.reconnect ?? true;
  const now = g.clock();
  const event = reconnect ? ({ type: "reconnect", userId } as const) : ({ type: "deadlines" } as const);
  // The room as read: most often a player already present, nothing to change and nothing locked.
  const seen = await readState(g.db, roomId);
  const symbol = seen?.players.find((p) => p.userId === userId)?.symbol;
  if (!seen || !symbol) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
  const { after } = await playOverVersion(g, seen, event, now);
  return { room: roomView(after.room, after.players, now), symbol };
}

/**
 * The member's last connection to a game in play is gone: the reconnect countdown starts from
 * what is left of the member's disconnect budget for this game (RECONNECT_SECONDS in all, however
 * many times they drop); when it passes, the member loses — at once when the budget is spent.
 * While the player to move is away their turn timer stops (the countdown governs them instead):
 * the time it had left is kept and given back, not reset, when they return.
 */
export async function disconnect(g: GameDeps, roomId: string, userId: string): Promise<void> {
  const now = g.clock();
  await inTransaction(g, async (tx, fx) => {
    const locked = await lockRoom(tx, roomId);
    if (!locked?.players.some((p) => p.userId === userId)) return;
    await play(tx, fx, locked, { type: "disconnect", userId }, now);
  });
}
