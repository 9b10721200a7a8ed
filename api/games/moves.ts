import { GAME_MESSAGES, type RoomView } from "../../shared/ticTacToeEvents";
import type { GameRefusal } from "../../shared/ticTacToeMachine";
import { DomainError } from "../lib/errors";
import {
  inTransaction,
  lockRoom,
  moveOverVersion,
  play,
  readState,
  refusal,
  roomView,
  type GameDeps,
  type Locked,
} from "./rooms";

/**
 * A player's move at (row, col), 0-based. With `expectedVersion`, the move applies only to that
 * version of the room (compare-and-set). A move is stored over the version read
 * (moveOverVersion): one statement when it changes the room row alone, one transaction led by
 * the room's write when it moves money or a seat. A move that lost a race to another change is
 * played again under the room row's lock. A move after the player's turn ran out is refused and
 * the timeout acted on (committed: the timeout stands).
 */
export async function move(
  g: GameDeps,
  input: { roomId: string; userId: string; row: number; col: number; expectedVersion?: number },
): Promise<RoomView> {
  const now = g.clock();
  const event = { type: "move", ...input } as const;
  const seen = await readState(g.db, input.roomId);
  if (!seen) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
  const outcome =
    (await moveOverVersion(g, seen, event, now)) ??
    (await inTransaction(g, async (tx, fx): Promise<{ after: Locked } | { refused: GameRefusal }> => {
      const locked = await lockRoom(tx, input.roomId);
      if (!locked) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
      const { after, refused } = await play(tx, fx, locked, event, now);
      return refused ? { refused } : { after };
    }));
  if ("refused" in outcome) throw refusal(outcome.refused);
  return roomView(outcome.after.room, outcome.after.players, now);
}
