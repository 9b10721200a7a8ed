import { parseRupees } from "../../../../shared/money";
import { PRACTICE_ROOM, type LobbyRoom } from "../../../../shared/ticTacToeEvents";
import type { LobbyData } from "~/utils/tic-tac-toe";
import type { GameAck } from "../../../../shared/contracts/realtime";

/** A dialog of the lobby: the join's confirmation, or the low-balance refusal (spec 2 §5). */
export type Dialog = { kind: "confirm"; room: LobbyRoom } | { kind: "lowBalance" };

/**
 * A refused acknowledgement's words in the page's language (`localize`: the API's English), else
 * the lobby's own failure (spec 2 §8, `failed`).
 */
export function errorOf(ack: GameAck<unknown>, localize: (text: string) => string, failed: string): string {
  return !ack.success && ack.error_msg ? localize(ack.error_msg) : failed;
}

export function isPractice(room: LobbyRoom): boolean {
  return room.type === PRACTICE_ROOM;
}

/** A paid room needs a deposit balance of at least its entry fee (spec 2 §5). */
export function canAfford(lobby: LobbyData, room: LobbyRoom): boolean {
  return isPractice(room) || parseRupees(lobby.deposit_amount) >= parseRupees(room.entryFees);
}
