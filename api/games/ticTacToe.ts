import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { gamePlayers, gameRoomTypes, gameRooms, journalEntries, journalLines, users } from "../db/schema";
import { newId } from "../lib/ids";
import type { Board, PlayerSymbol } from "../../shared/ticTacToe";
import {
  GAME_MESSAGES,
  PRACTICE_ROOM,
  PRACTICE_TYPE_ID,
  TURN_SECONDS,
  type LobbyRoom,
  type RoomView,
} from "../../shared/ticTacToeEvents";
import {
  openRoom,
  step,
  type GameEvent,
  type GamePlayer,
  type GameRefusal,
  type GameRoom,
  type GameState,
  type GameStep,
} from "../../shared/ticTacToeMachine";
import { milliToRupeeString } from "../../shared/money";
import { incomeToday } from "../ledger/earnings";
import { istDayStart } from "../ledger/earningKinds";
import { DomainError } from "../lib/errors";
import { memberAccount, memberBalances } from "../ledger/ledger";
import { GAME_KINDS, prizeKey, settleEffect } from "./settlement";
import { gamesPaidRooms, setGamesPaidRooms } from "../operators/settings";
import { recordAudit } from "../operators/audit";

/**
 * Tic-tac-toe rooms (issue 9): storage and settlement around the game's machine. The rules — seats,
 * turns, deadlines, the disconnect budget, the finish — are the pure machine of
 * shared/ticTacToeMachine.ts (on the board rules of shared/ticTacToe.ts); this module feeds it the
 * room row, which is the game's single authority on every node (ARCHITECTURE §10), and stores
 * what it answers:
 *
 * - every change to a room happens in one transaction holding the room row's lock (FOR UPDATE)
 *   and is written only over the version it was read at, so two moves at once, or a move against
 *   a stale version, cannot both apply;
 * - every deadline (opponent wait, turn, reconnect) is a column; whoever touches the room next —
 *   a move, a rejoin, or the sweeper on any node claiming due rooms with FOR UPDATE SKIP LOCKED —
 *   has the machine act on the deadlines that have passed, by the injected clock;
 * - the machine's money effects (a fee, a refund, a settlement) become ledger entries
 *   (ticTacToeSettlement.ts) in the same transaction as the state they belong to, each under a
 *   unique ledger key: an entry fee once per seat, a refund once per seat, the prize and the
 *   revenue once per game.
 *
 * It talks to the sockets only through the GameNotifier it is given, after its transaction
 * commits (no socket.io here).
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
}

export { GAME_KINDS, prizeKey };

/** Advisory lock keys: the paid switch (shared by paid joins, exclusive for the switch), and one per room type. */
const PAID_SWITCH_LOCK = 90_092_025;
const TYPE_LOCK_NAMESPACE = 90_092_026;

type RoomRow = typeof gameRooms.$inferSelect;
type PlayerRow = typeof gamePlayers.$inferSelect;

/** Changes to announce once the transaction has committed. */
class Effects {
  rooms = new Map<string, { view: RoomView; playerIds: string[] }>();
  lobby = false;
  balances = new Set<string>();
  publish(notifier: GameNotifier) {
    for (const { view, playerIds } of this.rooms.values()) notifier.room(view, playerIds);
    if (this.lobby) notifier.lobby();
    for (const id of this.balances) notifier.balance(id);
  }
}

async function inTransaction<T>(g: GameDeps, run: (tx: Tx, fx: Effects) => Promise<T>): Promise<T> {
  const fx = new Effects();
  const result = await g.db.transaction((tx) => run(tx, fx));
  try {
    fx.publish(g.notifier);
  } catch (e) {
    console.error("game notification failed", e);
  }
  return result;
}

const secondsLeft = (deadline: Date | null, now: Date) =>
  deadline ? Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000)) : 0;

