import { sql } from "drizzle-orm";
import type { Deps } from "./deps";
import type { RealtimeServer } from "./realtime";
import { recordRequest, scrapedGauge } from "./lib/metrics";
import { logRequest } from "../shared/log.server";

/**
 * What a node tells its operators beyond requests: readiness (GET /readyz) and the gauges read
 * when /metrics is scraped. Both ask the database and Redis with a short deadline, so a stuck
 * dependency makes the answer "not ready" rather than a hung probe.
 */

const PROBE_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms).unref()),
  ]);
}

/**
 * One answered request, of either tier: its metrics (rate, latency, error code, business event)
 * and its request line — but for the web tier's assets, counted and not logged.
 */
export function observeAnswer(a: {
  reqId: string;
  tier: "api" | "web";
  method: string;
  route: string;
  status: number;
  seconds: number;
  errorCode?: string;
}): void {
  recordRequest(a);
  if (a.route === "/assets/*") return;
  const { seconds, ...line } = a;
  logRequest({ ...line, ms: Math.round(seconds * 10_000) / 10 });
}

export interface Readiness {
  ready: boolean;
  checks: { database: "ok" | "down"; redis?: "ok" | "down"; draining: boolean };
}

/** Ready: not shutting down, the database answers and, when configured, Redis answers. */
export async function readiness(deps: Deps, draining: boolean): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    within(PROBE_TIMEOUT_MS, deps.db.execute(sql`select 1`)).then(
      () => "ok" as const,
      () => "down" as const,
    ),
    deps.redis
      ? within(PROBE_TIMEOUT_MS, deps.redis.ping()).then(
          () => "ok" as const,
          () => "down" as const,
        )
      : undefined,
  ]);
  return {
    ready: !draining && database === "ok" && (redis ?? "ok") === "ok",
    checks: { database, ...(redis ? { redis } : {}), draining },
  };
}

const rows = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** The gauges read at scrape time. Call once per process (names are unique in the registry). */
export function registerNodeGauges(deps: Deps, io?: RealtimeServer) {
  const db = deps.db;
  if (io) scrapedGauge("live_sockets", "Sockets connected to this node.", () => io.engine.clientsCount);
  scrapedGauge("live_rooms", "Game rooms waiting or playing (the whole site).", async () => {
    const [r] = rows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from game_rooms where status in ('waiting', 'playing')`),
    );
    return Number(r?.n ?? 0);
  });
  scrapedGauge(
    "game_sweeper_lag_seconds",
    "How long the most overdue game deadline has been passed without the sweeper acting on it (0: none overdue).",
    async () => {
      const [r] = rows<{ lag: number | null }>(
        await db.execute(sql`select extract(epoch from now() - min(d))::float8 as lag from (
          select wait_deadline as d from game_rooms where status = 'waiting' and wait_deadline <= now()
          union all
          select turn_deadline from game_rooms where status = 'playing' and turn_deadline <= now()
        ) overdue`),
      );
      return Math.max(0, Number(r?.lag ?? 0));
    },
  );
  scrapedGauge(
    "withdrawals",
    "Withdrawal requests by status (the whole site).",
    async () => {
      const counts: Record<string, number> = { Pending: 0, Success: 0, Reject: 0 };
      for (const r of rows<{ status: string; n: number }>(
        await db.execute(sql`select status, count(*)::int as n from withdrawals group by status`),
      ))
        counts[r.status] = Number(r.n);
      return counts;
    },
    "status",
  );
  const pool = deps.database.pool;
  if (pool) {
    scrapedGauge("db_pool_max", "This node's PostgreSQL pool size.", () => pool.max);
    scrapedGauge(
      "db_pool_connections",
      "This node's PostgreSQL connections by state (active: running a statement; idle).",
      async () => {
        const counts = { active: 0, idle: 0 };
        for (const r of rows<{ state: string | null; n: number }>(
          await db.execute(
            sql`select state, count(*)::int as n from pg_stat_activity where application_name = ${pool.applicationName} group by state`,
          ),
        ))
          if (r.state === "idle") counts.idle += Number(r.n);
          else counts.active += Number(r.n);
        return counts;
      },
      "state",
    );
  }
}
