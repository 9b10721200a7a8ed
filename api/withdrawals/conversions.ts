import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { conversions } from "../db/schema";
import { DomainError } from "../lib/errors";
import { PAGE_SIZE } from "../../shared/pagination";
import { newId } from "../lib/ids";
import { conversionCharge, formatRupees, milliToRupeeString, rupeesToMilli } from "../../shared/money";
import {
  InsufficientFundsError,
  OwingError,
  PLATFORM,
  debtAccount,
  insertAndPost,
  insertAndPostStatement,
  memberAccount,
  memberBalances,
} from "../ledger/ledger";
import { requestKeyOf } from "./withdrawals";
import { owingError, refuseWhileOwing } from "../ledger/debt";

export type ConversionDirection = "withdrawToDeposit" | "depositToWithdraw";

export const CONVERT_MESSAGES = {
  success: "Success! Your balance has been successfully converted.",
  invalidAmount: "Invalid Amount: Please enter a valid positive amount to convert.",
  direction: "* Please Select one of them",
  insufficient: (which: "deposit" | "withdrawable", balance: number) =>
    `Insufficient Balance: Your requested amount exceeds your ${which} balance of ${formatRupees(balance)}. Please enter a valid amount.`,
  keyReused:
    "This conversion form was already sent with a different amount or direction. Reload the page to start a new conversion.",
} as const;

/** A conversion's row, and its entry when it was inserted (insertAndPost). */
const insertConversion = insertAndPostStatement<{
  id: string;
  userId: string;
  direction: ConversionDirection;
  amount: number;
  charge: number;
  requestKey: string | null;
}>((db) =>
  db
    .insert(conversions)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      direction: sql.placeholder("direction"),
      amount: sql.placeholder("amount"),
      charge: sql.placeholder("charge"),
      requestKey: sql.placeholder("requestKey"),
    })
    .onConflictDoNothing()
    .returning({ id: conversions.id }),
);

/**
 * Moves money between the member's two balances as one journal entry (three lines when a charge
 * goes to revenue) and one conversions row, in one transaction. A member who owes after a
 * task-wall reversal may not move money into the deposit balance (api/ledger/debt.ts).
 */
export async function convertBalance(
  db: Db,
  input: { userId: string; rupees: number; direction: ConversionDirection; requestId?: string },
): Promise<{ id: string; duplicate: boolean; amount: number; charge: number }> {
  const requestKey = requestKeyOf(input.requestId);
  const amount = rupeesToMilli(input.rupees);
  const charge = conversionCharge(input.direction, amount);
  const from = input.direction === "depositToWithdraw" ? "deposit" : "withdrawable";
  const to = input.direction === "depositToWithdraw" ? "withdrawable" : "deposit";

  /**
   * The conversion this request id made already (a double submit), if any; the id reused with
   * another amount or direction is refused (409), never answered with the first one's success.
   */
  const madeAlready = async () => {
    if (!requestKey) return null;
    const [existing] = await db
      .select({
        id: conversions.id,
        amount: conversions.amount,
        charge: conversions.charge,
        direction: conversions.direction,
      })
      .from(conversions)
      .where(and(eq(conversions.userId, input.userId), eq(conversions.requestKey, requestKey)));
    if (!existing) return null;
    if (existing.amount !== amount || existing.direction !== input.direction)
      throw new DomainError("conflict", CONVERT_MESSAGES.keyReused);
    return { id: existing.id, amount: existing.amount, charge: existing.charge, duplicate: true };
  };
  const intoDeposit = input.direction === "withdrawToDeposit";
  const id = newId();
  try {
    // The balance and the debt are checked by the entry itself, under the accounts' locks: no
    // read before. One statement: a refusal undoes the conversion row; its message reads the
    // balance after.
    const inserted = await insertAndPost(
      db,
      insertConversion,
      { id, userId: input.userId, direction: input.direction, amount, charge, requestKey },
      {
        keyPrefix: "conversion:",
        kind: "conversion",
        userId: input.userId,
        memo: input.direction,
        lines: [
          { account: memberAccount(input.userId, from), amount: -amount },
          { account: memberAccount(input.userId, to), amount: amount - charge },
          { account: PLATFORM.revenue, amount: charge },
        ],
      },
      // Into the deposit balance: the debt account too, read under its lock (refuseWhileOwing's rule).
      intoDeposit ? [memberAccount(input.userId, from), memberAccount(input.userId, to)] : [],
      intoDeposit ? debtAccount(input.userId) : undefined,
    );
    if (!inserted) return (await madeAlready()) ?? { id, duplicate: true, amount, charge };
    return { id, duplicate: false, amount, charge };
  } catch (e) {
    if (e instanceof OwingError) throw owingError(e.owed);
    if (e instanceof InsufficientFundsError) {
      // A double submit that went through first took the balance: the same answer as it got.
      const twin = await madeAlready();
      if (twin) return twin;
      // Say why, when a debt left the balance empty.
      if (intoDeposit) await refuseWhileOwing(db, input.userId);
      const now = await memberBalances(db, input.userId);
      throw new DomainError("insufficient_balance", CONVERT_MESSAGES.insufficient(from, now[from]));
    }
    throw e;
  }
}

/** The converter page's data: both balances and one page of the member's conversions, newest first. */
export async function conversionSummary(db: Db, userId: string, requestedPage = 1) {
  const balances = await memberBalances(db, userId);
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversions)
      .where(eq(conversions.userId, userId)),
    requestedPage,
    PAGE_SIZE.conversions,
    db
      .select()
      .from(conversions)
      .where(eq(conversions.userId, userId))
      .orderBy(desc(conversions.createdAt), desc(conversions.id)),
  );
  return {
    ...balances,
    records: rows.map((r) => ({
      _id: r.id,
      converted_amount: milliToRupeeString(r.amount),
      charges: milliToRupeeString(r.charge),
      converted_amount_type: r.direction,
      time: r.createdAt.toISOString(),
    })),
    pagination,
  };
}
