import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { commitBehind, jsonValue, type Tx } from "../db/client";
import { gamePlayers, gameRoomTypes, gameRooms, settings, users } from "../db/schema";
import { newId } from "../lib/ids";
import { GAME_MESSAGES, PRACTICE_ROOM, PRACTICE_TYPE_ID } from "../../shared/ticTacToeEvents";
import { openRoom, step } from "../../shared/ticTacToeMachine";
import { DomainError } from "../lib/errors";
import { isUniqueViolation, together } from "../db/errors";
import { GAMES_PAID_ROOMS, paidRoomsOn } from "../site/settings";
import { assertMayEarnRow } from "../members/restrictions";
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
  type PlayerRow,
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

/**
 * Takes a seat in a room of the requested type: the member's live seat of that type if there is
 * one (Resume), else the oldest waiting room of the type (the game starts), else a new room that
 * waits 120 s for an opponent. A paid seat takes the entry fee from the deposit balance to the
 * game escrow in the same transaction.
 *
 * Joins of one type do not wait behind each other: a join claims a waiting room with FOR UPDATE
 * SKIP LOCKED (take_waiting_room, which keeps no lock on the rooms it passed over), so two joins
 * never take the same room and neither waits for the other's room. Only a join that finds no free
 * waiting room takes the type's advisory lock, and under it looks again, this time waiting for the rooms other joins are claiming or creating (a claim that rolls
 * back leaves its room waiting, and this join takes it): so two members arriving at once are
 * matched with each other instead of each opening a room. A member never holds two live seats of
 * a type (the unique index game_players_one_live_seat); a second join of the same member racing
 * the first meets that index, and is answered with the first one's seat (Resume).
 */
export async function join(g: GameDeps, userId: string, request: JoinRequest): Promise<JoinResult> {
  await joinSlot();
  try {
    return await joinNow(g, userId, request);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // The same member's other join took the live seat first: this one resumes it.
    return await joinNow(g, userId, request);
  } finally {
    releaseJoinSlot();
  }
}

/**
 * Joins in flight in this process, of every type, at most JOINS_AT_ONCE: a join may wait for a
 * lock (the type's, a room being claimed, the game escrow's ledger row), and joins waiting there
 * must not hold every pooled connection the moves need (bench:games). The rest wait here, holding
 * no connection.
 */
const JOINS_AT_ONCE = 4;
let joinsInFlight = 0;
const joinsWaiting: { resolve: () => void; reject: (e: Error) => void }[] = [];

function joinSlot(): Promise<void> {
  if (joinsInFlight < JOINS_AT_ONCE) {
    joinsInFlight++;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => joinsWaiting.push({ resolve, reject }));
}

function releaseJoinSlot() {
  const next = joinsWaiting.shift();
  if (next) next.resolve();
  else joinsInFlight--;
}

/** The refusal of a join that was still waiting for its turn when the node stopped. */
export const JOIN_NOT_STARTED = "The server is restarting. Please join again.";

/**
 * Refuses the joins still waiting for a slot (they have touched nothing): when a stopping node has
 * closed its sockets, their members reconnect to another node and join there, and this one closes
 * its pool after the joins in flight. Answers how many were refused.
 */
export function refuseWaitingJoins(): number {
  const refused = joinsWaiting.splice(0);
  for (const waiting of refused) waiting.reject(new DomainError("unavailable", JOIN_NOT_STARTED));
  return refused.length;
}

/**
 * The oldest room of the type waiting for an opponent, locked, without waiting for rooms other
 * transactions hold: the database function take_waiting_room (migration 0017), which leaves no
 * lock behind on rooms it passed over, so the join may go on to wait for the type's lock. The
 * type is its id, or the statement that finds it (a paid join's, by its fee).
 */
