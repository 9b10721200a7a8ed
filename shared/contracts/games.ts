import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { Outcome, PlayerSymbol } from "../ticTacToe";
import type { LobbyRoom, RoomView } from "../ticTacToeEvents";

/**
 * The betting games' wire (docs/api/games.md): the member's hub, tic-tac-toe over HTTP (the same
 * answers as the socket events' acknowledgements) and the operators' room types, paid-rooms
 * switch and games. The room and lobby shapes, like every socket payload, live beside the events
 * in shared/ticTacToeEvents.ts; they are re-exported here.
 */

export type { LobbyRoom, RoomPlayer, RoomView } from "../ticTacToeEvents";

/** The betting hub's figures for today, IST (spec 2 §3 Betting home). */
export interface BettingHome {
  deposit_amount: string;
  today_betting_amount: string;
  today_bettings_winning_amount: string;
  today_bettings_profit_or_lose_amount: string;
  userAvailableBalance: string;
}

/** The lobby: its rooms and the member's balances (also `fetchRooms_data`'s `msg`). */
export interface TicTacToeLobby {
  otherRoomsData_get: { ticTacToe_roomsData: LobbyRoom[] };
  available_balance: string;
  deposit_amount: string;
  paid_rooms: boolean;
}

/** A join: 'Practice Room', or a room type's entry fee in rupees. */
export interface TicTacToeJoinBody {
  type: string | number;
}

/** A join's answer: the type for the room's address, the room, and whether it was resumed. */
export interface TicTacToeJoined {
  type: string | number;
  userRoom_id: string;
  resumed: boolean;
}

/** Entering a room (`join_tic_tac_toe_room`'s answer, over HTTP). */
export interface TicTacToeEntered {
  userId: string;
  userSymbol: PlayerSymbol;
  room: RoomView;
  available_balance: string;
}

/** A move at (row, col), 0-based, optionally against the room `version` it was made on. */
export interface TicTacToeMoveBody {
  decodedRoomId: string;
  row: number;
  col: number;
  version?: number;
}

/** A move's answer: the room after it. */
export interface TicTacToeMoved {
  room: RoomView;
}

/** Cancel of the opponent search (its answer is the message to show). */
export interface TicTacToeCancelBody {
  decodedRoomId: string;
}

/** A paid room type as the operators see it. */
export interface GameRoomType {
  id: string;
  name: string;
  /** The Hindi name members reading Hindi see (issue 45), "" when none. */
  name_hi: string;
  entry_fee: string;
  prize: string;
  max_players: number;
  enabled: boolean;
  sort_order: number;
}

/** GET /adminRoute/gameRoomTypes: every room type, lobby order. */
export interface GameRoomTypeList {
  records: GameRoomType[];
}

/** A room type added or changed. */
export interface GameRoomTypeSaved {
  message: string;
  roomType: GameRoomType;
}

/** A room type's fields as the console sends them (amounts as typed, in rupees). */
export interface GameRoomTypeBody {
  name: string;
  /** The Hindi name; "" or left out: none (an edit that leaves it out keeps it). */
  name_hi?: string;
  entry_fee: string;
  prize: string;
  enabled?: boolean;
  sort_order?: number;
}

/** The paid-rooms switch: on or off. */
export interface PaidRoomsBody {
  on: boolean;
}

/** GET /adminRoute/gamePaidRooms: whether paid rooms are on. */
export interface PaidRoomsState {
  on: boolean;
}

/** The switch turned: its message, the new state and how many waiting players were refunded. */
export interface PaidRoomsSwitched extends PaidRoomsState {
  message: string;
  refunded_players: number;
}

/** A game as the operators' list shows it, with its players and what its settlement moved. */
export interface OperatorGame {
  id: string;
  type_id: string;
  name: string;
  entry_fee: string;
  prize: string;
  status: RoomView["status"];
  winner: Outcome | null;
  end_reason: string | null;
  version: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  settled_at: string | null;
  players: { user_id: string; name: string; symbol: PlayerSymbol; connected: boolean }[];
  settlement: { key: string; kind: string; account: string; amount: string; at: string }[];
}

/** GET /adminRoute/games: the paid switch, the live games and one page of the ended ones. */
export interface OperatorGames {
  paid_rooms: boolean;
  live: OperatorGame[];
  recent: OperatorGame[];
  recent_pagination: Pagination;
}

export interface GameEndpoints {
  "/userIncomeRoute/user_betting_games_home_get": Endpoint<BettingHome>;
  "/userIncomeRoute/user_ticTacToe_rooms_get": Endpoint<TicTacToeLobby>;
  "/userIncomeRoute/user_ticTacToe_join_post": Endpoint<TicTacToeJoined, TicTacToeJoinBody>;
  /** Query: decodedRoomId, decodedRoomType. */
  "/userIncomeRoute/user_ticTacToe_room_get": Endpoint<TicTacToeEntered>;
  "/userIncomeRoute/user_ticTacToe_move_post": Endpoint<TicTacToeMoved, TicTacToeMoveBody>;
  "/userIncomeRoute/user_ticTacToe_cancel_post": Endpoint<string, TicTacToeCancelBody>;
  /**
   * One path, two methods: GET answers the list (GameRoomTypeList), POST adds a type and answers
   * it (GameRoomTypeSaved) — the map keys paths, not methods.
   */
  "/adminRoute/gameRoomTypes": Endpoint<GameRoomTypeList, GameRoomTypeBody, GameRoomTypeSaved>;
  [path: `/adminRoute/gameRoomTypes/${string}`]: Endpoint<GameRoomTypeSaved, Partial<GameRoomTypeBody>>;
  /** PATCH turns the switch (GET answers PaidRoomsState, the `on` alone). */
  "/adminRoute/gamePaidRooms": Endpoint<PaidRoomsState, PaidRoomsBody, PaidRoomsSwitched>;
  /** Query: limit, page. */
  "/adminRoute/games": Endpoint<OperatorGames>;
}
