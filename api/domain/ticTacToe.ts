import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { gamePlayers, gameRoomTypes, gameRooms, journalEntries, journalLines, users } from "../db/schema";
import { newId } from "../lib/ids";
import { applyMove, emptyBoard, type Board, type Outcome, type PlayerSymbol } from "../../shared/ticTacToe";
import {
  GAME_MESSAGES,
  PRACTICE_ROOM,
  PRACTICE_TYPE_ID,
  RECONNECT_SECONDS,
  TURN_SECONDS,
  WAIT_SECONDS,
  type LobbyRoom,
  type RoomView,
} from "../../shared/ticTacToeEvents";
import { milliToRupeeString } from "../../shared/money";
import { creditEarning, incomeToday } from "./earnings";
import { istDayStart } from "./earningKinds";
import { DomainError } from "./errors";
import { InsufficientFundsError, PLATFORM, memberAccount, memberBalances, post } from "./ledger";
import { refuseWhileOwing } from "./offerWallDebt";
import { gamesPaidRooms, setGamesPaidRooms } from "./settings";
import { recordAudit } from "./audit";

/**
 * Tic-tac-toe rooms (issue 9): the one module that owns the game's rules on the server. The board
 * rules are the pure functions of shared/ticTacToe.ts; this module applies them to the room row,
 * which is the game's single authority on every node (ARCHITECTURE §10):
 *
 * - every change to a room happens in one transaction holding the room row's lock (FOR UPDATE)
 *   and bumps its `version`, so two moves at once, or a move against a stale version, cannot both
 *   apply;
 * - every deadline (opponent wait, turn, reconnect) is a column; whoever touches the room next —
 *   a move, a rejoin, or the sweeper on any node claiming due rooms with FOR UPDATE SKIP LOCKED —
 *   acts on the deadlines that have passed, by the injected clock;
 * - money moves in the same transaction as the state it belongs to, each movement under a unique
 *   ledger key: an entry fee once per seat, a refund once per seat, the prize and the revenue
 *   once per game.
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

/** Ledger entry kinds of games (the prize is an earning of kind `bettingGames`). */
export const GAME_KINDS = { fee: "game_fee", refund: "game_refund", revenue: "game_revenue" } as const;

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

const addSeconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

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

const feeKey = (roomId: string, userId: string) => `game-fee:${roomId}:${userId}`;
const refundKey = (roomId: string, userId: string) => `game-refund:${roomId}:${userId}`;
/** The one settlement key of a game: its prize entry. */
export const prizeKey = (roomId: string) => `game-prize:${roomId}`;
const revenueKey = (roomId: string) => `game-revenue:${roomId}`;

async function refundFee(tx: Tx, fx: Effects, room: RoomRow, userId: string, now: Date) {
  if (room.entryFee <= 0) return;
  const r = await post(tx, {
    idempotencyKey: refundKey(room.id, userId),
    kind: GAME_KINDS.refund,
    userId,
    memo: `Refund: ${room.name}`,
    createdAt: now,
    lines: [
      { account: PLATFORM.gameEscrow, amount: -room.entryFee },
      { account: memberAccount(userId, "deposit"), amount: room.entryFee },
    ],
  });
  if (r.posted) fx.balances.add(userId);
}

/**
 * Moves a game's money, once: the winner's prize from the game escrow (an earning; the referrer's
 * income is on the net winnings, prize − own fee) and the rest of the fees to revenue; a draw
 * refunds both fees.
 */
async function settleMoney(
  tx: Tx,
  fx: Effects,
  room: RoomRow,
  players: PlayerRow[],
  outcome: Outcome,
  now: Date,
) {
  if (room.entryFee <= 0) return;
  if (outcome === "draw") {
    for (const p of players) await refundFee(tx, fx, room, p.userId, now);
    return;
  }
  const winner = players.find((p) => p.symbol === outcome);
  if (!winner) throw new Error(`room ${room.id} has no player ${outcome}`);
  const { posted } = await creditEarning(tx, {
    userId: winner.userId,
    source: "bettingGames",
    amount: room.prize,
    idempotencyKey: prizeKey(room.id),
    memo: `Won: ${room.name}`,
    createdAt: now,
    // The referrer's income is on the net winnings, not the prize.
    referralBase: room.prize - room.entryFee,
  });
  if (!posted) return;
  fx.balances.add(winner.userId);
  const rest = room.entryFee * players.length - room.prize;
  if (rest > 0) {
    await post(tx, {
      idempotencyKey: revenueKey(room.id),
      kind: GAME_KINDS.revenue,
      memo: `Fees kept: ${room.name}`,
      createdAt: now,
      lines: [
        { account: PLATFORM.gameEscrow, amount: -rest },
        { account: PLATFORM.revenue, amount: rest },
      ],
    });
  }
}

