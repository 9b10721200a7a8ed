import { outcomeOf } from "../../../../shared/ticTacToe";
import type { RoomView } from "../../../../shared/ticTacToeEvents";

/** Spec 2 §9: after the end the member goes back this much later. */
export const BACK_AFTER_MS = 5000;
/** Without scripts, the page reloads itself this often while the member waits for the other side. */
export const REFRESH_SECONDS = 2;

/**
 * A refused acknowledgement's words in the page's language (`localize`: the API's English), else
 * the generic failure (`failure`).
 */
export function errorOf(ack: unknown, localize: (text: string) => string, failure: string): string {
  const e = (ack as { error_msg?: unknown } | null)?.error_msg;
  return typeof e === "string" && e ? localize(e) : failure;
}

export function roomOf(payload: unknown): RoomView | null {
  const room = (payload as { msg?: { room?: unknown } } | null)?.msg?.room;
  return room && typeof room === "object" ? (room as RoomView) : null;
}

/** The winner: the server's, else the board's 8 lines, else a draw on a full board (spec 2 §4). */
export function winnerOf(room: RoomView) {
  return room.winner ?? outcomeOf(room.gameState);
}
