import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { gamePlayers } from "../db/schema";
import type { Board } from "../../shared/ticTacToe";
import {
  GAME_MESSAGES,
  PRACTICE_ROOM,
  PRACTICE_TYPE_ID,
  TURN_SECONDS,
  type RoomView,
} from "../../shared/ticTacToeEvents";
import {
  step,
  type GameEvent,
  type GamePlayer,
  type GameRefusal,
  type GameState,
  type GameStep,
} from "../../shared/ticTacToeMachine";
import { milliToRupeeString } from "../../shared/money";
import { DomainError } from "../lib/errors";
import { together } from "../db/errors";
import { settleEffect } from "./settlement";
import { afterGameSettled } from "../risk/policy";
import { log } from "../../shared/log.server";
import type { InFlight } from "../lib/inFlight";
import type { RoomStates } from "./roomStates";
import {
  gameRoomOf,
  isClosed,
  lockRoom,
  readState,
  writeRoom,
  writeRoomOnly,
  type Locked,
  type PlayerRow,
  type RoomRow,
} from "./roomRows";

export { lockRoom, readState, type Locked, type PlayerRow, type RoomRow };

/**
 * Tic-tac-toe rooms (issue 9): storage and settlement around the game's machine. The rules — seats,
 * turns, deadlines, the disconnect budget, the finish — are the pure machine of
 * shared/ticTacToeMachine.ts (on the board rules of shared/ticTacToe.ts); this module feeds it the
 * room row, which is the game's single authority on every node (ARCHITECTURE §10), and stores
 * what it answers:
 *
 * - every change to a room is written only over the version it was read at, so two moves at
 *   once, or a move against a stale version, cannot both apply; a change that moves money or
 *   touches a seat happens in one transaction holding the room row's lock — taken first (FOR
 *   UPDATE), or, for a move, by the room's write over the version it read (stepOverVersion) —
 *   and a move that changes the room row alone is that one write;
 * - every deadline (opponent wait, turn, reconnect) is a column; whoever touches the room next —
 *   a move, a rejoin, or the sweeper on any node claiming due rooms with FOR UPDATE SKIP LOCKED —
 *   has the machine act on the deadlines that have passed, by the injected clock;
 * - the machine's money effects (a fee, a refund, a settlement) become ledger entries
 *   (settlement.ts) in the same transaction as the state they belong to, each under a
 *   unique ledger key: an entry fee once per seat, a refund once per seat, the prize and the
 *   revenue once per game.
 *
 * It talks to the sockets only through the GameNotifier it is given, after its transaction
 * commits (no socket.io here).
 *
 * This file is the storage every change goes through; the changes themselves are join.ts (seats
 * and the search's cancel), presence.ts (entering and leaving), moves.ts, sweeper.ts (deadlines),
 * paidRooms.ts (the switch) and lobby.ts (the reads).
 */

/** What the room module tells the transport after a change has committed. */
export interface GameNotifier {
  /** A room's new state, for its players' room pages. */
  room(view: RoomView, playerIds: string[]): void;
  /** The lobby's counts changed (a seat taken or freed, a game started or ended, a type edited). */
  lobby(): void;
  /** A member's balances changed (a fee, a refund, a prize). */
  balance(userId: string): void;
}

export const NO_GAME_NOTIFIER: GameNotifier = { room: () => {}, lobby: () => {}, balance: () => {} };

export interface GameDeps {
  db: Db;
  clock: () => Date;
  notifier: GameNotifier;
  /** NODE_ENV: the paid-rooms switch's default (off in production until an operator turns it on). */
  nodeEnv: string;
  /** The process's work in flight: what runs after a change's answer (the risk read) is counted there. */
  inFlight: InFlight;
  /** This node's last known state of its rooms, which a move is computed on first (roomStates.ts). */
  states: RoomStates;
}

/** Advisory lock keys: the paid switch (shared by paid joins, exclusive for the switch), and one per room type. */
export const PAID_SWITCH_LOCK = 90_092_025;
export const TYPE_LOCK_NAMESPACE = 90_092_026;

/** Changes to announce once the transaction has committed. */
export class Effects {
  rooms = new Map<string, { view: RoomView; playerIds: string[] }>();
  lobby = false;
  balances = new Set<string>();
  /** Paid rooms that finished and settled (their risk signals are read after the commit). */
  settled = new Set<string>();
  /** Rooms as this transaction leaves them (kept as this node's state of them once it commits). */
  states = new Map<string, Locked>();
  publish(notifier: GameNotifier) {
    for (const { view, playerIds } of this.rooms.values()) notifier.room(view, playerIds);
    if (this.lobby) notifier.lobby();
    for (const id of this.balances) notifier.balance(id);
  }
}

export async function inTransaction<T>(g: GameDeps, run: (tx: Tx, fx: Effects) => Promise<T>): Promise<T> {
  const fx = new Effects();
  const result = await g.db.transaction((tx) => run(tx, fx));
  afterCommit(g, fx);
  return result;
}

