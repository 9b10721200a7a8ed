import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payoutDays, payouts, users, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { newId } from "../lib/ids";
import { istDay } from "../ledger/earningKinds";
import { formatRupees } from "../../shared/money";
import type { PayoutChannel } from "../../shared/contracts/payouts";
import { recordAudit } from "../site/audit";
import { WITHDRAW_MESSAGES } from "../withdrawals/withdrawals";
import { assertApprovable, assertNoOpenPayout } from "../withdrawals/settle";
import { NOT_PAYABLE, destinationKey, payoutDestination, payoutModeOf } from "./destination";
import { payoutPolicy } from "./policy";

/**
 * Opening an attempt at paying a withdrawal: the rules before money leaves (issue 22 §2), then
 * the attempt row, in the caller's transaction. Approving (one, a batch), writing a bank file and
 * "send again" all come through here, so they refuse alike:
 * - the member's withdrawals held, the account closed, or the risk unconfirmed (assertApprovable);
 * - an attempt already out (the partial unique index `payouts_one_open_key` is the last word);
 * - above the four-eyes threshold without two different operators' approvals;
 * - past today's outgoing limit (a conditional update of the day's row, so racing approvals
 *   cannot pass it together);
 * - a destination no provider or bank file can pay (a Paytm number): paid by hand.
 */

export const PAYOUT_MESSAGES = {
  approvedOnce: (above: number) =>
    `Approved once. Amounts above ${formatRupees(above)} need a second operator's approval before the payout is sent.`,
  secondNeeded: (above: number) =>
    `You approved this withdrawal already: amounts above ${formatRupees(above)} need a second, different operator.`,
  dailyLimit: (limit: number, sent: number) =>
    `Today's outgoing limit of ${formatRupees(limit)} would be passed (${formatRupees(sent)} sent today). Raise the limit on the payouts page, or send it tomorrow.`,
  alreadySent: "This withdrawal's payout was already sent: its final status settles it.",
  marked: "Marked for review (a first payout, or risk): approve it on its own after checking it.",
  notPending: "This withdrawal is not Pending.",
} as const;

export type Opened =
  { kind: "opened"; payoutId: string; attempt: number } | { kind: "awaiting_second"; above: number };

/** Adds the amount to today's outgoing total unless that passes the limit (0: no limit). */
async function reserveToday(tx: Tx, amount: number, now: Date, limit: number): Promise<void> {
  const day = istDay(now);
  const [row] = await tx
    .insert(payoutDays)
    .values({ day, sent: amount, count: 1 })
    .onConflictDoUpdate({
      target: payoutDays.day,
      set: { sent: sql`${payoutDays.sent} + ${amount}`, count: sql`${payoutDays.count} + 1` },
      setWhere: limit > 0 ? sql`${payoutDays.sent} + ${amount} <= ${limit}` : undefined,
    })
    .returning({ sent: payoutDays.sent });
  if (row && (limit === 0 || row.sent <= limit)) return;
  const [today] = await tx.select({ sent: payoutDays.sent }).from(payoutDays).where(eq(payoutDays.day, day));
  // The first attempt of the day alone above the limit was inserted: the transaction rolls it back.
  throw new DomainError(
    "daily_limit",
    PAYOUT_MESSAGES.dailyLimit(limit, row ? (today?.sent ?? 0) - amount : (today?.sent ?? 0)),
  );
}

/**
 * Opens an attempt for a Pending withdrawal (or, with `resend`, for one whose last attempt failed:
 * the caller has made it Pending again). `confirmRisk` as the operator gave it (a batch never
 * confirms: flagged and marked requests are approved one by one).
 */
