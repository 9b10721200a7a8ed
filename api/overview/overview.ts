import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/client";
import { PLATFORM, checkLedgerInvariant } from "../ledger/ledger";
import { REFERRAL_INCOME, istDay } from "../ledger/earningKinds";
import { TASK_WALL_REVERSAL, REFERRAL_REVERSAL } from "../taskWalls/credits";
import { GAME_ESCROW_KIND } from "../games/escrow";
import { milliToRupeeString } from "../../shared/money";
import {
  EARNING_CHANNELS,
  type EarningChannel,
  type OverviewData,
  type OverviewDay,
  type OverviewRange,
} from "../../shared/contracts/overview";
import { openGrievances } from "../support/grievance";
import { rightsRequestCounts } from "../members/rightsRequests";

/**
 * The operators' overview (issue 20 §4): sign-ups, active members, earnings by channel, advertiser
 * spend, revenue and withdrawals per IST day, read from the daily roll-ups that are written in the
 * same transaction as the entries (ledger_daily, member_daily_earnings) and from indexed tables —
 * never from journal_entries or journal_lines, so its cost does not grow with the journal.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entry kinds whose credit to a member's withdrawable balance counts for each channel. */
export const CHANNEL_KINDS: Record<EarningChannel, readonly string[]> = {
  ads: ["ptc_ads"],
  short_links: ["click_short_link"],
  task_walls: ["offerWall"],
  games: ["bettingGames"],
  referrals: [REFERRAL_INCOME],
  gift_codes: ["gift_code"],
};

/** Entry kinds that take earnings back from members (summed over their member accounts). */
export const REVERSAL_KINDS: readonly string[] = [TASK_WALL_REVERSAL, REFERRAL_REVERSAL];

/** The ledger_daily account classes the overview reads. */
export const CLASSES = {
  withdrawable: "member:withdrawable",
  deposit: "member:deposit",
  debt: "member:debt",
  campaignEscrow: "campaign:escrow",
} as const;

/** Entry kinds of advertiser money and withdrawals (see api/ads/campaigns.ts, api/withdrawals). */
export const KINDS = {
  campaignDeposit: "campaign_deposit",
  campaignRefund: "campaign_refund",
  withdrawalRequested: "withdrawal",
  withdrawalApproved: "withdrawal_paid",
  withdrawalRejected: "withdrawal_refund",
} as const;

/** The IST days of a range, oldest first, ending with `now`'s day. */
export function rangeDays(range: OverviewRange, now: Date): string[] {
  const n = range === "today" ? 1 : Number(range);
  const days: string[] = [];
  for (let back = n - 1; back >= 0; back--) days.push(istDay(new Date(now.getTime() - back * DAY_MS)));
  return days;
}

/** Figures of a day in milli-rupees and counts, before they are written as rupee strings. */
interface DayFigures {
  signups: number;
  active: number;
  earnings: Record<EarningChannel, number>;
  reversed: number;
  spend: number;
  refunds: number;
  revenue: number;
  requested: [number, number];
  approved: [number, number];
  rejected: [number, number];
}

const emptyDay = (): DayFigures => ({
  signups: 0,
  active: 0,
  earnings: Object.fromEntries(EARNING_CHANNELS.map((c) => [c, 0])) as Record<EarningChannel, number>,
  reversed: 0,
  spend: 0,
  refunds: 0,
  revenue: 0,
  requested: [0, 0],
  approved: [0, 0],
  rejected: [0, 0],
});

const channelOfKind = new Map<string, EarningChannel>(
  EARNING_CHANNELS.flatMap((c) => CHANNEL_KINDS[c].map((k) => [k, c] as const)),
);

/** Adds one ledger_daily aggregate (a day's kind × account class) to the day's figures. */
function addLedgerRow(d: DayFigures, kind: string, account: string, amount: number, lines: number) {
  if (account === PLATFORM.revenue) d.revenue += amount;
  const channel = channelOfKind.get(kind);
  if (channel && account === CLASSES.withdrawable) d.earnings[channel] += amount;
  if (REVERSAL_KINDS.includes(kind) && account.startsWith("member:")) d.reversed -= amount;
  if (account === CLASSES.campaignEscrow) {
    if (kind === KINDS.campaignDeposit) d.spend += amount;
    else if (kind === KINDS.campaignRefund) d.refunds -= amount;
  }
  if (account === PLATFORM.pendingPayouts) {
    // Each withdrawal entry has exactly one line on the pending-payouts account: lines = count.
    if (kind === KINDS.withdrawalRequested) add(d.requested, lines, amount);
    else if (kind === KINDS.withdrawalApproved) add(d.approved, lines, -amount);
    else if (kind === KINDS.withdrawalRejected) add(d.rejected, lines, -amount);
  }
}

function add(pair: [number, number], count: number, amount: number) {
  pair[0] += count;
  pair[1] += amount;
}

const rupees = milliToRupeeString;

