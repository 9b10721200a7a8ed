/**
 * Money endpoints under load on PostgreSQL, against pgbench on the same server: members convert
 * and withdraw over real HTTP for a fixed time, then pgbench's TPC-B-like script runs with the
 * same client count, and the books are checked. `npm run bench:money`; see bench/README.md.
 */
import { eq, sql } from "drizzle-orm";
import { Agent } from "undici";
import { conversions, payoutMethods, users, withdrawals } from "../api/db/schema";
import { createMember } from "../api/accounts/accounts";
import { creditEarning } from "../api/ledger/earnings";
import { PLATFORM, accountBalance } from "../api/ledger/ledger";
import { createSession } from "../api/accounts/sessions";
import { encodeObj } from "../shared/obj.server";
import { OBJ_SECRET, reportLedgerInvariant, reportPgbench, runBench } from "./api";
import { percentile } from "./pg";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
/** Each member starts with ₹1,00,000 withdrawable: enough that refusals for balance are rare. */
const START_MILLI = 100_000 * 1000;
const METHOD = "UPI";

type Op = "withdrawToDeposit" | "depositToWithdraw" | "withdraw";
interface Tally {
  ok: number;
  refused: number;
  failed: number;
  latencies: number[];
}

runBench("money", async (api) => {
  const { db, base } = api;
  let failed = false;

  // Members with money, a bound payout method and a session each.
  const [method] = await db
    .insert(payoutMethods)
    .values({ name: METHOD, details: "UPI id (name@bank)", minimumAmount: 1_000 })
    .returning({ id: payoutMethods.id });
  const members: { id: string; cookie: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const m = await createMember(db, { name: `Bench ${i}`, email: `bench${i}@example.com` });
    await db
      .update(users)
      .set({ payoutMethodId: method!.id, payoutAccountInfo: `bench${i}@upi` })
      .where(eq(users.id, m.id));
    await db.transaction((tx) =>
      creditEarning(tx, {
        userId: m.id,
        source: "ptc_ads",
        amount: START_MILLI,
        idempotencyKey: `bench:seed:${m.id}`,
      }),
    );
    const { token } = await createSession(db, m.id, true);
    members.push({ id: m.id, cookie: `sid=${token}` });
  }

  // One keep-alive connection per client, like members' browsers (through the web tier) would hold.
  const agent = new Agent({ connections: CLIENTS, keepAliveTimeout: 30_000 });
  const tallies: Record<Op, Tally> = {
    withdrawToDeposit: { ok: 0, refused: 0, failed: 0, latencies: [] },
    depositToWithdraw: { ok: 0, refused: 0, failed: 0, latencies: [] },
    withdraw: { ok: 0, refused: 0, failed: 0, latencies: [] },
  };
  const failures = new Map<string, number>();
  const request = async (member: { cookie: string }, op: Op, seq: number) => {
    const rupees = 1 + Math.floor(Math.random() * (op === "withdraw" ? 20 : 50));
    const requestId = `r${seq}`;
    const [method, pathName, body] =
      op === "withdraw"
        ? ([
            "POST",
            "/userAmount/userWithdrawal_record_post",
            { balance: rupees, type: METHOD, request_id: requestId },
          ] as const)
        : ([
            "PATCH",
            "/userAmount/userBalanceConvertPatch",
            { balanceToConvert: rupees, conversionType_state: op, request_id: requestId },
          ] as const);
    const started = performance.now();
    const tally = tallies[op];
    try {
      const res = await fetch(`${base}${pathName}`, {
        method,
        headers: { "content-type": "application/json", cookie: member.cookie },
        body: JSON.stringify({ obj: encodeObj(OBJ_SECRET, body) }),
        dispatcher: agent,
      } as RequestInit);
      const json = (await res.json()) as { success?: boolean; error_msg?: string };
      tally.latencies.push(performance.now() - started);
      if (res.status === 200 && json.success) tally.ok++;
      else if (res.status >= 400 && res.status < 500) {
        tally.refused++;
        const key = `${res.status} ${json.error_msg?.replace(/₹\d+(\.\d+)?/g, "₹x") ?? ""}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      } else {
        tally.failed++;
        failures.set(
          `${res.status} ${json.error_msg ?? ""}`,
          (failures.get(`${res.status} ${json.error_msg ?? ""}`) ?? 0) + 1,
        );
      }
    } catch (e) {
      tally.failed++;
      failures.set(String(e), (failures.get(String(e)) ?? 0) + 1);
    }
  };

  const ops: Op[] = ["withdrawToDeposit", "depositToWithdraw", "withdraw"];
  // Warm-up: one of each per client, not counted.
  await Promise.all(members.map((m, i) => Promise.all(ops.map((op, j) => request(m, op, -(i * 3 + j) - 1)))));
  for (const t of Object.values(tallies)) Object.assign(t, { ok: 0, refused: 0, failed: 0, latencies: [] });
  failures.clear();

  console.log(
    `Money endpoints: ${CLIENTS} clients, ${DURATION_S} s, PostgreSQL (app pool as configured), obj bodies over HTTP`,
  );
  let seq = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    members.map(async (m) => {
      while (performance.now() < deadline) {
        const op = ops[Math.floor(Math.random() * ops.length)]!;
        await request(m, op, seq++);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();

  console.log("\n| operation | ok | refused (4xx) | failed | ok/s | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  let ok = 0;
  let total = 0;
  let broken = 0;
  for (const op of ops) {
    const t = tallies[op];
    const sorted = [...t.latencies].sort((a, b) => a - b);
    ok += t.ok;
    total += t.ok + t.refused + t.failed;
    broken += t.failed;
    console.log(
      `| ${op} | ${t.ok} | ${t.refused} | ${t.failed} | ${(t.ok / elapsed).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
    );
  }
  const okPerS = ok / elapsed;
  console.log(
    `\noperations/second: ${okPerS.toFixed(1)} successful, ${(total / elapsed).toFixed(1)} total (${elapsed.toFixed(1)} s)`,
  );
  for (const [k, n] of failures) console.log(`  answered ${n}×: ${k}`);
  if (broken > 0) failed = true;

  // pgbench on the same server, same client count.
  const tps = await reportPgbench(api, { clients: CLIENTS, seconds: DURATION_S, scale: PGBENCH_SCALE });
  console.log(`ratio money ops/s ÷ pgbench tps: ${(okPerS / tps).toFixed(3)}`);

  // The books after the run.
  const invariantOk = await reportLedgerInvariant(db);
  const [pending] = await db
    .select({ s: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(eq(withdrawals.status, "Pending"));
  const [charges] = await db
    .select({ s: sql<string>`coalesce(sum(${conversions.charge}), 0)` })
    .from(conversions);
  const balance = (id: string) => accountBalance(db, id);
  const pendingOk = Number(pending?.s) === (await balance(PLATFORM.pendingPayouts));
  const revenueOk = Number(charges?.s) === (await balance(PLATFORM.revenue));
  console.log(`pending withdrawals = platform:pending_payouts → ${pendingOk ? "OK" : "MISMATCH"}`);
  console.log(`conversion charges = platform:revenue → ${revenueOk ? "OK" : "MISMATCH"}`);
  if (!invariantOk || !pendingOk || !revenueOk) failed = true;
  return failed;
}).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
