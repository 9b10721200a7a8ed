import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  giveDeposit,
  giveEarning,
  newMember,
  newOperator,
  pendingWithdrawal,
  type TestMember,
} from "../support/money";
import { seedIfEmpty } from "../../api/seed/seed";
import { allAccountBalances, checkLedgerInvariant } from "../../api/ledger/ledger";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { milliToRupeeString } from "../../shared/money";
import type { OverviewData, OverviewRange } from "../../shared/contracts/overview";

/**
 * The operators' overview (issue 20 §4) against the journal itself: after the seeded month of
 * activity every figure the overview reads from the daily roll-ups equals the same figure summed
 * here from journal_entries and journal_lines (slowly, which is fine in a test), for each range;
 * new activity moves the figures by exactly its amounts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_MS = 330 * 60 * 1000;
const istDayOf = (t: Date | string) => new Date(new Date(t).getTime() + IST_MS).toISOString().slice(0, 10);
const rows = <T>(r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as T[];
const r = milliToRupeeString;

/** Written out here, not imported, so the test checks the overview's choice of kinds too. */
const CHANNELS: Record<string, string> = {
  ptc_ads: "ads",
  click_short_link: "short_links",
  offerWall: "task_walls",
  bettingGames: "games",
  referral_income: "referrals",
  gift_code: "gift_codes",
};
const EARNING = new Set(["ptc_ads", "click_short_link", "offerWall", "bettingGames", "referral_income"]);

type Pair = [number, number];
interface Expected {
  signups: number;
  active: Set<string>;
  earnings: Record<string, number>;
  reversed: number;
  spend: number;
  refunds: number;
  revenue: number;
  requested: Pair;
  approved: Pair;
  rejected: Pair;
}
const blank = (): Expected => ({
  signups: 0,
  active: new Set(),
  earnings: { ads: 0, short_links: 0, task_walls: 0, games: 0, referrals: 0, gift_codes: 0 },
  reversed: 0,
  spend: 0,
  refunds: 0,
  revenue: 0,
  requested: [0, 0],
  approved: [0, 0],
  rejected: [0, 0],
});
const out = (e: Expected) => ({
  signups: e.signups,
  active_members: e.active.size,
  earnings: Object.fromEntries(Object.entries(e.earnings).map(([k, v]) => [k, r(v)])),
  reversed: r(e.reversed),
  advertiser_spend: r(e.spend),
  advertiser_refunds: r(e.refunds),
  revenue: r(e.revenue),
  withdrawals: {
    requested: { count: e.requested[0], amount: r(e.requested[1]) },
    approved: { count: e.approved[0], amount: r(e.approved[1]) },
    rejected: { count: e.rejected[0], amount: r(e.rejected[1]) },
  },
});