/** What a room or a lobby card says of its type: the join type, the name, fee and prize. */
const priced = (typeId: string, name: string, entryFee: number, prize: number) => ({
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

async function lockRoom(tx: Tx, roomId: string): Promise<{ room: RoomRow; players: PlayerRow[] } | null> {
  const [room] = await tx.select().from(gameRooms).where(eq(gameRooms.id, roomId)).for("update");
  if (!room) return null;
  const players = await tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId));
  return { room, players };
}

/** Announces the room's state (as this transaction leaves it) to its players. */
function announce(fx: Effects, room: RoomRow, players: PlayerRow[], now: Date) {
  fx.rooms.set(room.id, { view: roomView(room, players, now), playerIds: players.map((p) => p.userId) });
}

// ---------------------------------------------------------------------------------------------
// Storage: the machine's answer written under the room's lock

type Locked = { room: RoomRow; players: PlayerRow[] };

/** The machine's room from a row (or from the machine's own answer: the same columns, copied). */
const gameRoomOf = (r: RoomRow | GameRoom): GameRoom => ({
  status: r.status,
  board: r.board as Board,
  currentTurn: r.currentTurn,
  winner: r.winner,
  endReason: r.endReason,
  version: r.version,
  turnDeadline: r.turnDeadline,
  pausedTurnMs: r.pausedTurnMs,
  waitDeadline: r.waitDeadline,
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
});

const gamePlayerOf = (p: PlayerRow): GamePlayer => ({
  userId: p.userId,
  symbol: p.symbol,
  active: p.active,
  connected: p.connected,
  reconnectDeadline: p.reconnectDeadline,
  disconnectBudgetMs: p.disconnectBudgetMs,
});

const stateOf = (l: Locked): GameState => ({
  room: gameRoomOf(l.room),
  players: l.players.map(gamePlayerOf),
});

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const samePlayer = (row: PlayerRow, p: GamePlayer) =>
  row.active === p.active &&
  row.connected === p.connected &&
  row.disconnectBudgetMs === p.disconnectBudgetMs &&
  sameTime(row.reconnectDeadline, p.reconnectDeadline);
const isClosed = (status: RoomRow["status"]) => status === "finished" || status === "cancelled";

/**
 * Stores the machine's step (its players in the order of `locked`'s): its money first (each
 * movement under its unique ledger key), then the room row — only over the version it was read
 * at, with the row's lock held — and the seats that changed; then what to announce after commit.
 */
async function commit(tx: Tx, fx: Effects, locked: Locked, next: GameStep, now: Date): Promise<Locked> {
  if (!next.changed) return locked;
  const { room } = locked;
  for (const e of next.effects) await settleEffect(tx, fx.balances, room, locked.players, e, now);
  let roomRow = room;
  if (next.room.version !== room.version) {
    const r = next.room;
    const [updated] = await tx
      .update(gameRooms)
      .set({
        // The machine's room is the row's own columns, by the same names (gameRoomOf).
        ...gameRoomOf(r),
        // A room is settled when it closes: its money moved just above.
        ...(isClosed(r.status) && !isClosed(room.status) ? { settledAt: now } : {}),
      })
      .where(and(eq(gameRooms.id, room.id), eq(gameRooms.version, room.version)))
      .returning();
    if (!updated) throw new Error(`room ${room.id} changed under its lock`);
    roomRow = updated;
  }
  const players: PlayerRow[] = [];
  for (const [i, row] of locked.players.entries()) {
    const p = next.players[i]!;
    if (samePlayer(row, p)) {
      players.push(row);
      continue;
    }
    const change = {
      active: p.active,
      connected: p.connected,
      reconnectDeadline: p.reconnectDeadline,
      disconnectBudgetMs: p.disconnectBudgetMs,
    };
    await tx
      .update(gamePlayers)
      .set(change)
      .where(and(eq(gamePlayers.roomId, row.roomId), eq(gamePlayers.userId, row.userId)));
    players.push({ ...row, ...change });
  }
  const after = { room: roomRow, players };
  for (const e of next.effects) {
    if (e.type === "announce") announce(fx, after.room, after.players, now);
    else if (e.type === "lobby") fx.lobby = true;
  }
  return after;
}

