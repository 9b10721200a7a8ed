import type { Db, Tx } from "../db/client";
import { getSetting } from "../site/settings";

/**
 * The payout policy (the owner's, on the payouts page): the daily outgoing limit and the
 * four-eyes threshold, milli-rupees. 0 as the limit: none; 0 as the threshold: every payout needs
 * two operators.
 */
export interface PayoutPolicyValues {
  dailyLimit: number;
  fourEyesAbove: number;
}

export async function payoutPolicy(db: Db | Tx): Promise<PayoutPolicyValues> {
  const stored = (await getSetting(db, "payout_policy")) as Partial<{
    daily_limit: number;
    four_eyes_above: number;
  }>;
  const whole = (v: unknown, fallback: number) =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : fallback;
  return {
    dailyLimit: whole(stored.daily_limit, 100_000_000),
    fourEyesAbove: whole(stored.four_eyes_above, 5_000_000),
  };
}
