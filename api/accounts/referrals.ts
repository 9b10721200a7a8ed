import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { journalEntries, journalLines, users } from "../db/schema";
import { milliToRupeeString } from "../../shared/money";
import { REFERRAL_INCOME } from "../ledger/earnings";
import { memberAccount, memberBalances } from "../ledger/ledger";
import { referralRateText } from "../ledger/referralRate";
import { getSetting } from "../site/settings";
import { PAGE_SIZE } from "../../shared/pagination";
import type { ReferralData } from "../../shared/contracts/accounts";
import { localizedPageText } from "../content/localized";
import type { Locale } from "../../shared/i18n/locale";

/**
 * The refer-and-earn page: one row per referee (newest sign-up first) with the referral income
 * that referee has produced so far, read from the ledger. The income itself is credited by
 * `creditEarning` when the referee earns.
 */
export async function referralPage(
  db: Db,
  userId: string,
  requestedPage = 1,
  locale: Locale = "en",
): Promise<ReferralData> {
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
  const { pagination, rows: referees } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.referredBy, userId)),
    requestedPage,
    PAGE_SIZE.referrals,
    db
      .select({ userName: users.userName, createdAt: users.createdAt, total: income.total })
      .from(users)
      .leftJoin(income, eq(income.relatedUserId, users.id))
      .where(eq(users.referredBy, userId))
      .orderBy(desc(users.createdAt), desc(users.id)),
  );
  const rate = await getSetting(db, "referral_rate_bp");
  const text = await localizedPageText(db, "referral_page_text", locale);
  return {
    userName: me?.userName ?? "",
    available_balance: milliToRupeeString(withdrawable),
    referral_data: referees.map((r) => ({
      userName: r.userName,
      income: milliToRupeeString(Number(r.total ?? 0)),
      date: r.createdAt.toISOString(),
    })),
    other_data_referralRate: { referralRate: referralRateText(rate), referralPageText: text },
    pagination,
  };
}