/** One event through the machine and into storage, under the room's lock. */
async function play(
  tx: Tx,
  fx: Effects,
  locked: Locked,
  event: GameEvent,
  now: Date,
): Promise<{ after: Locked; changed: boolean; refused?: GameRefusal }> {
  const next = step(stateOf(locked), event, now);
  const after = await commit(tx, fx, locked, next, now);
  return { after, changed: next.changed, refused: next.refused };
}

const refusal = (r: GameRefusal) => new DomainError(r.code, r.message);

// ---------------------------------------------------------------------------------------------
// Joining and leaving

export type JoinRequest = { practice: true } | { practice: false; entryFee: number };

export interface JoinResult {
  roomId: string;
  /** 'Practice Room' or the entry fee in rupees, as the lobby sends it. */
  type: string | number;
  /** The member already had a live seat of this type: the same room, no second fee. */
  resumed: boolean;
}

async function memberName(tx: Tx, userId: string): Promise<string> {
  const [u] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  if (!u) throw new DomainError("not_found", "User not found.");
  return u.userName;
}

/**
 * Takes a seat in a room of the requested type: the member's live seat of that type if there is
 * one (Resume), else the oldest waiting room of the type (the game starts), else a new room that
 * waits 120 s for an opponent. A paid seat takes the entry fee from the deposit balance to the
 * game escrow in the same transaction.
 *
 * Joins of one type take a transaction-scoped advisory lock on the type, so two members arriving
 * at once are matched with each other instead of each opening a room; the waiting room is still
 * claimed with FOR UPDATE SKIP LOCKED, so a room being cancelled or expired at that moment is
 * passed over, not waited for.
 */
export async function join(g: GameDeps, userId: string, request: JoinRequest): Promise<JoinResult> {
  return oneJoinAtATime(request.practice ? PRACTICE_TYPE_ID : `fee:${request.entryFee}`, () =>
    joinNow(g, userId, request),
  );
}

/**
 * This process's joins waiting for their type, by type. Joins of one type run one after another
 * anyway (the type's advisory lock); queued here, a waiting join holds no pooled connection, so
 * moves are not kept waiting for a connection while joins queue for the lock (bench:games). The
 * advisory lock still orders the joins of every node.
 */
const joinQueues = new Map<string, Promise<unknown>>();

function oneJoinAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const result = (joinQueues.get(key) ?? Promise.resolve()).then(run);
  const settled = result.then(
    () => {},
    () => {},
  );
  joinQueues.set(key, settled);
  void settled.then(() => {
    if (joinQueues.get(key) === settled) joinQueues.delete(key);
  });
  return result;
}

