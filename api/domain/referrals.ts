import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { journalEntries, journalLines, users } from "../db/schema";
import { milliToRupeeString, percentOf } from "../../shared/money";
import { DEBT_REPAYMENT, REFERRAL_INCOME } from "./earnings";
import { PLATFORM, debtAccount, lockAccounts, memberAccount, memberBalances, post } from "./ledger";
import { referralRateText } from "./operators";
import { sanitizeHtml } from "../lib/sanitize";
import { getSetting } from "./settings";
import { PAGE_SIZE, offsetOf, pageOf } from "../../shared/pagination";

/**
 * The refer-and-earn page: one row per referee (newest sign-up first) with the referral income
 * that referee has produced so far, read from the ledger. The income itself is credited by
 * `creditEarning` when the referee earns.
 */
export async function referralPage(db: Db, userId: string, requestedPage = 1) {
  const [me] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  const { withdrawable } = await memberBalances(db, userId);
  const income = db
    .select({
      relatedUserId: journalEntries.relatedUserId,
      total: sql<string>`sum(${journalLines.amount})`.as("total"),
    })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.userId, userId),
        eq(journalEntries.kind, REFERRAL_INCOME),
        eq(journalLines.accountId, memberAccount(userId, "withdrawable")),
      ),
    )
    .groupBy(journalEntries.relatedUserId)
    .as("income");
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, userId));
  const pagination = pageOf(requestedPage, PAGE_SIZE.referrals, Number(count?.n ?? 0));
  const referees = await db
    .select({ userName: users.userName, createdAt: users.createdAt, total: income.total })
    .from(users)
    .leftJoin(income, eq(income.relatedUserId, users.id))
    .where(eq(users.referredBy, userId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  const rate = await getSetting(db, "referral_rate_bp");
  const text = await getSetting(db, "referral_page_text");
  return {
    userName: me?.userName ?? "",
    available_balance: milliToRupeeString(withdrawable),
    referral_data: referees.map((r) => ({
      userName: r.userName,
      income: milliToRupeeString(Number(r.total ?? 0)),
      date: r.createdAt.toISOString(),
    })),
    other_data_referralRate: { referralRate: referralRateText(rate), referralPageText: sanitizeHtml(text) },
    pagination,
  };
}

// ---------------------------------------------------------------------------------------------
// Referral income on game winnings

/**
 * Who earns referral income on a member's game win, and at what rate: read before the win is
 * credited, so the referrer's accounts are locked with the winner's, in the ledger's order.
 * The win itself is credited with `creditEarning`'s own referral turned off; the game's referral
 * income is paid by `creditGameReferral`, on the net winnings.
 */
export interface GameReferral {
  referrer: string;
  rateBp: number;
}

export async function gameReferralOf(tx: Tx, winnerId: string): Promise<GameReferral | null> {
  const [w] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, winnerId));
  if (!w?.referredBy) return null;
  return { referrer: w.referredBy, rateBp: await getSetting(tx, "referral_rate_bp") };
}

/** The referrer's accounts a game's referral income moves (promotions is untracked: no lock). */
export const gameReferralAccounts = (r: GameReferral) => [
  memberAccount(r.referrer, "withdrawable"),
  debtAccount(r.referrer),
];

/**
 * The referral income of a game win: the rate of the **net winnings** (prize minus the winner's
 * own entry fee), nothing when that is not above zero. Paid on the gross prize, two accounts under
 * one referrer playing each other would move money between them at almost no cost (a ₹10 game
 * with a ₹18 prize paid ₹1.800 of referral income against ₹2 kept by the platform).
 *
 * Posted under the same keys as any earning's referral income (`referral:{earning key}`, the
 * repayment of what the referrer owes `debt_repayment:referral:{earning key}`), from
 * `platform:promotions`, inside the caller's transaction and after the win's own entry. Answers
 * the amount paid.
 */
export async function creditGameReferral(
  tx: Tx,
  r: GameReferral,
  input: { winnerId: string; prize: number; entryFee: number; earningKey: string; createdAt: Date },
): Promise<number> {
  const net = input.prize - input.entryFee;
  const share = net > 0 ? percentOf(net, r.rateBp) : 0;
  if (share <= 0) return 0;
  // Already locked by the caller with the win's accounts; read here for what the referrer owes.
  const locked = await lockAccounts(tx, gameReferralAccounts(r));
  const referralKey = `referral:${input.earningKey}`;
  const { posted } = await post(tx, {
    idempotencyKey: referralKey,
    kind: REFERRAL_INCOME,
    userId: r.referrer,
    relatedUserId: input.winnerId,
    createdAt: input.createdAt,
    lines: [
      { account: PLATFORM.promotions, amount: -share },
      { account: memberAccount(r.referrer, "withdrawable"), amount: share },
    ],
  });
  if (!posted) return 0;
  // A referrer who owes money (ADR 0008) repays it first, as from any earning's referral income.
  const repay = Math.min(Math.max(0, -(locked.get(debtAccount(r.referrer)) ?? 0)), share);
  if (repay > 0)
    await post(tx, {
      idempotencyKey: `${DEBT_REPAYMENT}:${referralKey}`,
      kind: DEBT_REPAYMENT,
      userId: r.referrer,
      createdAt: input.createdAt,
      lines: [
        { account: memberAccount(r.referrer, "withdrawable"), amount: -repay },
        { account: debtAccount(r.referrer), amount: repay },
      ],
    });
  return share;
}
