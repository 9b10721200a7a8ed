import type { Board, Outcome, PlayerSymbol } from "./ticTacToe";

/**
 * Tic-tac-toe as the API and the pages share it: the socket events of spec 2 §7 (word for word),
 * the room and lobby shapes of spec 2 §3, the timers of §9 and the members' messages of §8.
 */

export const TIC_TAC_TOE_EVENTS = {
  /** Lobby → server (ack): the rooms, available_balance and deposit_amount. */
  fetchRooms: "fetchRooms_data",
  /** Lobby → server (ack): `{ type }` (entry fee in rupees, or 'Practice Room'). */
  join: "join_req_for_ticTacToe",
  /** Room page → server (ack): `{ decodedRoomId, decodedRoomType }`. */
  enterRoom: "join_tic_tac_toe_room",
  /** Room page → server (ack): `{ decodedRoomId, row, col }` (0-based), optionally `version`. */
  move: "tic_tac_toe_make_move",
  /** Room page → server (ack): `{ decodedRoomId }`: cancel the opponent search. */
  cancel: "delete_waiting_timer_document",
  /** Server → lobby: the lobby's rooms changed. */
  lobbyUpdated: "ticTacToe_out_room_updated",
  /** Server → lobby and room: the member's balances changed. */
  balanceUpdated: "user_balance_updated",
  /** Server → room: the room's authoritative state. */
  roomUpdated: "room_update_for_ticTacToe",
  /** Server → room: `{ timeLeft }` of the running timer (turn, or opponent wait). */
  timerUpdated: "ticTacToe_timer_update",
} as const;

/** register_component types of the two pages. */
export const LOBBY_COMPONENT = "ticTacToe_out_room_details";
export const ROOM_COMPONENT = "ticTacToe_in_room";

export const PRACTICE_ROOM = "Practice Room";
/** The `type_id` of practice rooms (paid rooms carry their room type's id). */
export const PRACTICE_TYPE_ID = "practice";

/** Spec 2 §9. */
export const TURN_SECONDS = 30;
export const WAIT_SECONDS = 120;
export const RECONNECT_SECONDS = 120;

export const GAME_MESSAGES = {
  lowBalance: "Low Balance: Your balance is too low to join this room.",
  cancelledRefunded: "Opponent search canceled. Entry fee refunded.",
  cancelledPractice: "Opponent search canceled.",
  paidRoomsOff: "Paid rooms are closed. The Practice Room is open.",
  unknownRoomType: "This room is not available.",
  roomNotFound: "Room not found.",
  alreadyStarted: "The game has already started.",
  alreadyEnded: "This game has already ended.",
  notStarted: "The game has not started yet.",
  gameOver: "The game is over.",
  notYourTurn: "It's not your turn.",
  badCell: "Choose a cell on the board.",
  cellTaken: "That cell is already taken.",
  timeUp: "Your time for this move ran out.",
  stale: "The board has changed: play on the latest board.",
} as const;

/** A player as the room shows them (spec 2 §3). */
export interface RoomPlayer {
  _id: string;
  name: string;
  symbol: PlayerSymbol;
  connected: boolean;
  /** Seconds left to reconnect while disconnected from a game in play; null otherwise. */
  remaining_disconnect: number | null;
}

/** The room object of spec 2 §3, plus its identity, price and version. */
export interface RoomView {
  _id: string;
  /** 'Practice Room' or the entry fee in rupees. */
  type: string | number;
  roomName: string;
  /** The room's Hindi name, "" when none: the page shows it to a Hindi reader (issue 45). */
  roomName_hi: string;
  entryFees: string;
  prize: string;
  status: "waiting" | "playing" | "finished" | "cancelled";
  version: number;
  gameState: Board;
  players: RoomPlayer[];
  max_player: number;
  currentTurn: PlayerSymbol | null;
  winner: Outcome | null;
  end_reason: string | null;
  player_turn_timeLeft: number;
  player_turn_timer: number;
  opponent_player_waiting_timeLeft: number;
}

/** The room's name in the page's language: its Hindi name for Hindi when it has one (issue 45). */
export function roomNameIn(room: Pick<RoomView, "roomName" | "roomName_hi">, language: string): string {
  return language === "hi" && room.roomName_hi ? room.roomName_hi : room.roomName;
}

/** Seconds left on a room's running timer: the opponent wait while waiting, else the turn. */
export function timeLeftOf(room: RoomView): number {
  return room.status === "waiting" ? room.opponent_player_waiting_timeLeft : room.player_turn_timeLeft;
}

/** A lobby room (spec 2 §3), plus the type to send back and the member's room to resume. */
export interface LobbyRoom {
  _id: string;
  type: string | number;
  roomName: string;
  entryFees: string;
  prize: string;
  waiting_player: number;
  maxPlayers: number;
  live_players: number;
  isAlreadyJoined: boolean;
  userRoom_id: string | null;
}
