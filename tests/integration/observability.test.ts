import { request as httpRequest } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { registry } from "../../api/lib/metrics";
import { captureLogs } from "../../shared/log.server";
import { startTestApi, sessionCookie, type TestApi } from "../support/api";
import { drivers, serverProcessDatabase } from "../support/db";
import { addPayoutMethod, bindPayout, giveEarning, newMember, newOperator } from "../support/money";
import { startServerProcess } from "../support/server-process";
import { ensureBuild } from "../../bench/multinode/cluster";
import { serveApi } from "../support/http";
import { md5Wall, md5WallSignature } from "../support/walls";

/**
 * What operators see (issue 24 §3): one JSON line per API answer with its request id, no secret in
 * any line, the metrics the answers move, readiness, and a node that finishes its requests and
 * exits 0 on SIGTERM.
 */

/** A counter's or gauge's value for the labels given (0 when never set). */
async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const m = registry.getSingleMetric(name);
  if (!m) return 0;
  const { values } = await m.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l))
    .reduce((n, v) => n + v.value, 0);
}

describe.each(drivers("one"))("logs, metrics and readiness (%s)", (driver) => {
  let t: TestApi;
  let capture: ReturnType<typeof captureLogs> | undefined;

  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    capture?.stop();
    capture = undefined;
  });

  const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it("every answer carries its id, no-store and nosniff, however its handler built it (over HTTP)", async () => {
    const served = await serveApi(t.deps);
    try {
      for (const path of ["/healthz", "/humanCheck/image.svg", "/userRoute/no_such_route"]) {
        const res = await fetch(`${served.origin}${path}`);
        await res.arrayBuffer();
        expect(res.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get("cache-control"), path).toBe("no-store");
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
    } finally {
      await served.close();
    }
  });

  it("logs each answer once as JSON with its reqId, route pattern, status and time; the web tier's id is kept only next to the internal token", async () => {
    capture = captureLogs();
    const stranger = await t.request("/userRoute/userWebstatisticsGet", {
      headers: { "x-request-id": "web-req-0001-aaaa" },
    });
    const fromWeb = await t.request("/userRoute/userWebstatisticsGet", {
      headers: { "x-request-id": "web-req-0002-bbbb", "x-internal-token": t.deps.internalToken },
    });
    const missing = await t.request("/userRoute/no_such_route");
    const lines = parsed(capture.lines).filter((l) => l.msg === "request");
    expect(lines).toHaveLength(3);
    const [a, b, c] = lines;
    // A caller without the internal token cannot choose the id its lines carry.
    expect(a!.reqId).not.toBe("web-req-0001-aaaa");
    expect(stranger.headers.get("x-request-id")).toBe(a!.reqId);
    expect(b).toMatchObject({
      reqId: "web-req-0002-bbbb",
      tier: "api",
      level: "info",
      method: "GET",
      route: "/userRoute/userWebstatisticsGet",
      status: 200,
    });
    expect(fromWeb.headers.get("x-request-id")).toBe("web-req-0002-bbbb");
    expect(typeof b!.ms).toBe("number");
    expect(typeof b!.time).toBe("string");
    // No route: the path stays out of the line and out of the labels.
    expect(missing.status).toBe(404);
    expect(c).toMatchObject({ route: "(none)", status: 404, errorCode: "not_found" });
  });

  it("a login, a withdrawal and a postback leave no password, session, secret, signature or full UPI id in any line", async () => {
    const owner = await newOperator(t);
    const m = await newMember(t);
    const upi = `${m.userName}.full-upi@okaxis`;
    await addPayoutMethod(t, owner, "UPI", 10);
    await bindPayout(t, m, "UPI", upi);
    await giveEarning(t, m.id, 50_000);
    const secret = `wall-secret-${driver}-0123456789`;
    const wall = await t.request("/adminRoute/offerWalls", {
      json: md5Wall(`Logs wall ${driver}`, secret),
      cookie: owner.cookie,
    });
    expect(wall.body).toMatchObject({ success: true });
    const wallId = wall.body.msg.wall._id as string;

    const before = {
      withdrawals: await metric("withdrawal_requests_total", { outcome: "accepted" }),
      postbacks: await metric("postbacks_total", { outcome: "accepted" }),
      refused: await metric("postbacks_total", { outcome: "refused" }),
      badSignature: await metric("api_errors_total", { status: "403" }),
    };
    capture = captureLogs("trace");
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: m.email, password: m.password, loginRemember_state: false },
    });
    expect(login.status).toBe(200);
    const session = sessionCookie(login.setCookie);
    const withdrawal = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 20, type: "UPI" },
      cookie: session,
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const sig = md5WallSignature("logs-1", m.id, secret);
    const postback = await t.request(
      `/postback/offerwall/${wallId}?oid=logs-1&user_id=${m.id}&amount=500&sig=${sig}`,
    );
    expect(postback.status, JSON.stringify(postback.body)).toBe(200);
    const forged = await t.request(
      `/postback/offerwall/${wallId}?oid=logs-2&user_id=${m.id}&amount=500&sig=${"0".repeat(32)}`,
    );
    expect(forged.status).toBe(403);
    capture.stop();

    const text = capture.lines.join("");
    expect(capture.lines.length).toBeGreaterThanOrEqual(4);
    for (const line of capture.lines) expect(() => JSON.parse(line)).not.toThrow();
    for (const secretText of [
      m.password,
      session.slice("sid=".length),
      secret,
      sig,
      upi,
      t.deps.config.objSecret,
      t.deps.internalToken,
    ])
      expect(text).not.toContain(secretText);
    // The routes are there, as patterns (the postback's query, with its signature, is not).
    expect(text).toContain('"route":"/userRoute/login"');
    expect(text).toContain('"route":"/userAmount/userWithdrawal_record_post"');
    expect(text).toContain('"route":"/postback/offerwall/:wallId"');

    // The answers moved the metrics.
    expect(await metric("withdrawal_requests_total", { outcome: "accepted" })).toBe(before.withdrawals + 1);
    expect(await metric("postbacks_total", { outcome: "accepted" })).toBe(before.postbacks + 1);
    expect(await metric("postbacks_total", { outcome: "refused" })).toBe(before.refused + 1);
    expect(await metric("api_errors_total", { status: "403" })).toBe(before.badSignature + 1);
    expect(
      await metric("http_requests_total", { tier: "api", route: "/userRoute/login", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("/readyz: ready with the database answering; 503 while the node drains", async () => {
    const ready = await t.request("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ success: true, msg: { database: "ok", draining: false } });
    const draining = createApi(t.deps, { draining: () => true });
    const res = await draining.fetch(new Request("http://localhost:3000/readyz"));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, msg: { database: "ok", draining: true } });
  });
});