function dayOut(d: DayFigures): Omit<OverviewDay, "day"> {
  const pair = ([count, amount]: [number, number]) => ({ count, amount: rupees(amount) });
  return {
    signups: d.signups,
    active_members: d.active,
    earnings: Object.fromEntries(EARNING_CHANNELS.map((c) => [c, rupees(d.earnings[c])])) as Record<
      EarningChannel,
      string
    >,
    reversed: rupees(d.reversed),
    advertiser_spend: rupees(d.spend),
    advertiser_refunds: rupees(d.refunds),
    revenue: rupees(d.revenue),
    withdrawals: { requested: pair(d.requested), approved: pair(d.approved), rejected: pair(d.rejected) },
  };
}

/** The ledger accounts' classes the per-day query reads (a few of the roll-up's rows per day). */
const READ_CLASSES = [
  CLASSES.withdrawable,
  CLASSES.deposit,
  CLASSES.debt,
  CLASSES.campaignEscrow,
  PLATFORM.revenue,
  PLATFORM.pendingPayouts,
];

/** The per-day figures of `days` (consecutive IST days, oldest first). */
export async function dailyFigures(
  db: Db,
  days: string[],
): Promise<{ byDay: Map<string, DayFigures>; active: number }> {
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const byDay = new Map(days.map((d) => [d, emptyDay()]));
  // The day range is the leading column of ledger_daily's primary key: an index range scan.
  const ledgerQuery = db.execute(sql`
    select day::text as day, kind, account, sum(amount)::text as amount, sum(lines)::text as lines
    from ledger_daily
    where day between ${from} and ${to}
      and account in (${sql.join(
        READ_CLASSES.map((c) => sql`${c}`),
        sql`, `,
      )})
    group by day, kind, account`);
  // users_created_at index; the IST day is UTC + 05:30 (no daylight saving).
  const signupQuery = db.execute(sql`
    select to_char((created_at at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD') as day,
      count(*)::int as n
    from users
    where created_at >= ${new Date(Date.parse(`${from}T00:00:00+05:30`)).toISOString()}::timestamptz
      and created_at < ${new Date(Date.parse(`${to}T00:00:00+05:30`) + DAY_MS).toISOString()}::timestamptz
      and role = 'member'
    group by 1`);
  // member_daily_earnings_day_idx: one row per member, day and kind. Distinct members by GROUP BY
  // in a subquery (hashed) rather than count(distinct) (which sorts).
  const activeQuery = db.execute(sql`
    select day, count(*)::int as n from (
      select day::text as day, user_id from member_daily_earnings
      where day between ${from} and ${to} group by day, user_id) x
    group by day`);
  const activeRangeQuery = db.execute(sql`
    select count(*)::int as n from (
      select user_id from member_daily_earnings where day between ${from} and ${to} group by user_id) x`);
  const [ledgerRows, signupRows, activeRows, activeRange] = await Promise.all([
    ledgerQuery,
    signupQuery,
    activeQuery,
    activeRangeQuery,
  ]);
  for (const r of rowsOf<{ day: string; kind: string; account: string; amount: string; lines: string }>(
    ledgerRows,
  )) {
    const d = byDay.get(r.day);
    if (d) addLedgerRow(d, r.kind, r.account, Number(r.amount), Number(r.lines));
  }
  for (const r of rowsOf<{ day: string; n: number }>(signupRows)) {
    const d = byDay.get(r.day);
    if (d) d.signups = Number(r.n);
  }
  for (const r of rowsOf<{ day: string; n: number }>(activeRows)) {
    const d = byDay.get(r.day);
    if (d) d.active = Number(r.n);
  }
  return { byDay, active: Number(rowsOf<{ n: number }>(activeRange)[0]?.n ?? 0) };
}

/** Withdrawals waiting now, through withdrawals_status_idx (status, created_at). */
export async function pendingWithdrawals(db: Db, now: Date): Promise<OverviewData["pending"]> {
  const [row] = rowsOf<{ n: number; s: string; oldest: string | Date | null }>(
    await db.execute(sql`
      select count(*)::int as n, coalesce(sum(amount), 0)::text as s, min(created_at) as oldest
      from withdrawals where status = 'Pending'`),
  );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    count: Number(row?.n ?? 0),
    amount: rupees(Number(row?.s ?? 0)),
    oldest_at: oldest ? oldest.toISOString() : null,
    oldest_age_seconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
  };
}

/**
 * What the site owes members against what it holds, from stored balances. Member, campaign
 * escrow and game escrow accounts are tracked (their stored balance is their sum of lines), so one aggregate over
 * ledger_accounts by kind answers the member and escrow totals without reading the journal: it
 * reads one row per account (about two per member) — it grows with members, not with entries —
 * and the platform accounts are read by primary key (a handful of rows; the ones read here are
 * tracked, so their stored balance is exact).
 */