/**
 * Closes a room (finished or cancelled) after its money has moved: no deadlines left, the seats
 * freed, settled now; announced to its players and the lobby.
 */
async function closeRoom(
  tx: Tx,
  fx: Effects,
  room: RoomRow,
  end: Pick<RoomRow, "status" | "winner" | "endReason"> & { board?: Board },
  now: Date,
): Promise<void> {
  const [updated] = await tx
    .update(gameRooms)
    .set({
      ...end,
      currentTurn: null,
      turnDeadline: null,
      pausedTurnMs: null,
      waitDeadline: null,
      finishedAt: now,
      settledAt: now,
      version: sql`${gameRooms.version} + 1`,
    })
    .where(eq(gameRooms.id, room.id))
    .returning();
  const seats = await tx
    .update(gamePlayers)
    .set({ active: false, reconnectDeadline: null })
    .where(eq(gamePlayers.roomId, room.id))
    .returning();
  announce(fx, updated!, seats, now);
  fx.lobby = true;
}

/** Ends a game in play with `outcome` and settles it, under the room's lock. */
async function finish(
  tx: Tx,
  fx: Effects,
  locked: { room: RoomRow; players: PlayerRow[] },
  outcome: Outcome,
  reason: string,
  now: Date,
  board?: Board,
): Promise<void> {
  await settleMoney(tx, fx, locked.room, locked.players, outcome, now);
  await closeRoom(
    tx,
    fx,
    locked.room,
    { status: "finished", winner: outcome, endReason: reason, board },
    now,
  );
}

/** Ends a room still waiting for an opponent, refunding its one player's fee. */
async function cancelWaiting(
  tx: Tx,
  fx: Effects,
  locked: { room: RoomRow; players: PlayerRow[] },
  reason: string,
  now: Date,
): Promise<void> {
  for (const p of locked.players) await refundFee(tx, fx, locked.room, p.userId, now);
  await closeRoom(tx, fx, locked.room, { status: "cancelled", winner: null, endReason: reason }, now);
}

/**
 * Acts on the room's deadlines that have passed by `now`: an opponent wait ends (refund), a turn
 * runs out (that player loses), a disconnected player's reconnect time runs out (loses; the
 * earlier deadline first). Answers whether the room changed.
 */
