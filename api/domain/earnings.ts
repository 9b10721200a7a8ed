import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { journalEntries, journalLines, users } from "../db/schema";
import { PLATFORM, lockAccounts, memberAccount, post } from "./ledger";
import { getSetting } from "./settings";
import { percentOf } from "../../shared/money";

/**
 * Earning sources as the dashboard names them. Referral income is earned on the first four
 * (ads, short links, task walls, game winnings) — never on gift codes, sign-up bonuses or
 * referral income itself.
 */
export const EARNING_SOURCES = ["ptc_ads", "click_short_link", "offerWall", "bettingGames"] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];
export const REFERRAL_INCOME = "referral_income";

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
  },
): Promise<{ posted: boolean; referralAmount: number }> {
  const funding = input.fundingAccount ?? FUNDING[input.source];
  const [member] = await tx
    .select({ referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, input.userId));
  // Two entries in one transaction: take every account's lock up front, in the ledger's order.
  await lockAccounts(tx, [
    funding,
    memberAccount(input.userId, "withdrawable"),
    ...(member?.referredBy ? [PLATFORM.promotions, memberAccount(member.referredBy, "withdrawable")] : []),
  ]);
  const result = await post(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: input.source,
    userId: input.userId,
    memo: input.memo,
    createdAt: input.createdAt,
    lines: [
      { account: funding, amount: -input.amount },
      { account: memberAccount(input.userId, "withdrawable"), amount: input.amount },
    ],
  });
  if (!result.posted) return { posted: false, referralAmount: 0 };
  if (!member?.referredBy) return { posted: true, referralAmount: 0 };
  const rate = await getSetting(tx, "referral_rate_bp");
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

export interface DailyEarnings {
  monthKey: string;
  date: string;
  self: number;
  referral: number;
}

/**
 * The member's earnings per source per month and per day, read from the ledger (credits to the
 * member's withdrawable account from entries of an earning kind), in IST.
 */
export async function earningsHistory(db: Db, userId: string, since: Date) {
  const kinds = [...EARNING_SOURCES, REFERRAL_INCOME];
  // IST is a fixed UTC+05:30 (no daylight saving): a fixed offset spares a time-zone lookup per row.
  const day = sql<string>`to_char(${journalEntries.createdAt} at time zone interval '+05:30', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      kind: journalEntries.kind,
      total: sql<string>`sum(${journalLines.amount})`,
    })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.userId, userId),
        inArray(journalEntries.kind, kinds),
        eq(journalLines.accountId, memberAccount(userId, "withdrawable")),
        gte(journalEntries.createdAt, since),
      ),
    )
    .groupBy(day, journalEntries.kind)
    .orderBy(sql`1 desc`);
  return rows.map((r) => ({ day: r.day, kind: r.kind, total: Number(r.total) }));
}
