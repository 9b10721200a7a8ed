import { and, desc, eq } from "drizzle-orm";
import type { Deps } from "../deps";
import { payouts, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { InsufficientFundsError, PLATFORM, lockAccounts, memberAccount, post } from "../ledger/ledger";
import { recordAudit } from "../site/audit";
import { WITHDRAW_MESSAGES } from "../withdrawals/withdrawals";
import { settleWithdrawal } from "../withdrawals/settle";
import { FAILED_STATUSES, type BatchApproveResult, type BatchSkip } from "../../shared/contracts/payouts";
import { assertNotMarked, openAttempt, PAYOUT_MESSAGES, type Opened } from "./attempts";
import { sendAttempt } from "./send";

/**
 * Approving withdrawals (issue 22 §1–§2). With a provider configured, an approval opens an attempt
 * (attempts.ts: holds, risk, four eyes, the daily limit) and sends it; the withdrawal stays
 * Pending until the provider's final status. Without one, an approval is today's: the operator
 * paid by hand and marks it paid (withdrawals.ts).
 */

export const APPROVE_MESSAGES = {
  sent: "Withdrawal approved: the payout was sent to RazorpayX. It stays Pending until RazorpayX reports its final status.",
  waiting:
    "Withdrawal approved: RazorpayX did not answer yet. The payout is asked about again with the same key until it does, so it is never paid twice.",
  refused: (reason: string) => `RazorpayX refused the payout: ${reason} The amount went back to the member.`,
  paid: "Withdrawal approved.",
  resent: "Sent again as a new attempt.",
  resendRefused:
    "Only a withdrawal whose last payout failed, was rejected, cancelled or reversed can be sent again.",
  resendBalance:
    "The member's withdrawable balance no longer covers this withdrawal: it cannot be sent again.",
  batchTooLarge: "Select at most 50 withdrawals at once.",
} as const;

export type ApproveOutcome = "sent" | "waiting" | "refused" | "awaiting_second" | "paid";

/** One approval: sends it through the provider, or (without one) marks it paid. Answers the message. */
export async function approveWithdrawal(
  deps: Deps,
  input: { id: string; actorUserId: string; confirmRisk: boolean; batch?: boolean },
): Promise<{ outcome: ApproveOutcome; message: string }> {
  if (!deps.payoutProvider) {
    if (input.batch) await assertNotMarked(deps.db, input.id);
    await settleWithdrawal(deps.db, {
      id: input.id,
      actorUserId: input.actorUserId,
      confirmRisk: input.confirmRisk,
      action: "approve",
    });
    return { outcome: "paid", message: APPROVE_MESSAGES.paid };
  }
  const opened = await deps.db.transaction((tx) =>
    openAttempt(tx, {
      withdrawalId: input.id,
      actorUserId: input.actorUserId,
      channel: deps.payoutProvider!.channel,
      confirmRisk: input.confirmRisk,
      batch: input.batch,
      now: deps.clock(),
    }),
  );
  return sendOpened(deps, opened);
}

async function sendOpened(deps: Deps, opened: Opened): Promise<{ outcome: ApproveOutcome; message: string }> {
  if (opened.kind === "awaiting_second")
    return { outcome: "awaiting_second", message: PAYOUT_MESSAGES.approvedOnce(opened.above) };
  const sent = await sendAttempt(deps, opened.payoutId);
  if (sent.verdict === "waiting") return { outcome: "waiting", message: APPROVE_MESSAGES.waiting };
  const [p] = await deps.db
    .select({ status: payouts.status })
    .from(payouts)
    .where(eq(payouts.id, opened.payoutId));
  if (p && FAILED_STATUSES.includes(p.status))
    return { outcome: "refused", message: APPROVE_MESSAGES.refused(sent.detail ?? "") };
  return { outcome: "sent", message: APPROVE_MESSAGES.sent };
}

/**
 * A batch (at most 50): each request on its own, never confirming risk — flagged and marked
 * requests, held members, amounts waiting for a second operator and anything past today's limit
 * are left out with their reason, and approved one by one.
 */
export async function approveBatch(
  deps: Deps,
  input: { ids: string[]; actorUserId: string },
): Promise<BatchApproveResult> {
  const ids = [...new Set(input.ids)];
  if (ids.length > 50) throw new DomainError("invalid_input", APPROVE_MESSAGES.batchTooLarge);
  const result: BatchApproveResult = { sent: [], awaiting_second: [], skipped: [], message: "" };
  for (const id of ids) {
    try {
      const { outcome, message } = await approveWithdrawal(deps, {
        id,
        actorUserId: input.actorUserId,
        confirmRisk: false,
        batch: true,
      });
      if (outcome === "awaiting_second") result.awaiting_second.push(id);
      else if (outcome === "refused") result.skipped.push({ id, reason: message });
      else result.sent.push(id);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      result.skipped.push({ id, reason: e.message } satisfies BatchSkip);
    }
  }
  const parts = [
    `${result.sent.length} ${deps.payoutProvider ? "sent" : "marked paid"}`,
    result.awaiting_second.length ? `${result.awaiting_second.length} waiting for a second operator` : null,
    result.skipped.length ? `${result.skipped.length} left out` : null,
  ].filter(Boolean);
  result.message = `${parts.join(", ")}.`;
  return result;
}

/**
 * "Send again" for a withdrawal whose last attempt is final and failed (it was rejected and the
 * member refunded): in one transaction the amount is taken from the member's withdrawable balance
 * again, the withdrawal is Pending again and a new attempt opens with a new idempotency key
 * (`{id}-{n}`); then it is sent. The old attempt being final is what the partial unique index
 * and this check both require.
 */
export async function resendWithdrawal(
  deps: Deps,
  input: { id: string; actorUserId: string },
): Promise<{ outcome: ApproveOutcome; message: string }> {
  const provider = deps.payoutProvider;
  const opened = await deps.db.transaction(async (tx) => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, input.id)).for("update");
    if (!w) throw new DomainError("not_found", WITHDRAW_MESSAGES.notFound);
    const [last] = await tx
      .select()
      .from(payouts)
      .where(eq(payouts.withdrawalId, w.id))
      .orderBy(desc(payouts.attempt))
      .limit(1);
    if (w.status !== "Reject" || !last?.finalAt || !FAILED_STATUSES.includes(last.status))
      throw new DomainError("conflict", APPROVE_MESSAGES.resendRefused);
    if (w.userId === input.actorUserId) throw new DomainError("forbidden", WITHDRAW_MESSAGES.ownWithdrawal);
    await lockAccounts(tx, [memberAccount(w.userId, "withdrawable")]);
    const reopened = await tx
      .update(withdrawals)
      .set({ status: "Pending", remark: null, settledBy: null, settledAt: null })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "Reject")))
      .returning({ id: withdrawals.id });
    if (reopened.length === 0) throw new DomainError("conflict", APPROVE_MESSAGES.resendRefused);
    try {
      await post(tx, {
        idempotencyKey: `payout-resend:${w.id}:${last.attempt + 1}`,
        kind: "withdrawal",
        userId: w.userId,
        memo: "Sent again",
        lines: [
          { account: memberAccount(w.userId, "withdrawable"), amount: -w.amount },
          { account: PLATFORM.pendingPayouts, amount: w.amount },
        ],
      });
    } catch (e) {
      if (e instanceof InsufficientFundsError)
        throw new DomainError("insufficient_balance", APPROVE_MESSAGES.resendBalance);
      throw e;
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "withdrawal.resend",
      target: `withdrawal:${w.id}`,
      before: { status: "Reject", remark: w.remark, attempt: last.attempt },
      after: { status: "Pending", remark: null },
    });
    // Without a provider the withdrawal is Pending again: marked paid by hand or put in a bank file.
    if (!provider) return null;
    return openAttempt(tx, {
      withdrawalId: w.id,
      actorUserId: input.actorUserId,
      channel: provider.channel,
      confirmRisk: true,
      resend: true,
      now: deps.clock(),
    });
  });
  if (!opened) return { outcome: "paid", message: APPROVE_MESSAGES.resent };
  const sent = await sendOpened(deps, opened);
  return sent.outcome === "sent" ? { ...sent, message: APPROVE_MESSAGES.resent } : sent;
}