async function joinNow(g: GameDeps, userId: string, request: JoinRequest): Promise<JoinResult> {
  const now = g.clock();
  return inTransaction(g, async (tx, fx) => {
    let type: { id: string; name: string; entryFee: number; prize: number; maxPlayers: number };
    if (request.practice) {
      type = { id: PRACTICE_TYPE_ID, name: PRACTICE_ROOM, entryFee: 0, prize: 0, maxPlayers: 2 };
    } else {
      // Shared with every paid join; the switch takes it exclusively (setPaidRooms).
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAID_SWITCH_LOCK})`);
      if (!(await gamesPaidRooms(tx, g.nodeEnv)))
        throw new DomainError("paid_rooms_off", GAME_MESSAGES.paidRoomsOff);
      const [found] = await tx
        .select()
        .from(gameRoomTypes)
        .where(and(eq(gameRoomTypes.entryFee, request.entryFee), eq(gameRoomTypes.enabled, true)));
      if (!found) throw new DomainError("not_found", GAME_MESSAGES.unknownRoomType);
      type = found;
    }
    const label = priced(type.id, type.name, type.entryFee, type.prize).type;
    await tx.execute(sql`select pg_advisory_xact_lock(${TYPE_LOCK_NAMESPACE}, hashtext(${type.id}))`);

    const [seat] = await tx
      .select({ roomId: gamePlayers.roomId })
      .from(gamePlayers)
      .where(
        and(eq(gamePlayers.userId, userId), eq(gamePlayers.typeId, type.id), eq(gamePlayers.active, true)),
      );
    if (seat) return { roomId: seat.roomId, type: label, resumed: true };

    const name = await memberName(tx, userId);
    const [waiting] = await tx
      .select()
      .from(gameRooms)
      .where(and(eq(gameRooms.typeId, type.id), eq(gameRooms.status, "waiting")))
      .orderBy(asc(gameRooms.createdAt), asc(gameRooms.id))
      .limit(1)
      .for("update", { skipLocked: true });

    const room: RoomRow =
      waiting ??
      (
        await tx
          .insert(gameRooms)
          .values({
            id: newId(),
            typeId: type.id,
            name: type.name,
            entryFee: type.entryFee,
            prize: type.prize,
            maxPlayers: type.maxPlayers,
            ...openRoom(now),
            createdAt: now,
          })
          .returning()
      )[0]!;
    const seats = waiting ? await tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, room.id)) : [];
    const locked = { room, players: seats };
    const next = step(stateOf(locked), { type: "seat", userId }, now);
    if (next.refused) throw refusal(next.refused);
    const mine = next.players.at(-1)!;
    const [row] = await tx
      .insert(gamePlayers)
      .values({
        roomId: room.id,
        userId,
        typeId: type.id,
        symbol: mine.symbol,
        name,
        joinedAt: now,
        disconnectBudgetMs: mine.disconnectBudgetMs,
      })
      .returning();
    // The fee is the type's as the member chose it (as before the machine; a room that waits
    // through an operator's price change keeps its own price for the settlement).
    const chosen = { ...room, entryFee: type.entryFee, name: type.name };
    await commit(tx, fx, { room: chosen, players: [...seats, row!] }, next, now);
    return { roomId: room.id, type: label, resumed: false };
  });
}

/**
 * Cancel while waiting for an opponent (spec: delete_waiting_timer_document): the room closes and
 * a paid fee goes back to the deposit balance, once. Refused when the game has started.
 */
export async function cancel(g: GameDeps, roomId: string, userId: string): Promise<string> {
  const now = g.clock();
  return inTransaction(g, async (tx, fx) => {
    const locked = await lockRoom(tx, roomId);
    if (!locked) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
    const { refused } = await play(tx, fx, locked, { type: "cancel", userId }, now);
    if (refused) throw refusal(refused);
    return cancelMessage(locked.room);
  });
}

const cancelMessage = (room: RoomRow) =>
  room.entryFee > 0 ? GAME_MESSAGES.cancelledRefunded : GAME_MESSAGES.cancelledPractice;

/**
 * A player opens (or reopens) the room: answers the room and the member's symbol. With
 * `reconnect` (the socket's join, the default) a player who was disconnected is connected again
 * and the reconnect countdown stops (on their turn, the turn timer goes on from what was left of
 * it); a plain read of the room (the page's data over HTTP, which a page whose socket is gone may
 * still make) leaves the presence as it is. Passed deadlines are acted on first, either way.
 */
export async function enterRoom(
  g: GameDeps,
  roomId: string,
  userId: string,
  opts: { reconnect?: boolean } = {},
): Promise<{ room: RoomView; symbol: PlayerSymbol }> {
  const reconnect = opts.reconnect ?? true;
  const now = g.clock();
  return inTransaction(g, async (tx, fx) => {
    const locked = await lockRoom(tx, roomId);
    const me = locked?.players.find((p) => p.userId === userId);
    if (!locked || !me) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
    const { after } = await play(
      tx,
      fx,
      locked,
      reconnect ? { type: "reconnect", userId } : { type: "deadlines" },
      now,
    );
    return { room: roomView(after.room, after.players, now), symbol: me.symbol };
  });
}

/**
 * The member's last connection to a game in play is gone: the reconnect countdown starts from
 * what is left of the member's disconnect budget for this game (RECONNECT_SECONDS in all, however
 * many times they drop); when it passes, the member loses — at once when the budget is spent.
 * While the player to move is away their turn timer stops (the countdown governs them instead):
 * the time it had left is kept and given back, not reset, when they return.
 */
export async function disconnect(g: GameDeps, roomId: string, userId: string): Promise<void> {
  const now = g.clock();
  await inTransaction(g, async (tx, fx) => {
    const locked = await lockRoom(tx, roomId);
    if (!locked?.players.some((p) => p.userId === userId)) return;
    await play(tx, fx, locked, { type: "disconnect", userId }, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Moves

/**
 * A player's move at (row, col), 0-based, under the room row's lock. With `expectedVersion`, the
 * move applies only to that version of the room (compare-and-set). A move after the player's
 * turn ran out is refused and the timeout acted on (committed: the timeout stands).
 */
export async function move(
  g: GameDeps,
  input: { roomId: string; userId: string; row: number; col: number; expectedVersion?: number },
): Promise<RoomView> {
  const now = g.clock();
  const outcome = await inTransaction(
    g,
    async (tx, fx): Promise<{ view: RoomView } | { refused: GameRefusal }> => {
      const locked = await lockRoom(tx, input.roomId);
      if (!locked) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
      const { after, refused } = await play(tx, fx, locked, { type: "move", ...input }, now);
      if (refused) return { refused };
      return { view: roomView(after.room, after.players, now) };
    },
  );
  if ("refused" in outcome) throw refusal(outcome.refused);
  return outcome.view;
}

// ---------------------------------------------------------------------------------------------
// The sweeper

/**
 * Claims rooms with a passed deadline, one transaction each (FOR UPDATE SKIP LOCKED: rooms another
 * node is working on are passed over), and acts on them. Safe to run on every node at once.
 * Answers how many rooms it acted on.
 */
export async function sweep(g: GameDeps, now: Date = g.clock(), limit = 500): Promise<number> {
  let acted = 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  for (let i = 0; i < limit; i++) {
    const changed = await inTransaction(g, async (tx, fx) => {
      const [due] = await tx
        .select({ id: gameRooms.id })
        .from(gameRooms)
        .where(
          sql`(${gameRooms.status} = 'waiting' and ${gameRooms.waitDeadline} <= ${at})
            or (${gameRooms.status} = 'playing' and (${gameRooms.turnDeadline} <= ${at}
              or exists (select 1 from ${gamePlayers} p where p.room_id = ${gameRooms.id}
                and p.active and p.reconnect_deadline <= ${at})))`,
        )
        .orderBy(asc(gameRooms.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const locked = (await lockRoom(tx, due.id))!;
      return (await play(tx, fx, locked, { type: "deadlines" }, now)).changed;
    });
    if (changed === null) break;
    if (changed) acted++;
  }
  return acted;
}

// ---------------------------------------------------------------------------------------------
// The paid switch and reading

/**
 * Turns paid rooms on or off, audited. Off: every room waiting for an opponent in a paid type is
 * closed and its fee refunded, in the same transaction. The exclusive lock waits for paid joins
 * in flight and holds off new ones until the switch has committed, so none slips in between.
 * Answers how many waiting players were refunded.
 */
export async function setPaidRooms(g: GameDeps, actorUserId: string, on: boolean): Promise<number> {
  const now = g.clock();
  return inTransaction(g, async (tx, fx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAID_SWITCH_LOCK})`);
    const before = await gamesPaidRooms(tx, g.nodeEnv);
    await setGamesPaidRooms(tx, on);
    await recordAudit(tx, {
      actorUserId,
      action: "games.paid_rooms",
      target: "settings:games_paid_rooms",
      before: { on: before },
      after: { on },
    });
    fx.lobby = true;
    if (on) return 0;
    const waiting = await tx
      .select({ id: gameRooms.id })
      .from(gameRooms)
      .where(and(eq(gameRooms.status, "waiting"), sql`${gameRooms.entryFee} > 0`))
      .orderBy(asc(gameRooms.id));
    let refunded = 0;
    for (const { id } of waiting) {
      const locked = (await lockRoom(tx, id))!;
      const { changed } = await play(tx, fx, locked, { type: "paidRoomsOff" }, now);
      if (changed) refunded += locked.players.length;
    }
    return refunded;
  });
}

