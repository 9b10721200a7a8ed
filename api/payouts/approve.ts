import { and, desc, eq } from "drizzle-orm";
import type { Deps } from "../deps";
import { raisedMessage } from "../db/errors";
import { payouts, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { InsufficientFundsError, PLATFORM, memberAccount, post } from "../ledger/ledger";
import { recordAudit } from "../site/audit";
import { WITHDRAW_MESSAGES } from "../withdrawals/messages";
import { assertApprovable } from "./review";
import { FAILED_STATUSES, type BatchApproveResult, type BatchSkip } from "../../shared/contracts/payouts";
import { normalizeUtr, openAttempt, PAYOUT_MESSAGES, refuseWhileMemberOwes, type Opened } from "./attempts";
import { applyStatusInTx } from "./apply";
import { mailPayoutOutcome } from "./mail";
import { sendAttempt } from "./send";

/**
 * Approving withdrawals (issue 22 §1–§2) and marking them paid by hand (issue 42). With a
 * provider configured, an approval opens an attempt (attempts.ts: holds, risk, debt, four eyes,
 * the daily limit) and sends it; the withdrawal stays Pending until the provider's final status.
 * Marking paid — the only way without a provider, where approving is marking paid — opens an
 * attempt on the `manual` channel under the same rules and processes it at once with the bank's
 * reference (UTR) the operator gives; the member is mailed after the commit.
 */

export const APPROVE_MESSAGES = {
  sent: "Withdrawal approved: the payout was sent to RazorpayX. It stays Pending until RazorpayX reports its final status.",
  waiting:
    "Withdrawal approved: RazorpayX did not answer yet. The payout is asked about again with the same key until it does, so it is never paid twice.",
  refused: (reason: string) => `RazorpayX refused the payout: ${reason} The amount went back to the member.`,
  resent: "Sent again as a new attempt.",
  resendRefused:
    "Only a withdrawal whose last payout failed, was rejected, cancelled or reversed can be sent again.",
  resendBalance:
    "The member's withdrawable balance no longer covers this withdrawal: it cannot be sent again.",
  batchTooLarge: "Select at most 50 withdrawals at once.",
  markedPaid: (utr: string) => `Withdrawal marked paid (UTR ${utr}). The member was mailed.`,
  batchByHand:
    "Without a payout provider each withdrawal is marked paid on its own, with the bank's reference (UTR) of its payment — or put in a bank file.",
} as const;

export type ApproveOutcome = "sent" | "waiting" | "refused" | "awaiting_second" | "paid";

/**
 * One approval: sends it through the provider, or (without one) marks it paid by hand with `utr`.
 * Answers the message.
 */
export async function approveWithdrawal(
  deps: Deps,
  input: { id: string; actorUserId: string; confirmRisk: boolean; batch?: boolean; utr?: string | null },
): Promise<{ outcome: ApproveOutcome; message: string }> {
  if (!deps.payoutProvider) {
    // A batch carries no bank references: each payment by hand is marked on its own.
    if (input.batch) throw new DomainError("invalid_input", APPROVE_MESSAGES.batchByHand);
    return markPaid(deps, {
      id: input.id,
      actorUserId: input.actorUserId,
      confirmRisk: input.confirmRisk,
      utr: input.utr ?? null,
    });
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

/**
 * Marks a Pending withdrawal paid by hand: the operator paid it outside the provider and gives
 * the bank's reference (UTR). The same rules as an approval (openAttempt on the `manual`
 * channel: holds, risk, the member's debt, four eyes — above the threshold the first operator's
 * press only records their approval —, the daily limit counting it), then, in the same
 * transaction, the attempt processed with the UTR (apply.ts: Success, "UTR …" as the remark the
 * member sees, pending payouts → paid out). Mailed to the member after the commit. Two presses at
 * once pay once: the withdrawal's row is locked and the second finds it settled.
 */
export async function markPaid(
  deps: Deps,
  input: { id: string; actorUserId: string; confirmRisk: boolean; utr: string | null },
): Promise<{ outcome: ApproveOutcome; message: string }> {
  const utr = input.utr === null ? null : normalizeUtr(input.utr);
  if (input.utr !== null && !utr) throw new DomainError("invalid_input", PAYOUT_MESSAGES.utrInvalid);
  const now = deps.clock();
  const inTx = () =>
    deps.db.transaction(async (tx) => {
      const opened = await openAttempt(tx, {
        withdrawalId: input.id,
        actorUserId: input.actorUserId,
        channel: "manual",
        confirmRisk: input.confirmRisk,
        utr,
        now,
      });
      if (opened.kind === "awaiting_second") return { opened, outcome: null };
      const [before] = await tx
        .select({ remark: withdrawals.remark })
        .from(withdrawals)
        .where(eq(withdrawals.id, input.id));
      const { outcome } = await applyStatusInTx(
        tx,
        opened.payoutId,
        { status: "processed", utr },
        "operator",
        now,
      );
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: "withdrawal.mark_paid",
        target: `withdrawal:${input.id}`,
        before: { status: "Pending", remark: before?.remark ?? null },
        after: {
          status: "Success",
          remark: `UTR ${utr}`,
          utr,
          payout: { id: opened.payoutId, attempt: opened.attempt, channel: "manual" },
        },
      });
      return { opened, outcome };
    });
  const done = await inTx().catch((e: unknown) => {
    // Two withdrawals marked with one UTR at once: the unique index lets one through.
    if (utr && raisedMessage(e, /payouts_manual_utr_key/))
      throw new DomainError("duplicate", PAYOUT_MESSAGES.utrUsed(utr));
    throw e;
  });
  if (done.opened.kind === "awaiting_second")
    return { outcome: "awaiting_second", message: PAYOUT_MESSAGES.approvedOnceByHand(done.opened.above) };
  if (done.outcome) await mailPayoutOutcome(deps, done.outcome);
  return { outcome: "paid", message: APPROVE_MESSAGES.markedPaid(utr!) };
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
 * requests, held members, members who owe, amounts waiting for a second operator and anything
 * past today's limit are left out with their reason, and approved one by one. Without a provider
 * every request is left out: each is marked paid on its own with its UTR, or put in a bank file.
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
 * member refunded): in one transaction the withdrawal is Pending again, a new attempt opens with a
 * new idempotency key (`{id}-{n}`) under the approval's rules, and the amount is taken from the
 * member's withdrawable balance again; then it is sent. Refused while the member owes (the refund
 * must not leave). The old attempt being final is what the partial unique index and this check
 * both require. Locks in the order every approval takes them: the member's row (FOR SHARE), the
 * withdrawal, the member's accounts, the day's outgoing row, the platform's accounts.
 */
