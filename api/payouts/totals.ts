import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/client";
import { payoutDays, payouts } from "../db/schema";
import { istDay, istDayStart } from "../ledger/earningKinds";
import { milliToRupeeString } from "../../shared/money";
import type { PayoutOverview } from "../../shared/contracts/payouts";
import { payoutPolicy } from "./policy";
import { scheduledRaise } from "../site/limits";

/**
 * Money sent, in flight and failed (the payouts page and the overview): one pass over the
 * attempts with filtered sums, and today's outgoing row. Reversed payouts count as failed, not
 * sent.
 */
export async function payoutOverview(
  db: Db,
  now: Date,
  providerConfigured: boolean,
): Promise<PayoutOverview> {
  const todayStart = istDayStart(now);
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000);
  const [row] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select
        coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'processed'), 0) as sent,
        coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'processed' and ${payouts.finalAt} >= ${todayStart.toISOString()}::timestamptz), 0) as sent_today,
        coalesce(sum(${payouts.amount}) filter (where ${payouts.finalAt} is null), 0) as in_flight,
        count(*) filter (where ${payouts.finalAt} is null) as in_flight_count,
        coalesce(sum(${payouts.amount}) filter (where ${payouts.status} in ('failed', 'rejected', 'cancelled', 'reversed') and ${payouts.updatedAt} >= ${monthAgo.toISOString()}::timestamptz), 0) as failed,
        count(*) filter (where ${payouts.status} in ('failed', 'rejected', 'cancelled', 'reversed') and ${payouts.updatedAt} >= ${monthAgo.toISOString()}::timestamptz) as failed_count
      from ${payouts}`),
  );
  const [today] = await db
    .select({ sent: payoutDays.sent })
    .from(payoutDays)
    .where(eq(payoutDays.day, istDay(now)));
  const policy = await payoutPolicy(db);
  const raise = await scheduledRaise(db, "payout_policy");
  const rupees = (v: unknown) => milliToRupeeString(Number(v ?? 0));
  return {
    mode: providerConfigured ? "razorpayx" : "manual",
    totals: {
      sent: rupees(row?.sent),
      sent_today: rupees(row?.sent_today),
      in_flight: rupees(row?.in_flight),
      in_flight_count: Number(row?.in_flight_count ?? 0),
      failed_30_days: rupees(row?.failed),
      failed_30_days_count: Number(row?.failed_count ?? 0),
      outgoing_today: rupees(today?.sent ?? 0),
      daily_limit: rupees(policy.dailyLimit),
    },
    policy: { daily_limit: rupees(policy.dailyLimit), four_eyes_above: rupees(policy.fourEyesAbove) },
    scheduled: raise
      ? {
          id: raise.id,
          daily_limit: rupees(raise.value.daily_limit),
          four_eyes_above: rupees(raise.value.four_eyes_above),
          effective_at: raise.effectiveAt.toISOString(),
        }
      : null,
  };
}
