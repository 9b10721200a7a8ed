import type { DomainErrorCode } from "../errors";
import {
  type REGISTER_COMPONENT_EVENT,
  type TASK_WALL_BALANCE_EVENT,
  type RealtimeComponent,
  type SocketAck,
  type TaskWallBalance,
  type TaskWallBalancePush,
} from "../taskWall";
import { type TIC_TAC_TOE_EVENTS as EV, type RoomView } from "../ticTacToeEvents";
import type {
  TicTacToeCancelBody,
  TicTacToeEntered,
  TicTacToeJoinBody,
  TicTacToeJoined,
  TicTacToeLobby,
  TicTacToeMoveBody,
  TicTacToeMoved,
} from "./games";

/**
 * The socket's wire contract (spec 2 §7): every event a page emits with its payload and the
 * acknowledgement it gets, and every push the server sends. The API's socket.io server is typed by
 * these maps (api/realtime/socket.ts) and so are the pages' sockets (app/utils/socket.client.ts),
 * so a field renamed on one side and not the other fails `npm run typecheck`.
 */

export type { SocketAck, TaskWallBalancePush };

/** An acknowledgement of a game event: the answer, or the refusal in `error_msg` (spec 2 §7). */
export type GameAck<T> =
  { success: true; msg: T } | { success: false; error_msg: string; error_code: DomainErrorCode };

/** A registration's acknowledgement: done, or the refusal. */
export type RegisteredAck =
  { success: true } | { success: false; error: string; error_code: DomainErrorCode };

/** An event a page emits: its payload, and the acknowledgement the server answers with. */
type Emitted<Payload, Ack> = (payload: Payload, ack: (answer: Ack) => void) => void;

/** The member's balances after a change (the game pages' push). */
export interface BalancePush {
  success: true;
  msg: { available_balance: string; deposit_amount: string };
}

/** Page → server events (a task-wall event's refusal is in `error`: SocketAck). */
export interface ClientToServerEvents {
  /** The task-wall balance. */
  [TASK_WALL_BALANCE_EVENT]: Emitted<{ success: true }, SocketAck<TaskWallBalance>>;
  /** The pushes of one page component (the task walls, the game lobby or room). */
  [REGISTER_COMPONENT_EVENT]: Emitted<{ type: RealtimeComponent }, RegisteredAck>;
  /** The lobby's rooms and balances. */
  [EV.fetchRooms]: Emitted<{ success: true }, GameAck<TicTacToeLobby>>;
  /** A seat in a room of the type (entry fee, or 'Practice Room'). */
  [EV.join]: Emitted<TicTacToeJoinBody, GameAck<TicTacToeJoined>>;
  /** Into the room page's game: the player's symbol and the room. */
  [EV.enterRoom]: Emitted<
    { decodedRoomId: string; decodedRoomType?: string | number },
    GameAck<TicTacToeEntered>
  >;
  /** A move; answered with the room after it. */
  [EV.move]: Emitted<TicTacToeMoveBody, GameAck<TicTacToeMoved>>;
  /** The opponent search cancelled; answered with the message to show. */
  [EV.cancel]: Emitted<TicTacToeCancelBody, GameAck<string>>;
}

/** Server → page pushes. */
export interface ServerToClientEvents {
  [TASK_WALL_BALANCE_EVENT]: (push: TaskWallBalancePush) => void;
  /** The lobby's rooms changed: ask for them again. */
  [EV.lobbyUpdated]: (push: { success: true }) => void;
  [EV.balanceUpdated]: (push: BalancePush) => void;
  /** The room's authoritative state. */
  [EV.roomUpdated]: (push: { success: true; msg: { room: RoomView } }) => void;
  /** Seconds left on the room's running timer (turn, or opponent wait). */
  [EV.timerUpdated]: (push: { timeLeft: number }) => void;
}

/** An event a page emits. */
export type ClientEvent = keyof ClientToServerEvents;
/** What a page sends with `E`. */
export type PayloadOf<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
/** What the server acknowledges `E` with. */
export type AckOf<E extends ClientEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];
/** A push the server sends. */
export type PushEvent = keyof ServerToClientEvents;
/** What the server pushes with `E`. */
export type PushOf<E extends PushEvent> = Parameters<ServerToClientEvents[E]>[0];