export async function openAttempt(
  tx: Tx,
  input: {
    withdrawalId: string;
    actorUserId: string;
    channel: PayoutChannel;
    confirmRisk: boolean;
    batchId?: string | null;
    /** Part of a batch or a bank file: a request marked for review is left to be approved on its own. */
    batch?: boolean;
    /** "Send again": the approvals the first attempt had stand (four eyes is not asked again). */
    resend?: boolean;
    now: Date;
  },
): Promise<Opened> {
  const { withdrawalId: id, actorUserId: actor, now } = input;
  await assertApprovable(tx, id, input.confirmRisk);
  const [w] = await tx
    .select({ w: withdrawals, userName: users.userName })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id))
    .for("update", { of: withdrawals });
  if (!w) throw new DomainError("not_found", WITHDRAW_MESSAGES.notFound);
  if (w.w.status !== "Pending") throw new DomainError("already_settled", WITHDRAW_MESSAGES.alreadySettled);
  if (w.w.userId === actor) throw new DomainError("forbidden", WITHDRAW_MESSAGES.ownWithdrawal);
  if (input.batch && (w.w.reviewReasons ?? []).length > 0)
    throw new DomainError("risk_confirm", PAYOUT_MESSAGES.marked);
  await assertNoOpenPayout(tx, id).catch((e: unknown) => {
    throw e instanceof DomainError ? new DomainError("payout_in_flight", PAYOUT_MESSAGES.alreadySent) : e;
  });
  const destination = payoutDestination(w.w.methodName, w.w.accountInfo, w.userName);
  if (!destination) throw new DomainError("not_payable", NOT_PAYABLE(w.w.methodName));

  const policy = await payoutPolicy(tx);
  if (input.resend) {
    // Approved before (by two operators when it needed two): the new attempt is the same payout.
  } else if (w.w.amount > policy.fourEyesAbove) {
    if (!w.w.approvedBy) {
      await tx.update(withdrawals).set({ approvedBy: actor, approvedAt: now }).where(eq(withdrawals.id, id));
      await recordAudit(tx, {
        actorUserId: actor,
        action: "withdrawal.approve_first",
        target: `withdrawal:${id}`,
        before: { approved_by: null },
        after: { approved_by: actor },
      });
      return { kind: "awaiting_second", above: policy.fourEyesAbove };
    }
    if (w.w.approvedBy === actor)
      throw new DomainError("second_approval", PAYOUT_MESSAGES.secondNeeded(policy.fourEyesAbove));
  } else if (!w.w.approvedBy) {
    await tx.update(withdrawals).set({ approvedBy: actor, approvedAt: now }).where(eq(withdrawals.id, id));
  }
  await reserveToday(tx, w.w.amount, now, policy.dailyLimit);

  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${payouts.attempt}), 0)::int` })
    .from(payouts)
    .where(eq(payouts.withdrawalId, id));
  const attempt = Number(last?.n ?? 0) + 1;
  const payoutId = newId();
  const bank = input.channel === "bank_file";
  await tx.insert(payouts).values({
    id: payoutId,
    withdrawalId: id,
    userId: w.w.userId,
    attempt,
    channel: input.channel,
    // The provider's X-Payout-Idempotency: a retry of this attempt can never pay twice.
    idempotencyKey: attempt === 1 ? id : `${id}-${attempt}`,
    status: bank ? "sent" : "created",
    mode: payoutModeOf(destination, w.w.amount),
    amount: w.w.amount,
    destinationKey: destinationKey(destination),
    batchId: input.batchId ?? null,
    createdBy: actor,
    // The reconciler asks the provider about an attempt whose create was not answered yet.
    nextCheckAt: bank ? null : new Date(now.getTime() + 60_000),
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(tx, {
    actorUserId: actor,
    action: input.channel === "bank_file" ? "withdrawal.bank_file" : "withdrawal.approve",
    target: `withdrawal:${id}`,
    before: { status: "Pending", payout: null },
    after: { status: "Pending", payout: { id: payoutId, attempt, channel: input.channel } },
  });
  return { kind: "opened", payoutId, attempt };
}

/** The open attempt of a withdrawal, if any. */
export async function openAttemptOf(tx: Tx, withdrawalId: string) {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.withdrawalId, withdrawalId), isNull(payouts.finalAt)));
  return row ?? null;
}

/** A batch leaves out a request marked for review (a first payout, risk): it is checked on its own. */
export async function assertNotMarked(db: Db | Tx, withdrawalId: string): Promise<void> {
  const [w] = await db
    .select({ reasons: withdrawals.reviewReasons })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawalId));
  if ((w?.reasons ?? []).length > 0) throw new DomainError("risk_confirm", PAYOUT_MESSAGES.marked);
}