/** The rooms of the lobby for a member: the Practice Room and (when paid rooms are on) the enabled types. */
export async function lobby(g: GameDeps, userId: string) {
  const db = g.db;
  const paid = await gamesPaidRooms(db, g.nodeEnv);
  const types = paid
    ? await db
        .select()
        .from(gameRoomTypes)
        .where(eq(gameRoomTypes.enabled, true))
        .orderBy(asc(gameRoomTypes.sortOrder), asc(gameRoomTypes.entryFee))
    : [];
  const counts = (await db
    .select({ typeId: gameRooms.typeId, status: gameRooms.status, n: sql<number>`count(*)::int` })
    .from(gamePlayers)
    .innerJoin(gameRooms, eq(gameRooms.id, gamePlayers.roomId))
    .where(and(eq(gamePlayers.active, true), inArray(gameRooms.status, ["waiting", "playing"])))
    .groupBy(gameRooms.typeId, gameRooms.status)) as { typeId: string; status: string; n: number }[];
  const mine = await db
    .select({ typeId: gamePlayers.typeId, roomId: gamePlayers.roomId })
    .from(gamePlayers)
    .where(and(eq(gamePlayers.userId, userId), eq(gamePlayers.active, true)));
  const count = (typeId: string, status: string) =>
    Number(counts.find((c) => c.typeId === typeId && c.status === status)?.n ?? 0);
  const row = (t: {
    id: string;
    name: string;
    entryFee: number;
    prize: number;
    maxPlayers: number;
  }): LobbyRoom => {
    const seat = mine.find((m) => m.typeId === t.id);
    return {
      _id: t.id,
      ...priced(t.id, t.name, t.entryFee, t.prize),
      waiting_player: count(t.id, "waiting"),
      maxPlayers: t.maxPlayers,
      live_players: count(t.id, "playing"),
      isAlreadyJoined: Boolean(seat),
      userRoom_id: seat?.roomId ?? null,
    };
  };
  const { withdrawable, deposit } = await memberBalances(db, userId);
  return {
    otherRoomsData_get: {
      ticTacToe_roomsData: [
        row({ id: PRACTICE_TYPE_ID, name: PRACTICE_ROOM, entryFee: 0, prize: 0, maxPlayers: 2 }),
        ...types.map(row),
      ],
    },
    available_balance: milliToRupeeString(withdrawable),
    deposit_amount: milliToRupeeString(deposit),
    paid_rooms: paid,
  };
}

