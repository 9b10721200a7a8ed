import { and, count, desc, eq, gt, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import {
  adCheatLog,
  campaigns,
  contactMessages,
  sessions,
  shortLinks,
  signIns,
  taskWallPostbacks,
  taskWalls,
  users,
} from "../db/schema";
import { milliToRupeeString } from "../../shared/money";
import { PAGE_SIZE } from "../../shared/pagination";
import type {
  MemberCheatPage,
  MemberMessagePage,
  MemberPostbackPage,
  MemberReferralPage,
  MemberSessionPage,
  MemberSignInPage,
} from "../../shared/contracts/members";
import { memberRef } from "./profile";
import type { ListOptions } from "./lists";

/**
 * The member's account trail on the operators' member page (lists.ts): whom they referred, their
 * sign-ins and live sessions, the cheat log, their task walls' postbacks and their messages, each
 * a page of PAGE_SIZE.operatorLists, newest first, through the member's own index.
 */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const rupee = (milli: number | null): string | null =>
  milli === null ? null : milliToRupeeString(Number(milli));

export async function referralList(db: Db, userId: string, o: ListOptions): Promise<MemberReferralPage> {
  const [me] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  const where = eq(users.referredBy, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(users).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ id: users.id, userName: users.userName, name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id)),
  );
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

export async function signInList(db: Db, userId: string, o: ListOptions): Promise<MemberSignInPage> {
  const where = eq(signIns.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(signIns).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db.select().from(signIns).where(where).orderBy(desc(signIns.createdAt), desc(signIns.id)),
  );
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
export async function sessionList(db: Db, userId: string, o: ListOptions): Promise<MemberSessionPage> {
  const where = and(eq(sessions.userId, userId), gt(sessions.expiresAt, o.now));
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(sessions).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
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
      .orderBy(desc(sessions.createdAt), desc(sessions.id)),
  );
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

export async function cheatList(db: Db, userId: string, o: ListOptions): Promise<MemberCheatPage> {
  const where = eq(adCheatLog.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(adCheatLog).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ l: adCheatLog, title: campaigns.title, linkName: shortLinks.name })
      .from(adCheatLog)
      .leftJoin(campaigns, eq(campaigns.id, adCheatLog.campaignId))
      .leftJoin(shortLinks, eq(shortLinks.id, adCheatLog.shortLinkId))
      .where(where)
      .orderBy(desc(adCheatLog.createdAt), desc(adCheatLog.id)),
  );
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
export async function postbackList(db: Db, userId: string, o: ListOptions): Promise<MemberPostbackPage> {
  const conditions: SQL[] = [eq(taskWallPostbacks.userId, userId)];
  if (o.wall) conditions.push(eq(taskWallPostbacks.wallId, o.wall));
  const where = and(...conditions);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(taskWallPostbacks).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ p: taskWallPostbacks, wallName: taskWalls.name })
      .from(taskWallPostbacks)
      .leftJoin(taskWalls, eq(taskWalls.id, taskWallPostbacks.wallId))
      .where(where)
      .orderBy(desc(taskWallPostbacks.createdAt), desc(taskWallPostbacks.id)),
  );
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

export async function messageList(db: Db, userId: string, o: ListOptions): Promise<MemberMessagePage> {
  const where = eq(contactMessages.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(contactMessages).where(where),
    o.page,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
  );
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
