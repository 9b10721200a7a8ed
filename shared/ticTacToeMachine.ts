import type { DomainErrorCode } from "./errors";
import { applyMove, emptyBoard, type Board, type Outcome, type PlayerSymbol } from "./ticTacToe";
import { GAME_MESSAGES, RECONNECT_SECONDS, TURN_SECONDS, WAIT_SECONDS } from "./ticTacToeEvents";

/**
 * Tic-tac-toe's room as a pure machine (boardgame.io's reducer, without its queue):
 * `(room, players, event, now) → (room, players, effects)` or a refusal. It knows the seats, the
 * turns, the deadlines, the disconnect budget and the finish; it knows nothing of rows, locks or
 * money. The room module (api/games/ticTacToe.ts) keeps the row lock and the version check and
 * stores what it answers; settlement turns its effects into ledger entries; the room page's
 * optimistic move calls the same `move`.
 */

export type RoomStatus = "waiting" | "playing" | "finished" | "cancelled";

/** What the machine needs of a room. */
export interface GameRoom {
  status: RoomStatus;
  board: Board;
  currentTurn: PlayerSymbol | null;
  winner: Outcome | null;
  /** Why it ended: line, draw, turn_timeout, disconnect, cancelled, wait_expired, paid_rooms_off. */
  endReason: string | null;
  /** Bumped by every change, so a move against a stale room is refused. */
  version: number;
  turnDeadline: Date | null;
  /** While the player to move is away their turn clock stands still: what was left of it (ms). */
  pausedTurnMs: number | null;
  waitDeadline: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** What the machine needs of a seat. */
export interface GamePlayer {
  userId: string;
  symbol: PlayerSymbol;
  /** The seat is live (false once the room has closed). */
  active: boolean;
  connected: boolean;
  reconnectDeadline: Date | null;
  /** What is left of the player's disconnect budget for this game (ms). */
  disconnectBudgetMs: number;
}

export type GameEvent =
  /** A member takes the next seat of a waiting room (X, then O); the second seat starts the game. */
  | { type: "seat"; userId: string }
  | { type: "move"; userId: string; row: number; col: number; expectedVersion?: number }
  /** The member's last connection to the game is gone. */
  | { type: "disconnect"; userId: string }
  /** The member's socket (re)opened the room. */
  | { type: "reconnect"; userId: string }
  /** The member cancels the opponent search. */
  | { type: "cancel"; userId: string }
  /** Paid rooms were switched off: a waiting room closes. */
  | { type: "paidRoomsOff" }
  /** Act on whatever deadlines have passed (the sweeper, a plain read). */
  | { type: "deadlines" };

export type GameEffect =
  /** Take the entry fee of a new seat. */
  | { type: "charge"; userId: string }
  /** Give a seat's entry fee back (a room closed before its game). */
  | { type: "refund"; userId: string }
  /** A game ended with this outcome: its money moves (prize and revenue, or refunds on a draw). */
  | { type: "settle"; outcome: Outcome }
  /** The room changed: tell its players. */
  | { type: "announce" }
  /** The lobby's counts changed. */
  | { type: "lobby" };

export interface GameState {
  room: GameRoom;
  players: GamePlayer[];
}

export type GameRefusalCode = Extract<DomainErrorCode, "not_found" | "conflict" | "game_move_refused">;

export interface GameRefusal {
  code: GameRefusalCode;
  message: string;
}

/**
 * The next state and its effects. With `refused`, the event did not apply; the state may still
 * have changed (a move after its deadline: the timeout stands) and is to be stored all the same.
 */
export interface GameStep extends GameState {
  effects: GameEffect[];
  /** The state changed (to be stored). */
  changed: boolean;
  refused?: GameRefusal;
}

const TURN_MS = TURN_SECONDS * 1000;
export const DISCONNECT_BUDGET_MS = RECONNECT_SECONDS * 1000;

const at = (now: Date, ms: number) => new Date(now.getTime() + ms);
const isDue = (d: Date | null, now: Date) => d !== null && d.getTime() <= now.getTime();

const unchanged = (s: GameState, refused?: GameRefusal): GameStep => ({
  ...s,
  effects: [],
  changed: false,
  ...(refused ? { refused } : {}),
});

const refuse = (s: GameState, code: GameRefusalCode, message: string) => unchanged(s, { code, message });

/** A new room waiting for its first seat: the opponent wait runs from now. */
export function openRoom(now: Date): GameRoom {
  return {
    status: "waiting",
    board: emptyBoard(),
    currentTurn: null,
    winner: null,
    endReason: null,
    version: 0,
    turnDeadline: null,
    pausedTurnMs: null,
    waitDeadline: at(now, WAIT_SECONDS * 1000),
    startedAt: null,
    finishedAt: null,
  };
}

/** Closes a room: no deadlines left, every seat freed; announced to its players and the lobby. */
function close(
  s: GameState,
  end: { status: "finished" | "cancelled"; winner: Outcome | null; endReason: string; board?: Board },
  now: Date,
  money: GameEffect[],
): GameStep {
  return {
    room: {
      ...s.room,
      status: end.status,
      winner: end.winner,
      endReason: end.endReason,
      board: end.board ?? s.room.board,
      currentTurn: null,
      turnDeadline: null,
      pausedTurnMs: null,
      waitDeadline: null,
      finishedAt: now,
      version: s.room.version + 1,
    },
    players: s.players.map((p) => ({ ...p, active: false, reconnectDeadline: null })),
    effects: [...money, { type: "announce" }, { type: "lobby" }],
    changed: true,
  };
}

/** Ends a game in play with `outcome`; its money settles. */
const finish = (s: GameState, outcome: Outcome, endReason: string, now: Date, board?: Board) =>
  close(s, { status: "finished", winner: outcome, endReason, board }, now, [{ type: "settle", outcome }]);

/** Ends a room still waiting for an opponent; each seat's fee goes back. */
const cancelWaiting = (s: GameState, endReason: string, now: Date) =>
  close(
    s,
    { status: "cancelled", winner: null, endReason },
    now,
    s.players.map((p) => ({ type: "refund", userId: p.userId })),
  );

/**
 * Acts on the deadlines passed by `now`: an opponent wait ends (refunds), a turn runs out (that
 * player loses), a disconnected player's reconnect time runs out (loses; the earlier deadline
 * first). Answers null when none has passed.
 */
export function actOnDeadlines(s: GameState, now: Date): GameStep | null {
  const { room, players } = s;
  if (room.status === "waiting" && isDue(room.waitDeadline, now))
    return cancelWaiting(s, "wait_expired", now);
  if (room.status !== "playing") return null;
  const losers: { symbol: PlayerSymbol; at: number; reason: string }[] = [];
  if (room.currentTurn && isDue(room.turnDeadline, now))
    losers.push({ symbol: room.currentTurn, at: room.turnDeadline!.getTime(), reason: "turn_timeout" });
  for (const p of players)
    if (p.active && isDue(p.reconnectDeadline, now))
      losers.push({ symbol: p.symbol, at: p.reconnectDeadline!.getTime(), reason: "disconnect" });
  const first = losers.sort((a, b) => a.at - b.at || a.symbol.localeCompare(b.symbol) * -1)[0];
  if (!first) return null;
  return finish(s, first.symbol === "X" ? "O" : "X", first.reason, now);
}

/**
 * A disconnected player is back: the countdown stops and the time spent away comes off their
 * disconnect budget. The deadline was the moment of the disconnect plus the budget left then, so
 * what remains is the time to the deadline (deadlines are acted on first, so it is above zero).
 */
function present(p: GamePlayer, now: Date): GamePlayer {
  const budget = p.reconnectDeadline
    ? Math.max(0, p.reconnectDeadline.getTime() - now.getTime())
    : p.disconnectBudgetMs;
  return { ...p, connected: true, reconnectDeadline: null, disconnectBudgetMs: budget };
}

const withPlayer = (players: GamePlayer[], next: GamePlayer) =>
  players.map((p) => (p.userId === next.userId ? next : p));

function seat(s: GameState, userId: string, now: Date): GameStep {
  if (s.room.status !== "waiting")
    return refuse(
      s,
      "conflict",
      s.room.status === "playing" ? GAME_MESSAGES.alreadyStarted : GAME_MESSAGES.alreadyEnded,
    );
  if (s.players.some((p) => p.userId === userId)) return unchanged(s);
  const symbol: PlayerSymbol = s.players.length === 0 ? "X" : "O";
  const players = [
    ...s.players,
    {
      userId,
      symbol,
      active: true,
      connected: true,
      reconnectDeadline: null,
      disconnectBudgetMs: DISCONNECT_BUDGET_MS,
    },
  ];
  const charge: GameEffect = { type: "charge", userId };
  if (symbol === "X") return { room: s.room, players, effects: [charge, { type: "lobby" }], changed: true };
  return {
    room: {
      ...s.room,
      status: "playing",
      currentTurn: "X",
      turnDeadline: at(now, TURN_MS),
      waitDeadline: null,
      startedAt: now,
      version: s.room.version + 1,
    },
    players,
    effects: [charge, { type: "announce" }, { type: "lobby" }],
    changed: true,
  };
}

const MOVE_REFUSALS = {
  game_over: GAME_MESSAGES.gameOver,
  not_your_turn: GAME_MESSAGES.notYourTurn,
  bad_cell: GAME_MESSAGES.badCell,
  cell_taken: GAME_MESSAGES.cellTaken,
} as const;

/**
 * A player's move at (row, col), 0-based. With `expectedVersion`, only against that version of
 * the room. A move after a deadline passed is refused, and the deadline acted on.
 */
function move(
  s: GameState,
  e: { userId: string; row: number; col: number; expectedVersion?: number },
  now: Date,
): GameStep {
  const me = s.players.find((p) => p.userId === e.userId);
  if (!me) return refuse(s, "not_found", GAME_MESSAGES.roomNotFound);
  const timedOut = actOnDeadlines(s, now);
  if (timedOut) return { ...timedOut, refused: { code: "game_move_refused", message: GAME_MESSAGES.timeUp } };
  const { room } = s;
  if (room.status === "waiting") return refuse(s, "game_move_refused", GAME_MESSAGES.notStarted);
  if (room.status !== "playing") return refuse(s, "game_move_refused", GAME_MESSAGES.gameOver);
  if (e.expectedVersion !== undefined && e.expectedVersion !== room.version)
    return refuse(s, "game_move_refused", GAME_MESSAGES.stale);
  const result = applyMove(room.board, room.currentTurn ?? "X", me.symbol, e.row, e.col);
  if (!result.ok) return refuse(s, "game_move_refused", MOVE_REFUSALS[result.reason]);
  // A player who moves is present, whatever their socket did (a page without scripts has none).
  const players = me.connected ? s.players : withPlayer(s.players, present(me, now));
  if (result.outcome)
    return finish(
      { room, players },
      result.outcome,
      result.outcome === "draw" ? "draw" : "line",
      now,
      result.board,
    );
  // The next player's turn: a full one, running now, or kept whole until they are back.
  const nextPresent = players.find((p) => p.symbol === result.nextTurn)?.connected;
  return {
    room: {
      ...room,
      board: result.board,
      currentTurn: result.nextTurn,
      turnDeadline: nextPresent ? at(now, TURN_MS) : null,
      pausedTurnMs: nextPresent ? null : TURN_MS,
      version: room.version + 1,
    },
    players,
    effects: [{ type: "announce" }],
    changed: true,
  };
}

/**
 * The member's last connection is gone: the reconnect countdown starts from what is left of
 * their disconnect budget (when it passes they lose, at once when it is spent). While the player
 * to move is away their turn timer stops: what it had left is kept for their return.
 */
function disconnect(s: GameState, me: GamePlayer, now: Date): GameStep {
  if (s.room.status !== "playing" || !me.connected) return unchanged(s);
  const { room } = s;
  const paused = room.currentTurn === me.symbol && room.turnDeadline;
  return {
    room: {
      ...room,
      version: room.version + 1,
      ...(paused
        ? { turnDeadline: null, pausedTurnMs: Math.max(0, room.turnDeadline!.getTime() - now.getTime()) }
        : {}),
    },
    players: withPlayer(s.players, {
      ...me,
      connected: false,
      reconnectDeadline: at(now, me.disconnectBudgetMs),
    }),
    effects: [{ type: "announce" }],
    changed: true,
  };
}

/** A disconnected player is back: on their turn, the turn timer goes on from what it had left. */
function reconnect(s: GameState, me: GamePlayer, now: Date): GameStep {
  if (s.room.status !== "playing" || me.connected) return unchanged(s);
  const { room } = s;
  return {
    room: {
      ...room,
      version: room.version + 1,
      ...(room.currentTurn === me.symbol
        ? { turnDeadline: at(now, room.pausedTurnMs ?? TURN_MS), pausedTurnMs: null }
        : {}),
    },
    players: withPlayer(s.players, present(me, now)),
    effects: [{ type: "announce" }],
    changed: true,
  };
}

/** Cancel while waiting for an opponent; refused once the game has started. */
function cancel(s: GameState, userId: string, now: Date): GameStep {
  if (!s.players.some((p) => p.userId === userId)) return refuse(s, "not_found", GAME_MESSAGES.roomNotFound);
  if (s.room.status === "playing") return refuse(s, "conflict", GAME_MESSAGES.alreadyStarted);
  if (s.room.status !== "waiting") return refuse(s, "conflict", GAME_MESSAGES.alreadyEnded);
  // The wait ran out just now: the room closes and refunds, which is what was asked.
  return cancelWaiting(s, isDue(s.room.waitDeadline, now) ? "wait_expired" : "cancelled", now);
}

/** The machine: one event applied to a room and its seats at `now`. */
export function step(state: GameState, event: GameEvent, now: Date): GameStep {
  switch (event.type) {
    case "seat":
      return seat(state, event.userId, now);
    case "move":
      return move(state, event, now);
    case "cancel":
      return cancel(state, event.userId, now);
    case "paidRoomsOff":
      return state.room.status === "waiting" ? cancelWaiting(state, "paid_rooms_off", now) : unchanged(state);
    case "deadlines":
      return actOnDeadlines(state, now) ?? unchanged(state);
    case "disconnect":
    case "reconnect": {
      const me = state.players.find((p) => p.userId === event.userId);
      if (!me) return refuse(state, "not_found", GAME_MESSAGES.roomNotFound);
      const acted = actOnDeadlines(state, now);
      if (acted) return acted;
      return event.type === "disconnect" ? disconnect(state, me, now) : reconnect(state, me, now);
    }
  }
}
