import type { Db } from "../db/client";
import { milliToRupeeString } from "../../shared/money";
import { announcementList } from "../content/content";
import { type EARNING_SOURCES, REFERRAL_INCOME, earningsHistory } from "../ledger/earnings";
import { IST_OFFSET_MS, istDay } from "../ledger/earningKinds";
import type { DashboardData } from "../../shared/contracts/accounts";
import { memberBalances } from "../ledger/ledger";
import { pendingCredits, releaseDueCredits } from "../ledger/holds";
import type { Locale } from "../../shared/i18n/locale";

/** The month dropdown covers the current month and the eleven before it. */
export const DASHBOARD_MONTHS = 12;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function monthName(monthKey: string): string {
  const [y, m] = monthKey.split("-");
  return `${MONTH_NAMES[Number(m) - 1] ?? ""} ${y}`;
}

/** '2026-11' for the IST month `back` months before the one containing `now`, and its start instant. */
function istMonth(now: Date, back: number): { key: string; start: Date } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const startUtc = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - back, 1);
  const d = new Date(startUtc);
  const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  return { key, start: new Date(startUtc - IST_OFFSET_MS) };
}

type SourceKey = (typeof EARNING_SOURCES)[number] | typeof REFERRAL_INCOME;
const SOURCE_KEYS: SourceKey[] = [
  "ptc_ads",
  "click_short_link",
  "offerWall",
  REFERRAL_INCOME,
  "bettingGames",
];

/**
 * The session member's dashboard: balance, earnings per month, source and IST day (the daily
 * roll-up), announcements, and the task-wall credits on hold (released first when their hold has
 * ended, so the balance and the roll-up include them).
 */
export async function memberDashboard(
  db: Db,
  /** The session's member; `withdrawable` was read with the session check. */
  member: { id: string; email: string; userName: string; withdrawable: number },
  now = new Date(),
  /** The reader's language: the announcements' Hindi versions for Hindi (issue 23). */
  locale: Locale = "en",
): Promise<DashboardData> {
  const userId = member.id;
  const current = istMonth(now, 0);
  const since = istMonth(now, DASHBOARD_MONTHS - 1).start;
  const released = await releaseDueCredits(db, { userId, now });
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [rows, announcements, pending, withdrawable] = await Promise.all([
    earningsHistory(db, userId, since),
    announcementList(db, undefined, locale),
    pendingCredits(db, userId),
    // A release just moved money into the withdrawable balance the session check read.
    released > 0 ? memberBalances(db, userId).then((b) => b.withdrawable) : member.withdrawable,
  ]);

  const months = new Map<string, Record<SourceKey, number>>();
  const emptySources = () => Object.fromEntries(SOURCE_KEYS.map((k) => [k, 0])) as Record<SourceKey, number>;
  months.set(current.key, emptySources());
  const days = new Map<string, { self: number; referral: number }>();
  for (const r of rows) {
    if (!SOURCE_KEYS.includes(r.kind as SourceKey)) continue;
    const kind = r.kind as SourceKey;
    const monthKey = r.day.slice(0, 7);
    const month = months.get(monthKey) ?? emptySources();
    month[kind] += r.total;
    months.set(monthKey, month);
    const day = days.get(r.day) ?? { self: 0, referral: 0 };
    if (kind === REFERRAL_INCOME) day.referral += r.total;
    else day.self += r.total;
    days.set(r.day, day);
  }

  const user_month_records = [...months.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([monthKey, sources]) => ({
      monthKey,
      monthName: monthName(monthKey),
      earningSources: Object.fromEntries(
        SOURCE_KEYS.map((k) => [k, { income: milliToRupeeString(sources[k]) }]),
      ) as Record<SourceKey, { income: string }>,
    }));
  const user_date_records = [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, d]) => ({
      monthKey: date.slice(0, 7),
      monthName: monthName(date.slice(0, 7)),
      date,
      self_earnings: milliToRupeeString(d.self),
      referral_earnings: milliToRupeeString(d.referral),
      Total_earnings: milliToRupeeString(d.self + d.referral),
    }));

  return {
    userEmail: member.email,
    userName: member.userName,
    userAvailableBalance: milliToRupeeString(withdrawable),
    user_month_records,
    user_date_records,
    other_data_announcementsArray: announcements,
    pending_offerWall: milliToRupeeString(pending.total),
    pending_offerWall_credits: pending.credits,
  };
}

/**
 * The version of everything the dashboard shows, as an HTTP entity tag: the member (id, and the
 * row versions of their user row and withdrawable account: every earning writes that account in
 * the transaction that adds to its daily roll-up), the announcements, and the IST day (the months
 * offered follow the calendar); all read with the session check. Equal tags mean an equal answer,
 * so a client holding one may ask with If-None-Match and be told 304; the web tier keeps the
 * rendered page under it (server/member-page-cache.ts).
 */
export function dashboardTag(
  member: { id: string; rowVersion: string; contentVersion: string },
  now = new Date(),
): string {
  return `W/"${member.id}.${member.rowVersion}.${member.contentVersion}.${istDay(now)}"`;
}
