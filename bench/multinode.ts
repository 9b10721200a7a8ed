/**
 * Several nodes behind nginx under a mixed load, with a rolling restart and then one API node and
 * one web node lost: the reference configuration of docs/several-nodes.md. Starts 2
 * ROLE=api and 2 ROLE=web `server.ts` processes on a scratch PostgreSQL database and the local
 * Redis, and Debian's nginx in front (installed with apt-get when missing); prints the throughput
 * through nginx with 1 and with 2 API nodes, then runs the mixed load with games, restarts one API
 * node and one web node (SIGTERM, started again), kills the other two, and checks the books.
 * `npm run bench:multinode`; see bench/README.md.
 */
import { adminSql, dbUrl } from "./pg";
import { runMultinode } from "./multinode/run";

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} takes a number, 0 or more`);
  return v;
};

async function main() {
  const name = `bench_multinode_${Date.now()}`;
  await adminSql((s) => s.unsafe(`create database ${name}`));
  const started = performance.now();
  let failed: boolean;
  try {
    const users = num("BENCH_CLIENTS", 40);
    const result = await runMultinode({
      databaseUrl: dbUrl(name),
      users,
      members: num("BENCH_MEMBERS", Math.max(100, users)),
      players: 2 * Math.round(num("BENCH_PLAYERS", 24) / 2),
      campaigns: num("BENCH_CAMPAIGNS", 6),
      throughputSeconds: num("BENCH_PHASE_SECONDS", 20),
      steadySeconds: num("BENCH_STEADY_SECONDS", 15),
      rollingRestart: process.env.BENCH_ROLLING !== "off",
      kill: process.env.BENCH_KILL !== "off",
      finishSeconds: num("BENCH_FINISH_SECONDS", 45),
    });
    failed = result.checks.some((c) => !c.ok);
    if (failed) console.log(`\nThe nodes' output (last lines):\n${result.cluster.output}`);
  } finally {
    if (process.env.BENCH_KEEP_DATABASE) console.log(`(kept the database ${name})`);
    else await adminSql((s) => s.unsafe(`drop database if exists ${name} with (force)`));
  }
  console.log(
    `\n${failed ? "FAILED" : "All checks passed"} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
  );
  if (failed) process.exit(1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