/** What a committed change announces, and the reads that follow it. */
function afterCommit(g: GameDeps, fx: Effects) {
  for (const state of fx.states.values()) g.states.seen(state);
  try {
    fx.publish(g.notifier);
  } catch (e) {
    log.error({ err: e }, "game notification failed");
  }
  // The pair's collusion signal, read after the commit and off the answer's way: a move that ends a
  // game is answered without waiting for it (afterGameSettled logs its own failures).
  for (const roomId of fx.settled) void g.inFlight.track(afterGameSettled(g.db, roomId, g.clock()));
}

const secondsLeft = (deadline: Date | null, now: Date) =>
  deadline ? Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000)) : 0;

/** What a room or a lobby card says of its type: the join type, the name, fee and prize. */
export const priced = (typeId: string, name: string, entryFee: number, prize: number) => ({
  type: typeId === PRACTICE_TYPE_ID ? PRACTICE_ROOM : Number(milliToRupeeString(entryFee)),
  roomName: name,
  entryFees: milliToRupeeString(entryFee),
  prize: milliToRupeeString(prize),
});

export function roomView(room: RoomRow, players: PlayerRow[], now: Date): RoomView {
  const live = room.status === "playing";
  return {
    _id: room.id,
    ...priced(room.typeId, room.name, room.entryFee, room.prize),
    // One view goes to both players, whatever their languages: the page picks (issue 45).
    roomName_hi: room.nameHi ?? "",
    status: room.status,
    version: room.version,
    gameState: room.board as Board,
    players: [...players]
      .sort((a, b) => a.symbol.localeCompare(b.symbol) * -1)
      .map((p) => ({
        _id: p.userId,
        name: p.name,
        symbol: p.symbol,
        connected: p.connected,
        remaining_disconnect:
          live && !p.connected && p.reconnectDeadline ? secondsLeft(p.reconnectDeadline, now) : null,
      })),
    max_player: room.maxPlayers,
    currentTurn: room.currentTurn,
    winner: room.winner,
    end_reason: room.endReason,
    player_turn_timeLeft: live ? secondsLeft(room.turnDeadline, now) : 0,
    player_turn_timer: TURN_SECONDS,
    opponent_player_waiting_timeLeft: room.status === "waiting" ? secondsLeft(room.waitDeadline, now) : 0,
  };
}

/** Announces the room's state (as this transaction leaves it) to its players. */
function announce(fx: Effects, room: RoomRow, players: PlayerRow[], now: Date) {
  fx.rooms.set(room.id, { view: roomView(room, players, now), playerIds: players.map((p) => p.userId) });
}

// ---------------------------------------------------------------------------------------------
// Storage: the machine's answer written under the room's lock

const gamePlayerOf = (p: PlayerRow): GamePlayer => ({
  userId: p.userId,
  symbol: p.symbol,
  active: p.active,
  connected: p.connected,
  reconnectDeadline: p.reconnectDeadline,
  disconnectBudgetMs: p.disconnectBudgetMs,
});

export const stateOf = (l: Locked): GameState => ({
  room: gameRoomOf(l.room),
  players: l.players.map(gamePlayerOf),
});

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const samePlayer = (row: PlayerRow, p: GamePlayer) =>
  row.active === p.active &&
  row.connected === p.connected &&
  row.disconnectBudgetMs === p.disconnectBudgetMs &&
  sameTime(row.reconnectDeadline, p.reconnectDeadline);

/**
 * Stores the machine's step (its players in the order of `locked`'s): its money (each movement
 * under its unique ledger key), the room row — only over the version it was read at, with the
 * row's lock held — and the seats that changed; then what to announce after commit.
 */
export async function commit(
  tx: Tx,
  fx: Effects,
  locked: Locked,
  next: GameStep,
  now: Date,
): Promise<Locked> {
  if (!next.changed) return locked;
  const { room } = locked;
  // The room row, the money and the seats are independent writes: they go out together (one
  // round trip where the money is one statement), and any failure undoes all. The room row goes
  // first: over a room read without its lock (stepOverVersion), its write takes the lock before
  // the money takes any other, in the order the locked path takes them.
  const roomWrite = async (): Promise<RoomRow> => {
    if (next.room.version === room.version) return room;
    const updated = await writeRoom(tx, room, next.room, now);
    if (!updated) throw new RoomMoved(room.id);
    return updated;
  };
  const roomWritten = roomWrite();
  const money = (async () => {
    for (const e of next.effects) await settleEffect(tx, fx.balances, room, locked.players, e, now);
  })();
  // The seats the step changed, each change written once and kept for the answer.
  const changes = locked.players.map((row, i) => {
    const p = next.players[i]!;
    if (samePlayer(row, p)) return null;
    const { active, connected, reconnectDeadline, disconnectBudgetMs } = p;
    return { active, connected, reconnectDeadline, disconnectBudgetMs };
  });
  const players: PlayerRow[] = locked.players.map((row, i) => ({ ...row, ...changes[i] }));
  const seatWrites = locked.players.flatMap((row, i) => {
    const change = changes[i];
    if (!change) return [];
    return [
      tx
        .update(gamePlayers)
        .set(change)
        .where(and(eq(gamePlayers.roomId, row.roomId), eq(gamePlayers.userId, row.userId)))
        .then(() => undefined),
    ];
  });
  const [roomRow] = await together([roomWritten, money, ...seatWrites] as const);
  if (roomRow.status === "finished" && room.status !== "finished" && roomRow.entryFee > 0)
    fx.settled.add(room.id);
  const after = { room: roomRow, players };
  if (roomRow !== room) fx.states.set(room.id, after);
  noteEffects(fx, next, after, now);
  return after;
}

