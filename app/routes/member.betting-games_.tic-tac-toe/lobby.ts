import { parseRupees } from "../../../shared/money";
import { PRACTICE_ROOM, type LobbyRoom } from "../../../shared/ticTacToeEvents";
import type { LobbyData } from "~/utils/tic-tac-toe";

/** Spec 2 §8, the lobby's messages. */
export const FAILED = "Error: Something went wrong. Please try again.";
export const UNEXPECTED = "An unexpected error occurred.";

/** A dialog of the lobby: the join's confirmation, or the low-balance refusal (spec 2 §5). */
export type Dialog = { kind: "confirm"; room: LobbyRoom } | { kind: "lowBalance" };

export function errorOf(ack: unknown): string {
  const e = (ack as { error_msg?: unknown } | null)?.error_msg;
  return typeof e === "string" && e ? e : FAILED;
}

export function isPractice(room: LobbyRoom): boolean {
  return room.type === PRACTICE_ROOM;
}

/** A paid room needs a deposit balance of at least its entry fee (spec 2 §5). */
export function canAfford(lobby: LobbyData, room: LobbyRoom): boolean {
  return isPractice(room) || parseRupees(lobby.deposit_amount) >= parseRupees(room.entryFees);
}
