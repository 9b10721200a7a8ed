import { and, desc, eq, gte } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { memberDailyEarnings, users } from "../db/schema";
import { PLATFORM, debtAccount, memberAccount, post, postLocking, type EntryLine } from "./ledger";
import { getSetting } from "../site/settings";
import { percentOf } from "../../shared/money";

import { type EarningSource, REFERRAL_INCOME, istDay } from "./earningKinds";

export { EARNING_SOURCES, REFERRAL_INCOME, type EarningSource } from "./earningKinds";

const FUNDING: Record<EarningSource, string> = {
  ptc_ads: PLATFORM.earningsFunding,
  click_short_link: PLATFORM.earningsFunding,
  offerWall: PLATFORM.offerWalls,
  bettingGames: PLATFORM.gameEscrow,
};

/** The entry kind of a repayment: withdrawable → debt account (ADR 0008). */
export const DEBT_REPAYMENT = "debt_repayment";

/**
 * Repays up to `available` of what the member owes (`owed`, read under the accounts' lock) from
 * the withdrawable balance just credited, as its own entry in the caller's transaction. Answers
 * what it repaid.
 */
async function repayDebt(
  tx: Tx,
  input: { userId: string; owed: number; available: number; idempotencyKey: string; createdAt?: Date },
): Promise<number> {
  const repay = Math.min(input.owed, input.available);
  if (repay <= 0) return 0;
  const repaid = await post(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: DEBT_REPAYMENT,
    userId: input.userId,
    createdAt: input.createdAt,
    lines: [
      { account: memberAccount(input.userId, "withdrawable"), amount: -repay },
      { account: debtAccount(input.userId), amount: repay },
    ],
  });
  return repaid.posted ? repay : 0;
}

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
  const [member] = input.referral
    ? [{ referredBy: input.referral.referredBy }]
    : await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, input.userId));
  const referrer = member?.referredBy ?? null;
  const rate = referrer ? (input.referral?.rateBp ?? (await getSetting(tx, "referral_rate_bp"))) : 0;
  const share = referrer ? percentOf(Math.max(0, input.referralBase ?? input.amount), rate) : 0;
  const referralKey = `referral:${input.idempotencyKey}`;
  // Two to four entries in one transaction: take every account's lock up front, in the ledger's
  // order, and post the earning and the referrer's share in one round trip (the share only when
  // the earning was posted). The debt accounts' balances come with their locks (absent: nothing
  // owed); a debt is repaid from what was just credited, after both.
  const { result, locked } = await postLocking(
    tx,
    {
      idempotencyKey: input.idempotencyKey,
      kind: input.source,
      userId: input.userId,
      memo: input.memo,
      createdAt: input.createdAt,
      lines: [
        ...fundingLines,
        { account: memberAccount(input.userId, "withdrawable"), amount: input.amount },
      ],
    },
    [
      ...fundingLines.map((l) => l.account),
      memberAccount(input.userId, "withdrawable"),
      debtAccount(input.userId),
      ...(referrer
        ? [PLATFORM.promotions, memberAccount(referrer, "withdrawable"), debtAccount(referrer)]
        : []),
    ],
    referrer && share > 0
      ? {
          idempotencyKey: referralKey,
          kind: REFERRAL_INCOME,
          userId: referrer,
          relatedUserId: input.userId,
          createdAt: input.createdAt,
          lines: [
            { account: PLATFORM.promotions, amount: -share },
            { account: memberAccount(referrer, "withdrawable"), amount: share },
          ],
        }
      : undefined,
  );
  const owedBy = (userId: string) => Math.max(0, -(locked.get(debtAccount(userId)) ?? 0));
  if (!result.posted) return { posted: false, referralAmount: 0, withdrawable: null };
  const repaid = await repayDebt(tx, {
    userId: input.userId,
    owed: owedBy(input.userId),
    available: input.amount,
    idempotencyKey: `${DEBT_REPAYMENT}:${input.idempotencyKey}`,
    createdAt: input.createdAt,
  });
  // The balance was read with its lock, which this transaction still holds.
  const withdrawable = (locked.get(memberAccount(input.userId, "withdrawable")) ?? 0) + input.amount - repaid;
  if (!referrer || share <= 0) return { posted: true, referralAmount: 0, withdrawable };
  await repayDebt(tx, {
    userId: referrer,
    owed: owedBy(referrer),
    available: share,
    idempotencyKey: `${DEBT_REPAYMENT}:${referralKey}`,
    createdAt: input.createdAt,
  });
  return { posted: true, referralAmount: share, withdrawable };
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