/** The betting hub's figures for today (IST), from the ledger (spec 2 §3 Betting home). */
export async function bettingHome(db: Db, userId: string, now: Date) {
  const since = istDayStart(now);
  const deposit = memberAccount(userId, "deposit");
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.userId, userId),
        inArray(journalEntries.kind, [GAME_KINDS.fee, GAME_KINDS.refund]),
        gte(journalEntries.createdAt, since),
        lt(journalEntries.createdAt, new Date(since.getTime() + 24 * 60 * 60 * 1000)),
        eq(journalLines.accountId, deposit),
      ),
    );
  const betting = -Number(row?.s ?? 0);
  const winning = await incomeToday(db, userId, "bettingGames", now);
  const balances = await memberBalances(db, userId);
  return {
    deposit_amount: milliToRupeeString(balances.deposit),
    today_betting_amount: milliToRupeeString(betting),
    today_bettings_winning_amount: milliToRupeeString(winning),
    today_bettings_profit_or_lose_amount: milliToRupeeString(winning - betting),
    userAvailableBalance: milliToRupeeString(balances.withdrawable),
  };
}

/** A player's current room view (for the operator list and tests). */
export async function readRoom(db: Db, roomId: string, now: Date): Promise<RoomView | null> {
  const [room] = await db.select().from(gameRooms).where(eq(gameRooms.id, roomId));
  if (!room) return null;
  const players = await db.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId));
  return roomView(room, players, now);
}
