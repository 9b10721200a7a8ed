import type { Db, Tx } from "../db/client";
import { DomainError } from "../lib/errors";
import { milliToRupeeString } from "../../shared/money";
import { InsufficientFundsError, OwingError, memberBalances, memberDebt } from "../ledger/ledger";
import { WITHDRAW_MESSAGES } from "./messages";

/** A double submit's answer: the withdrawal the same request id made, when there is one. */
export type Twin = (reader?: Db | Tx) => Promise<{ id: string; duplicate: true } | null>;

/** The member owes money after a reversal: nothing is withdrawn until it is repaid. */
export const inDebt = (owed: number) =>
  new DomainError("in_debt", WITHDRAW_MESSAGES.inDebt(owed), { owed: milliToRupeeString(owed) });

/**
 * What a withdrawal request whose transaction failed answers, with the tax rules on or off: a debt
 * the entry found says so; a balance too small is a double submit whose twin got there first, a
 * reversal that committed meanwhile (said when it left a debt), or simply not enough; anything
 * else is not a refusal and is thrown on.
 */
export async function answerFailedRequest(
  db: Db,
  userId: string,
  e: unknown,
  madeAlready: Twin,
): Promise<{ id: string; duplicate: true }> {
  if (e instanceof OwingError) throw inDebt(e.owed);
  if (e instanceof InsufficientFundsError) {
    const twin = await madeAlready();
    if (twin) return twin;
    const owed = await memberDebt(db, userId);
    if (owed > 0) throw inDebt(owed);
    const after = await memberBalances(db, userId);
    throw new DomainError("insufficient_balance", WITHDRAW_MESSAGES.insufficient(after.withdrawable));
  }
  throw e;
}