describe("the server process: metrics behind a token, JSON lines, SIGTERM", () => {
  const TOKEN = "metrics-token-0123456789";
  const databases: Awaited<ReturnType<typeof serverProcessDatabase>>[] = [];
  /** A database for one server process, dropped after its test. */
  const databaseEnv = async () => {
    const database = await serverProcessDatabase();
    databases.push(database);
    return database.env;
  };
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.drop();
  });

  it("serves /metrics only with the bearer token, writes one JSON object per line, and on SIGTERM finishes a request in flight and exits 0", async () => {
    const server = await startServerProcess(
      { ...(await databaseEnv()), METRICS_TOKEN: TOKEN, LOG_LEVEL: "info", SHUTDOWN_GRACE_SECONDS: "10" },
      { timeoutMs: 120_000 },
    );
    try {
      expect((await fetch(`${server.origin}/metrics`)).status).toBe(401);
      expect(
        (
          await fetch(`${server.origin}/metrics`, {
            headers: { authorization: "Bearer wrong-token-0123456789" },
          })
        ).status,
      ).toBe(401);
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      const metrics = await fetch(`${server.origin}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      const body = await metrics.text();
      for (const name of [
        "http_requests_total",
        "http_request_duration_seconds_bucket",
        "live_sockets",
        "live_rooms",
        "game_sweeper_lag_seconds",
        "withdrawals",
        "nodejs_eventloop_lag_seconds",
      ])
        expect(body).toMatch(new RegExp(`^${name}`, "m"));
      expect(body).toMatch(
        /^http_requests_total\{tier="api",method="GET",route="\/healthz",status="200"\} \d+/m,
      );

      // A request in flight: its body is half sent when SIGTERM arrives, and still answered.
      const answered = new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${server.origin}/userRoute/login`,
          { method: "POST", headers: { "content-type": "application/json", "content-length": "20" } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.write('{"obj":"');
        setTimeout(() => {
          server.child.kill("SIGTERM");
          setTimeout(() => req.end('0123456789"}'), 500);
        }, 200);
      });
      expect(await answered).toBe(400);
      const { code } = await server.exited;
      expect(code).toBe(0);
      const stdout = server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"));
      expect(stdout.length).toBeGreaterThan(3);
      for (const line of stdout) expect(JSON.parse(line)).toHaveProperty("level");
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      await server.stop("SIGKILL");
    }
  }, 120_000);

  it("writes one line per page of the web tier with its X-Request-Id, route pattern and status; never a path's query, never an asset", async () => {
    ensureBuild();
    const server = await startServerProcess(
      { ...(await databaseEnv()), ROLE: "all", LOG_LEVEL: "info" },
      { timeoutMs: 120_000 },
    );
    try {
      const get = async (path: string) => {
        const res = await fetch(`${server.origin}${path}`, { redirect: "manual" });
        const body = await res.text();
        return { id: res.headers.get("x-request-id"), status: res.status, body };
      };
      const first = await get("/login");
      const query = await get("/login?email=someone.private%40example.com");
      const kept = await get("/login");
      const unknown = await get("/no/such/page");
      const script = /"(\/assets\/[^"]+\.js)"/.exec(first.body)?.[1];
      expect(script).toBeDefined();
      const asset = await get(script!);
      expect([first.status, query.status, kept.status, unknown.status, asset.status]).toEqual([
        200, 200, 200, 404, 200,
      ]);
      await server.stop("SIGTERM");

      const lines = server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.tier === "web");
      const lineOf = (id: string | null) => lines.filter((l) => l.reqId === id);
      for (const [answer, route, status] of [
        [first, "/login", 200],
        [query, "/login", 200],
        [kept, "/login", 200],
        [unknown, "/*", 404], // the site's own "page not found" route
      ] as const) {
        expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(lineOf(answer.id)).toEqual([
          {
            level: "info",
            time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            pid: expect.any(Number),
            reqId: answer.id,
            tier: "web",
            method: "GET",
            route,
            status,
            ms: expect.any(Number),
            msg: "request",
          },
        ]);
      }
      expect(lineOf(asset.id)).toEqual([]);
      expect(server.output()).not.toContain("someone.private");
    } finally {
      await server.stop("SIGKILL");
    }
  }, 120_000);
});
