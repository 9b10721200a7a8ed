import { outcomeOf } from "../../../../shared/ticTacToe";
import type { RoomView } from "../../../../shared/ticTacToeEvents";
import type { GameAck } from "../../../../shared/contracts/realtime";

/** Spec 2 §9: after the end the member goes back this much later. */
export const BACK_AFTER_MS = 5000;
/** Without scripts, the page reloads itself this often while the member waits for the other side. */
export const REFRESH_SECONDS = 2;

/**
 * A refused acknowledgement's words in the page's language (`localize`: the API's English), else
 * the generic failure (`failure`).
 */
export function errorOf(ack: GameAck<unknown>, localize: (text: string) => string, failure: string): string {
  return !ack.success && ack.error_msg ? localize(ack.error_msg) : failure;
}

/** The room an acknowledgement or a push carries (none in a refusal). */
export function roomOf(answer: GameAck<{ room: RoomView }>): RoomView | null {
  return answer.success ? answer.msg.room : null;
}

/** The winner: the server's, else the board's 8 lines, else a draw on a full board (spec 2 §4). */
export function winnerOf(room: RoomView) {
  return room.winner ?? outcomeOf(room.gameState);
}
