/**
 * What the money benchmarks share: the API in process on a scratch PostgreSQL database behind a
 * real HTTP listener, pgbench with the same client count on a second scratch database, the ledger
 * invariant after the run, and the clean-up.
 */
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { parseConfig } from "../api/config";
import { createApi } from "../api/app";
import { createDeps, type Deps } from "../api/deps";
import { checkLedgerInvariant } from "../api/ledger/ledger";
import { adminSql, dbUrl, freePort, percentile, runPgbench } from "./pg";
import { batchLines, sendLogsTo } from "../shared/log.server";
import type { ClientAnswer } from "./clients";

export const OBJ_SECRET = "bench-obj-secret-0000";

export interface BenchApi {
  db: Deps["db"];
  deps: Deps;
  /** The API's address, `http://127.0.0.1:<port>`. */
  base: string;
  /** A database name for pgbench, created by `reportPgbench`; dropped with the API's. */
  pgbenchDb: string;
}

/**
 * Runs `bench` against the API on a scratch database `bench_<name>_<stamp>`, then closes the
 * server and drops the databases and the data directory. `bench` answers whether anything
 * failed; then the process exits 1.
 */
export async function runBench(
  name: string,
  bench: (api: BenchApi) => Promise<boolean>,
  /** More settings for the API (e.g. a payout provider's). */
  env: Record<string, string> = {},
): Promise<void> {
  const stamp = `${Date.now()}`;
  const appDb = `bench_${name}_${stamp}`;
  const pgbenchDb = `bench_pgbench_${stamp}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  let deps: Deps | undefined;
  let server: ReturnType<typeof serve> | undefined;
  let failed: boolean;
  await adminSql((s) => s.unsafe(`create database ${appDb}`));
  try {
    const config = parseConfig({
      NODE_ENV: "development",
      DATABASE_URL: dbUrl(appDb),
      DATA_DIR: dataDir,
      RATE_LIMITS: "off",
      HUMAN_CHECK: "off",
      SEED_DEMO: "off",
      SESSION_SECRET: "bench-session-secret-bench-session-secret-0000",
      OBJ_SECRET,
      ...env,
    });
    // The API logs every answer as production does (LOG_LEVEL, default info), into a file rather
    // than between the figures: the cost of each line is part of what is measured.
    const logFile = path.join(tmpdir(), `bench-${name}.log`);
    const logs = createWriteStream(logFile);
    sendLogsTo(batchLines((chunk) => void logs.write(chunk)).write, process.env.LOG_LEVEL ?? "info");
    console.log(`API log (JSON lines): ${logFile}`);
    deps = await createDeps(config, { mailer: { send: async () => {} } });
    const app = createApi(deps);
    const port = await freePort();
    server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
    failed = await bench({ db: deps.db, deps, base: `http://127.0.0.1:${port}`, pgbenchDb });
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await deps?.close();
    await adminSql(async (s) => {
      await s.unsafe(`drop database if exists ${appDb} with (force)`);
      await s.unsafe(`drop database if exists ${pgbenchDb} with (force)`);
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error("\nFAILED: see above.");
    process.exit(1);
  }
}

/**
 * The API's thread while `run` runs: the API serves on this process's main thread, the clients
 * send from a worker thread (bench/clients.ts), so the main thread's event-loop utilisation is the
 * API's CPU. Answers `run`'s result and a printer of the figure: the busy share, and the busy
 * milliseconds per successful answer, which, unlike a ratio to pgbench, does not move with how
 * fast the machine's PostgreSQL is.
 */
export async function timeApiThread<T>(
  run: () => Promise<T>,
): Promise<{ result: T; report: (label: string, answers: number) => void }> {
  const before = performance.eventLoopUtilization();
  const result = await run();
  const used = performance.eventLoopUtilization(before);
  return {
    result,
    report: (label, answers) =>
      console.log(
        `API thread: busy ${(100 * used.utilization).toFixed(0)} % of the ${label}; ${(used.active / Math.max(1, answers)).toFixed(2)} ms busy per ${label.replace(/s$/, "")} answered`,
      ),
  };
}

/**
 * Prints a ratio against pgbench and the aim for it (issue 24: claims ≥ 0.2, money
 * operations ≥ 0.25), with the verdict. The aim is not a failure of the run: the books are.
 */
export function reportRatio(label: string, ratio: number, aim: number): void {
  console.log(`ratio ${label} ÷ pgbench tps: ${ratio.toFixed(3)}`);
  console.log(
    `aim: ${label} ≥ ${aim} × pgbench tps → ${ratio >= aim ? "MET" : "NOT MET"} (${ratio.toFixed(3)})`,
  );
}

/** pgbench on its scratch database with the run's client count, printed; answers its tps. */
export async function reportPgbench(
  api: BenchApi,
  opts: { clients: number; seconds: number; scale: number },
): Promise<number> {
  await adminSql((s) => s.unsafe(`create database ${api.pgbenchDb}`));
  const { tps, latency, command } = runPgbench(api.pgbenchDb, opts);
  console.log(`\npgbench (${command})`);
  console.log(`pgbench tps: ${tps.toFixed(1)} (latency average ${latency})`);
  return tps;
}

/** The ledger invariant after the run, printed; answers whether it holds. */
export async function reportLedgerInvariant(db: Deps["db"]): Promise<boolean> {
  const invariant = await checkLedgerInvariant(db);
  const ok = invariant.total === 0 && invariant.negative.length === 0 && invariant.unbalancedEntries === 0;
  console.log(
    `\nledger invariant: total ${invariant.total}, negative [${invariant.negative.join(", ")}], unbalanced ${invariant.unbalancedEntries} → ${ok ? "OK" : "BROKEN"}`,
  );
  return ok;
}

/** What one phase of a money benchmark counted: successes, 4xx refusals, failures, latencies, odd answers. */
export interface Tally {
  ok: number;
  refused: number;
  failed: number;
  latencies: number[];
  answers: Map<string, number>;
}

export const tally = (): Tally => ({ ok: 0, refused: 0, failed: 0, latencies: [], answers: new Map() });

/**
 * The tally of the clients' answers (bench/clients.ts): 200 with success is ok, another 4xx is
 * refused, anything else failed; each answer that is not ok counted under `keyOf`.
 */
export function tallyAnswers(
  answers: ClientAnswer[],
  keyOf: (a: ClientAnswer) => string = (a) => `${a.status} ${a.errorCode ?? ""}`,
): Tally {
  const t = tally();
  for (const a of answers) {
    if (a.error !== undefined) {
      t.failed++;
      t.answers.set(a.error, (t.answers.get(a.error) ?? 0) + 1);
      continue;
    }
    t.latencies.push(a.ms);
    if (a.status === 200 && a.success) {
      t.ok++;
      continue;
    }
    if (a.status >= 400 && a.status < 500) t.refused++;
    else t.failed++;
    const key = keyOf(a);
    t.answers.set(key, (t.answers.get(key) ?? 0) + 1);
  }
  return t;
}

/** Runs the jobs with `clients` workers taking the next job as each finishes; answers the elapsed seconds. */
export async function runWorkers<T>(
  clients: number,
  jobs: T[],
  work: (job: T) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < jobs.length) await work(jobs[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** One phase's row of the results table, and its odd answers; answers whether every job succeeded. */
export function reportPhase(name: string, t: Tally, seconds: number, expected: number): boolean {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  console.log(
    `| ${name} | ${t.ok} | ${t.refused} | ${t.failed} | ${(t.ok / seconds).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
  );
  for (const [k, n] of t.answers) console.log(`  ${name} answered ${n}×: ${k}`);
  return t.failed === 0 && t.ok === expected;
}
