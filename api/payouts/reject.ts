import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payouts, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { PLATFORM, memberAccount, post } from "../ledger/ledger";
import { WITHDRAW_MESSAGES } from "../withdrawals/messages";
import { refundWithheldTax } from "../tax/withholding";

/**
 * Rejecting a Pending withdrawal (the member's request is api/withdrawals), by hand or from a ban,
 * and the refusal while a payout attempt is out. Paying one — approving, marking it paid by hand —
 * is approve.ts and attempts.ts, after the checks of review.ts: one way out, under one set of rules.
 */

type Settled = typeof withdrawals.$inferSelect;

/**
 * Rejects one Pending withdrawal inside the caller's transaction: the conditional status change,
 * the refund to the member's withdrawable balance and the audit record. Null when it was not
 * Pending, is the actor's own, or a payout attempt for it is out.
 */
export async function settlePendingInTx(
  tx: Tx,
  input: { id: string; actorUserId: string; action: "reject"; remark: string | null },
): Promise<Settled | null> {
  const { remark } = input;
  // A payout on its way (api/payouts) is settled by its final status, never by hand or by a ban:
  // the withdrawal's row is locked first (an attempt is opened under the same lock), then a fresh
  // look for an open attempt sees any that committed before.
  await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, input.id)).for("update");
  const [open] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.withdrawalId, input.id), isNull(payouts.finalAt)));
  if (open) return null;
  const [row] = await tx
    .update(withdrawals)
    .set({ status: "Reject", remark, settledBy: input.actorUserId, settledAt: new Date() })
    .where(
      and(
        eq(withdrawals.id, input.id),
        eq(withdrawals.status, "Pending"),
        // Settling one's own needs a second pair of eyes.
        ne(withdrawals.userId, input.actorUserId),
      ),
    )
    .returning();
  if (!row) return null;
  // Back to the withdrawable balance. A member who owes keeps owing: the refund is not an earning
  // and does not repay the debt (ADR 0008), and nothing can withdraw it while they owe.
  await post(tx, {
    idempotencyKey: `withdrawal-settle:${row.id}`,
    kind: "withdrawal_refund",
    userId: row.userId,
    memo: remark,
    lines: [
      { account: PLATFORM.pendingPayouts, amount: -row.amount },
      { account: memberAccount(row.userId, "withdrawable"), amount: row.amount },
    ],
  });
  // And the tax withheld from it (issue 44 §6), once.
  await refundWithheldTax(tx, { withdrawalId: row.id, userId: row.userId });
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: "withdrawal.reject",
    target: `withdrawal:${row.id}`,
    before: { status: "Pending", remark: null },
    after: { status: "Reject", remark },
  });
  return row;
}

/** Refuses while an attempt at paying the withdrawal is out and not final (api/payouts). */
export async function assertNoOpenPayout(tx: Tx, id: string): Promise<void> {
  const [open] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.withdrawalId, id), isNull(payouts.finalAt)));
  if (open) throw new DomainError("payout_in_flight", WITHDRAW_MESSAGES.inFlight);
}

/**
 * An operator rejects a Pending withdrawal, once: the amount returns to the member's withdrawable
 * balance. The status change is conditional on Pending and sits in the same transaction as the
 * ledger entry and the audit record, so of two operators settling at once exactly one wins.
 * Approving and marking paid are api/payouts/approve.ts.
 */
export async function settleWithdrawal(
  db: Db,
  input: { id: string; actorUserId: string; action: "reject"; remark?: string },
): Promise<void> {
  const remark = input.remark?.trim() || null;
  if (!remark) throw new DomainError("invalid_input", WITHDRAW_MESSAGES.remarkRequired);
  await db.transaction(async (tx) => {
    const row = await settlePendingInTx(tx, {
      id: input.id,
      actorUserId: input.actorUserId,
      action: "reject",
      remark,
    });
    if (!row) {
      const [exists] = await tx
        .select({ userId: withdrawals.userId, status: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.id, input.id));
      if (!exists) throw new DomainError("not_found", WITHDRAW_MESSAGES.notFound);
      await assertNoOpenPayout(tx, input.id);
      if (exists.status !== "Pending")
        throw new DomainError("already_settled", WITHDRAW_MESSAGES.alreadySettled);
      throw new DomainError("forbidden", WITHDRAW_MESSAGES.ownWithdrawal);
    }
  });
}
