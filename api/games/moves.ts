import { GAME_MESSAGES, type RoomView } from "../../shared/ticTacToeEvents";
import type { GameRefusal } from "../../shared/ticTacToeMachine";
import { DomainError } from "../lib/errors";
import {
  playOverVersion,
  readState,
  refusal,
  roomView,
  stepOverVersion,
  type GameDeps,
  type Locked,
} from "./rooms";

/**
 * A player's move at (row, col), 0-based. With `expectedVersion`, the move applies only to that
 * version of the room (compare-and-set). A move is stored over the version it was computed on
 * (stepOverVersion): first this node's own state of the room (the usual move — the previous one
 * was stored here — is then one statement and no read); if that state was out of date, or refuses
 * the move, on the room as read; and a move that lost a race to another change is played again
 * under the room row's lock. A move after the player's turn ran out is refused and the timeout
 * acted on (committed: the timeout stands).
 */
export async function move(
  g: GameDeps,
  input: { roomId: string; userId: string; row: number; col: number; expectedVersion?: number },
): Promise<RoomView> {
  const now = g.clock();
  const event = { type: "move", ...input } as const;
  const kept = g.states.get(input.roomId);
  if (kept) {
    const outcome = await stepOverVersion(g, kept, event, now);
    // Only a change stored over the version kept is known to hold: anything else is decided on
    // the room as read.
    if (outcome && "stored" in outcome) return answer(outcome.stored, outcome.refused, now);
  }
  const seen = await readState(g.db, input.roomId);
  if (!seen) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
  // A state kept here that was out of date: another node changes this room too.
  if (kept && kept.room.version !== seen.room.version) g.states.changedElsewhere(input.roomId);
  const played = await playOverVersion(g, seen, event, now);
  return answer(played.after, played.refused, now);
}

/** The room as the move left it, or the move's refusal. */
const answer = (after: Locked, refused: GameRefusal | undefined, now: Date): RoomView => {
  if (refused) throw refusal(refused);
  return roomView(after.room, after.players, now);
};
