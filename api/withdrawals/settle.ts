import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payouts, users, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { PLATFORM, memberAccount, post } from "../ledger/ledger";
import { assertApprovalConfirmed } from "./review";
import { WITHDRAW_MESSAGES } from "./withdrawals";

/**
 * The operators' side of a withdrawal (the member's is withdrawals.ts): rejecting a Pending
 * request, by hand or from a ban, and what an approval needs. Paying one — approving, marking it
 * paid by hand — is api/payouts (approve.ts, attempts.ts): one way out, under one set of rules.
 */

/** Why an approval is refused while the member's withdrawals are held or the account is closed. */
export const HOLD_MESSAGES = {
  held: (reason: string | null) =>
    `This member's withdrawals are on hold${reason ? ` (${reason})` : ""}. Release the hold on the member's actions page before approving; rejecting is still possible.`,
  closed: "This member's account is closed. Reject the withdrawal, or lift the ban before approving.",
} as const;

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
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: "withdrawal.reject",
    target: `withdrawal:${row.id}`,
    before: { status: "Pending", remark: null },
    after: { status: "Reject", remark },
  });
  return row;
}

/**
 * What an approval needs, inside the caller's transaction: the member's row read FOR SHARE (a
 * hold, which locks it FOR UPDATE, either waits for the approval or is seen by it) with their
 * withdrawals not held and the account not closed, and the risk confirmation when the member is
 * flagged or the request was marked (review.ts).
 */
export async function assertApprovable(tx: Tx, id: string, confirmRisk: boolean): Promise<void> {
  const [member] = await tx
    .select({
      heldAt: users.withdrawalsHeldAt,
      heldReason: users.withdrawalsHeldReason,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(
      eq(users.id, sql`(select ${withdrawals.userId} from ${withdrawals} where ${withdrawals.id} = ${id})`),
    )
    .for("share");
  if (member?.heldAt) throw new DomainError("conflict", HOLD_MESSAGES.held(member.heldReason));
  if (member?.bannedAt) throw new DomainError("conflict", HOLD_MESSAGES.closed);
  const [pending] = await tx
    .select({
      userId: withdrawals.userId,
      reviewReasons: withdrawals.reviewReasons,
      status: withdrawals.status,
    })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (pending?.status === "Pending") await assertApprovalConfirmed(tx, pending, confirmRisk);
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
