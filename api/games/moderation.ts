import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { gamePlayers, gameRoomTypes, gameRooms, journalEntries, journalLines } from "../db/schema";
import { newId } from "../lib/ids";
import { milliToRupeeString } from "../../shared/money";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { gamesPaidRooms } from "../site/settings";
import type { GameDeps } from "./rooms";
import type { GameRoomType, OperatorGame, OperatorGames } from "../../shared/contracts/games";

/**
 * The operators' side of games: the paid room types (audited in the same transaction as the
 * change), and the live and recent games with what each one's settlement moved.
 */

export const GAME_ADMIN_MESSAGES = {
  typeNotFound: "Room type not found.",
  duplicateFee: "Another room type has this entry fee: members join a type by its fee.",
  prizeTooHigh: "The prize must not exceed the two players' entry fees.",
  saved: "Room type saved.",
  switched: (on: boolean) => (on ? "Paid rooms are on." : "Paid rooms are off."),
} as const;

export interface RoomTypeFields {
  name: string;
  /** The Hindi name (issue 45), null: none. */
  nameHi: string | null;
  entryFee: number;
  prize: number;
  enabled: boolean;
  sortOrder: number;
}

type RoomType = typeof gameRoomTypes.$inferSelect;

const typeView = (t: RoomType): GameRoomType => ({
  id: t.id,
  name: t.name,
  name_hi: t.nameHi ?? "",
  entry_fee: milliToRupeeString(t.entryFee),
  prize: milliToRupeeString(t.prize),
  max_players: t.maxPlayers,
  enabled: t.enabled,
  sort_order: t.sortOrder,
});

function checkFields(f: Pick<RoomTypeFields, "entryFee" | "prize">) {
  if (f.prize > f.entryFee * 2) throw new DomainError("invalid_input", GAME_ADMIN_MESSAGES.prizeTooHigh);
}

async function feeTaken(db: Db, entryFee: number, except?: string) {
  const rows = await db
    .select({ id: gameRoomTypes.id })
    .from(gameRoomTypes)
    .where(
      except
        ? and(eq(gameRoomTypes.entryFee, entryFee), ne(gameRoomTypes.id, except))
        : eq(gameRoomTypes.entryFee, entryFee),
    );
  return rows.length > 0;
}

export async function listRoomTypes(db: Db) {
  const rows = await db
    .select()
    .from(gameRoomTypes)
    .orderBy(asc(gameRoomTypes.sortOrder), asc(gameRoomTypes.entryFee));
  return rows.map(typeView);
}

export async function createRoomType(db: Db, actorUserId: string, f: RoomTypeFields) {
  checkFields(f);
  if (await feeTaken(db, f.entryFee)) throw new DomainError("duplicate", GAME_ADMIN_MESSAGES.duplicateFee);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gameRoomTypes)
      .values({ id: newId(), ...f })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new DomainError("duplicate", GAME_ADMIN_MESSAGES.duplicateFee);
    await recordAudit(tx, {
      actorUserId,
      action: "games.room_type.create",
      target: `game_room_type:${row.id}`,
      after: typeView(row),
    });
    return typeView(row);
  });
}

export async function updateRoomType(
  db: Db,
  actorUserId: string,
  id: string,
  patch: Partial<RoomTypeFields>,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(gameRoomTypes).where(eq(gameRoomTypes.id, id)).for("update");
    if (!before) throw new DomainError("not_found", GAME_ADMIN_MESSAGES.typeNotFound);
    const next = { ...before, ...patch };
    checkFields(next);
    if (patch.entryFee !== undefined && (await feeTaken(tx as unknown as Db, patch.entryFee, id)))
      throw new DomainError("duplicate", GAME_ADMIN_MESSAGES.duplicateFee);
    const [row] = await tx.update(gameRoomTypes).set(patch).where(eq(gameRoomTypes.id, id)).returning();
    await recordAudit(tx, {
      actorUserId,
      action: "games.room_type.update",
      target: `game_room_type:${id}`,
      before: typeView(before),
      after: typeView(row!),
    });
    return typeView(row!);
  });
}

/**
 * Live games (waiting or playing, up to `limit`) and one page of the ended ones (`limit` a page),
 * newest first, each with its players and the ledger entries its settlement posted (fees,
 * refunds, prize, revenue).
 */
export async function listGames(
  g: GameDeps,
  opts: { limit?: number; page?: number } = {},
): Promise<OperatorGames> {
  const db = g.db;
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const ended = inArray(gameRooms.status, ["finished", "cancelled"]);
  const live = await db
    .select()
    .from(gameRooms)
    .where(inArray(gameRooms.status, ["waiting", "playing"]))
    .orderBy(desc(gameRooms.createdAt), desc(gameRooms.id))
    .limit(limit);
  const { pagination: recentPage, rows: recent } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameRooms)
      .where(ended),
    opts.page ?? 1,
    limit,
    db.select().from(gameRooms).where(ended).orderBy(desc(gameRooms.finishedAt), desc(gameRooms.id)),
  );
  const ids = [...live, ...recent].map((r) => r.id);
  const players = ids.length
    ? await db.select().from(gamePlayers).where(inArray(gamePlayers.roomId, ids))
    : [];
  const keys = ids.flatMap((id) => [`game-prize:${id}`, `game-revenue:${id}`]);
  const settlementLines = ids.length
    ? await db
        .select({
          key: journalEntries.idempotencyKey,
          kind: journalEntries.kind,
          account: journalLines.accountId,
          amount: journalLines.amount,
          at: journalEntries.createdAt,
        })
        .from(journalEntries)
        .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
        .where(
          inArray(journalEntries.idempotencyKey, [
            ...keys,
            ...players.flatMap((p) => [
              `game-fee:${p.roomId}:${p.userId}`,
              `game-refund:${p.roomId}:${p.userId}`,
            ]),
          ]),
        )
    : [];
  const view = (r: typeof gameRooms.$inferSelect): OperatorGame => ({
    id: r.id,
    type_id: r.typeId,
    name: r.name,
    entry_fee: milliToRupeeString(r.entryFee),
    prize: milliToRupeeString(r.prize),
    status: r.status,
    winner: r.winner,
    end_reason: r.endReason,
    version: r.version,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
    settled_at: r.settledAt?.toISOString() ?? null,
    players: players
      .filter((p) => p.roomId === r.id)
      .map((p) => ({ user_id: p.userId, name: p.name, symbol: p.symbol, connected: p.connected })),
    settlement: settlementLines
      .filter((l) => l.key.includes(`:${r.id}`))
      .map((l) => ({
        key: l.key,
        kind: l.kind,
        account: l.account,
        amount: milliToRupeeString(l.amount),
        at: l.at.toISOString(),
      })),
  });
  return {
    paid_rooms: await gamesPaidRooms(db, g.nodeEnv),
    live: live.map(view),
    recent: recent.map(view),
    recent_pagination: recentPage,
  };
}
