import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payoutEvents, payouts, withdrawals } from "../db/schema";
import { PLATFORM, memberAccount, post } from "../ledger/ledger";
import { mailPayoutOutcome, type PayoutMailDeps, type PayoutOutcome } from "./mail";
import {
  FAILED_STATUSES,
  FINAL_STATUSES,
  type PayoutChannel,
  type PayoutStatus,
} from "../../shared/contracts/payouts";
import { refundWithheldTax } from "../tax/withholding";

/**
 * Applying a payout's status, whoever brings it — the create's answer, a webhook (once or five
 * times at once), the reconciler, a bank's result file — in one transaction that first takes the
 * key (attempt, status) in payout_events: the first to bring a status applies it, the others find
 * it taken and change nothing. Then, on the attempt row locked FOR UPDATE:
 * - queued / pending / processing: the attempt's status, forward only;
 * - processed: the withdrawal becomes Success with the UTR, the money moves from pending payouts
 *   to paid out;
 * - failed / rejected / cancelled (or reversed before it was processed): the withdrawal becomes
 *   Reject with the reason as its remark, the amount goes back to the member's withdrawable
 *   balance in one entry;
 * - reversed after processed: the bank sent it back, Success becomes Reject and the amount goes
 *   from paid out back to the member, once.
 * Anything else on a final attempt is stale and changes nothing. Once committed, a final status
 * that moved the withdrawal is mailed to the member (mail.ts): once per outcome, since only the
 * first to bring a status applies it.
 */

export type ApplyVerdict = "applied" | "duplicate" | "stale" | "unknown_payout";
export type ApplySource = "create" | "webhook" | "reconcile" | "bank_file" | "operator";

export interface StatusReport {
  status: PayoutStatus;
  utr?: string | null;
  reason?: string | null;
  /** The provider's payout id, kept on the attempt when it did not have it yet. */
  providerPayoutId?: string | null;
}

const RANK: Partial<Record<PayoutStatus, number>> = {
  created: 0,
  sent: 0,
  queued: 1,
  pending: 2,
  processing: 3,
};

/** The reason kept when the provider gave none. */
const NO_REASON: Record<string, string> = {
  failed: "The payout failed at the bank.",
  rejected: "The payout was rejected by the payout provider.",
  cancelled: "The payout was cancelled.",
  reversed: "The bank sent the payout back.",
};

/** Where the reconciler looks next at an attempt still out: sooner while it is young. */
export function nextCheckAfter(checks: number, now: Date): Date {
  const minutes = [1, 2, 5, 15, 30, 60][Math.min(checks, 5)]!;
  return new Date(now.getTime() + minutes * 60_000);
}

/** Finds the attempt a report is about: by the provider's id, else the open attempt with the reference. */
export async function findAttempt(
  db: Db | Tx,
  channel: PayoutChannel,
  ref: { providerPayoutId?: string | null; referenceId?: string | null },
): Promise<string | null> {
  if (ref.providerPayoutId) {
    const [byId] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.channel, channel), eq(payouts.providerPayoutId, ref.providerPayoutId)));
    if (byId) return byId.id;
  }
  // A webhook that came before the create's answer: the attempt does not know its id yet.
  if (ref.referenceId) {
    const [open] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(
          eq(payouts.channel, channel),
          eq(payouts.withdrawalId, ref.referenceId),
          isNull(payouts.finalAt),
          isNull(payouts.providerPayoutId),
        ),
      );
    if (open) return open.id;
  }
  return null;
}

/** Applies a status in its own transaction, then mails the member the outcome it settled (if any). */
export async function applyStatus(
  deps: PayoutMailDeps,
  payoutId: string,
  report: StatusReport,
  source: ApplySource,
  now = new Date(),
): Promise<ApplyVerdict> {
  const { verdict, outcome } = await deps.db.transaction((tx) =>
    applyStatusInTx(tx, payoutId, report, source, now),
  );
  if (outcome) await mailPayoutOutcome(deps, outcome);
  return verdict;
}

/**
 * applyStatus inside the caller's transaction (marking paid by hand opens and processes its
 * attempt in one): answers the verdict and, when a final status moved the withdrawal, the outcome
 * to mail once the transaction has committed.
 */
