import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import { paged } from "../db/paging";
import { balanceAdjustments, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { newId } from "../lib/ids";
import {
  InsufficientFundsError,
  PLATFORM,
  memberAccount,
  memberBalances,
  openMemberAccounts,
  post,
} from "../ledger/ledger";
import { recordAudit } from "../site/audit";
import { moneyLimit, scheduledRaise } from "../site/limits";
import type { ScheduledRaise } from "../../shared/contracts/limits";
import { istDayStart } from "../ledger/earningKinds";
import { formatRupees, milliToRupeeString } from "../../shared/money";
import { PAGE_SIZE } from "../../shared/pagination";
import type {
  AdjustmentBalance,
  AdjustmentDirection,
  AdjustmentList,
  AdjustmentOutcome,
  AdjustmentRecord,
  AdjustmentStatus,
  MemberAdjustments,
} from "../../shared/contracts/adjustments";

/**
 * Manual balance adjustments (issue 20 §1): an owner credits or debits a member's withdrawable or
 * deposit balance with a reason. Each posted adjustment is one journal entry between the member's
 * account and PLATFORM.adjustments. Above the approval threshold an adjustment waits (nothing
 * posted) until a different operator approves or rejects it. Every step is audited in its own
 * transaction; the request key (unique in balance_adjustments) makes a repeated form one request.
 */

export const ADJUSTMENT_THRESHOLD_KEY = "adjustment_approval_threshold";

/** Journal entry kinds of posted adjustments: neither counts as an earning (earningKinds.ts). */
export const ADJUSTMENT_KINDS = { credit: "adjustment_credit", debit: "adjustment_debit" } as const;

export const ADJUSTMENT_MESSAGES = {
  posted: "Posted",
  pending: "Waiting for a second operator's approval",
  approved: "Adjustment approved and posted.",
  rejected: "Adjustment rejected. Nothing was posted.",
  memberNotFound: "Member not found.",
  notFound: "Adjustment not found.",
  keyReused: "This form was already sent with different values. Reload the page to start a new adjustment.",
  ownBalance: "An operator cannot adjust their own balance.",
  sameOperator: "A different operator must approve or reject this adjustment: you requested it.",
  alreadyDecided: (status: AdjustmentStatus) =>
    `This adjustment is already ${status === "posted" ? "posted" : "rejected"}.`,
  insufficient: (balance: AdjustmentBalance, available: number) =>
    `Insufficient Balance: the member's ${balance} balance is ${formatRupees(available)}; a debit cannot take it below zero.`,
} as const;

export interface NewAdjustment {
  actorUserId: string;
  userId: string;
  direction: AdjustmentDirection;
  balance: AdjustmentBalance;
  amount: number;
  reason: string;
  requestKey: string;
  /** The request's time (the day its total counts in); the server's clock unless given. */
  now?: Date;
}

type Row = typeof balanceAdjustments.$inferSelect;

/** The entry of an adjustment: the member's line and the platform's, summing to zero. */
function entryOf(row: Row) {
  const signed = row.direction === "credit" ? row.amount : -row.amount;
  return {
    idempotencyKey: `adjustment:${row.id}`,
    kind: ADJUSTMENT_KINDS[row.direction],
    userId: row.userId,
    memo: row.reason,
    lines: [
      { account: memberAccount(row.userId, row.balance), amount: signed },
      { account: PLATFORM.adjustments, amount: -signed },
    ],
  };
}

/**
 * Posts the adjustment's entry; a debit that would go below zero is refused (409 `conflict`, the
 * message saying Insufficient Balance) and the caller's transaction rolls everything back.
 */
async function postAdjustment(tx: Tx, row: Row): Promise<number> {
  await openMemberAccounts(tx, row.userId);
  try {
    const res = await post(tx, entryOf(row));
    if (!res.posted) throw new Error(`Adjustment ${row.id} was already posted`);
    return res.entryId;
  } catch (e) {
    if (e instanceof InsufficientFundsError) {
      const available = (await memberBalances(tx, row.userId))[row.balance];
      throw new DomainError("conflict", ADJUSTMENT_MESSAGES.insufficient(row.balance, available));
    }
    throw e;
  }
}

/** What the audit records of an adjustment. */
const auditView = (row: Row) => ({
  id: row.id,
  userId: row.userId,
  direction: row.direction,
  balance: row.balance,
  amount: milliToRupeeString(row.amount),
  reason: row.reason,
  status: row.status,
  requestedBy: row.requestedBy,
  decidedBy: row.decidedBy,
  decisionNote: row.decisionNote,
  entryId: row.entryId,
});

const sameRequest = (row: Row, input: NewAdjustment) =>
  row.userId === input.userId &&
  row.direction === input.direction &&
  row.balance === input.balance &&
  row.amount === input.amount &&
  row.reason === input.reason &&
  row.requestedBy === input.actorUserId;

/** The approval threshold in force (a raise waits out the money-limit delay: api/site/limits.ts). */
export async function adjustmentThreshold(db: Db | Tx): Promise<number> {
  return moneyLimit(db, ADJUSTMENT_THRESHOLD_KEY);
}

/**
 * What the member's adjustments of today (India time) add up to, credits and debits alike,
 * posted or waiting: the threshold counts them all, so splitting one large adjustment into many
 * small ones does not get past a second operator (issue 42).
 */
async function adjustedToday(tx: Tx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${balanceAdjustments.amount}), 0)` })
    .from(balanceAdjustments)
    .where(
      and(
        eq(balanceAdjustments.userId, userId),
        inArray(balanceAdjustments.status, ["posted", "pending"]),
        gte(balanceAdjustments.createdAt, istDayStart(now)),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Requests an adjustment: at or below the threshold it is posted at once, above it it waits. The
 * same request key again answers the first request's result (a different one is a 409).
 */
export async function requestAdjustment(db: Db, input: NewAdjustment): Promise<AdjustmentOutcome> {
  if (input.userId === input.actorUserId) throw new DomainError("forbidden", ADJUSTMENT_MESSAGES.ownBalance);
  const { id, duplicate } = await db.transaction(async (tx) => {
    // The member's row is locked: adjustments of one member are counted one after another, so
    // ten requests sent at once cannot each see the day's total without the others.
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("no key update");
    if (!member) throw new DomainError("not_found", ADJUSTMENT_MESSAGES.memberNotFound);
    const threshold = await adjustmentThreshold(tx);
    const immediate =
      (await adjustedToday(tx, input.userId, input.now ?? new Date())) + input.amount <= threshold;
    const [row] = await tx
      .insert(balanceAdjustments)
      .values({
        id: newId(),
        requestKey: input.requestKey,
        userId: input.userId,
        direction: input.direction,
        balance: input.balance,
        amount: input.amount,
        reason: input.reason,
        status: immediate ? "posted" : "pending",
        requestedBy: input.actorUserId,
      })
      .onConflictDoNothing({ target: balanceAdjustments.requestKey })
      .returning();
    if (!row) {
      // The key was used before (a double submit, or the same form sent twice in parallel: the
      // unique index made this insert wait for the first to commit).
      const [first] = await tx
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.requestKey, input.requestKey));
      if (!first || !sameRequest(first, input))
        throw new DomainError("conflict", ADJUSTMENT_MESSAGES.keyReused);
      return { id: first.id, duplicate: true };
    }
    const before = await memberBalances(tx, input.userId);
    let saved: Row | undefined = row;
    if (immediate) {
      const entryId = await postAdjustment(tx, row);
      [saved] = await tx
        .update(balanceAdjustments)
        .set({ entryId })
        .where(eq(balanceAdjustments.id, row.id))
        .returning();
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: immediate ? "adjustment.post" : "adjustment.request",
      target: `member:${input.userId}`,
      before: { balances: before },
      after: { adjustment: auditView(saved!), balances: await memberBalances(tx, input.userId) },
    });
    return { id: row.id, duplicate: false };
  });
  const adjustment = await adjustmentById(db, id, input.actorUserId);
  return {
    message: adjustment.status === "pending" ? ADJUSTMENT_MESSAGES.pending : ADJUSTMENT_MESSAGES.posted,
    adjustment,
    duplicate,
  };
}

/**
 * A second operator's decision. The row is locked (FOR UPDATE) and must still be pending, so an
 * approval racing another approval or a rejection has one outcome. Approving posts the entry; a
 * debit the balance no longer covers is refused (409) and the adjustment stays pending, to be
 * rejected or approved once the balance allows.
 */
export async function decideAdjustment(
  db: Db,
  input: { id: string; actorUserId: string; decision: "approve" | "reject"; note: string | null },
): Promise<AdjustmentOutcome> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.id, input.id))
      .for("update");
    if (!row) throw new DomainError("not_found", ADJUSTMENT_MESSAGES.notFound);
    if (row.status !== "pending")
      throw new DomainError("already_settled", ADJUSTMENT_MESSAGES.alreadyDecided(row.status));
    if (row.requestedBy === input.actorUserId)
      throw new DomainError("forbidden", ADJUSTMENT_MESSAGES.sameOperator);
    if (row.userId === input.actorUserId) throw new DomainError("forbidden", ADJUSTMENT_MESSAGES.ownBalance);
    const before = await memberBalances(tx, row.userId);
    const entryId = input.decision === "approve" ? await postAdjustment(tx, row) : null;
    const [saved] = await tx
      .update(balanceAdjustments)
      .set({
        status: input.decision === "approve" ? "posted" : "rejected",
        decidedBy: input.actorUserId,
        decidedAt: new Date(),
        decisionNote: input.note,
        entryId,
      })
      .where(and(eq(balanceAdjustments.id, row.id), eq(balanceAdjustments.status, "pending")))
      .returning();
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: `adjustment.${input.decision}`,
      target: `adjustment:${row.id}`,
      before: { adjustment: auditView(row), balances: before },
      after: { adjustment: auditView(saved!), balances: await memberBalances(tx, row.userId) },
    });
  });
  const adjustment = await adjustmentById(db, input.id, input.actorUserId);
  return {
    message: input.decision === "approve" ? ADJUSTMENT_MESSAGES.approved : ADJUSTMENT_MESSAGES.rejected,
    adjustment,
    duplicate: false,
  };
}

const requester = alias(users, "requester");
const decider = alias(users, "decider");

function baseQuery(db: Db) {
  return db
    .select({
      a: balanceAdjustments,
      memberUserName: users.userName,
      requesterUserName: requester.userName,
      deciderUserName: decider.userName,
    })
    .from(balanceAdjustments)
    .innerJoin(users, eq(users.id, balanceAdjustments.userId))
    .leftJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy));
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function recordOf(r: Joined, viewerId: string): AdjustmentRecord {
  const a = r.a;
  return {
    id: a.id,
    member_id: a.userId,
    member_userName: r.memberUserName,
    direction: a.direction,
    balance: a.balance,
    amount: milliToRupeeString(a.amount),
    reason: a.reason,
    status: a.status,
    requested_by: r.requesterUserName ?? a.requestedBy,
    requested_by_me: a.requestedBy === viewerId,
    decided_by: a.decidedBy ? (r.deciderUserName ?? a.decidedBy) : null,
    decided_at: a.decidedAt ? a.decidedAt.toISOString() : null,
    decision_note: a.decisionNote,
    entry_id: a.entryId,
    created_at: a.createdAt.toISOString(),
  };
}

async function adjustmentById(db: Db, id: string, viewerId: string): Promise<AdjustmentRecord> {
  const [r] = await baseQuery(db).where(eq(balanceAdjustments.id, id));
  if (!r) throw new DomainError("not_found", ADJUSTMENT_MESSAGES.notFound);
  return recordOf(r, viewerId);
}

/** One page of adjustments in a status, newest first. */
export async function listAdjustments(
  db: Db,
  input: { status: AdjustmentStatus; page: number; viewerId: string },
): Promise<AdjustmentList> {
  const where = eq(balanceAdjustments.status, input.status);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(balanceAdjustments).where(where),
    input.page,
    PAGE_SIZE.operatorLists,
    baseQuery(db).where(where).orderBy(desc(balanceAdjustments.createdAt), desc(balanceAdjustments.id)),
  );
  return {
    status: input.status,
    records: rows.map((r) => recordOf(r, input.viewerId)),
    pagination,
    threshold: milliToRupeeString(await adjustmentThreshold(db)),
    scheduled: await scheduledThreshold(db),
  };
}

/** A raise of the threshold waiting out its delay, for the forms that show it. */
export async function scheduledThreshold(db: Db): Promise<ScheduledRaise | null> {
  const raise = await scheduledRaise(db, ADJUSTMENT_THRESHOLD_KEY);
  return raise
    ? { id: raise.id, value: milliToRupeeString(raise.value), effective_at: raise.effectiveAt.toISOString() }
    : null;
}

/** A member's adjust page: who, their balances, and their adjustments (newest first). */
export async function memberAdjustments(
  db: Db,
  input: { userId: string; page: number; viewerId: string },
): Promise<MemberAdjustments> {
  const [member] = await db
    .select({ id: users.id, userName: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member) throw new DomainError("not_found", ADJUSTMENT_MESSAGES.memberNotFound);
  const where = eq(balanceAdjustments.userId, input.userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(balanceAdjustments).where(where),
    input.page,
    PAGE_SIZE.operatorLists,
    baseQuery(db).where(where).orderBy(desc(balanceAdjustments.createdAt), desc(balanceAdjustments.id)),
  );
  const b = await memberBalances(db, input.userId);
  return {
    member,
    balances: { withdrawable: milliToRupeeString(b.withdrawable), deposit: milliToRupeeString(b.deposit) },
    threshold: milliToRupeeString(await adjustmentThreshold(db)),
    records: rows.map((r) => recordOf(r, input.viewerId)),
    pagination,
  };
}
