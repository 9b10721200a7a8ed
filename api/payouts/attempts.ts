import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { payoutDays, payouts, users, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { newId } from "../lib/ids";
import { istDay } from "../ledger/earningKinds";
import { debtAccount, lockAccounts, memberAccount, memberDebt } from "../ledger/ledger";
import { formatRupees, milliToRupeeString } from "../../shared/money";
import type { PayoutChannel } from "../../shared/contracts/payouts";
import { recordAudit } from "../site/audit";
import { WITHDRAW_MESSAGES } from "../withdrawals/messages";
import { assertNoOpenPayout } from "./reject";
import { assertApprovable } from "./review";
import { NOT_PAYABLE, destinationKey, payoutDestination, payoutModeOf } from "./destination";
import { payoutPolicy } from "./policy";

/**
 * Opening an attempt at paying a withdrawal: the rules before money leaves (issue 22 §2, issue
 * 42), then the attempt row, in the caller's transaction. Approving (one, a batch), writing a bank
 * file, "send again" and marking paid by hand (the `manual` channel) all come through here, so
 * they refuse alike:
 * - the member's withdrawals held, the account closed, or the risk unconfirmed (assertApprovable);
 * - an attempt already out (the partial unique index `payouts_one_open_key` is the last word);
 * - the member owing from a reversed task-wall credit (refuseWhileMemberOwes);
 * - above the four-eyes threshold without two different operators' approvals;
 * - by hand, without the bank's reference (UTR), or with one that paid another withdrawal;
 * - past today's outgoing limit (a conditional update of the day's row, so racing approvals
 *   cannot pass it together; a payment by hand counts like any other);
 * - a destination no provider or bank file can pay (a Paytm number): paid by hand.
 */

export const PAYOUT_MESSAGES = {
  approvedOnce: (above: number) =>
    `Approved once. Amounts above ${formatRupees(above)} need a second operator's approval before the payout is sent.`,
  approvedOnceByHand: (above: number) =>
    `Approved once. Amounts above ${formatRupees(above)} need a second operator's approval: a different operator marks it paid, with the bank's reference (UTR).`,
  secondNeeded: (above: number) =>
    `You approved this withdrawal already: amounts above ${formatRupees(above)} need a second, different operator.`,
  dailyLimit: (limit: number, sent: number) =>
    `Today's outgoing limit of ${formatRupees(limit)} would be passed (${formatRupees(sent)} sent today). Raise the limit on the payouts page, or send it tomorrow.`,
  alreadySent: "This withdrawal's payout was already sent: its final status settles it.",
  marked: "Marked for review (a first payout, or risk): approve it on its own after checking it.",
  notPending: "This withdrawal is not Pending.",
  owes: (owed: number) =>
    `This member owes ${formatRupees(owed)} from a reversed task-wall credit: nothing is paid to them until later earnings have repaid it. Reject the withdrawal (the amount goes back to their balance) or leave it Pending.`,
  utrRequired:
    "Give the bank's reference (UTR) of the payment you made: 6 to 30 letters and digits. Without a payout provider, approving marks the withdrawal paid.",
  utrInvalid: "The UTR must be the bank's reference: 6 to 30 letters and digits.",
  utrUsed: (utr: string) =>
    `The bank reference ${utr} was given for another payment already: one transfer pays one withdrawal. Check the reference.`,
} as const;

/** The bank's reference of a payment (UTR): 6 to 30 letters and digits, kept upper-case. */
export const UTR_PATTERN = /^[A-Za-z0-9]{6,30}$/;

/** A UTR as kept (upper-case), or null when it is not one. */
export function normalizeUtr(value: string | null | undefined): string | null {
  const v = value?.trim() ?? "";
  return UTR_PATTERN.test(v) ? v.toUpperCase() : null;
}

/**
 * Refuses (409 `in_debt`) while the member owes from a reversed task-wall credit (ADR 0008),
 * inside the transaction of anything that pays them. The member's debt and withdrawable accounts
 * are locked first, in lockAccounts' order — a reversal locks them too before it books any debt —
 * then the debt is read again: an approval racing a reversal either sees its debt, or paid before
 * the reversal came and the debt arose after the money left. Never money out and then a debt
 * booked before it.
 */
export async function refuseWhileMemberOwes(tx: Tx, userId: string): Promise<void> {
  await lockAccounts(tx, [debtAccount(userId), memberAccount(userId, "withdrawable")]);
  const owed = await memberDebt(tx, userId);
  if (owed > 0)
    throw new DomainError("in_debt", PAYOUT_MESSAGES.owes(owed), { owed: milliToRupeeString(owed) });
}

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
 * confirms: flagged and marked requests are approved one by one). On the `manual` channel the
 * attempt carries the operator's `utr` and the caller processes it in the same transaction
 * (approve.ts markPaid); a destination no provider can pay is fine there.
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
    /** By hand: the bank's reference, normalized (normalizeUtr); required unless it is a first approval. */
    utr?: string | null;
    now: Date;
  },
): Promise<Opened> {
  const { withdrawalId: id, actorUserId: actor, now } = input;
  const manual = input.channel === "manual";
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
  // Under the withdrawal's lock, then the member's accounts' (the order a rejection takes them in).
  await refuseWhileMemberOwes(tx, w.w.userId);
  if (input.batch && (w.w.reviewReasons ?? []).length > 0)
    throw new DomainError("risk_confirm", PAYOUT_MESSAGES.marked);
  await assertNoOpenPayout(tx, id).catch((e: unknown) => {
    throw e instanceof DomainError ? new DomainError("payout_in_flight", PAYOUT_MESSAGES.alreadySent) : e;
  });
  const destination = payoutDestination(w.w.methodName, w.w.accountInfo, w.userName, w.w.payoutBank);
  if (!destination && !manual) throw new DomainError("not_payable", NOT_PAYABLE(w.w.methodName));

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
  if (manual) {
    if (!input.utr) throw new DomainError("invalid_input", PAYOUT_MESSAGES.utrRequired);
    // One transfer pays one withdrawal (the unique index on manual UTRs is the last word).
    const [used] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.utr, input.utr))
      .limit(1);
    if (used) throw new DomainError("duplicate", PAYOUT_MESSAGES.utrUsed(input.utr));
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
    mode: destination ? payoutModeOf(destination, w.w.amount) : "manual",
    amount: w.w.amount,
    destinationKey: destination
      ? destinationKey(destination)
      : `hand:${w.w.accountInfo.trim().slice(0, 200)}`,
    utr: manual ? input.utr! : null,
    batchId: input.batchId ?? null,
    createdBy: actor,
    // The reconciler asks the provider about an attempt whose create was not answered yet.
    nextCheckAt: bank || manual ? null : new Date(now.getTime() + 60_000),
    createdAt: now,
    updatedAt: now,
  });
  // By hand, the caller records the whole (Pending → Success with the UTR) once it is processed.
  if (!manual)
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
