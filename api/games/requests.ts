import { z } from "zod";
import { DomainError } from "../lib/errors";
import type { JoinResult } from "./join";
import { GAME_MESSAGES, PRACTICE_ROOM, type RoomView } from "../../shared/ticTacToeEvents";
import type { PlayerSymbol } from "../../shared/ticTacToe";
import { parseRupeeAmount } from "../../shared/money";
import type { TicTacToeEntered, TicTacToeJoined } from "../../shared/contracts/games";

/**
 * The tic-tac-toe requests and answers, one home for both transports: the socket events
 * (api/realtime/ticTacToe.ts) and the HTTP endpoints that play without scripts (api/games/http.ts)
 * validate the same payloads and answer the same `msg`.
 */

const roomId = z
  .string({ invalid_type_error: "decodedRoomId must be text.", required_error: "decodedRoomId is required." })
  .min(1, "decodedRoomId is required.")
  .max(64, GAME_MESSAGES.roomNotFound);

/** An object of exactly these fields (an unknown field is refused, as in every API body). */
const payload = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { invalid_type_error: "Send an object.", required_error: "Send an object." }).strict();

/** 'Practice Room', or a room type's entry fee in rupees (a number or its text). */
export const JoinRequest = payload({
  type: z.union([z.string(), z.number()], {
    errorMap: () => ({ message: "type must be an entry fee or 'Practice Room'." }),
  }),
}).transform((v, ctx) => {
  if (v.type === PRACTICE_ROOM) return { practice: true as const };
  const fee = parseRupeeAmount(v.type);
  if (fee === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: GAME_MESSAGES.unknownRoomType });
    return z.NEVER;
  }
  return { practice: false as const, entryFee: fee };
});

/** Entering a room: its id, and optionally the type the lobby gave (the room must be of that type). */
export const EnterRequest = payload({
  decodedRoomId: roomId,
  decodedRoomType: z
    .union([z.string(), z.number()], {
      errorMap: () => ({ message: "decodedRoomType must be an entry fee or 'Practice Room'." }),
    })
    .optional(),
});

const cellIndex = (field: string) =>
  z
    .number({ invalid_type_error: `${field} must be 0, 1 or 2.`, required_error: `${field} is required.` })
    .int(`${field} must be 0, 1 or 2.`)
    .min(0, `${field} must be 0, 1 or 2.`)
    .max(2, `${field} must be 0, 1 or 2.`);

/** A move at (row, col), 0-based, optionally against the room `version` it was made on. */
export const MoveRequest = payload({
  decodedRoomId: roomId,
  row: cellIndex("row"),
  col: cellIndex("col"),
  version: z
    .number({ invalid_type_error: "version must be a whole number." })
    .int("version must be a whole number.")
    .nonnegative("version must be a whole number.")
    .optional(),
});

export const CancelRequest = payload({ decodedRoomId: roomId });

/** The join's answer: the type to put in the room's address, the room, and whether it was resumed. */
export const joinAnswer = (joined: JoinResult): TicTacToeJoined => ({
  type: joined.type,
  userRoom_id: joined.roomId,
  resumed: joined.resumed,
});

/** A room entered with a type other than its own is not the room the member asked for. */
export function requireRoomType(room: RoomView, decodedRoomType: string | number | undefined): void {
  if (decodedRoomType !== undefined && String(decodedRoomType) !== String(room.type))
    throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
}

/** The answer of entering a room (spec 2 §7, join_tic_tac_toe_room). */
export const enteredAnswer = (
  userId: string,
  entered: { room: RoomView; symbol: PlayerSymbol },
  availableBalance: string,
): TicTacToeEntered => ({
  userId,
  userSymbol: entered.symbol,
  room: entered.room,
  available_balance: availableBalance,
});
