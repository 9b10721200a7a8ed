/**
 * PostgreSQL helpers for the money benchmarks: scratch databases on the server of DATABASE_URL
 * (default the local test server), a free port, and pgbench run with the same client count.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import postgres from "postgres";

export const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function dbUrl(name: string): string {
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminSql<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export function findPgbench(): string {
  try {
    return execFileSync("which", ["pgbench"], { encoding: "utf8" }).trim();
  } catch {
    const root = "/usr/lib/postgresql";
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    for (const v of versions) {
      const candidate = path.join(root, v, "bin", "pgbench");
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(
    "pgbench not found (Debian: apt-get install postgresql-client, or /usr/lib/postgresql/<v>/bin/pgbench)",
  );
}

/** pgbench's connection options from the URL, and the password through the environment. */
export function pgbenchArgs(name: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(BASE_URL);
  const args = [
    "-h",
    u.hostname || "127.0.0.1",
    "-p",
    u.port || "5432",
    "-U",
    decodeURIComponent(u.username || "postgres"),
  ];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  return { args: [...args, name], env };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** pgbench's TPC-B-like script on a scratch database: transactions per second and the average latency. */
export function runPgbench(
  database: string,
  opts: { clients: number; seconds: number; scale: number },
): { tps: number; latency: string; command: string } {
  const pgbench = findPgbench();
  const pb = pgbenchArgs(database);
  execFileSync(pgbench, ["-i", "-s", String(opts.scale), "-q", ...pb.args], {
    env: pb.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const out = execFileSync(
    pgbench,
    ["-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), ...pb.args],
    { env: pb.env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const tps = Number(
    /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1],
  );
  const latency = /latency average = ([\d.]+ ms)/.exec(out)?.[1] ?? "?";
  return {
    tps,
    latency,
    command: `${pgbench}: -i -s ${opts.scale}, then -c ${opts.clients} -j 2 -T ${opts.seconds}, built-in TPC-B-like script`,
  };
}