export async function resendWithdrawal(
  deps: Deps,
  input: { id: string; actorUserId: string },
): Promise<{ outcome: ApproveOutcome; message: string }> {
  const provider = deps.payoutProvider;
  const opened = await deps.db.transaction(async (tx) => {
    if (provider) await assertApprovable(tx, input.id, true);
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
    await refuseWhileMemberOwes(tx, w.userId);
    const reopened = await tx
      .update(withdrawals)
      .set({ status: "Pending", remark: null, settledBy: null, settledAt: null })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "Reject")))
      .returning({ id: withdrawals.id });
    if (reopened.length === 0) throw new DomainError("conflict", APPROVE_MESSAGES.resendRefused);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "withdrawal.resend",
      target: `withdrawal:${w.id}`,
      before: { status: "Reject", remark: w.remark, attempt: last.attempt },
      after: { status: "Pending", remark: null },
    });
    // Without a provider the withdrawal is Pending again: marked paid by hand or put in a bank file.
    const attempt = provider
      ? await openAttempt(tx, {
          withdrawalId: w.id,
          actorUserId: input.actorUserId,
          channel: provider.channel,
          confirmRisk: true,
          resend: true,
          now: deps.clock(),
        })
      : null;
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
    return attempt;
  });
  if (!opened) return { outcome: "paid", message: APPROVE_MESSAGES.resent };
  const sent = await sendOpened(deps, opened);
  return sent.outcome === "sent" ? { ...sent, message: APPROVE_MESSAGES.resent } : sent;
}
