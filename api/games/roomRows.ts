import { and, eq, sql, type SQL } from "drizzle-orm";
import { preparedPerDatabase, type Db, type Tx } from "../db/client";
import { gamePlayers, gameRooms } from "../db/schema";
import type { Board } from "../../shared/ticTacToe";
import type { GameRoom } from "../../shared/ticTacToeMachine";

/**
 * A room's row and its seats as stored (rooms.ts plays the machine over them): the reads — under
 * the room's lock, or one snapshot without it — and the room row's write over the version it was
 * read at, the usual one prepared.
 */

export type RoomRow = typeof gameRooms.$inferSelect;
export type PlayerRow = typeof gamePlayers.$inferSelect;

export async function lockRoom(
  tx: Tx,
  roomId: string,
): Promise<{ room: RoomRow; players: PlayerRow[] } | null> {
  // Both statements go out together (one round trip); the connection runs them in turn, so the
  // seats are read after the room's lock is held, as if awaited one after the other.
  const [[room], players] = await Promise.all([
    tx.select().from(gameRooms).where(eq(gameRooms.id, roomId)).for("update"),
    tx.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId)),
  ]);
  if (!room) return null;
  return { room, players };
}

/** readState's query, built once per database: it runs for every room entered, and for moves. */
const roomRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(gameRooms)
    .leftJoin(gamePlayers, eq(gamePlayers.roomId, gameRooms.id))
    .where(eq(gameRooms.id, sql.placeholder("roomId")))
    .prepare("read_room"),
);

/** A room and its seats as committed, read in one statement (one snapshot) without a lock. */
export async function readState(db: Db, roomId: string): Promise<Locked | null> {
  const rows = await roomRead(db).execute({ roomId });
  const room = rows[0]?.game_rooms;
  if (!room) return null;
  return { room, players: rows.flatMap((r) => (r.game_players ? [r.game_players] : [])) };
}

export type Locked = { room: RoomRow; players: PlayerRow[] };

/** The machine's room from a row (or from the machine's own answer: the same columns, copied). */
export const gameRoomOf = (r: RoomRow | GameRoom): GameRoom => ({
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

/** The room row as the machine left it, written only over the version `room` was read at. */
export async function writeRoom(
  q: Db | Tx,
  room: RoomRow,
  next: GameRoom,
  now: Date,
): Promise<RoomRow | undefined> {
  const [updated] = await q
    .update(gameRooms)
    .set({
      // The machine's room is the row's own columns, by the same names (gameRoomOf).
      ...gameRoomOf(next),
      // A room is settled when it closes: its money moves in the same transaction.
      ...(isClosed(next.status) && !isClosed(room.status) ? { settledAt: now } : {}),
    })
    .where(and(eq(gameRooms.id, room.id), eq(gameRooms.version, room.version)))
    .returning();
  return updated;
}

/** The columns of the machine's room (gameRoomOf), every one of them (the type says so). */
const MACHINE_COLUMNS = Object.keys({
  status: true,
  board: true,
  currentTurn: true,
  winner: true,
  endReason: true,
  version: true,
  turnDeadline: true,
  pausedTurnMs: true,
  waitDeadline: true,
  startedAt: true,
  finishedAt: true,
} satisfies Record<keyof GameRoom, true>) as (keyof GameRoom)[];

/**
 * writeRoom's statement for a change of the room row alone (a move that neither ends the game nor
 * touches a seat, the most frequent), built once per database. Values go as PostgreSQL's text:
 * the board as JSON, the times as ISO strings.
 */
const roomOnlyWrite = preparedPerDatabase((db) =>
  db
    .update(gameRooms)
    .set(
      // Each column a placeholder of its own name.
      Object.fromEntries(
        MACHINE_COLUMNS.map((k): [string, SQL] => [
          k,
          k === "board" ? sql`${sql.placeholder(k)}::jsonb` : sql`${sql.placeholder(k)}`,
        ]),
      ),
    )
    .where(
      and(eq(gameRooms.id, sql.placeholder("id")), eq(gameRooms.version, sql.placeholder("readVersion"))),
    )
    .returning()
    .prepare("write_room_only"),
);

/** writeRoom for a change that leaves the room open (no settlement), through the prepared statement. */
export async function writeRoomOnly(db: Db, room: RoomRow, next: GameRoom): Promise<RoomRow | undefined> {
  const values = gameRoomOf(next);
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const [updated] = await roomOnlyWrite(db).execute({
    ...Object.fromEntries(
      MACHINE_COLUMNS.map((k) => [k, k === "board" ? JSON.stringify(values.board) : text(values[k])]),
    ),
    id: room.id,
    readVersion: room.version,
  });
  return updated;
}

export const isClosed = (status: RoomRow["status"]) => status === "finished" || status === "cancelled";