async function actOnDeadlines(
  tx: Tx,
  fx: Effects,
  locked: { room: RoomRow; players: PlayerRow[] },
  now: Date,
): Promise<boolean> {
  const { room, players } = locked;
  const due = (d: Date | null) => d !== null && d.getTime() <= now.getTime();
  if (room.status === "waiting" && due(room.waitDeadline)) {
    await cancelWaiting(tx, fx, locked, "wait_expired", now);
    return true;
  }
  if (room.status !== "playing") return false;
  const losers: { symbol: PlayerSymbol; at: number; reason: string }[] = [];
  if (room.currentTurn && due(room.turnDeadline))
    losers.push({ symbol: room.currentTurn, at: room.turnDeadline!.getTime(), reason: "turn_timeout" });
  for (const p of players)
    if (p.active && due(p.reconnectDeadline))
      losers.push({ symbol: p.symbol, at: p.reconnectDeadline!.getTime(), reason: "disconnect" });
  const first = losers.sort((a, b) => a.at - b.at || a.symbol.localeCompare(b.symbol) * -1)[0];
  if (!first) return false;
  await finish(tx, fx, locked, first.symbol === "X" ? "O" : "X", first.reason, now);
  return true;
}

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
            status: "waiting",
            board: emptyBoard(),
            waitDeadline: addSeconds(now, WAIT_SECONDS),
            createdAt: now,
          })
          .returning()
      )[0]!;
    const symbol: PlayerSymbol = waiting ? "O" : "X";
    await tx.insert(gamePlayers).values({
      roomId: room.id,
      userId,
      typeId: type.id,
      symbol,
      name,
      joinedAt: now,
      disconnectBudgetMs: RECONNECT_SECONDS * 1000,
    });
    if (type.entryFee > 0) {
      await refuseWhileOwing(tx, userId);
      try {
        await post(tx, {
          idempotencyKey: feeKey(room.id, userId),
          kind: GAME_KINDS.fee,
          userId,
          memo: `Entry fee: ${type.name}`,
          createdAt: now,
          lines: [
            { account: memberAccount(userId, "deposit"), amount: -type.entryFee },
            { account: PLATFORM.gameEscrow, amount: type.entryFee },
          ],
        });
      } catch (e) {
        if (e instanceof InsufficientFundsError)
          throw new DomainError("insufficient_balance", GAME_MESSAGES.lowBalance);
        throw e;
      }
      fx.balances.add(userId);
    }
    if (waiting) {
      const [started] = await tx
        .update(gameRooms)
        .set({
          status: "playing",
          currentTurn: "X",
          turnDeadline: addSeconds(now, TURN_SECONDS),
          waitDeadline: null,
          startedAt: now,
          version: sql`${gameRooms.version} + 1`,
        })
        .where(eq(gameRooms.id, room.id))
        .returning();
      const seats = await tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, room.id));
      announce(fx, started!, seats, now);
    }
    fx.lobby = true;
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
    const me = locked?.players.find((p) => p.userId === userId);
    if (!locked || !me) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
    // The wait ran out just now: the room is closed and refunded, which is what was asked.
    if ((await actOnDeadlines(tx, fx, locked, now)) && locked.room.status === "waiting")
      return cancelMessage(locked.room);
    if (locked.room.status !== "waiting")
      throw new DomainError(
        "conflict",
        locked.room.status === "playing" ? GAME_MESSAGES.alreadyStarted : GAME_MESSAGES.alreadyEnded,
      );
    await cancelWaiting(tx, fx, locked, "cancelled", now);
    return cancelMessage(locked.room);
  });
}

const cancelMessage = (room: RoomRow) =>
  room.entryFee > 0 ? GAME_MESSAGES.cancelledRefunded : GAME_MESSAGES.cancelledPractice;

/**
 * A disconnected player is back (their socket rejoined, or they moved): the countdown stops and
 * the time spent away comes off their disconnect budget. The deadline was set to the moment of
 * the disconnect plus the budget left then, so what remains is the time to the deadline (the
 * caller has acted on passed deadlines first, so it is above zero).
 */
async function markPresent(tx: Tx, player: PlayerRow, now: Date) {
  const budget = player.reconnectDeadline
    ? Math.max(0, player.reconnectDeadline.getTime() - now.getTime())
    : player.disconnectBudgetMs;
  await tx
    .update(gamePlayers)
    .set({ connected: true, reconnectDeadline: null, disconnectBudgetMs: budget })
    .where(and(eq(gamePlayers.roomId, player.roomId), eq(gamePlayers.userId, player.userId)));
  player.connected = true;
  player.reconnectDeadline = null;
  player.disconnectBudgetMs = budget;
}

