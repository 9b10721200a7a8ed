import { sql, type Placeholder } from "drizzle-orm";
import { memberRisk, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { NO_SCORE } from "../risk/policy";
import { RISK_LEVELS, type ReviewReason, type RiskPolicy } from "../../shared/risk";
import { formatTime } from "../../shared/time";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Withdrawals and risk (issue 21 §3–§4): the operator's waiting period for new accounts, the
 * review marks a request carries (a member's first payout; a flagged member). The approval's
 * confirm step for such requests is api/payouts/review.ts.
 */

export const REVIEW_MESSAGES = {
  waiting: (from: Date) =>
    `New accounts can withdraw from ${formatTime(from.toISOString())}. Keep earning: your balance is safe until then.`,
  /** The member's withdraw page, while a request of theirs waits for review. */
  underReview:
    "Your withdrawal is under review: a first withdrawal is checked by hand before it is paid. This usually takes a day or two. Contact support through the Support page if you have questions.",
  confirm: (score: number) =>
    `This request needs a second look (risk score ${score}). Read the reasons, then approve anyway or reject.`,
} as const;

/** Refuses a withdrawal before the operator's waiting period after sign-up has passed. */
export function assertWaitingPeriodOver(policy: RiskPolicy, createdAt: Date, now: Date): void {
  const { firstWithdrawalWaitDays } = policy;
  if (firstWithdrawalWaitDays <= 0) return;
  const from = new Date(createdAt.getTime() + firstWithdrawalWaitDays * DAY_MS);
  if (now < from)
    throw new DomainError("withdrawal_waiting", REVIEW_MESSAGES.waiting(from), { from: from.toISOString() });
}

/**
 * Why a new request goes to review, and the member's score when they asked, as the request's own
 * column values: read by the statement that creates it, after its risk signals were recorded. No
 * payout of theirs succeeded yet: `first_payout`; their stored level is flag or above: `risk`.
 */
export function reviewColumns(userId: string | Placeholder) {
  const flagged = RISK_LEVELS.slice(RISK_LEVELS.indexOf("flag"));
  const stored = (column: "score" | "level") =>
    sql`(select r.${sql.raw(column)} from ${memberRisk} r where r.user_id = ${userId})`;
  return {
    reviewReasons: sql<ReviewReason[]>`(select coalesce(jsonb_agg(v.reason order by v.n), '[]'::jsonb)
      from (values
        (1, 'first_payout', not exists (select 1 from ${withdrawals} w where w.user_id = ${userId} and w.status = 'Success')),
        (2, 'risk', coalesce(${stored("level")}, ${NO_SCORE.level}) in (${sql.join(
          flagged.map((l) => sql`${l}`),
          sql`, `,
        )}))
      ) v(n, reason, applies) where v.applies)`,
    riskScore: sql<number>`coalesce(${stored("score")}, ${NO_SCORE.score})`,
  };
}