async function takeWaitingRoom(tx: Tx, typeId: string | SQL): Promise<RoomRow | undefined> {
  // The function's own row: a re-read by the calling statement would use that statement's
  // snapshot, which may not show a room created just before the function took it.
  const taken = tx
    .$with("taken", getTableColumns(gameRooms))
    .as(sql`select * from take_waiting_room(${typeId})`);
  return (await tx.with(taken).select().from(taken))[0];
}

/**
 * Under the type's lock, taken in the same round trip: the oldest waiting room of the type, waiting
 * for a room another join holds; one that has left "waiting" when its claimer commits is passed
 * over for the next, and one whose claim rolled back is taken. The lock goes out first: the
 * connection runs the two in turn, so the room is read under it, as if awaited one after the other.
 */
async function waitForWaitingRoom(tx: Tx, typeId: string): Promise<RoomRow | undefined> {
  const [, rooms] = await together([
    tx
      .execute(sql`select pg_advisory_xact_lock(${TYPE_LOCK_NAMESPACE}, hashtext(${typeId}))`)
      .then(() => undefined),
    tx
      .select()
      .from(gameRooms)
      .where(and(eq(gameRooms.typeId, typeId), eq(gameRooms.status, "waiting")))
      .orderBy(asc(gameRooms.createdAt), asc(gameRooms.id))
      .limit(1)
      .for("update")
      .then((rows) => rows),
  ] as const);
  return rooms[0];
}

/** A room type as the lobby and a join read it (the practice room's included). */
export type RoomType = {
  id: string;
  name: string;
  nameHi: string | null;
  entryFee: number;
  prize: number;
  maxPlayers: number;
};

export const PRACTICE_ROOM_TYPE: RoomType = {
  id: PRACTICE_TYPE_ID,
  name: PRACTICE_ROOM,
  nameHi: null,
  entryFee: 0,
  prize: 0,
  maxPlayers: 2,
};

/** A paid type's id, found by its fee (an enabled type): a statement for the one the join reads. */
const typeIdByFee = (fee: number) =>
  sql`(select t.id from ${gameRoomTypes} t where t.entry_fee = ${fee} and t.enabled)`;

/**
 * What a join reads before it looks for a room, and a free waiting room of the type taken, in one
 * round trip (with BEGIN), the connection running them in turn. A paid join first takes the paid
 * switch's lock, shared (the switch takes it exclusively: setPaidRooms), in a statement of its
 * own, so that what follows sees the switch as it is under that lock. Then one statement: the
 * member's row FOR SHARE (a suspension or ban is seen, or waits for this join), the member's name
 * and live seats, and for a paid join the switch and the type. Then take_waiting_room, for the
 * type found by the fee: a room taken by a join that is then refused or resumes a seat is let go
 * when its transaction ends.
 */
