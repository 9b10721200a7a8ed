import { and, desc, eq, gte } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { memberDailyEarnings, users } from "../db/schema";
import { PLATFORM, lockAccounts, memberAccount, post, type EntryLine } from "./ledger";
import { getSetting } from "./settings";
import { percentOf } from "../../shared/money";

import { type EarningSource, REFERRAL_INCOME, istDay } from "./earningKinds";

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
  },
): Promise<{ posted: boolean; referralAmount: number }> {
  const fundingLines = input.fundingLines ?? [
    { account: input.fundingAccount ?? FUNDING[input.source], amount: -input.amount },
  ];
  if (fundingLines.reduce((s, l) => s + l.amount, 0) !== -input.amount)
    throw new Error("The funding lines must sum to minus the earning");
  const [member] = input.referral
    ? [{ referredBy: input.referral.referredBy }]
    : await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, input.userId));
  // Two entries in one transaction: take every account's lock up front, in the ledger's order.
  await lockAccounts(tx, [
    ...fundingLines.map((l) => l.account),
    memberAccount(input.userId, "withdrawable"),
    ...(member?.referredBy ? [PLATFORM.promotions, memberAccount(member.referredBy, "withdrawable")] : []),
  ]);
  const result = await post(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: input.source,
    userId: input.userId,
    memo: input.memo,
    createdAt: input.createdAt,
    lines: [...fundingLines, { account: memberAccount(input.userId, "withdrawable"), amount: input.amount }],
  });
  if (!result.posted) return { posted: false, referralAmount: 0 };
  if (!member?.referredBy) return { posted: true, referralAmount: 0 };
  const rate = input.referral?.rateBp ?? (await getSetting(tx, "referral_rate_bp"));
  const share = percentOf(input.amount, rate);
  if (share <= 0) return { posted: true, referralAmount: 0 };
  await post(tx, {
    idempotencyKey: `referral:${input.idempotencyKey}`,
    kind: REFERRAL_INCOME,
    userId: member.referredBy,
    relatedUserId: input.userId,
    createdAt: input.createdAt,
    lines: [
      { account: PLATFORM.promotions, amount: -share },
      { account: memberAccount(member.referredBy, "withdrawable"), amount: share },
    ],
  });
  return { posted: true, referralAmount: share };
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
