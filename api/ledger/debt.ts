import type { Db, Tx } from "../db/client";
import { formatRupees, milliToRupeeString } from "../../shared/money";
import { DomainError } from "../lib/errors";
import { memberDebt } from "./ledger";

/**
 * What a member who owes after a task-wall reversal may not do (ADR 0008). A reversal takes the
 * credit back from the withdrawable balance, then the deposit balance, and only then leaves debt,
 * so while a member owes, both balances were empty when the debt was booked: money that reaches
 * the deposit balance later (a refunded game fee or campaign) stays there until later earnings
 * have repaid the debt. Moving money into the deposit balance (withdrawable → deposit), paying a
 * game's entry fee and buying a campaign are refused until then; withdrawals have their own
 * refusal (withdrawals.ts).
 */

export const DEBT_MESSAGES = {
  owing: (owed: number) =>
    `You owe ${formatRupees(owed)} from a reversed task-wall credit. It is repaid from your next earnings.`,
} as const;

/** The refusal (`in_debt`, 409) of a member who owes `owed` milli-rupees. */
export const owingError = (owed: number) =>
  new DomainError("in_debt", DEBT_MESSAGES.owing(owed), { owed: milliToRupeeString(owed) });

/**
 * Refuses a movement that would let a member spend around their debt (conversion to the deposit
 * balance, a paid game join, a campaign). Call it inside the movement's transaction, before its
 * entry: a reversal that commits in between empties the balances it takes from before it leaves
 * any debt, and holds their locks, so the movement's own balance check then fails.
 */
export async function refuseWhileOwing(db: Db | Tx, userId: string): Promise<void> {
  const owed = await memberDebt(db, userId);
  if (owed > 0) throw owingError(owed);
}