export async function liabilities(db: Db): Promise<OverviewData["liabilities"]> {
  const [byKind, platform] = await Promise.all([
    db.execute(sql`
      select kind, coalesce(sum(balance), 0)::text as s from ledger_accounts
      where kind <> 'platform' group by kind`),
    db.execute(sql`
      select id, balance::text as b from ledger_accounts
      where id in (${PLATFORM.pendingPayouts}, ${PLATFORM.gameEscrow}, ${PLATFORM.campaignEscrow})`),
  ]);
  const kind = new Map(rowsOf<{ kind: string; s: string }>(byKind).map((r) => [r.kind, Number(r.s)]));
  const acct = new Map(rowsOf<{ id: string; b: string }>(platform).map((r) => [r.id, Number(r.b)]));
  const withdrawable = kind.get("withdrawable") ?? 0;
  const deposit = kind.get("deposit") ?? 0;
  const pendingPayouts = acct.get(PLATFORM.pendingPayouts) ?? 0;
  const campaignEscrows = (kind.get("escrow") ?? 0) + (acct.get(PLATFORM.campaignEscrow) ?? 0);
  // Each paid room's escrow (kind game_escrow, api/games/escrow.ts) and the platform account
  // the fees were held on before rooms had their own (ADR 0016).
  const gameEscrow = (kind.get(GAME_ESCROW_KIND) ?? 0) + (acct.get(PLATFORM.gameEscrow) ?? 0);
  return {
    owed: {
      withdrawable: rupees(withdrawable),
      deposit: rupees(deposit),
      pending_payouts: rupees(pendingPayouts),
      total: rupees(withdrawable + deposit + pendingPayouts),
    },
    held: {
      campaign_escrows: rupees(campaignEscrows),
      game_escrow: rupees(gameEscrow),
      pending_payouts: rupees(pendingPayouts),
      total: rupees(campaignEscrows + gameEscrow + pendingPayouts),
    },
    member_debt: rupees(Math.max(0, -(kind.get("debt") ?? 0))),
  };
}

/**
 * How long a ledger check's verdict is kept. checkLedgerInvariant sums every journal line (by
 * account and by entry): seconds at a million entries, so the overview does not run it on every
 * view. Each node keeps its own last verdict with its time; after this long the next view runs the
 * check again in the background and shows the kept verdict until the new one is in.
 */
export const LEDGER_VERDICT_KEPT_MS = 10 * 60 * 1000;

interface Verdict {
  result: Awaited<ReturnType<typeof checkLedgerInvariant>>;
  checkedAt: Date;
}
const verdicts = new WeakMap<Db, { last?: Verdict; running?: Promise<Verdict> }>();

function runCheck(db: Db, slot: { last?: Verdict; running?: Promise<Verdict> }, clock: () => Date) {
  slot.running ??= checkLedgerInvariant(db)
    .then((result) => {
      slot.last = { result, checkedAt: clock() };
      return slot.last;
    })
    .finally(() => {
      slot.running = undefined;
    });
  return slot.running;
}

/** The last ledger verdict (run now when this node has none yet; refreshed in the background when old). */
export async function ledgerVerdict(db: Db, clock: () => Date = () => new Date()): Promise<Verdict> {
  let slot = verdicts.get(db);
  if (!slot) verdicts.set(db, (slot = {}));
  if (!slot.last) return runCheck(db, slot, clock);
  if (clock().getTime() - slot.last.checkedAt.getTime() >= LEDGER_VERDICT_KEPT_MS)
    void runCheck(db, slot, clock).catch(() => undefined);
  return slot.last;
}

/** The overview for a range of IST days ending today. */
export async function overview(db: Db, range: OverviewRange, now: Date): Promise<OverviewData> {
  const days = rangeDays(range, now);
  const [{ byDay, active }, pending, owed, verdict, grievances, rightsRequests] = await Promise.all([
    dailyFigures(db, days),
    pendingWithdrawals(db, now),
    liabilities(db),
    ledgerVerdict(db),
    openGrievances(db, now),
    rightsRequestCounts(db, now),
  ]);
  const total = emptyDay();
  for (const d of byDay.values()) {
    total.signups += d.signups;
    for (const c of EARNING_CHANNELS) total.earnings[c] += d.earnings[c];
    total.reversed += d.reversed;
    total.spend += d.spend;
    total.refunds += d.refunds;
    total.revenue += d.revenue;
    add(total.requested, ...d.requested);
    add(total.approved, ...d.approved);
    add(total.rejected, ...d.rejected);
  }
  total.active = active;
  const v = verdict.result;
  return {
    range,
    days: days.map((day) => ({ day, ...dayOut(byDay.get(day)!) })),
    totals: dayOut(total),
    pending,
    grievances,
    rights_requests: rightsRequests,
    liabilities: owed,
    ledger: {
      ok: v.total === 0 && v.negative.length === 0 && v.unbalancedEntries === 0,
      total: rupees(v.total),
      negative_accounts: v.negative.length,
      unbalanced: v.unbalancedEntries,
      checked_at: verdict.checkedAt.toISOString(),
      kept_seconds: LEDGER_VERDICT_KEPT_MS / 1000,
    },
    as_of: now.toISOString(),
  };
}
