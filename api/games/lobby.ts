import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { gamePlayers, gameRoomTypes, gameRooms, journalEntries, journalLines } from "../db/schema";
import type { LobbyRoom } from "../../shared/ticTacToeEvents";
import type { BettingHome, TicTacToeLobby } from "../../shared/contracts/games";
import { milliToRupeeString } from "../../shared/money";
import { incomeToday } from "../ledger/earnings";
import { istDayStart } from "../ledger/earningKinds";
import { memberAccount, memberBalances } from "../ledger/ledger";
import { gamesPaidRooms } from "../site/settings";
import { GAME_KINDS } from "./settlement";
import { priced, type GameDeps } from "./rooms";
import { pick } from "../content/localized";
import { PRACTICE_ROOM_TYPE, type RoomType } from "./join";
import type { Locale } from "../../shared/i18n/locale";

/** The members' reads of games: the lobby's rooms and the betting hub's figures. */

/**
 * The rooms of the lobby for a member: the Practice Room and (when paid rooms are on) the enabled
 * types, named in the reader's language (issue 45).
 */
export async function lobby(g: GameDeps, userId: string, locale: Locale = "en"): Promise<TicTacToeLobby> {
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
  const row = (t: RoomType): LobbyRoom => {
    const seat = mine.find((m) => m.typeId === t.id);
    return {
      _id: t.id,
      ...priced(t.id, pick(locale, t.name, t.nameHi), t.entryFee, t.prize),
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
      ticTacToe_roomsData: [row(PRACTICE_ROOM_TYPE), ...types.map(row)],
    },
    available_balance: milliToRupeeString(withdrawable),
    deposit_amount: milliToRupeeString(deposit),
    paid_rooms: paid,
  };
}

/** The betting hub's figures for today (IST), from the ledger (spec 2 §3 Betting home). */
export async function bettingHome(db: Db, userId: string, now: Date): Promise<BettingHome> {
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