export async function applyStatusInTx(
  tx: Tx,
  payoutId: string,
  report: StatusReport,
  source: ApplySource,
  now: Date,
): Promise<{ verdict: ApplyVerdict; outcome: PayoutOutcome | null }> {
  const answer = (verdict: ApplyVerdict, outcome: PayoutOutcome | null = null) => ({ verdict, outcome });
  const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
  if (!p) return answer("unknown_payout");
  if (report.providerPayoutId && !p.providerPayoutId)
    await tx
      .update(payouts)
      .set({ providerPayoutId: report.providerPayoutId, updatedAt: now })
      .where(eq(payouts.id, p.id));
  const final = p.finalAt !== null;
  const reversal = report.status === "reversed" && p.status === "processed" && !p.reversedAt;
  if (final && !reversal) return answer(p.status === report.status ? "duplicate" : "stale");
  const taken = await tx
    .insert(payoutEvents)
    .values({
      payoutId: p.id,
      status: report.status,
      source,
      utr: report.utr ?? null,
      reason: report.reason ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ status: payoutEvents.status });
  if (taken.length === 0) return answer("duplicate");

  if (!FINAL_STATUSES.includes(report.status)) {
    if ((RANK[report.status] ?? 0) <= (RANK[p.status] ?? 0)) return answer("stale");
    await tx.update(payouts).set({ status: report.status, updatedAt: now }).where(eq(payouts.id, p.id));
    return answer("applied");
  }

  const ended = { finalAt: now, nextCheckAt: null, updatedAt: now };
  if (report.status === "processed") {
    const utr = report.utr?.trim().slice(0, 100) || null;
    await tx
      .update(payouts)
      .set({ ...ended, status: "processed", utr })
      .where(eq(payouts.id, p.id));
    const moved = await settleWithdrawal(tx, p, now, {
      from: "Pending",
      to: "Success",
      remark: utr ? `UTR ${utr}` : null,
      entry: {
        key: "payout-paid",
        kind: "withdrawal_paid",
        from: PLATFORM.pendingPayouts,
        to: PLATFORM.paidOut,
      },
    });
    return answer("applied", moved ? { kind: "paid", payoutId: p.id, utr, reason: null } : null);
  }

  const reason = report.reason?.trim().slice(0, 500) || NO_REASON[report.status] || "The payout failed.";
  const member = memberAccount(p.userId, "withdrawable");
  // A processed payout the bank sent back (reversal), or one that failed, was rejected, cancelled
  // or reversed before it was ever processed: the amount goes back to the member either way.
  if (!reversal && !FAILED_STATUSES.includes(report.status)) return answer("stale");
  await tx
    .update(payouts)
    .set(
      reversal
        ? { status: "reversed", failureReason: reason, reversedAt: now, updatedAt: now }
        : { ...ended, status: report.status, failureReason: reason },
    )
    .where(eq(payouts.id, p.id));
  const moved = await settleWithdrawal(
    tx,
    p,
    now,
    reversal
      ? {
          from: "Success",
          to: "Reject",
          remark: reason,
          entry: { key: "payout-reversal", kind: "withdrawal_reversed", from: PLATFORM.paidOut, to: member },
        }
      : {
          from: "Pending",
          to: "Reject",
          remark: reason,
          entry: {
            key: "payout-refund",
            kind: "withdrawal_refund",
            from: PLATFORM.pendingPayouts,
            to: member,
          },
        },
  );
  return answer("applied", moved ? { kind: "failed", payoutId: p.id, utr: null, reason } : null);
}

/**
 * The withdrawal's side of a final status: its status moved (only from the one expected, so it
 * happens once) and, when it moved, the one ledger entry `{key}:{attempt}` for the amount.
 * Settled by the operator who paid it by hand, else by the channel. Answers whether it moved.
 */
async function settleWithdrawal(
  tx: Tx,
  p: typeof payouts.$inferSelect,
  now: Date,
  m: {
    from: "Pending" | "Success";
    to: "Success" | "Reject";
    remark: string | null;
    entry: { key: string; kind: string; from: string; to: string };
  },
): Promise<boolean> {
  const settledBy = p.channel === "manual" ? p.createdBy : `system:${p.channel}`;
  const [w] = await tx
    .update(withdrawals)
    .set({ status: m.to, remark: m.remark, settledBy, settledAt: now })
    .where(and(eq(withdrawals.id, p.withdrawalId), eq(withdrawals.status, m.from)))
    .returning({ id: withdrawals.id });
  if (!w) return false;
  await post(tx, {
    idempotencyKey: `${m.entry.key}:${p.id}`,
    kind: m.entry.kind,
    userId: p.userId,
    memo: m.remark,
    lines: [
      { account: m.entry.from, amount: -p.amount },
      { account: m.entry.to, amount: p.amount },
    ],
  });
  // A withdrawal that ends rejected returns the tax withheld from it too (issue 44 §6), once.
  if (m.to === "Reject") await refundWithheldTax(tx, { withdrawalId: p.withdrawalId, userId: p.userId });
  return true;
}

/** The reconciler's bookkeeping for an attempt still out after a look: when to look again. */
export async function scheduleNextCheck(db: Db, payoutId: string, checks: number, now: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ checks: checks + 1, nextCheckAt: nextCheckAfter(checks + 1, now) })
    .where(and(eq(payouts.id, payoutId), isNull(payouts.finalAt)));
}
