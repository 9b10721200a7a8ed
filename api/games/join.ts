import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { gamePlayers, gameRoomTypes, gameRooms, users } from "../db/schema";
import { newId } from "../lib/ids";
import { GAME_MESSAGES, PRACTICE_ROOM, PRACTICE_TYPE_ID } from "../../shared/ticTacToeEvents";
import { openRoom, step } from "../../shared/ticTacToeMachine";
import { DomainError } from "../lib/errors";
import { gamesPaidRooms } from "../site/settings";
import { assertMayEarn } from "../members/restrictions";
import {
  PAID_SWITCH_LOCK,
  TYPE_LOCK_NAMESPACE,
  commit,
  inTransaction,
  lockRoom,
  play,
  priced,
  refusal,
  stateOf,
  type GameDeps,
  type RoomRow,
} from "./rooms";

/** Taking a seat in a tic-tac-toe room (matchmaking), and leaving the search before the game starts. */

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
    // First: the member's row FOR SHARE, so a suspension or ban is seen or waits for this join.
    await assertMayEarn(tx, userId);
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
