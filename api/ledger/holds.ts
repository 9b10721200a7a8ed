import { and, asc, eq, isNotNull, isNull, lte, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { journalEntries, ledgerAccounts, taskWallTransactions, taskWalls } from "../db/schema";
import { creditEarning } from "./earnings";
import { PLATFORM, memberAccount, post } from "./ledger";
import { milliToRupeeString } from "../../shared/money";
import { log } from "../../shared/log.server";

/**
 * Pending offer credits (issue 21 §3): a task-wall credit above its wall's hold threshold is
 * recorded at once, but into the member's pending account (`member:{id}:pending`), and becomes
 * withdrawable only when its hold ends. Release is one transaction per credit that moves the
 * amount pending → withdrawable as the earning itself (creditEarning with the credit's own
 * idempotency key), so the day's earnings are rolled up and the referrer is paid at release. A
 * reversal inside the hold cancels the pending credit (api/taskWalls/credits.ts): no debt, no
 * referral to claw back. Releases run for one member on their task-wall and dashboard reads (and
 * the withdrawal's), and as a sweep of up to 100 due credits across members after every postback,
 * so any node heals. The ledger's floor: task walls, accounts and withdrawals all read it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entry kind of a held credit (offer walls → pending): not an earning kind, so not rolled up. */
export const TASK_WALL_HOLD = "offerWall_pending";
/** Entry kind of a pending credit cancelled by a reversal inside its hold (pending → offer walls). */
export const TASK_WALL_HOLD_CANCEL = "offerWall_pending_cancel";

/** The member's pending account: task-wall credits still on hold (never below zero). */
export const pendingAccount = (userId: string) => `member:${userId}:pending`;

/** Opens the member's pending account (if it is not open yet) inside the caller's transaction. */
export async function openPendingAccount(tx: Tx, userId: string): Promise<string> {
  const id = pendingAccount(userId);
  await tx
    .insert(ledgerAccounts)
    .values({ id, userId, kind: "pending" as const })
    .onConflictDoNothing();
  return id;
}

/**
 * The ledger idempotency key of a task-wall movement of a (wall, transaction, goal). Without a
 * goal it is the key credits always had (`offerwall:{wall}:{transaction}`), so older rows stay
 * valid; with one, a key of its own shape whose parts are URI-encoded, so no transaction id can
 * spell another's key.
 */
export function wallKey(prefix: string, wallId: string, transactionId: string, goalId: string): string {
  return goalId === ""
    ? `${prefix}:${wallId}:${transactionId}`
    : `${prefix}-goal:${wallId}:${encodeURIComponent(transactionId)}:${encodeURIComponent(goalId)}`;
}

/** The credit's idempotency key (the earning's key at release, or at once when not held). */
export const creditKey = (wallId: string, transactionId: string, goalId: string) =>
  wallKey("offerwall", wallId, transactionId, goalId);

/** Whether a credit of `amount` on `wall` is held, and until when. */
export function holdOf(
  wall: Pick<typeof taskWalls.$inferSelect, "holdDays" | "holdThreshold">,
  amount: number,
  now: Date,
) {
  if (wall.holdDays <= 0 || amount <= Number(wall.holdThreshold)) return null;
  return new Date(now.getTime() + wall.holdDays * DAY_MS);
}

/**
 * Books a held credit in the caller's transaction (its offer_wall_transactions row is inserted
 * already): offer walls → the member's pending account. The member's withdrawable account row is
 * touched (its balance unchanged) so that the dashboard's version tag (api/accounts/dashboard.ts),
 * which follows that row, changes with the pending total.
 */
export async function holdCredit(
  tx: Tx,
  input: { wallId: string; userId: string; transactionId: string; goalId: string; amount: number; now: Date },
): Promise<number | null> {
  const account = await openPendingAccount(tx, input.userId);
  const result = await post(tx, {
    idempotencyKey: wallKey("offerwall-hold", input.wallId, input.transactionId, input.goalId),
    kind: TASK_WALL_HOLD,
    userId: input.userId,
    memo: input.wallId,
    createdAt: input.now,
    lines: [
      { account: PLATFORM.offerWalls, amount: -input.amount },
      { account, amount: input.amount },
    ],
  });
  await touchWithdrawable(tx, input.userId);
  return result.posted ? result.entryId : null;
}

/** Rewrites the withdrawable account row unchanged: a new row version for the dashboard's tag. */
async function touchWithdrawable(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance}` })
    .where(eq(ledgerAccounts.id, memberAccount(userId, "withdrawable")));
}

/**
 * Cancels `amount` of a pending credit in the caller's transaction (a reversal inside the hold;
 * the credit's row is locked by the caller): pending → offer walls, and `cancelled_at` set when
 * nothing of the credit is left pending.
 */
export async function cancelPending(
  tx: Tx,
  input: {
    wallId: string;
    userId: string;
    transactionId: string;
    goalId: string;
    amount: number;
    whole: boolean;
    now: Date;
  },
): Promise<string> {
  const key = wallKey("offerwall-cancel", input.wallId, input.transactionId, input.goalId);
  await post(tx, {
    idempotencyKey: key,
    kind: TASK_WALL_HOLD_CANCEL,
    userId: input.userId,
    memo: input.wallId,
    createdAt: input.now,
    lines: [
      { account: pendingAccount(input.userId), amount: -input.amount },
      { account: PLATFORM.offerWalls, amount: input.amount },
    ],
  });
  if (input.whole)
    await tx
      .update(taskWallTransactions)
      .set({ cancelledAt: input.now })
      .where(creditRow(input.wallId, input.transactionId, input.goalId));
  await touchWithdrawable(tx, input.userId);
  return key;
}

const creditRow = (wallId: string, transactionId: string, goalId: string) =>
  and(
    eq(taskWallTransactions.wallId, wallId),
    eq(taskWallTransactions.transactionId, transactionId),
    eq(taskWallTransactions.goalId, goalId),
    eq(taskWallTransactions.kind, "credit"),
  );

/** Held, not released, not cancelled, and due at `now`. */
const dueAt = (now: Date | Placeholder) =>
  and(
    eq(taskWallTransactions.kind, "credit"),
    isNotNull(taskWallTransactions.heldUntil),
    isNull(taskWallTransactions.releasedAt),
    isNull(taskWallTransactions.cancelledAt),
    lte(taskWallTransactions.heldUntil, now),
  );

/**
 * Releases one due credit, in its own transaction: the oldest due row (of `userId`, or of anyone)
 * that no other transaction holds is locked FOR UPDATE SKIP LOCKED, its pending amount (less a
 * partial reversal inside the hold) becomes the member's earning — pending → withdrawable, rolled
 * up, the referrer's share paid — and `released_at` is set. Answers false when nothing was due.
 */
/** How often (by the postbacks' clock) a postback also sweeps other members' due credits. */
export const SWEEP_EVERY_MS = 5_000;
const lastSweep = new WeakMap<Db, number>();

/** Whether any credit (of the member, when named) is due for release: no lock, no transaction. */
/** Whether the member has a held credit due for release at `now`, as an expression (for a larger read). */
export const hasDueCredits = (now: Date | Placeholder, userId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${taskWallTransactions} where ${and(dueAt(now), eq(taskWallTransactions.userId, userId))})`;

async function anyDue(db: Db, now: Date, userId?: string): Promise<boolean> {
  const [row] = await db
    .select({ wallId: taskWallTransactions.wallId })
    .from(taskWallTransactions)
    .where(userId ? and(dueAt(now), eq(taskWallTransactions.userId, userId)) : dueAt(now))
    .limit(1);
  return row !== undefined;
}

async function releaseOne(db: Db, now: Date, userId?: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(taskWallTransactions)
      .where(userId ? and(dueAt(now), eq(taskWallTransactions.userId, userId)) : dueAt(now))
      .orderBy(asc(taskWallTransactions.heldUntil))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return false;
    // A partial reversal inside the hold cancelled part of it already.
    const [reversal] = await tx
      .select({ amount: taskWallTransactions.amount })
      .from(taskWallTransactions)
      .where(
        and(
          eq(taskWallTransactions.wallId, row.wallId),
          eq(taskWallTransactions.transactionId, row.transactionId),
          eq(taskWallTransactions.goalId, row.goalId),
          eq(taskWallTransactions.kind, "reversal"),
        ),
      );
    const amount = Number(row.amount) - Number(reversal?.amount ?? 0);
    const key = creditKey(row.wallId, row.transactionId, row.goalId);
    if (amount > 0)
      await creditEarning(tx, {
        userId: row.userId,
        source: "offerWall",
        amount,
        idempotencyKey: key,
        memo: row.wallId,
        createdAt: now,
        fundingAccount: pendingAccount(row.userId),
      });
    const [entry] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, key));
    await tx
      .update(taskWallTransactions)
      .set({ releasedAt: now, ...(entry ? { entryId: entry.id } : {}) })
      .where(creditRow(row.wallId, row.transactionId, row.goalId));
    return true;
  });
}