/** The overview's figures computed from the journal, the users and the withdrawals directly. */
async function fromJournal(t: TestApi, range: OverviewRange, now: Date) {
  const n = range === "today" ? 1 : Number(range);
  const days = Array.from({ length: n }, (_, i) => istDayOf(new Date(now.getTime() - (n - 1 - i) * DAY_MS)));
  const byDay = new Map(days.map((d) => [d, blank()]));
  const total = blank();
  const lines = rows<{
    created_at: string;
    kind: string;
    user_id: string | null;
    account_id: string;
    amount: string;
  }>(
    await t.deps.db.execute(sql`
      select e.created_at, e.kind, e.user_id, l.account_id, l.amount::text as amount
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.created_at > ${new Date(now.getTime() - (n + 2) * DAY_MS).toISOString()}::timestamptz`),
  );
  for (const l of lines) {
    const d = byDay.get(istDayOf(l.created_at));
    if (!d) continue;
    const amount = Number(l.amount);
    for (const e of [d, total]) {
      const cls = l.account_id.replace(/^(member|campaign):[^:]+:/, "$1:");
      if (l.account_id === "platform:revenue") e.revenue += amount;
      if (cls === "member:withdrawable" && CHANNELS[l.kind]) e.earnings[CHANNELS[l.kind]!]! += amount;
      if (cls === "member:withdrawable" && EARNING.has(l.kind) && l.user_id === l.account_id.split(":")[1])
        e.active.add(l.user_id!);
      if ((l.kind === "offerWall_reversal" || l.kind === "referral_reversal") && cls.startsWith("member:"))
        e.reversed -= amount;
      if (cls === "campaign:escrow" && l.kind === "campaign_deposit") e.spend += amount;
      if (cls === "campaign:escrow" && l.kind === "campaign_refund") e.refunds -= amount;
      if (l.account_id === "platform:pending_payouts") {
        const pair =
          l.kind === "withdrawal"
            ? e.requested
            : l.kind === "withdrawal_paid"
              ? e.approved
              : l.kind === "withdrawal_refund"
                ? e.rejected
                : null;
        if (pair) {
          pair[0] += 1;
          pair[1] += Math.abs(amount);
        }
      }
    }
  }
  const members = rows<{ created_at: string }>(
    await t.deps.db.execute(sql`select created_at from users where role = 'member'`),
  );
  for (const m of members) {
    const d = byDay.get(istDayOf(m.created_at));
    if (d) {
      d.signups++;
      total.signups++;
    }
  }
  const pending = rows<{ amount: string; created_at: string }>(
    await t.deps.db.execute(
      sql`select amount::text as amount, created_at from withdrawals where status = 'Pending'`,
    ),
  );
  const oldest = pending.length ? Math.min(...pending.map((p) => new Date(p.created_at).getTime())) : null;
  const balances = await allAccountBalances(t.deps.db);
  const sumOf = (test: (id: string) => boolean) =>
    [...balances].filter(([id]) => test(id)).reduce((s, [, b]) => s + b, 0);
  const withdrawable = sumOf((id) => /^member:.+:withdrawable$/.test(id));
  const deposit = sumOf((id) => /^member:.+:deposit$/.test(id));
  const pendingPayouts = balances.get("platform:pending_payouts") ?? 0;
  const escrows =
    sumOf((id) => /^campaign:.+:escrow$/.test(id)) + (balances.get("platform:campaign_escrow") ?? 0);
  const game = sumOf((id) => /^game:.+:escrow$/.test(id)) + (balances.get("platform:game_escrow") ?? 0);
  return {
    days: days.map((day) => ({ day, ...out(byDay.get(day)!) })),
    totals: out(total),
    pending: {
      count: pending.length,
      amount: r(pending.reduce((s, p) => s + Number(p.amount), 0)),
      oldest_at: oldest === null ? null : new Date(oldest).toISOString(),
    },
    liabilities: {
      owed: {
        withdrawable: r(withdrawable),
        deposit: r(deposit),
        pending_payouts: r(pendingPayouts),
        total: r(withdrawable + deposit + pendingPayouts),
      },
      held: {
        campaign_escrows: r(escrows),
        game_escrow: r(game),
        pending_payouts: r(pendingPayouts),
        total: r(escrows + game + pendingPayouts),
      },
      member_debt: r(Math.max(0, -sumOf((id) => /^member:.+:debt$/.test(id)))),
    },
  };
}

