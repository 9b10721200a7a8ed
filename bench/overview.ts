/**
 * The operators' overview at a million journal entries (issue 20 §4): fills a scratch PostgreSQL
 * database (on the server of DATABASE_URL, default the local test server; dropped afterwards)
 * with BENCH_ENTRIES (default 1,000,000) entries in bulk SQL — members, their accounts, a year of
 * earnings and withdrawals, the balances, the withdrawals table, and the two daily roll-ups
 * rebuilt by INSERT…SELECT as the migrations' backfills do — then times the overview's reads for
 * today, 7 and 30 days (p50/p95 over BENCH_RUNS, default 50) and, once, the full ledger check
 * the overview keeps for ten minutes. `npm run bench:overview`; see bench/README.md.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "../api/db/client";
import { ensurePlatformAccounts, checkLedgerInvariant } from "../api/ledger/ledger";
import {
  dailyFigures,
  ledgerVerdict,
  liabilities,
  overview,
  pendingWithdrawals,
  rangeDays,
} from "../api/overview/overview";
import type { OverviewRange } from "../shared/contracts/overview";
import { adminSql, dbUrl } from "./pg";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const DAYS = 365;

const ms = (t: number) => `${t.toFixed(1)} ms`;
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main() {
  const name = `bench_overview_${randomBytes(4).toString("hex")}`;
  await adminSql((s) => s.unsafe(`create database ${name}`));
  const database = await openDatabase({ url: dbUrl(name), maxConnections: 10 });
  const { db } = database;
  try {
    const fillStarted = performance.now();
    await ensurePlatformAccounts(db);
    // Members joined over the year; each has a withdrawable and a deposit account.
    await db.execute(sql`
      insert into users (id, name, user_name, email, email_key, created_at)
      select 'm' || g, 'Member ' || g, 'member' || g, 'member' || g || '@example.com', 'member' || g || '@example.com',
        now() - ((g % ${DAYS}) * interval '1 day') - ((g % 1440) * interval '1 minute')
      from generate_series(1, ${MEMBERS}) g`);
    await db.execute(sql`
      insert into ledger_accounts (id, user_id, kind)
      select 'member:m' || g || ':' || k, 'm' || g, k
      from generate_series(1, ${MEMBERS}) g, unnest(array['withdrawable', 'deposit']) k`);
    // The entries: member m gets every MEMBERS-th entry; its kind cycles over ten so each member
    // has earnings of every channel and, less often, a withdrawal smaller than what it earned.
    await db.execute(sql`
      insert into journal_entries (id, idempotency_key, kind, user_id, created_at)
      select g, 'bench:' || g,
        (array['ptc_ads','click_short_link','ptc_ads','offerWall','referral_income','bettingGames',
               'ptc_ads','click_short_link','withdrawal','withdrawal_paid'])[1 + ((g / ${MEMBERS}) % 10)],
        'm' || (1 + g % ${MEMBERS}),
        now() - ((g % ${DAYS}) * interval '1 day') - ((g % 997) * interval '1 minute')
      from generate_series(1, ${ENTRIES}) g`);
    await db.execute(sql`select setval('journal_entries_id_seq', ${ENTRIES})`);
    await db.execute(sql`
      insert into journal_lines (entry_id, account_id, amount)
      select e.id, x.account, x.amount from journal_entries e,
      lateral (values
        (case e.kind when 'withdrawal_paid' then 'platform:pending_payouts' else 'member:' || e.user_id || ':withdrawable' end,
         case e.kind when 'withdrawal' then -500 when 'withdrawal_paid' then -500 else 1000 end),
        (case e.kind when 'withdrawal' then 'platform:pending_payouts' when 'withdrawal_paid' then 'platform:paid_out'
                     when 'offerWall' then 'platform:offer_walls' when 'referral_income' then 'platform:promotions'
                     else 'platform:earnings_funding' end,
         case e.kind when 'withdrawal' then 500 when 'withdrawal_paid' then 500 else -1000 end)
      ) as x(account, amount)`);
    await db.execute(sql`
      update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount) total from journal_lines group by account_id) s
      where a.id = s.account_id and a.tracked`);
    // The withdrawals table: one row per withdrawal entry, a few hundred still pending.
    await db.execute(sql`
      insert into withdrawals (id, user_id, amount, method_name, account_info, status, created_at)
      select lpad(to_hex(e.id), 24, '0'), e.user_id, 500, 'UPI', 'x@upi',
        case when e.id % 400 = 0 then 'Pending' else 'Success' end, e.created_at
      from journal_entries e where e.kind = 'withdrawal'`);
    // The roll-ups, as the migrations backfill them (ledger_daily spread over the shards by id).
    await db.execute(sql`
      insert into member_daily_earnings (user_id, day, kind, amount)
      select e.user_id, ((e.created_at at time zone 'UTC') + interval '5 hours 30 minutes')::date, e.kind, sum(l.amount)
      from journal_entries e join journal_lines l on l.entry_id = e.id and l.account_id = 'member:' || e.user_id || ':withdrawable'
      where e.kind in ('ptc_ads','click_short_link','offerWall','bettingGames','referral_income')
      group by 1, 2, 3`);
    await db.execute(sql`
      insert into ledger_daily (day, kind, account, shard, amount, lines)
      select ((e.created_at at time zone 'UTC') + interval '5 hours 30 minutes')::date, e.kind,
        regexp_replace(l.account_id, '^(member|campaign):[^:]+:', '\\1:'), e.id % 8, sum(l.amount), count(*)
      from journal_lines l join journal_entries e on e.id = l.entry_id
      group by 1, 2, 3, 4`);
    await db.execute(sql`analyze`);
    const counts = (await db.execute(sql`
      select (select count(*) from journal_entries)::int as entries, (select count(*) from journal_lines)::int as lines,
        (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_daily)::int as daily,
        (select count(*) from member_daily_earnings)::int as earnings`)) as unknown as Record<
      string,
      number
    >[];
    console.log(`filled in ${ms(performance.now() - fillStarted)}:`, JSON.stringify(counts[0]));

    const checkStarted = performance.now();
    const inv = await checkLedgerInvariant(db);
    console.log(
      `ledger check (journal scan, run at most once per ${10} minutes per node): ${ms(performance.now() - checkStarted)}`,
      JSON.stringify({ total: inv.total, negative: inv.negative.length, unbalanced: inv.unbalancedEntries }),
    );
    await ledgerVerdict(db); // this node's kept verdict, as after the first view

    console.log(`overview reads, ${RUNS} runs each (after 5 warm-up runs):`);
    for (const range of ["today", "7", "30"] as OverviewRange[]) {
      for (let i = 0; i < 5; i++) await overview(db, range, new Date());
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await overview(db, range, new Date());
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  range=${range.padEnd(5)} p50 ${ms(quantile(times, 0.5))}  p95 ${ms(quantile(times, 0.95))}`,
      );
    }
    // Where the time goes: each part alone (the overview runs them side by side).
    const part = async (label: string, run: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(34)} p50 ${ms(quantile(times, 0.5))}  p95 ${ms(quantile(times, 0.95))}`);
    };
    console.log("parts:");
    for (const range of ["today", "30"] as OverviewRange[])
      await part(`per-day roll-ups, range=${range}`, () => dailyFigures(db, rangeDays(range, new Date())));
    await part("pending withdrawals", () => pendingWithdrawals(db, new Date()));
    await part("liabilities (accounts by kind)", () => liabilities(db));
  } finally {
    await database.close();
    await adminSql((s) => s.unsafe(`drop database if exists ${name} with (force)`));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
