import { desc, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { userNamesById } from "../db/userNames";
import { payouts } from "../db/schema";
import { FAILED_STATUSES, type PayoutAttempt, type PayoutStage } from "../../shared/contracts/payouts";
import type { withdrawals } from "../db/schema";
import { payoutPolicy } from "./policy";

/**
 * What the operator's queue shows of each request's payout (issue 22 §2): the latest attempt
 * (status, UTR, failure reason), who approved it first, whether a second operator must approve,
 * and the stage in one word. One query for the page's attempts and one for the approvers' names.
 */

type Withdrawal = typeof withdrawals.$inferSelect;

export interface PayoutColumns {
  payout_stage: PayoutStage;
  payout: PayoutAttempt | null;
  approved_by: string | null;
  needs_second_approval: boolean;
}

const attemptOf = (p: typeof payouts.$inferSelect): PayoutAttempt => ({
  id: p.id,
  attempt: p.attempt,
  channel: p.channel,
  status: p.status,
  mode: p.mode,
  provider_payout_id: p.providerPayoutId,
  utr: p.utr,
  failure_reason: p.failureReason,
  batch_id: p.batchId,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

export async function payoutColumns(db: Db, page: Withdrawal[]): Promise<Map<string, PayoutColumns>> {
  const out = new Map<string, PayoutColumns>();
  if (page.length === 0) return out;
  const attempts = await db
    .select()
    .from(payouts)
    .where(
      inArray(
        payouts.withdrawalId,
        page.map((w) => w.id),
      ),
    )
    .orderBy(desc(payouts.attempt));
  const latest = new Map<string, typeof payouts.$inferSelect>();
  for (const a of attempts) if (!latest.has(a.withdrawalId)) latest.set(a.withdrawalId, a);
  const approverIds = [...new Set(page.map((w) => w.approvedBy).filter((v): v is string => Boolean(v)))];
  const names = await userNamesById(db, approverIds);
  const { fourEyesAbove } = await payoutPolicy(db);
  for (const w of page) {
    const last = latest.get(w.id) ?? null;
    const open = last !== null && last.finalAt === null;
    const secondNeeded = w.status === "Pending" && !open && w.amount > fourEyesAbove;
    const stage: PayoutStage = open
      ? "in_flight"
      : w.status === "Success"
        ? last?.status === "processed"
          ? "paid"
          : "manual"
        : w.status === "Reject"
          ? last && FAILED_STATUSES.includes(last.status)
            ? "failed"
            : "manual"
          : w.approvedBy && secondNeeded
            ? "second_approval"
            : "waiting";
    out.set(w.id, {
      payout_stage: stage,
      payout: last ? attemptOf(last) : null,
      approved_by: w.approvedBy ? (names.get(w.approvedBy) ?? w.approvedBy) : null,
      needs_second_approval: secondNeeded,
    });
  }
  return out;
}