/** The most credits one call releases (the postback sweep's batch; a member has far fewer). */
export const RELEASE_BATCH = 100;

/**
 * Releases the member's credits whose hold has ended by `now`, one transaction each; parallel
 * calls release each credit once (the row lock decides). Answers how many were released. Called
 * on the member's task-wall and dashboard reads, and before a withdrawal.
 */
export async function releaseDueCredits(db: Db, input: { userId: string; now: Date }): Promise<number> {
  // Most reads find nothing due: one indexed look without a transaction answers them.
  if (!(await anyDue(db, input.now, input.userId))) return 0;
  let released = 0;
  while (released < RELEASE_BATCH && (await releaseOne(db, input.now, input.userId))) released++;
  return released;
}

/**
 * Releases up to `limit` due credits of any members (after every postback). A failure is logged,
 * never the network's answer: the next postback or the member's next read tries again.
 */
export async function sweepDueCredits(db: Db, now: Date, limit = RELEASE_BATCH): Promise<number> {
  // At most one look every few seconds per database handle: a network sends postbacks in bursts,
  // and members' own reads release their credits anyway.
  const t = now.getTime();
  const last = lastSweep.get(db);
  if (last !== undefined && t >= last && t - last < SWEEP_EVERY_MS) return 0;
  lastSweep.set(db, t);
  let released = 0;
  try {
    if (!(await anyDue(db, now))) return 0;
    while (released < limit && (await releaseOne(db, now))) released++;
  } catch (e) {
    log.error({ err: e }, "pending credit release failed");
  }
  return released;
}