/** A room was not at the version a change was computed on when it was written: the change is undone. */
class RoomMoved extends Error {
  constructor(roomId: string) {
    super(`room ${roomId} is not at the version it was read at`);
  }
}

/** The announcements a stored step asks for, kept for after the commit. */
function noteEffects(fx: Effects, next: GameStep, after: Locked, now: Date) {
  for (const e of next.effects) {
    if (e.type === "announce") announce(fx, after.room, after.players, now);
    else if (e.type === "lobby") fx.lobby = true;
  }
}

/**
 * What a change computed on a room's state, without its lock, came to: `stored` over the version
 * it was computed on (what it answers holds); `unchanged`, the step changes nothing on that state
 * (a refusal, or nothing to do: true of the room as it was then); or null, the room had moved on
 * from that version (or the step leaves the version as it was) — then the caller reads it again,
 * or plays the change under the room's lock.
 */
export type OverVersion =
  { stored: Locked; refused?: GameRefusal } | { unchanged: Locked; refused?: GameRefusal } | null;

/**
 * An event on the room as `seen` (readState, or this node's state of it), stored over the version
 * it was read at: every change, seats included, moves the version on, so a write over that version
 * is a write over the state read. A change of the room row alone — a move that does not end the
 * game, the most frequent — is one statement, the row's lock held only while it is written. A
 * change that moves money (an end, a passed deadline) or a seat (a player back) is one transaction
 * whose first statement is the room's write: the money and the seats go out with it, and are
 * undone if the room had moved on. A move too late is refused once the timeout it found is stored:
 * the timeout stands.
 */
export async function stepOverVersion(
  g: GameDeps,
  seen: Locked,
  event: GameEvent,
  now: Date,
): Promise<OverVersion> {
  const next = step(stateOf(seen), event, now);
  if (!next.changed) return { unchanged: seen, refused: next.refused };
  if (next.room.version === seen.room.version) return null;
  const roomOnly =
    !isClosed(next.room.status) &&
    next.effects.every((e) => e.type === "announce" || e.type === "lobby") &&
    seen.players.every((row, i) => samePlayer(row, next.players[i]!));
  if (roomOnly) {
    const room = await writeRoomOnly(g.db, seen.room, next.room);
    if (!room) return null;
    const fx = new Effects();
    const after = { room, players: seen.players };
    fx.states.set(room.id, after);
    noteEffects(fx, next, after, now);
    afterCommit(g, fx);
    return { stored: after, refused: next.refused };
  }
  try {
    const after = await inTransaction(g, (tx, fx) => commit(tx, fx, seen, next, now));
    return { stored: after, refused: next.refused };
  } catch (e) {
    if (e instanceof RoomMoved) return null;
    throw e;
  }
}

/**
 * An event on the room as read (`seen`, which becomes this node's state of it): stored over the
 * version read, or, when the room moved on since, played under the room's lock. Answers the room
 * as the event left it, and the event's refusal if any.
 */
export async function playOverVersion(
  g: GameDeps,
  seen: Locked,
  event: GameEvent,
  now: Date,
): Promise<{ after: Locked; refused?: GameRefusal }> {
  g.states.seen(seen);
  const outcome = await stepOverVersion(g, seen, event, now);
  if (outcome && "stored" in outcome) return { after: outcome.stored, refused: outcome.refused };
  if (outcome) return { after: outcome.unchanged, refused: outcome.refused };
  return inTransaction(g, async (tx, fx) => {
    const locked = await lockRoom(tx, seen.room.id);
    if (!locked) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
    return play(tx, fx, locked, event, now);
  });
}

/** One event through the machine and into storage, under the room's lock. */
export async function play(
  tx: Tx,
  fx: Effects,
  locked: Locked,
  event: GameEvent,
  now: Date,
): Promise<{ after: Locked; changed: boolean; refused?: GameRefusal }> {
  const next = step(stateOf(locked), event, now);
  // Unchanged, the room read under its lock is the room as committed.
  if (!next.changed) fx.states.set(locked.room.id, locked);
  const after = await commit(tx, fx, locked, next, now);
  return { after, changed: next.changed, refused: next.refused };
}

export const refusal = (r: GameRefusal) => new DomainError(r.code, r.message);

/** A player's current room view (for the operator list and tests). */
export async function readRoom(db: Db, roomId: string, now: Date): Promise<RoomView | null> {
  const seen = await readState(db, roomId);
  return seen && roomView(seen.room, seen.players, now);
}