/**
 * A player opens (or reopens) the room: answers the room and the member's symbol. With
 * `reconnect` (the socket's join, the default) a player who was disconnected is connected again
 * and the reconnect countdown stops; a plain read of the room (the page's data over HTTP, which a
 * page whose socket is gone may still make) leaves the presence as it is.
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
    if (await actOnDeadlines(tx, fx, locked, now)) {
      const after = (await lockRoom(tx, roomId))!;
      return { room: roomView(after.room, after.players, now), symbol: me.symbol };
    }
    if (reconnect && locked.room.status === "playing" && !me.connected) {
      await markPresent(tx, me, now);
      // Back on their turn: the turn timer goes on from what was left of it at the disconnect.
      const [room] = await tx
        .update(gameRooms)
        .set({
          version: sql`${gameRooms.version} + 1`,
          ...(locked.room.currentTurn === me.symbol
            ? {
                turnDeadline: new Date(now.getTime() + (locked.room.pausedTurnMs ?? TURN_SECONDS * 1000)),
                pausedTurnMs: null,
              }
            : {}),
        })
        .where(eq(gameRooms.id, roomId))
        .returning();
      const players = await tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId));
      announce(fx, room!, players, now);
      return { room: roomView(room!, players, now), symbol: me.symbol };
    }
    return { room: roomView(locked.room, locked.players, now), symbol: me.symbol };
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
    const me = locked?.players.find((p) => p.userId === userId);
    if (!locked || !me) return;
    if (await actOnDeadlines(tx, fx, locked, now)) return;
    if (locked.room.status !== "playing" || !me.connected) return;
    await tx
      .update(gamePlayers)
      .set({ connected: false, reconnectDeadline: new Date(now.getTime() + me.disconnectBudgetMs) })
      .where(and(eq(gamePlayers.roomId, roomId), eq(gamePlayers.userId, userId)));
    // While the player to move is away, the reconnect countdown governs them, not the turn timer:
    // what the turn had left is kept for their return.
    const { turnDeadline } = locked.room;
    const [room] = await tx
      .update(gameRooms)
      .set({
        version: sql`${gameRooms.version} + 1`,
        ...(locked.room.currentTurn === me.symbol && turnDeadline
          ? { turnDeadline: null, pausedTurnMs: Math.max(0, turnDeadline.getTime() - now.getTime()) }
          : {}),
      })
      .where(eq(gameRooms.id, roomId))
      .returning();
    const players = await tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId));
    announce(fx, room!, players, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Moves

const MOVE_REFUSALS = {
  game_over: GAME_MESSAGES.gameOver,
  not_your_turn: GAME_MESSAGES.notYourTurn,
  bad_cell: GAME_MESSAGES.badCell,
  cell_taken: GAME_MESSAGES.cellTaken,
} as const;

/**
 * A player's move at (row, col), 0-based, under the room row's lock. With `expectedVersion`, the
 * move applies only to that version of the room (compare-and-set). A move after the player's
 * turn ran out is refused and the timeout acted on.
 */
export async function move(
  g: GameDeps,
  input: { roomId: string; userId: string; row: number; col: number; expectedVersion?: number },
): Promise<RoomView> {
  const now = g.clock();
  const outcome = await inTransaction(
    g,
    async (tx, fx): Promise<{ view: RoomView } | { refused: string }> => {
      const locked = await lockRoom(tx, input.roomId);
      const me = locked?.players.find((p) => p.userId === input.userId);
      if (!locked || !me) throw new DomainError("not_found", GAME_MESSAGES.roomNotFound);
      if (await actOnDeadlines(tx, fx, locked, now)) return { refused: GAME_MESSAGES.timeUp }; // committed: the timeout stands
      const { room } = locked;
      if (room.status === "waiting") throw new DomainError("game_move_refused", GAME_MESSAGES.notStarted);
      if (room.status !== "playing") throw new DomainError("game_move_refused", GAME_MESSAGES.gameOver);
      if (input.expectedVersion !== undefined && input.expectedVersion !== room.version)
        throw new DomainError("game_move_refused", GAME_MESSAGES.stale);
      const result = applyMove(room.board as Board, room.currentTurn ?? "X", me.symbol, input.row, input.col);
      if (!result.ok) throw new DomainError("game_move_refused", MOVE_REFUSALS[result.reason]);
      // A player who moves is present, whatever their socket did (a page without scripts has none).
      if (!me.connected) await markPresent(tx, me, now);
      if (result.outcome) {
        await finish(
          tx,
          fx,
          locked,
          result.outcome,
          result.outcome === "draw" ? "draw" : "line",
          now,
          result.board,
        );
        return { view: fx.rooms.get(room.id)!.view };
      }
      // The next player's turn: a full one, running now, or kept whole until they are back.
      const nextPresent = locked.players.find((p) => p.symbol === result.nextTurn)?.connected;
      const [updated] = await tx
        .update(gameRooms)
        .set({
          board: result.board,
          currentTurn: result.nextTurn,
          turnDeadline: nextPresent ? addSeconds(now, TURN_SECONDS) : null,
          pausedTurnMs: nextPresent ? null : TURN_SECONDS * 1000,
          version: sql`${gameRooms.version} + 1`,
        })
        .where(eq(gameRooms.id, room.id))
        .returning();
      announce(fx, updated!, locked.players, now);
      return { view: fx.rooms.get(room.id)!.view };
    },
  );
  if ("refused" in outcome) throw new DomainError("game_move_refused", outcome.refused);
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
      return actOnDeadlines(tx, fx, locked, now);
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
      if (locked.room.status !== "waiting") continue;
      await cancelWaiting(tx, fx, locked, "paid_rooms_off", now);
      refunded += locked.players.length;
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
