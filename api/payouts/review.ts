import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { users, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { memberScore } from "../risk/policy";
import { REVIEW_MESSAGES } from "../withdrawals/review";
import { needsRiskConfirm, type ReviewReason } from "../../shared/risk";
import type { RiskConfirmRefusal } from "../../shared/contracts/withdrawals";

/**
 * The operator's review of a withdrawal before it is paid (issue 21 §4, issue 42): the member's
 * withdrawals not held and the account not closed, and the risk confirmation when the member is
 * flagged or the request was marked when they asked (api/withdrawals/review.ts marks it).
 */

/** Why an approval is refused while the member's withdrawals are held or the account is closed. */
export const HOLD_MESSAGES = {
  held: (reason: string | null) =>
    `This member's withdrawals are on hold${reason ? ` (${reason})` : ""}. Release the hold on the member's actions page before approving; rejecting is still possible.`,
  closed: "This member's account is closed. Reject the withdrawal, or lift the ban before approving.",
} as const;

/**
 * What an approval needs, inside the caller's transaction: the member's row read FOR SHARE (a
 * hold, which locks it FOR UPDATE, either waits for the approval or is seen by it) with their
 * withdrawals not held and the account not closed, and the risk confirmation when the member is
 * flagged or the request was marked (assertApprovalConfirmed).
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

/**
 * Inside the approval's transaction (after the member's row was read FOR SHARE): a request of a
 * member flagged now, or flagged when they asked, is approved only with `confirmRisk`. A first
 * payout is marked for the operator's eyes but needs no extra step: every approval is a person's.
 * The refusal carries the score and reasons the confirm step shows.
 */
export async function assertApprovalConfirmed(
  tx: Tx,
  withdrawal: { userId: string; reviewReasons: ReviewReason[] },
  confirmRisk: boolean,
): Promise<void> {
  if (confirmRisk) return;
  const risk = await memberScore(tx, withdrawal.userId);
  if (!needsRiskConfirm(risk.level, withdrawal.reviewReasons)) return;
  const reviewReasons = [...withdrawal.reviewReasons];
  if (!reviewReasons.includes("risk")) reviewReasons.push("risk");
  throw new DomainError("risk_confirm", REVIEW_MESSAGES.confirm(risk.score), {
    score: risk.score,
    level: risk.level,
    reasons: risk.reasons,
    review_reasons: reviewReasons,
  } satisfies Omit<Required<RiskConfirmRefusal>, "error_code">);
}
