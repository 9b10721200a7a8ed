import { GAME_MESSAGES, type RoomView } from "../../shared/ticTacToeEvents";
import type { GameRefusal } from "../../shared/ticTacToeMachine";
import { DomainError } from "../lib/errors";
import { inTransaction, lockRoom, play, refusal, roomView, type GameDeps } from "./rooms";

/**
 * A player's move at (row, col), 0-based, under the room row's lock. With `expectedVersion`, the
 * move applies only to that version of the room (compare-and-set). A move after the player's
 * turn ran out is refused and the timeout acted on (committed: the timeout stands).
 */
export async function move(
  g: GameDeps,
  input: { roomId: string; userId: string; row: number; col: number; expectedVersion?: number },
): Promise<RoomView> {
  const now = g.clock();
  const outcome = await inTransaction(
    g,
    async (tx, fx): Promise<{ view: RoomView } | { refused: GameRefusal }> => {
      const locked = await lockRoom(tx, input.roomId);
      if (!locked) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
      const { after, refused } = await play(tx, fx, locked, { type: "move", ...input }, now);
      if (refused) return { refused };
      return { view: roomView(after.room, after.players, now) };
    },
  );
  if ("refused" in outcome) throw refusal(outcome.refused);
  return outcome.view;
}
