import type { Db, Tx } from "../db/client";
import { moneyLimit } from "../site/limits";

/**
 * The payout policy (the owner's, on the payouts page): the daily outgoing limit and the
 * four-eyes threshold, milli-rupees. 0 as the limit: none; 0 as the threshold: every payout needs
 * two operators. A raise takes effect only after the money-limit delay (api/site/limits.ts).
 */
export interface PayoutPolicyValues {
  dailyLimit: number;
  fourEyesAbove: number;
}

export async function payoutPolicy(db: Db | Tx): Promise<PayoutPolicyValues> {
  const p = await moneyLimit(db, "payout_policy");
  return { dailyLimit: p.daily_limit, fourEyesAbove: p.four_eyes_above };
}
