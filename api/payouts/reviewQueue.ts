import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { PAGE_SIZE } from "../../shared/pagination";
import { ledgerAccounts, memberRisk, users, withdrawals } from "../db/schema";
import { milliToRupeeString } from "../../shared/money";
import { needsRiskConfirm, type ReviewReason, type RiskLevel } from "../../shared/risk";
import type { OperatorWithdrawalList } from "../../shared/contracts/withdrawals";
import type { WithdrawalStatusFilter } from "../withdrawals/withdrawals";
import { linkedAccounts } from "../risk/policy";
import { payoutColumns } from "./queue";

/**
 * The payout queue with the risk behind each request (issue 21 §4): the member's score, step and
 * top reasons (member_risk, as the last signal left them), how many accounts are linked to them,
 * the review marks the request was made with, and what the member owes from a reversed task-wall
 * credit (nothing of theirs is paid while they owe: issue 42). Paged by the API, 50 a page:
 * Pending oldest first (pay in order), settled ones newest first.
 */

/** How many linked accounts the queue counts per request (the member's risk page lists them). */
export const QUEUE_LINKED_LIMIT = 50;

/** One page of the operator's withdrawal queue with each request's risk. */
export async function operatorQueue(
  db: Db,
  status: WithdrawalStatusFilter,
  requestedPage = 1,
): Promise<OperatorWithdrawalList> {
  const where = status === "all" ? undefined : eq(withdrawals.status, status);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(withdrawals).where(where),
    requestedPage,
    PAGE_SIZE.reviewQueue,
    db
      .select({
        w: withdrawals,
        userName: users.userName,
        email: users.email,
        heldAt: users.withdrawalsHeldAt,
        score: memberRisk.score,
        level: memberRisk.level,
        reasons: memberRisk.reasons,
        debt: ledgerAccounts.balance,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(memberRisk, eq(memberRisk.userId, withdrawals.userId))
      // The member's debt account (api/ledger/ledger.ts debtAccount): below zero while they owe.
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, sql`'member:' || ${withdrawals.userId} || ':debt'`))
      .where(where)
      .orderBy(
        ...(status === "Pending"
          ? [asc(withdrawals.createdAt), asc(withdrawals.id)]
          : [desc(withdrawals.createdAt), desc(withdrawals.id)]),
      ),
  );

  // One look-up per member on the page (a member with several requests is looked up once).
  const linked = new Map<string, number>();
  for (const userId of new Set(rows.map((r) => r.w.userId)))
    linked.set(userId, (await linkedAccounts(db, userId, QUEUE_LINKED_LIMIT)).length);

  const payout = await payoutColumns(
    db,
    rows.map((r) => r.w),
  );
  return {
    records: rows.map(({ w, userName, email, heldAt, score, level, reasons, debt }) => {
      const reviewReasons = (w.reviewReasons ?? []) as ReviewReason[];
      const riskLevel: RiskLevel = level ?? "none";
      return {
        _id: w.id,
        userName,
        email,
        withdrawal_method: w.methodName,
        withdrawal_account_information: w.accountInfo,
        balance: milliToRupeeString(w.amount),
        withdrawal_status: w.status,
        remark: w.remark ?? "",
        time: w.createdAt.toISOString(),
        settled_at: w.settledAt ? w.settledAt.toISOString() : null,
        member_id: w.userId,
        risk_score: score ?? 0,
        risk_level: riskLevel,
        risk_reasons: (reasons ?? []).slice(0, 3),
        linked_accounts: linked.get(w.userId) ?? 0,
        review_reasons: reviewReasons,
        withdrawals_held: heldAt !== null,
        needs_confirm: w.status === "Pending" && needsRiskConfirm(riskLevel, reviewReasons),
        owed: Number(debt ?? 0) < 0 ? milliToRupeeString(-Number(debt)) : null,
        ...payout.get(w.id)!,
      };
    }),
    pagination,
  };
}