/** How many pending credits a member's page lists (the earliest to end first). */
export const PENDING_SHOWN = 5;

/** A pending credit as members see it. */
export interface PendingCredit {
  /** Rupee string. */
  amount: string;
  /** When it becomes withdrawable (ISO). */
  pendingUntil: string;
  wallName: string;
}

/**
 * The member's pending task-wall credits: the total on hold (milli-rupees, the pending account's
 * balance) and the first `PENDING_SHOWN` by end of hold. Call releaseDueCredits first.
 */
export async function pendingCredits(
  db: Db,
  userId: string,
): Promise<{ total: number; credits: PendingCredit[] }> {
  const [[account], rows] = await Promise.all([
    db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, pendingAccount(userId))),
    db
      .select({
        wallId: taskWallTransactions.wallId,
        transactionId: taskWallTransactions.transactionId,
        goalId: taskWallTransactions.goalId,
        amount: taskWallTransactions.amount,
        heldUntil: taskWallTransactions.heldUntil,
        wallName: taskWalls.name,
        reversed: sql<
          string | null
        >`(select r.amount from offer_wall_transactions r where r.wall_id = ${taskWallTransactions.wallId} and r.transaction_id = ${taskWallTransactions.transactionId} and r.goal_id = ${taskWallTransactions.goalId} and r.kind = 'reversal')`,
      })
      .from(taskWallTransactions)
      .innerJoin(taskWalls, eq(taskWalls.id, taskWallTransactions.wallId))
      .where(
        and(
          eq(taskWallTransactions.userId, userId),
          eq(taskWallTransactions.kind, "credit"),
          isNotNull(taskWallTransactions.heldUntil),
          isNull(taskWallTransactions.releasedAt),
          isNull(taskWallTransactions.cancelledAt),
        ),
      )
      .orderBy(asc(taskWallTransactions.heldUntil), asc(taskWallTransactions.createdAt))
      .limit(PENDING_SHOWN),
  ]);
  return {
    total: Number(account?.balance ?? 0),
    credits: rows.map((r) => ({
      amount: milliToRupeeString(Number(r.amount) - Number(r.reversed ?? 0)),
      pendingUntil: r.heldUntil!.toISOString(),
      wallName: r.wallName,
    })),
  };
}
