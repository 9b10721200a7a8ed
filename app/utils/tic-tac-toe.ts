/** Addresses and payload readers the betting-games pages share (spec 2 §2, §3). */
import type { LobbyRoom, RoomView } from "../../shared/ticTacToeEvents";
import type { TicTacToeLobby } from "../../shared/contracts/games";
import type { GameAck } from "../../shared/contracts/realtime";
import { step } from "../../shared/ticTacToeMachine";

export const HUB_PATH = "/member/betting-games";
export const LOBBY_PATH = "/member/betting-games/tic-tac-toe";

/** UTF-8 text → base64 (the room address carries its id and type this way, spec 2 §2). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** base64 → UTF-8 text, or null when it is not base64. */
export function fromBase64(b64: string): string | null {
  try {
    const bin = atob(b64);
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** `/member/betting-games/tic-tac-toe/play/{roomId}?type=…`, both base64. */
export function roomPath(roomId: string, type: string | number): string {
  return `${LOBBY_PATH}/play/${encodeURIComponent(toBase64(roomId))}?type=${encodeURIComponent(
    toBase64(String(type)),
  )}`;
}

/** The lobby as the page holds it: the contract's answer with its rooms lifted out. */
export type LobbyData = { rooms: LobbyRoom[] } & Omit<TicTacToeLobby, "otherRoomsData_get">;

/** The `fetchRooms_data` acknowledgement's lobby (or the rooms read's), or null when it was refused. */
export function readLobby(ack: GameAck<TicTacToeLobby>): LobbyData | null {
  if (!ack.success) return null;
  const { otherRoomsData_get, ...rest } = ack.msg;
  return { rooms: otherRoomsData_get.ticTacToe_roomsData, ...rest };
}

/**
 * The room after the member's move at (row, col), 0-based, to show at once before the server's
 * answer: the game machine's own move, on the room as the page has it (the server's update then
 * replaces it). Null when the machine refuses the move. The clocks stay the server's.
 */
export function optimisticMove(
  room: RoomView,
  userId: string,
  row: number,
  col: number,
  now: Date,
): RoomView | null {
  const next = step(
    {
      room: {
        status: room.status,
        board: room.gameState,
        currentTurn: room.currentTurn,
        winner: room.winner,
        endReason: room.end_reason,
        version: room.version,
        turnDeadline: null,
        pausedTurnMs: null,
        waitDeadline: null,
        startedAt: null,
        finishedAt: null,
      },
      players: room.players.map((p) => ({
        userId: p._id,
        symbol: p.symbol,
        active: true,
        connected: p.connected,
        reconnectDeadline: null,
        disconnectBudgetMs: 0,
      })),
    },
    { type: "move", userId, row, col, expectedVersion: room.version },
    now,
  );
  if (next.refused) return null;
  return {
    ...room,
    status: next.room.status,
    gameState: next.room.board,
    currentTurn: next.room.currentTurn,
    winner: next.room.winner,
    end_reason: next.room.endReason,
  };
}
