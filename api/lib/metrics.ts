import { timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics (prom-client), one registry per process: request rates and latencies per
 * route and tier, error codes, claims, postbacks and withdrawal requests by outcome, plus gauges
 * read when scraped (live sockets and rooms, sweeper lag, database pool use, withdrawals by
 * status) and Node's own (event-loop lag, memory, CPU). Served at `GET /metrics` behind
 * `METRICS_TOKEN` (server.ts); without a token the route does not exist.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/** Route labels are patterns (`/postback/offerwall/:wallId`), never raw paths, so their number stays small. */
export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "Requests answered, by tier (api, web), method, route pattern and status.",
  labelNames: ["tier", "method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer, by tier, method and route pattern.",
  labelNames: ["tier", "method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const apiErrors = new Counter({
  name: "api_errors_total",
  help: "The API's refusals and failures by error_code (docs/api.md) and status.",
  labelNames: ["code", "status"] as const,
  registers: [registry],
});

export const claims = new Counter({
  name: "claims_total",
  help: "Ad and short-link claims by kind (ptc, shortlink) and outcome (credited, refused).",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});

export const postbacks = new Counter({
  name: "postbacks_total",
  help: "Task-wall postbacks by outcome (accepted, refused).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const withdrawalRequests = new Counter({
  name: "withdrawal_requests_total",
  help: "Withdrawal requests by outcome (accepted, refused).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

/** The business events read off the API's routes: which counter a route's answer moves. */
const EVENTS: Record<string, (ok: boolean) => void> = {
  "PATCH /userIncomeRoute/user_PTCAds_income_patch": (ok) =>
    claims.inc({ kind: "ptc", outcome: ok ? "credited" : "refused" }),
  "PATCH /userIncomeRoute/user_shortlink_lastPage_data_patch": (ok) =>
    claims.inc({ kind: "shortlink", outcome: ok ? "credited" : "refused" }),
  "GET /postback/offerwall/:wallId": (ok) => postbacks.inc({ outcome: ok ? "accepted" : "refused" }),
  "POST /postback/offerwall/:wallId": (ok) => postbacks.inc({ outcome: ok ? "accepted" : "refused" }),
  "POST /userAmount/userWithdrawal_record_post": (ok) =>
    withdrawalRequests.inc({ outcome: ok ? "accepted" : "refused" }),
};

/** One answered request: its rate, latency, error code and business event. */
export function recordRequest(r: {
  tier: "api" | "web";
  method: string;
  route: string;
  status: number;
  seconds: number;
  errorCode?: string;
}) {
  httpRequests.inc({ tier: r.tier, method: r.method, route: r.route, status: String(r.status) });
  httpDuration.observe({ tier: r.tier, method: r.method, route: r.route }, r.seconds);
  if (r.errorCode) apiErrors.inc({ code: r.errorCode, status: String(r.status) });
  if (r.tier === "api") EVENTS[`${r.method} ${r.route}`]?.(r.status < 400);
}

/** A gauge whose value is read when scraped; a failing read leaves it unset rather than failing the scrape. */
export function scrapedGauge(
  name: string,
  help: string,
  read: () => Promise<number | Record<string, number>> | number,
  labelName?: string,
) {
  return new Gauge({
    name,
    help,
    labelNames: labelName ? [labelName] : [],
    registers: [registry],
    async collect() {
      try {
        const value = await read();
        if (typeof value === "number") this.set(value);
        else for (const [label, v] of Object.entries(value)) this.set({ [labelName!]: label }, v);
      } catch {
        // The database or Redis is away: readyz says so; the scrape still answers.
      }
    },
  });
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