describe.each(drivers("one"))("operators' overview (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    await seedIfEmpty(t.deps.db);
    owner = await newOperator(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const read = async (range: OverviewRange): Promise<OverviewData> => {
    const res = await t.request(`/adminRoute/overview?range=${range}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    return res.body.msg as OverviewData;
  };

  const expectMatchesJournal = async (range: OverviewRange) => {
    const got = await read(range);
    const want = await fromJournal(t, range, new Date(got.as_of));
    expect(got.range).toBe(range);
    expect(got.days).toEqual(want.days);
    expect(got.totals).toEqual(want.totals);
    expect({ ...got.pending, oldest_age_seconds: undefined }).toEqual({
      ...want.pending,
      oldest_age_seconds: undefined,
    });
    expect(got.liabilities).toEqual(want.liabilities);
    return got;
  };

  it("after the seeded month, every figure equals the journal's, for today, 7 and 30 days", async () => {
    const today = await expectMatchesJournal("today");
    expect(today.days).toHaveLength(1);
    await expectMatchesJournal("7");
    const month = await expectMatchesJournal("30");
    expect(month.days).toHaveLength(30);
    // The seed leaves something on every chart.
    expect(month.totals.signups).toBeGreaterThanOrEqual(30);
    expect(month.days.filter((d) => d.active_members > 0).length).toBeGreaterThanOrEqual(25);
    for (const c of ["ads", "short_links", "task_walls", "games", "referrals"] as const)
      expect(Number(month.totals.earnings[c]), c).toBeGreaterThan(0);
    expect(Number(month.totals.advertiser_spend)).toBeGreaterThan(0);
    expect(Number(month.totals.revenue)).toBeGreaterThan(0);
    expect(month.totals.withdrawals.approved.count).toBeGreaterThan(0);
    expect(month.totals.withdrawals.rejected.count).toBeGreaterThan(0);
    expect(month.pending.count).toBeGreaterThanOrEqual(3);
    expect(month.pending.oldest_age_seconds).toBeGreaterThan(3600);
    expect(month.ledger).toMatchObject({ ok: true, total: "0.000", negative_accounts: 0, unbalanced: 0 });
    expect(await checkLedgerInvariant(t.deps.db)).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
  });

  it("new activity moves today's figures by exactly its amounts", async () => {
    const before = await read("today");
    const member = await newMember(t);
    await giveEarning(t, member.id, 12_340, "click_short_link");
    await giveDeposit(t, member.id, 50);
    const method = `UPI overview ${driver}`;
    await addPayoutMethod(t, owner, method, 1);
    await bindPayout(t, member, method);
    const id = await pendingWithdrawal(t, member, method, 7);
    const after = await read("today");
    const at = (o: OverviewData) => o.totals;
    expect(at(after).signups).toBe(at(before).signups + 1);
    expect(Number(at(after).earnings.short_links) - Number(at(before).earnings.short_links)).toBeCloseTo(
      12.34,
      3,
    );
    expect(Number(at(after).earnings.task_walls) - Number(at(before).earnings.task_walls)).toBeCloseTo(50, 3);
    expect(at(after).withdrawals.requested.count).toBe(at(before).withdrawals.requested.count + 1);
    expect(
      Number(at(after).withdrawals.requested.amount) - Number(at(before).withdrawals.requested.amount),
    ).toBeCloseTo(7, 3);
    expect(after.pending.count).toBe(before.pending.count + 1);
    expect(
      Number(after.liabilities.owed.pending_payouts) - Number(before.liabilities.owed.pending_payouts),
    ).toBeCloseTo(7, 3);
    expect(Number(after.liabilities.owed.deposit) - Number(before.liabilities.owed.deposit)).toBeCloseTo(
      50,
      3,
    );

    const settled = await t.request(`/adminRoute/withdrawals/${id}/settle`, {
      // Without a payout provider, approving marks paid with the bank's reference (issue 42).
      json: { action: "approve", utr: "SBIN70000001" },
      cookie: owner.cookie,
    });
    expect(settled.status).toBe(200);
    const paid = await read("today");
    expect(paid.totals.withdrawals.approved.count).toBe(after.totals.withdrawals.approved.count + 1);
    expect(
      Number(paid.totals.withdrawals.approved.amount) - Number(after.totals.withdrawals.approved.amount),
    ).toBeCloseTo(7, 3);
    expect(paid.pending.count).toBe(before.pending.count);
    for (const range of ["today", "7", "30"] as const) await expectMatchesJournal(range);
  });

  it("is the owner's only: other roles and members are refused with 403, and a bad range is a 400", async () => {
    for (const role of ["support", "payouts", "content", "moderation"] as const) {
      const op = await newOperator(t, [role]);
      const res = await t.request("/adminRoute/overview?range=7", { cookie: op.cookie });
      expect(res.status, role).toBe(403);
      expect(res.body.error_msg).toBe(ROLE_REFUSED);
    }
    const member = await newMember(t);
    expect((await t.request("/adminRoute/overview", { cookie: member.cookie })).status).toBe(403);
    expect((await t.request("/adminRoute/overview")).status).toBe(401);
    for (const bad of ["31", "week", "", "7;drop"]) {
      const res = await t.request(`/adminRoute/overview?range=${encodeURIComponent(bad)}`, {
        cookie: owner.cookie,
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.error_msg).toBe("range must be today, 7 or 30.");
    }
    // No range: the last 7 days.
    const res = await t.request("/adminRoute/overview", { cookie: owner.cookie });
    expect(res.body.msg.range).toBe("7");
  });
});
