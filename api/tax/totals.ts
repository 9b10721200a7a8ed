import { and, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  balanceAdjustments,
  journalEntries,
  journalLines,
  memberDailyEarnings,
  taxWithholdings,
} from "../db/schema";
import { memberAccount } from "../ledger/accounts";
import {
  INCOME_ENTRY_KINDS,
  INCOME_KINDS,
  financialYearDays,
  financialYearSpan,
  type IncomeKind,
} from "../../shared/tax";

/**
 * A member's income in a financial year by kind, and the tax withheld on it. The earning kinds
 * come from the ledger's own daily roll-up (member_daily_earnings, kept by ledger_post in each
 * credit's transaction): at most 366 rows per kind, never the journal. Adjustments are not
 * earnings in that roll-up: they are read from the adjustments' own rows (posted credits).
 */

const zero = (): Record<IncomeKind, number> => ({ task: 0, referral: 0, prize: 0, adjustment: 0 });

const kindOfEntry = new Map<string, IncomeKind>(
  INCOME_KINDS.flatMap((k) => INCOME_ENTRY_KINDS[k].map((e) => [e, k] as const)),
);

/** The member's gross income of each kind in the financial year `fy` ("2026-27"). */
export async function yearlyIncome(
  db: Db | Tx,
  userId: string,
  fy: string,
): Promise<Record<IncomeKind, number>> {
  const { first, last } = financialYearDays(fy);
  const totals = zero();
  const rows = await db
    .select({ kind: memberDailyEarnings.kind, amount: sql<string>`sum(${memberDailyEarnings.amount})` })
    .from(memberDailyEarnings)
    .where(
      and(
        eq(memberDailyEarnings.userId, userId),
        gte(memberDailyEarnings.day, first),
        lte(memberDailyEarnings.day, last),
      ),
    )
    .groupBy(memberDailyEarnings.kind);
  for (const r of rows) {
    const kind = kindOfEntry.get(r.kind);
    if (kind) totals[kind] += Number(r.amount);
  }
  const { from, to } = financialYearSpan(fy);
  const postedAt = sql`coalesce(${balanceAdjustments.decidedAt}, ${balanceAdjustments.createdAt})`;
  const [adjusted] = await db
    .select({ amount: sql<string>`coalesce(sum(${balanceAdjustments.amount}), 0)` })
    .from(balanceAdjustments)
    .where(
      and(
        eq(balanceAdjustments.userId, userId),
        eq(balanceAdjustments.status, "posted"),
        eq(balanceAdjustments.direction, "credit"),
        sql`${postedAt} >= ${from.toISOString()}::timestamptz and ${postedAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  totals.adjustment += Number(adjusted?.amount ?? 0);
  return totals;
}

/** The income of each kind tax was withheld on in `fy`, and that tax (refunded withholdings left out). */
export async function yearlyWithheld(
  db: Db | Tx,
  userId: string,
  fy: string,
): Promise<{ gross: Record<IncomeKind, number>; tax: Record<IncomeKind, number> }> {
  const gross = zero();
  const tax = zero();
  const rows = await db
    .select({
      kind: taxWithholdings.kind,
      gross: sql<string>`sum(${taxWithholdings.gross})`,
      tax: sql<string>`sum(${taxWithholdings.tax})`,
    })
    .from(taxWithholdings)
    .where(
      and(eq(taxWithholdings.userId, userId), eq(taxWithholdings.fy, fy), isNull(taxWithholdings.refundedAt)),
    )
    .groupBy(taxWithholdings.kind);
  for (const r of rows) {
    if (!(INCOME_KINDS as readonly string[]).includes(r.kind)) continue;
    gross[r.kind as IncomeKind] = Number(r.gross);
    tax[r.kind as IncomeKind] = Number(r.tax);
  }
  return { gross, tax };
}

/**
 * The sum of the member's single payments of `kind` above `threshold` in `fy` (a rule of basis
 * `payment`: a prize over ₹10,000). One member's entries of that kind, through the journal's
 * (user, kind, time) index — never a scan of everyone's.
 */
export async function paymentsAbove(
  db: Db | Tx,
  userId: string,
  fy: string,
  kind: IncomeKind,
  threshold: number,
): Promise<number> {
  const { from, to } = financialYearSpan(fy);
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.userId, userId),
        inArray(journalEntries.kind, [...INCOME_ENTRY_KINDS[kind]]),
        gte(journalEntries.createdAt, from),
        lt(journalEntries.createdAt, to),
        eq(journalLines.accountId, memberAccount(userId, "withdrawable")),
        sql`${journalLines.amount} > ${threshold}`,
      ),
    );
  return Number(row?.amount ?? 0);
}
