import { and, asc, count, countDistinct, desc, eq, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { userNamesById } from "../db/userNames";
import { paged } from "../db/paging";
import {
  campaigns,
  conversions,
  gamePlayers,
  gameRooms,
  journalEntries,
  journalLines,
  users,
  withdrawals,
} from "../db/schema";
import { debtAccount, memberAccount } from "../ledger/ledger";
import { milliToRupeeString } from "../../shared/money";
import { PAGE_SIZE } from "../../shared/pagination";
import { memberIdsOfAccounts } from "../../shared/ledgerAccountLabel";
import type {
  MemberCampaignPage,
  MemberConversionPage,
  MemberGamePage,
  MemberGameRow,
  MemberLedgerPage,
  MemberWithdrawalPage,
} from "../../shared/contracts/members";
import type { ListOptions } from "./lists";

/**
 * The member's money on the operators' member page (lists.ts): the ledger entries on their
 * accounts, their withdrawals and conversions, their ad campaigns and their games' stakes, each a
 * page of PAGE_SIZE.operatorLists, newest first, through the member's own index.
 */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The journal entries touching the member's withdrawable, deposit and debt accounts: the lines
 * of those accounts (journal_lines_account_idx) give the entries, one page of which is read with
 * all its lines (journal_lines_entry_idx). The amounts on the member's accounts over every page
 * add up to the balances.
 */
export async function ledger(db: Db, userId: string, o: ListOptions): Promise<MemberLedgerPage> {
  const own = {
    withdrawable: memberAccount(userId, "withdrawable"),
    deposit: memberAccount(userId, "deposit"),
    debt: debtAccount(userId),
  };
  const accounts = Object.values(own);
  const touching = db
    .select({ id: journalLines.entryId })
    .from(journalLines)
    .where(inArray(journalLines.accountId, accounts));
  const { pagination, rows: entries } = await paged(
    db
      .select({ n: countDistinct(journalLines.entryId) })
      .from(journalLines)
      .where(inArray(journalLines.accountId, accounts)),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(journalEntries)
      .where(inArray(journalEntries.id, touching))
      .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id)),
  );
  const lines = entries.length
    ? await db
        .select()
        .from(journalLines)
        .where(
          inArray(
            journalLines.entryId,
            entries.map((e) => e.id),
          ),
        )
        .orderBy(asc(journalLines.id))
    : [];
  const others = memberIdsOfAccounts(lines.map((l) => l.accountId));
  const names = await userNamesById(db, others);
  return {
    records: entries.map((e) => {
      const mine = lines.filter((l) => l.entryId === e.id);
      const on = (account: string) => {
        const ls = mine.filter((l) => l.accountId === account);
        return ls.length ? milliToRupeeString(ls.reduce((s, l) => s + Number(l.amount), 0)) : null;
      };
      return {
        entryId: e.id,
        kind: e.kind,
        time: e.createdAt.toISOString(),
        idempotencyKey: e.idempotencyKey,
        memo: e.memo,
        withdrawable: on(own.withdrawable),
        deposit: on(own.deposit),
        debt: on(own.debt),
        counterparts: mine
          .filter((l) => !accounts.includes(l.accountId))
          .map((l) => {
            const memberName = names.get(memberIdsOfAccounts([l.accountId])[0] ?? "");
            return {
              account: l.accountId,
              amount: milliToRupeeString(Number(l.amount)),
              ...(memberName === undefined ? {} : { memberName }),
            };
          }),
      };
    }),
    pagination,
  };
}

export async function withdrawalList(db: Db, userId: string, o: ListOptions): Promise<MemberWithdrawalPage> {
  const where = eq(withdrawals.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(withdrawals).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ w: withdrawals, settledBy: users.userName })
      .from(withdrawals)
      .leftJoin(users, eq(users.id, withdrawals.settledBy))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)),
  );
  return {
    records: rows.map(({ w, settledBy }) => ({
      id: w.id,
      amount: milliToRupeeString(Number(w.amount)),
      method: w.methodName,
      accountInfo: w.accountInfo,
      status: w.status,
      remark: w.remark,
      time: w.createdAt.toISOString(),
      settledAt: iso(w.settledAt),
      settledBy: settledBy ?? w.settledBy,
    })),
    pagination,
  };
}

export async function conversionList(db: Db, userId: string, o: ListOptions): Promise<MemberConversionPage> {
  const where = eq(conversions.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(conversions).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db.select().from(conversions).where(where).orderBy(desc(conversions.createdAt), desc(conversions.id)),
  );
  return {
    records: rows.map((c) => ({
      id: c.id,
      direction: c.direction,
      amount: milliToRupeeString(Number(c.amount)),
      charge: milliToRupeeString(Number(c.charge)),
      time: c.createdAt.toISOString(),
    })),
    pagination,
  };
}

export async function campaignList(db: Db, userId: string, o: ListOptions): Promise<MemberCampaignPage> {
  const where = eq(campaigns.advertiserId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(campaigns).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
  );
  return {
    records: rows.map((c) => ({
      id: c.id,
      title: c.title,
      type: c.type,
      status: c.status,
      totalViews: c.totalViews,
      deliveredViews: c.deliveredViews,
      price: milliToRupeeString(Number(c.price)),
      refund: milliToRupeeString(Number(c.refund)),
      time: c.createdAt.toISOString(),
    })),
    pagination,
  };
}

/** The game's outcome from the member's seat. */
function resultOf(room: typeof gameRooms.$inferSelect, symbol: "X" | "O"): MemberGameRow["result"] {
  if (room.status === "cancelled") return "cancelled";
  if (room.status !== "finished") return "in play";
  if (room.winner === "draw" || room.winner === null) return "draw";
  return room.winner === symbol ? "won" : "lost";
}

export async function gameList(db: Db, userId: string, o: ListOptions): Promise<MemberGamePage> {
  const where = eq(gamePlayers.userId, userId);
  const opponent = alias(gamePlayers, "opponent");
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(gamePlayers).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ seat: gamePlayers, room: gameRooms, opponent: opponent.name })
      .from(gamePlayers)
      .innerJoin(gameRooms, eq(gameRooms.id, gamePlayers.roomId))
      .leftJoin(
        opponent,
        and(eq(opponent.roomId, gamePlayers.roomId), ne(opponent.userId, gamePlayers.userId)),
      )
      .where(where)
      .orderBy(desc(gamePlayers.joinedAt), desc(gamePlayers.roomId)),
  );
  return {
    records: rows.map(({ seat, room, opponent }) => ({
      roomId: room.id,
      name: room.name,
      practice: room.typeId === "practice",
      entryFee: milliToRupeeString(Number(room.entryFee)),
      prize: milliToRupeeString(Number(room.prize)),
      status: room.status,
      symbol: seat.symbol,
      opponent,
      result: resultOf(room, seat.symbol),
      endReason: room.endReason,
      joined: seat.joinedAt.toISOString(),
      finishedAt: iso(room.finishedAt),
    })),
    pagination,
  };
}
