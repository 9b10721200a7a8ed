import { and, desc, eq, gte, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../db/client";
import { memberDailyEarnings, users } from "../db/schema";
import { PLATFORM, linesJson, memberAccount, throwLedgerFailure, type EntryLine } from "./ledger";
import { numberSettingSql } from "../site/settings";

import { type EarningSource, istDay } from "./earningKinds";

export { EARNING_SOURCES, REFERRAL_INCOME, type EarningSource } from "./earningKinds";

const FUNDING: Record<EarningSource, string> = {
  ptc_ads: PLATFORM.earningsFunding,
  click_short_link: PLATFORM.earningsFunding,
  offerWall: PLATFORM.offerWalls,
  bettingGames: PLATFORM.gameEscrow,
};

/**
 * Credits an earning to the member's withdrawable balance and, when the member was referred,
 * the referrer's share from the promotions account — both inside the caller's transaction, so
 * the referral credit exists exactly when the earning does.
 *
 * The earning is funded by the source's funding account, by `fundingAccount`, or by
 * `fundingLines`: the entry's other lines, which must sum to −amount (an ad view: the campaign's
 * escrow −price and revenue +the rest).
 *
 * A member (or referrer) who owes money after a task-wall reversal repays it first: a second
 * entry (`debt_repayment`) moves min(earning, owed) from withdrawable to the debt account. The
 * earning itself is posted and rolled up in full (ADR 0008).
 *
 * One round trip: the locks, up to four entries and the balance are the database function
 * credit_earning (migration 0015, docs/decisions/0019), which ad claims call from their own; the
 * member's referrer and the rate, unless the caller gives them (`referral`), are read in the same
 * statement.
 */
export async function creditEarning(
  tx: Tx,
  input: {
    userId: string;
    source: EarningSource;
    amount: number;
    idempotencyKey: string;
    memo?: string;
    createdAt?: Date;
    fundingAccount?: string;
    fundingLines?: EntryLine[];
    /**
     * The member's referrer and the referral rate, when the caller read them already (before
     * taking a hot lock, so the lock is held for fewer statements).
     */
    referral?: { referredBy: string | null; rateBp: number };
    /**
     * What the referrer's share is a rate of, when not the whole earning: a game win's net
     * winnings (prize − the winner's own entry fee). Paid on the gross prize, two accounts under
     * one referrer playing each other would move money between them at almost no cost.
     */
    referralBase?: number;
  },
): Promise<{
  posted: boolean;
  referralAmount: number;
  /** The member's withdrawable balance after the earning (and any debt repaid from it), when posted. */
  withdrawable: number | null;
}> {
  const fundingLines = input.fundingLines ?? [
    { account: input.fundingAccount ?? FUNDING[input.source], amount: -input.amount },
  ];
  if (fundingLines.reduce((s, l) => s + l.amount, 0) !== -input.amount)
    throw new Error("The funding lines must sum to minus the earning");
  const lines = linesJson([
    ...fundingLines,
    { account: memberAccount(input.userId, "withdrawable"), amount: input.amount },
  ]);
  const at = input.createdAt ? input.createdAt.toISOString() : null;
  const base = input.referralBase ?? null;
  // Without the caller's referral, the member's referrer and the rate (the setting when it is a
  // number, else the code's default) are read in the credit's own statement.
  const referredBy = input.referral
    ? sql`${input.referral.referredBy}`
    : sql`(select ${users.referredBy} from ${users} where ${users.id} = ${input.userId})`;
  const rateBp = input.referral
    ? sql`${input.referral.referredBy ? input.referral.rateBp : 0}`
    : numberSettingSql("referral_rate_bp");
  const credit = sql`select * from credit_earning(${input.idempotencyKey}, ${input.source}, ${input.userId},
    ${input.amount}, ${input.memo ?? null}, ${at}::timestamptz, ${lines}::jsonb, ${referredBy}, ${rateBp},
    ${base})`;
  const [row] = rowsOf<{
    posted: boolean;
    referral_amount: string | number;
    withdrawable: string | number | null;
    failure: string | null;
    failed_account: string | null;
  }>(await tx.execute(credit));
  if (!row) throw new Error("credit_earning answered nothing");
  throwLedgerFailure(row.failure, row.failed_account);
  if (!row.posted) return { posted: false, referralAmount: 0, withdrawable: null };
  return {
    posted: true,
    referralAmount: Number(row.referral_amount),
    withdrawable: Number(row.withdrawable),
  };
}

/**
 * The member's earnings per IST day and kind since `since` (credits to the member's withdrawable
 * account from entries of an earning kind), from the daily roll-up the ledger keeps.
 */
export async function earningsHistory(db: Db, userId: string, since: Date) {
  const rows = await db
    .select({
      day: memberDailyEarnings.day,
      kind: memberDailyEarnings.kind,
      total: memberDailyEarnings.amount,
    })
    .from(memberDailyEarnings)
    .where(and(eq(memberDailyEarnings.userId, userId), gte(memberDailyEarnings.day, istDay(since))))
    .orderBy(desc(memberDailyEarnings.day));
  return rows.map((r) => ({ day: r.day, kind: r.kind, total: Number(r.total) }));
}

/** What one source earned the member on the IST day of `now`, in milli-rupees (the daily roll-up). */
export async function incomeToday(db: Db | Tx, userId: string, source: EarningSource, now: Date) {
  const [income] = await db
    .select({ amount: memberDailyEarnings.amount })
    .from(memberDailyEarnings)
    .where(
      and(
        eq(memberDailyEarnings.userId, userId),
        eq(memberDailyEarnings.day, istDay(now)),
        eq(memberDailyEarnings.kind, source),
      ),
    );
  return Number(income?.amount ?? 0);
}
