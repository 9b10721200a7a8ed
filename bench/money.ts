/**
 * Money endpoints under load on PostgreSQL, against pgbench on the same server: members convert
 * and withdraw over real HTTP for a fixed time, then pgbench's TPC-B-like script runs with the
 * same client count, and the books are checked. `npm run bench:money`; see bench/README.md.
 */
import { eq, sql } from "drizzle-orm";
import { conversions, payoutMethods, users, withdrawals } from "../api/db/schema";
import { createMember } from "../api/accounts/accounts";
import { creditEarning } from "../api/ledger/earnings";
import { PLATFORM, accountBalance } from "../api/ledger/ledger";
import { createSession } from "../api/sessions/sessions";
import {
  OBJ_SECRET,
  reportLedgerInvariant,
  reportPgbench,
  runBench,
  tallyAnswers,
  reportRatio,
  timeApiThread,
} from "./api";
import { sendLanes, type ClientAnswer, type ClientRequest } from "./clients";
import { rng } from "./multinode/load";
import { percentile } from "./pg";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
/** Each member starts with ₹1,00,000 withdrawable: enough that refusals for balance are rare. */
const START_MILLI = 100_000 * 1000;
const METHOD = "UPI";

/** Requests prepared per client: more than one client sends in DURATION_S. */
const LANE_LENGTH = Number(process.env.BENCH_LANE_LENGTH ?? 2000);

type Op = "withdrawToDeposit" | "depositToWithdraw" | "withdraw";

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

  // Each client is one member sending random operations one after another, from a fixed seed,
  // over its own keep-alive connection (bench/clients.ts, a worker thread).
  const ops: Op[] = ["withdrawToDeposit", "depositToWithdraw", "withdraw"];
  const rand = rng(20261127);
  let seq = 0;
  const request = (member: { cookie: string }, op: Op): ClientRequest & { op: Op } => {
    const rupees = 1 + Math.floor(rand() * (op === "withdraw" ? 20 : 50));
    const requestId = `r${seq++}`;
    return op === "withdraw"
      ? {
          op,
          method: "POST",
          path: "/userAmount/userWithdrawal_record_post",
          cookie: member.cookie,
          fields: { balance: rupees, type: METHOD, request_id: requestId },
        }
      : {
          op,
          method: "PATCH",
          path: "/userAmount/userBalanceConvertPatch",
          cookie: member.cookie,
          fields: { balanceToConvert: rupees, conversionType_state: op, request_id: requestId },
        };
  };
  // Warm-up: one of each per client, not counted.
  await sendLanes({ base, secret: OBJ_SECRET, lanes: members.map((m) => ops.map((op) => request(m, op))) });

  console.log(
    `Money endpoints: ${CLIENTS} clients (in a worker thread), ${DURATION_S} s, PostgreSQL (app pool as configured), obj bodies over HTTP`,
  );
  // More requests per lane than a client can send in the time: each lane stops at the deadline.
  const lanes = members.map((m) =>
    Array.from({ length: LANE_LENGTH }, () => request(m, ops[Math.floor(rand() * ops.length)]!)),
  );
  const { result: sent, report: reportApiThread } = await timeApiThread(() =>
    sendLanes({ base, secret: OBJ_SECRET, lanes, durationMs: DURATION_S * 1000 }),
  );
  const elapsed = sent.seconds;
  const byOp = new Map<Op, ClientAnswer[]>(ops.map((op) => [op, []]));
  sent.answers.forEach((answers, i) => answers.forEach((a, j) => byOp.get(lanes[i]![j]!.op)!.push(a)));
  const tallies = new Map(
    ops.map((op) => [
      op,
      tallyAnswers(byOp.get(op)!, (a) => `${a.status} ${a.errorMsg?.replace(/₹\d+(\.\d+)?/g, "₹x") ?? ""}`),
    ]),
  );
  const sentAll = [...byOp.values()].reduce((n, a) => n + a.length, 0);
  if (lanes.some((lane, i) => sent.answers[i]!.length === lane.length))
    console.log(`  a lane ran out before the deadline: raise LANE_LENGTH (${LANE_LENGTH})`);

  console.log("\n| operation | ok | refused (4xx) | failed | ok/s | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  let ok = 0;
  let broken = 0;
  const failures = new Map<string, number>();
  for (const op of ops) {
    const t = tallies.get(op)!;
    const sorted = [...t.latencies].sort((a, b) => a - b);
    ok += t.ok;
    broken += t.failed;
    for (const [k, n] of t.answers) failures.set(k, (failures.get(k) ?? 0) + n);
    console.log(
      `| ${op} | ${t.ok} | ${t.refused} | ${t.failed} | ${(t.ok / elapsed).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
    );
  }
  const okPerS = ok / elapsed;
  console.log(
    `\noperations/second: ${okPerS.toFixed(1)} successful, ${(sentAll / elapsed).toFixed(1)} total (${elapsed.toFixed(1)} s)`,
  );
  for (const [k, n] of failures) console.log(`  answered ${n}×: ${k}`);
  reportApiThread("operations", sentAll);
  if (broken > 0) failed = true;

  // pgbench on the same server, same client count.
  const tps = await reportPgbench(api, { clients: CLIENTS, seconds: DURATION_S, scale: PGBENCH_SCALE });
  reportRatio("money ops/s", okPerS / tps, 0.25);

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