async function joinContext(tx: Tx, g: GameDeps, userId: string, request: JoinRequest) {
  const fee = request.practice ? null : request.entryFee;
  const [, rows, free] = await together([
    fee !== null
      ? tx.execute(sql`select pg_advisory_xact_lock_shared(${PAID_SWITCH_LOCK})`).then(() => undefined)
      : Promise.resolve(undefined),
    tx
      .select({
        suspendedAt: users.earningSuspendedAt,
        reason: users.earningSuspendedReason,
        bannedAt: users.bannedAt,
        userName: users.userName,
        seats: sql<{ roomId: string; typeId: string }[]>`(select coalesce(json_agg(json_build_object(
        'roomId', ${gamePlayers.roomId}, 'typeId', ${gamePlayers.typeId})), '[]'::json)
        from ${gamePlayers} where ${gamePlayers.userId} = ${users.id} and ${gamePlayers.active})`,
        paidRooms: sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${GAMES_PAID_ROOMS})`,
        type: sql<RoomType | null>`(select json_build_object('id', t.id, 'name', t.name, 'nameHi', t.name_hi,
        'entryFee', t.entry_fee, 'prize', t.prize, 'maxPlayers', t.max_players)
        from ${gameRoomTypes} t where t.entry_fee = ${fee} and t.enabled)`,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("share")
      .then((r) => r),
    takeWaitingRoom(tx, fee === null ? PRACTICE_TYPE_ID : typeIdByFee(fee)),
  ] as const);
  const [u] = rows;
  if (!u) throw new DomainError("not_found", "User not found.");
  assertMayEarnRow(u);
  let type = PRACTICE_ROOM_TYPE;
  if (fee !== null) {
    if (!paidRoomsOn(jsonValue(u.paidRooms), g.nodeEnv))
      throw new DomainError("paid_rooms_off", GAME_MESSAGES.paidRoomsOff);
    const found = jsonValue<RoomType | null>(u.type);
    if (!found) throw new DomainError("not_found", GAME_MESSAGES.unknownRoomType);
    type = { ...found, entryFee: Number(found.entryFee), prize: Number(found.prize) };
  }
  const seats = jsonValue<{ roomId: string; typeId: string }[]>(u.seats);
  return { type, name: u.userName, seat: seats.find((s) => s.typeId === type.id), free };
}

async function joinNow(g: GameDeps, userId: string, request: JoinRequest): Promise<JoinResult> {
  const now = g.clock();
  return inTransaction(g, async (tx, fx) => {
    const { type, name, seat, free } = await joinContext(tx, g, userId, request);
    const label = priced(type.id, type.name, type.entryFee, type.prize).type;
    if (seat) return { roomId: seat.roomId, type: label, resumed: true };

    // A free waiting room, taken without waiting for anyone; else, under the type's lock, a room
    // that another join was creating or claiming a moment ago, before opening a new one.
    const waiting = free ?? (await waitForWaitingRoom(tx, type.id));

    // A new room is the row as inserted, every column given: it goes out with the seat and the
    // step's writes, the type's lock held for that one round trip and the commit.
    const room: RoomRow = waiting ?? {
      id: newId(),
      typeId: type.id,
      name: type.name,
      nameHi: type.nameHi,
      entryFee: type.entryFee,
      prize: type.prize,
      maxPlayers: type.maxPlayers,
      ...openRoom(now),
      settledAt: null,
      createdAt: now,
    };
    const seats = waiting ? await tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, room.id)) : [];
    const locked = { room, players: seats };
    const next = step(stateOf(locked), { type: "seat", userId }, now);
    if (next.refused) throw refusal(next.refused);
    const mine = next.players.at(-1)!;
    // The seat as the machine has it, every column given: the row stored is this one.
    const row: PlayerRow = {
      roomId: room.id,
      userId,
      typeId: type.id,
      symbol: mine.symbol,
      name,
      active: mine.active,
      connected: mine.connected,
      reconnectDeadline: mine.reconnectDeadline,
      disconnectBudgetMs: mine.disconnectBudgetMs,
      joinedAt: now,
    };
    // The fee is the type's as the member chose it (as before the machine; a room that waits
    // through an operator's price change keeps its own price for the settlement).
    const chosen = { ...room, entryFee: type.entryFee, name: type.name, nameHi: type.nameHi };
    // The new room, the seat and the step's writes go out together, in that order (the seat and the
    // room's write need the room), and the COMMIT behind them: the type's matching point is held for
    // that one round trip. Every refusal among them is an error of its statement (the fee's too:
    // postChecked), and the room's write over the version it was read at is checked there
    // (assert_room_at, migration 0022). The seat's failure (the member's other join took the live
    // seat: a unique violation) is the one answered when several fail.
    await together([
      waiting
        ? Promise.resolve(undefined)
        : tx
            .insert(gameRooms)
            .values(room)
            .then(() => undefined),
      tx
        .insert(gamePlayers)
        .values(row)
        .then(() => undefined),
      commit(tx, fx, { room: chosen, players: [...seats, row] }, next, now),
      commitBehind(tx, sql`select assert_room_at(${room.id}, ${next.room.version})`),
    ] as const);
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
