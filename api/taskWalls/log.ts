import { and, asc, count, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { clipBytes } from "../lib/text";
import { paged } from "../db/paging";
import { taskWallPostbacks, taskWalls, users } from "../db/schema";
import { milliToRupeeString } from "../../shared/money";
import { PAGE_SIZE } from "../../shared/pagination";
import type { PostbackVerdict } from "../../shared/taskWall";
import type { PostbackLogPage } from "../../shared/contracts/taskWalls";
import { getSetting, updateSettingAudited } from "../site/settings";
import { DomainError } from "../lib/errors";
import { log as logger } from "../../shared/log.server";

/**
 * The postback log (docs/api/taskwalls.md): the row every postback request leaves with its
 * verdict, the retention sweep that keeps the log bounded, and the operators' view of it with
 * its retention setting.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A postback request as received (the route reads it; replays send the stored one again). */
export interface RawPostback {
  method: string;
  /** Path and query exactly as received. */
  pathAndQuery: string;
  /** Lower-case header names; the session cookie and our internal token are never kept. */
  headers: Record<string, string>;
  body: string | null;
  ip: string;
  origin: "network" | "test" | "replay";
  /** Origins a network may have signed the absolute URL with (hmac_sha1_url). */
  origins: string[];
}

/** What a verdict is recorded with besides itself. */
export interface Judgement {
  verdict: PostbackVerdict;
  detail: string;
  transactionId?: string;
  /** The goal or event id of a multi-step offer ('' or absent when the wall sends none). */
  goalId?: string;
  userId?: string;
  amount?: number;
}

/** Logs a verdict inside the money's transaction (credits and reversals). */
export type LogInTx = (tx: Tx, j: Judgement) => Promise<void>;

const clip = (s: string | undefined, n: number) => (s === undefined ? null : s.slice(0, n));

/** How much of the address a postback that moved no money keeps (bytes of UTF-8). */
export const SUMMARY_URL_BYTES = 300;

/**
 * One row of the postback log, in the caller's transaction or on its own. A postback that moved
 * money (credited, reversed) is kept whole: it carried a valid signature and a new transaction.
 * Anything else — refusals, which anyone can send, duplicates and our own faults — keeps only a
 * bounded summary: wall, verdict, address, time, the first 300 bytes of the address, no headers
 * and no body, so nobody can fill the log with large requests.
 */
export async function logPostback(db: Db | Tx, wallId: string, raw: RawPostback, j: Judgement, at: Date) {
  const whole = j.verdict === "credited" || j.verdict === "reversed";
  await db.insert(taskWallPostbacks).values({
    wallId: clip(wallId, 100),
    method: raw.method.slice(0, 16),
    // Node allows a request line of 16 KiB; anything longer came another way and is clipped.
    url: whole ? raw.pathAndQuery.slice(0, 16_384) : clipBytes(raw.pathAndQuery, SUMMARY_URL_BYTES),
    headers: whole ? raw.headers : {},
    body: whole ? raw.body : null,
    ip: clip(raw.ip, 100),
    verdict: j.verdict,
    detail: clip(j.detail, 500),
    transactionId: clip(j.transactionId, 200),
    goalId: j.goalId ? clip(j.goalId, 200) : null,
    userId: clip(j.userId, 100),
    amount: j.amount ?? null,
    origin: raw.origin,
    createdAt: at,
  });
}

/** Rows of the postback log one sweep removes at most: the sweep runs after every logged postback. */
export const POSTBACK_SWEEP_BATCH = 100;

/**
 * Removes up to `limit` log rows older than the setting `postback_log_retention_days`, oldest
 * first, by the created-at index. Run after every logged postback: the log grows by one row and
 * loses up to 100 expired ones, so it never holds more than the retention period's rows (plus a
 * backlog after the setting is lowered, cleared 100 at a time), at the cost of one indexed
 * look-up per postback. Rows another sweep is deleting are skipped, not waited for.
 */
export async function sweepPostbackLog(db: Db, now: Date, limit = POSTBACK_SWEEP_BATCH): Promise<number> {
  const days = await getSetting(db, "postback_log_retention_days");
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const expired = db
    .select({ id: taskWallPostbacks.id })
    .from(taskWallPostbacks)
    .where(lt(taskWallPostbacks.createdAt, cutoff))
    .orderBy(asc(taskWallPostbacks.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(taskWallPostbacks)
    .where(inArray(taskWallPostbacks.id, expired))
    .returning({ id: taskWallPostbacks.id });
  return deleted.length;
}

/** The log's retention sweep after a postback: a failure is logged, never the network's answer. */
export async function sweepAfterPostback(db: Db, now: Date): Promise<void> {
  try {
    await sweepPostbackLog(db, now);
  } catch (e) {
    logger.error({ err: e }, "postback log sweep failed");
  }
}

// ---------------------------------------------------------------------------------------------
// The operators' postback log

export type PostbackRow = typeof taskWallPostbacks.$inferSelect;

/** The log's retention an operator may set: a day to ten years. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** An operator sets how many days the postback log keeps a row (audited with before and after). */
export async function setPostbackLogRetention(db: Db, actorUserId: string, days: number): Promise<void> {
  if (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max)
    throw new DomainError(
      "invalid_input",
      `retentionDays must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}.`,
    );
  await updateSettingAudited(db, {
    actorUserId,
    key: "postback_log_retention_days",
    value: days,
    action: "postback.retention",
    field: "days",
  });
}

export async function getPostback(db: Db, id: number): Promise<PostbackRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return (await db.select().from(taskWallPostbacks).where(eq(taskWallPostbacks.id, id)))[0];
}

/** The postback log, newest first, 20 a page; filtered by wall and verdict; with its retention. */
export async function postbackLog(
  db: Db,
  filter: { wallId?: string; verdict?: PostbackVerdict; page: number },
): Promise<PostbackLogPage> {
  const conditions: SQL[] = [];
  if (filter.wallId) conditions.push(eq(taskWallPostbacks.wallId, filter.wallId));
  if (filter.verdict) conditions.push(eq(taskWallPostbacks.verdict, filter.verdict));
  const where = conditions.length ? and(...conditions) : undefined;
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(taskWallPostbacks).where(where),
    filter.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ p: taskWallPostbacks, wallName: taskWalls.name, userName: users.userName })
      .from(taskWallPostbacks)
      .leftJoin(taskWalls, eq(taskWalls.id, taskWallPostbacks.wallId))
      .leftJoin(users, eq(users.id, taskWallPostbacks.userId))
      .where(where)
      .orderBy(desc(taskWallPostbacks.createdAt), desc(taskWallPostbacks.id)),
  );
  return {
    retentionDays: await getSetting(db, "postback_log_retention_days"),
    records: rows.map(({ p, wallName, userName }) => ({
      id: p.id,
      wallId: p.wallId,
      wallName,
      time: p.createdAt.toISOString(),
      ip: p.ip,
      method: p.method,
      url: p.url,
      headers: p.headers,
      body: p.body,
      // Written by logPostback alone, always a PostbackVerdict (the column is plain text).
      verdict: p.verdict as PostbackVerdict,
      detail: p.detail,
      transactionId: p.transactionId,
      goalId: p.goalId,
      userId: p.userId,
      userName,
      amount: p.amount === null ? null : milliToRupeeString(p.amount),
      origin: p.origin,
    })),
    pagination,
  };
}
