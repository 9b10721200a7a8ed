import { and, asc, count, countDistinct, desc, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  adCheatLog,
  campaigns,
  contactMessages,
  conversions,
  gamePlayers,
  gameRooms,
  journalEntries,
  journalLines,
  sessions,
  shortLinks,
  signIns,
  taskWallPostbacks,
  taskWalls,
  users,
  withdrawals,
} from "../db/schema";
import { debtAccount, memberAccount } from "../ledger/ledger";
import { milliToRupeeString } from "../../shared/money";
import { PAGE_SIZE, offsetOf, pageOf, type Pagination } from "../../shared/pagination";
import type {
  MemberCampaignPage,
  MemberCheatPage,
  MemberConversionPage,
  MemberGamePage,
  MemberGameRow,
  MemberLedgerPage,
  MemberListAnswers,
  MemberListName,
  MemberMessagePage,
  MemberPostbackPage,
  MemberReferralPage,
  MemberSessionPage,
  MemberSignInPage,
  MemberWithdrawalPage,
} from "../../shared/contracts/members";
import { memberRef } from "./profile";
import { listNotes } from "./notes";

/**
 * The lists of the operators' member page, each one page of PAGE_SIZE.operatorLists, newest
 * first, each read through the member's own index (journal_lines_account_idx, withdrawals_user_idx,
 * sign_ins_user_idx, …) so they stay fast however large the tables grow.
 */

export interface ListOptions {
  page: number;
  now: Date;
  /** postbacks: one task wall's only. */
  wall?: string;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const rupee = (milli: number | null): string | null =>
  milli === null ? null : milliToRupeeString(Number(milli));

/** The page for `total` rows. */
async function pageFor(q: PromiseLike<{ n: number }[]>, page: number): Promise<Pagination> {
  const [n] = await q;
  return pageOf(page, PAGE_SIZE.operatorLists, Number(n?.n ?? 0));
}

/**
 * The journal entries touching the member's withdrawable, deposit and debt accounts: the lines
 * of those accounts (journal_lines_account_idx) give the entries, one page of which is read with
 * all its lines (journal_lines_entry_idx). The amounts on the member's accounts over every page
 * add up to the balances.
 */
async function ledger(db: Db, userId: string, o: ListOptions): Promise<MemberLedgerPage> {
  const own = {
    withdrawable: memberAccount(userId, "withdrawable"),
    deposit: memberAccount(userId, "deposit"),
    debt: debtAccount(userId),
  };
  const accounts = Object.values(own);
  const pagination = await pageFor(
    db
      .select({ n: countDistinct(journalLines.entryId) })
      .from(journalLines)
      .where(inArray(journalLines.accountId, accounts)),
    o.page,
  );
  const touching = db
    .select({ id: journalLines.entryId })
    .from(journalLines)
    .where(inArray(journalLines.accountId, accounts));
  const entries = await db
    .select()
    .from(journalEntries)
    .where(inArray(journalEntries.id, touching))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
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
          .map((l) => ({ account: l.accountId, amount: milliToRupeeString(Number(l.amount)) })),
      };
    }),
    pagination,
  };
}

async function withdrawalList(db: Db, userId: string, o: ListOptions): Promise<MemberWithdrawalPage> {
  const where = eq(withdrawals.userId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(withdrawals).where(where), o.page);
  const rows = await db
    .select({ w: withdrawals, settledBy: users.userName })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.settledBy))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
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

async function conversionList(db: Db, userId: string, o: ListOptions): Promise<MemberConversionPage> {
  const where = eq(conversions.userId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(conversions).where(where), o.page);
  const rows = await db
    .select()
    .from(conversions)
    .where(where)
    .orderBy(desc(conversions.createdAt), desc(conversions.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
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

async function campaignList(db: Db, userId: string, o: ListOptions): Promise<MemberCampaignPage> {
  const where = eq(campaigns.advertiserId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(campaigns).where(where), o.page);
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
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

async function gameList(db: Db, userId: string, o: ListOptions): Promise<MemberGamePage> {
  const where = eq(gamePlayers.userId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(gamePlayers).where(where), o.page);
  const opponent = alias(gamePlayers, "opponent");
  const rows = await db
    .select({ seat: gamePlayers, room: gameRooms, opponent: opponent.name })
    .from(gamePlayers)
    .innerJoin(gameRooms, eq(gameRooms.id, gamePlayers.roomId))
    .leftJoin(opponent, and(eq(opponent.roomId, gamePlayers.roomId), ne(opponent.userId, gamePlayers.userId)))
    .where(where)
    .orderBy(desc(gamePlayers.joinedAt), desc(gamePlayers.roomId))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
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

async function referralList(db: Db, userId: string, o: ListOptions): Promise<MemberReferralPage> {
  const [me] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  const where = eq(users.referredBy, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(users).where(where), o.page);
  const rows = await db
    .select({ id: users.id, userName: users.userName, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    referrer: await memberRef(db, me?.referredBy ?? null),
    records: rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      name: r.name,
      joined: r.createdAt.toISOString(),
    })),
    pagination,
  };
}

async function signInList(db: Db, userId: string, o: ListOptions): Promise<MemberSignInPage> {
  const where = eq(signIns.userId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(signIns).where(where), o.page);
  const rows = await db
    .select()
    .from(signIns)
    .where(where)
    .orderBy(desc(signIns.createdAt), desc(signIns.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map((s) => ({
      id: s.id,
      kind: s.kind,
      ip: s.ip,
      userAgent: s.userAgent,
      time: s.createdAt.toISOString(),
    })),
    pagination,
  };
}

/** Sessions that have not expired; the token's hash never leaves the database. */
async function sessionList(db: Db, userId: string, o: ListOptions): Promise<MemberSessionPage> {
  const where = and(eq(sessions.userId, userId), gt(sessions.expiresAt, o.now));
  const pagination = await pageFor(db.select({ n: count() }).from(sessions).where(where), o.page);
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      persistent: sessions.persistent,
      secondFactorAt: sessions.secondFactorAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(where)
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map((s) => ({
      id: s.id,
      created: s.createdAt.toISOString(),
      expires: s.expiresAt.toISOString(),
      persistent: s.persistent,
      secondFactor: s.secondFactorAt !== null,
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    pagination,
  };
}

async function cheatList(db: Db, userId: string, o: ListOptions): Promise<MemberCheatPage> {
  const where = eq(adCheatLog.userId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(adCheatLog).where(where), o.page);
  const rows = await db
    .select({ l: adCheatLog, title: campaigns.title, linkName: shortLinks.name })
    .from(adCheatLog)
    .leftJoin(campaigns, eq(campaigns.id, adCheatLog.campaignId))
    .leftJoin(shortLinks, eq(shortLinks.id, adCheatLog.shortLinkId))
    .where(where)
    .orderBy(desc(adCheatLog.createdAt), desc(adCheatLog.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map(({ l, title, linkName }) => ({
      id: l.id,
      channel: l.channel,
      campaignId: l.campaignId,
      campaignTitle: title,
      shortLinkId: l.shortLinkId,
      shortLinkName: linkName,
      reason: l.reason,
      ip: l.ip,
      time: l.createdAt.toISOString(),
    })),
    pagination,
  };
}

/**
 * The member's postbacks. With a wall, offer_wall_postbacks_wall_idx narrows the rows to that
 * wall's; the log is bounded by its retention sweep either way.
 */
async function postbackList(db: Db, userId: string, o: ListOptions): Promise<MemberPostbackPage> {
  const conditions: SQL[] = [eq(taskWallPostbacks.userId, userId)];
  if (o.wall) conditions.push(eq(taskWallPostbacks.wallId, o.wall));
  const where = and(...conditions);
  const pagination = await pageFor(db.select({ n: count() }).from(taskWallPostbacks).where(where), o.page);
  const rows = await db
    .select({ p: taskWallPostbacks, wallName: taskWalls.name })
    .from(taskWallPostbacks)
    .leftJoin(taskWalls, eq(taskWalls.id, taskWallPostbacks.wallId))
    .where(where)
    .orderBy(desc(taskWallPostbacks.createdAt), desc(taskWallPostbacks.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    wall: o.wall ?? null,
    records: rows.map(({ p, wallName }) => ({
      id: p.id,
      wallId: p.wallId,
      wallName,
      verdict: p.verdict,
      detail: p.detail,
      transactionId: p.transactionId,
      amount: rupee(p.amount),
      ip: p.ip,
      origin: p.origin,
      time: p.createdAt.toISOString(),
    })),
    pagination,
  };
}

async function messageList(db: Db, userId: string, o: ListOptions): Promise<MemberMessagePage> {
  const where = eq(contactMessages.userId, userId);
  const pagination = await pageFor(db.select({ n: count() }).from(contactMessages).where(where), o.page);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map((m) => ({
      id: m.id,
      subject: m.subject,
      message: m.message,
      status: m.status,
      kind: m.kind,
      taskWallId: m.taskWallId,
      offerName: m.offerName,
      completedAt: iso(m.completedAt),
      time: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    })),
    pagination,
  };
}

const LISTS: {
  [L in MemberListName]: (db: Db, userId: string, o: ListOptions) => Promise<MemberListAnswers[L]>;
} = {
  ledger,
  withdrawals: withdrawalList,
  conversions: conversionList,
  campaigns: campaignList,
  games: gameList,
  referrals: referralList,
  signins: signInList,
  sessions: sessionList,
  cheats: cheatList,
  postbacks: postbackList,
  messages: messageList,
  notes: (db, userId, o) => listNotes(db, userId, o.page),
};

/** One page of one of the member's lists (the member is known to exist). */
export function memberList<L extends MemberListName>(
  db: Db,
  list: L,
  userId: string,
  o: ListOptions,
): Promise<MemberListAnswers[L]> {
  return LISTS[list](db, userId, o);
}
