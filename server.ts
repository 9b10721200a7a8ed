// First: reads the configuration and picks React's production runtime before anything loads React.
import { config, viteDevOn } from "./server/runtime";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import express from "express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import { createDeps } from "./api/deps";
import { createApi, isApiPath } from "./api/app";
import { attachRealtime } from "./api/realtime";
import { startReconciler } from "./api/payouts/send";
import { startHousekeeping } from "./api/housekeeping/job";
import { DEMO_ADVERTISER, DEMO_MEMBER, seedIfEmpty } from "./api/seed/seed";
import { holdEmbeddedDatabase } from "./api/db/embeddedLock";
import type { WebContext } from "./app/load-context";
import { createGuardedRemixHandler } from "./server/remix-handler";
import { applyHeaders, createNonce, isPrivatePage, routePath, securityHeaders } from "./server/headers";
import { createPageCache } from "./server/page-cache";
import { watchPublicPages } from "./api/content/changes";
import { createMemberPageCache, type PageKeepingVote } from "./server/member-page-cache";
import { clientAddress } from "./api/http";
import { createDeviceCookie } from "./server/device-cookie";
import { flushLogs, log } from "./shared/log.server";
import { metricsAuthorized, registry } from "./api/lib/metrics";
import { observeAnswer, readiness, registerNodeGauges } from "./api/observability";
import { pageRouteLabeler } from "./server/route-label";

/** Composes, in one process: the API (the spec's {host}), socket.io and the Remix web tier. ROLE picks a part. */

// A promise that one request or socket forgot to handle is a bug to log, never a reason to take
// the site, the API and every member's socket down with it.
process.on("unhandledRejection", (reason) => {
  log.error({ err: reason }, "unhandled rejection (the process goes on)");
});

// The embedded database is this process's alone: the operator command refuses to write to it
// while the lock names a live process (api/db/embeddedLock.ts); it goes when the process exits.
const releaseEmbeddedDatabase = config.DATABASE_URL ? () => {} : holdEmbeddedDatabase(config.DATA_DIR);
const deps = await createDeps(config);
if (config.SEED_DEMO)
  await seedIfEmpty(deps.db, {
    // It names the demo login: for the person starting the site (stderr), not for the log.
    log: (line: string) => process.stderr.write(`${line}\n`),
    siteName: config.SITE_NAME,
    publicOrigin: config.PUBLIC_ORIGIN,
    port: config.PORT,
  });
await deps.database.analyze();

/** net.Server's close (see shutdown). */
const netServerClose = NetServer.prototype.close;
/** True from SIGTERM on: /readyz answers 503, and the node finishes what it has, then exits. */
let draining = false;
const api = createApi(deps, { draining: () => draining });
const apiListener = getRequestListener(api.fetch);
const serveApi = config.ROLE !== "web";
const serveWeb = config.ROLE !== "api";

/**
 * Each web request's id (logs, metrics, the API calls it makes), arrival and path as it arrived,
 * from the server below to its load context and its request line.
 */
const webRequests = new WeakMap<IncomingMessage, { id: string; started: number; pathname: string }>();
/** Each page's Content-Security-Policy nonce, from the header set below to the page's load context. */
const nonces = new WeakMap<IncomingMessage, string>();
/** A keepable member page's vote (server/member-page-cache.ts), from the cache to the page's loaders. */
const keepingVotes = new WeakMap<IncomingMessage, PageKeepingVote>();
/** The web tier's way to the API: in-process in the single-process default, over HTTP when ROLE=web. */
const apiFetch: WebContext["apiFetch"] = serveApi
  ? async (request) => api.fetch(request)
  : async (request) => {
      const url = new URL(request.url);
      return fetch(new URL(url.pathname + url.search, config.API_ORIGIN), request);
    };
const web = express();
web.disable("x-powered-by");
web.set("trust proxy", config.TRUST_PROXY);
web.use(compression());

let viteDev: ViteDevServer | undefined;
/** A page request's route pattern for logs and metrics (server/route-label.ts). */
let pageRoute = pageRouteLabeler(undefined);
if (serveWeb) {
  if (viteDevOn) {
    const vite = await import("vite");
    viteDev = await vite.createServer({ server: { middlewareMode: true } });
    web.use(viteDev.middlewares);
  } else {
    const client = path.resolve("build/client");
    // Content-hashed scripts and styles, compressed at build time (brotli 11, gzip 9): sent as they are.
    web.use(
      "/assets",
      expressStaticGzip(path.join(client, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
    // Only names with an extension can be files here: pages (and their .data) skip the disk lookup.
    const files = express.static(client, { maxAge: "1h" });
    web.use((req, res, next) =>
      path.extname(req.path) && !req.path.endsWith(".data") ? files(req, res, next) : next(),
    );
  }
  const context: Omit<WebContext, "clientIp" | "cspNonce" | "pageRequestId"> = {
    apiFetch,
    objSecret: config.objSecret,
    internalToken: deps.internalToken,
    sessionSecret: config.sessionSecret,
    secureCookies: config.NODE_ENV === "production",
    publicEnv: {
      SITE_NAME: config.SITE_NAME,
      GOOGLE_ENABLED: config.googleEnabled,
      HUMAN_CHECK: config.HUMAN_CHECK,
      YOUTUBE_CHANNEL_ID: config.YOUTUBE_CHANNEL_ID ?? null,
      YOUTUBE_PLAYER_API_URL: config.YOUTUBE_PLAYER_API_URL,
    },
  };
  const build = viteDev
    ? () => viteDev!.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);
  pageRoute = pageRouteLabeler(typeof build === "function" ? undefined : build.routes);
  web.all(
    "*",
    createGuardedRemixHandler({
      build,
      getLoadContext: (req) => ({
        ...context,
        clientIp: req.ip ?? "unknown",
        cspNonce: nonces.get(req) ?? createNonce(),
        pageRequestId: webRequests.get(req)?.id ?? randomUUID(),
        pageKeeping: keepingVotes.get(req),
      }),
      mode: viteDev ? "development" : "production",
      guard: { publicOrigin: config.PUBLIC_ORIGIN },
      siteName: config.SITE_NAME,
    }),
  );
  // What escapes Remix (an answer whose body failed half-way): a line of the JSON log with the
  // request's id, never Express's own handler, which prints the raw stack to stderr (issue 42).
  web.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (res.socket && !res.socket.destroyed)
      log.error({ reqId: webRequests.get(req)?.id, method: req.method, err }, "page error");
    if (res.headersSent) return void res.destroy();
    res.status(500).type("text/plain").end("Internal Server Error\n");
  });
}

const headersFor = securityHeaders(config, { viteDev: viteDevOn });
const servePage = createPageCache({ ttlMs: config.PAGE_CACHE_SECONDS * 1000 });
// The site's words changed (here or, through Redis, on any node): the kept public pages go.
const stopWatchingPages = serveWeb ? watchPublicPages(deps, servePage.clear) : () => {};
const serveMemberPage = createMemberPageCache({
  ttlMs: config.MEMBER_PAGE_CACHE_SECONDS * 1000,
  maxPages: config.MEMBER_PAGE_CACHE_PAGES,
  // A conditional HEAD of the page's API read: 304 when the kept version is still current.
  isCurrent: async (req, apiPath, version) => {
    const headers = new Headers({
      "if-none-match": version,
      "x-internal-token": deps.internalToken,
      "x-client-ip": clientAddress(
        req.socket.remoteAddress ?? "unknown",
        req.headers["x-forwarded-for"]?.toString(),
        config.TRUST_PROXY,
      ),
    });
    if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
    if (req.headers.host) headers.set("host", req.headers.host);
    const res = await apiFetch(
      new Request(new URL(apiPath, "http://localhost"), { method: "HEAD", headers }),
    );
    return res.status === 304;
  },
});
// The device cookie (issue 21) on a first visit: not on pages the public cache may answer.
const ensureDeviceCookie = createDeviceCookie({
  secure: config.NODE_ENV === "production",
  pageCacheOn: config.PAGE_CACHE_SECONDS > 0,
});
/** `GET /metrics` (Prometheus text) with `Authorization: Bearer <METRICS_TOKEN>`; no token set: no route. */
async function serveMetrics(req: IncomingMessage, res: ServerResponse) {
  if (!metricsAuthorized(req.headers.authorization, config.METRICS_TOKEN!)) {
    res.writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" });
    return void res.end("Unauthorized.\n");
  }
  res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
  res.end(await registry.metrics());
}

/** Health for a web-only node (an API node's API answers these itself). */
async function serveHealth(pathname: string, res: ServerResponse) {
  const r = pathname === "/healthz" ? { ready: true, checks: "ok" } : await readiness(deps, draining);
  res.writeHead(r.ready ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ success: r.ready, msg: r.checks }));
}

/**
 * One metric per page, asset or data request of the web tier, and one line but for assets, when
 * its answer is sent: read off Node's `http.server.response.finish` diagnostics channel, one
 * subscriber for every answer instead of a `finish` listener and its closure on each.
 */
subscribe("http.server.response.finish", (message) => {
  const { request: req, response: res } = message as { request: IncomingMessage; response: ServerResponse };
  const observed = webRequests.get(req);
  if (!observed) return; // the API's answers are observed by the API (api/app.ts)
  observeAnswer({
    reqId: observed.id,
    tier: "web",
    method: req.method ?? "GET",
    // The path as it arrived: a mounted handler (the assets) rewrites `req.url` on the way.
    route: pageRoute(observed.pathname),
    status: res.statusCode,
    seconds: (performance.now() - observed.started) / 1000,
  });
});

const server = createServer((req, res) => {
  // Draining: a request that came on a kept-alive connection is answered, and the connection
  // closed after it (the proxy, told so, sends nothing more on it).
  if (draining) res.setHeader("Connection", "close");
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  if (pathname === "/metrics" && config.METRICS_TOKEN && req.method === "GET")
    return void serveMetrics(req, res).catch(() => res.destroy());
  if (serveApi && (isApiPath(pathname) || !serveWeb)) return void apiListener(req, res);
  if (pathname === "/healthz" || pathname === "/readyz") return void serveHealth(pathname, res);
  const reqId = randomUUID();
  webRequests.set(req, { id: reqId, started: performance.now(), pathname });
  res.setHeader("X-Request-Id", reqId);
  ensureDeviceCookie(req, res);
  const nonce = createNonce();
  nonces.set(req, nonce);
  const page = routePath(req.url ?? "/");
  applyHeaders(res, headersFor(nonce, page));
  if (isPrivatePage(page)) res.setHeader("Cache-Control", "no-store");
  servePage(req, res, nonce, () =>
    serveMemberPage(req, res, nonce, (vote) => {
      if (vote) keepingVotes.set(req, vote);
      web(req, res);
    }),
  );
});
const io = serveApi ? attachRealtime(server, deps, { adapterKey: config.REDIS_ADAPTER_KEY }) : undefined;
registerNodeGauges(deps, io);
// Payouts whose webhook never came are asked about (any node may: each claims its own).
const reconciler = serveApi ? startReconciler(deps) : undefined;
// Retention, dormant accounts and breach notices left to mail (issue 44): hourly on every node.
const housekeeping = serveApi ? startHousekeeping(deps) : undefined;

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info(
    {
      role: config.ROLE,
      port,
      database: deps.database.kind,
      payouts: deps.payoutProvider ? "razorpayx" : "by hand",
      metrics: config.METRICS_TOKEN ? "GET /metrics (bearer token)" : "off (set METRICS_TOKEN)",
    },
    `${config.SITE_NAME} (${config.ROLE}) listening on http://localhost:${port}`,
  );
  // For the person who ran `npm start`, not for the log: on stderr, so stdout stays one JSON object a line.
  // The demo logins come last, below the build's output, the seed's line and the log line above
  // (written first: lines otherwise wait up to 50 ms for their batch); request lines follow them.
  const banner = [
    `${config.SITE_NAME} (${config.ROLE}) listening on http://localhost:${port}`,
    `Database: ${deps.database.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}/pglite` : "PostgreSQL"}`,
    deps.payoutProvider
      ? `Payouts: RazorpayX at ${config.RAZORPAYX_BASE_URL} (webhooks: POST /webhooks/payouts/razorpayx)`
      : "Payouts: by hand (set PAYOUT_PROVIDER=razorpayx to pay through RazorpayX)",
    ...(config.SEED_DEMO
      ? [
          `Demo login: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password} (member, two months of earnings)`,
          `Demo login: ${DEMO_ADVERTISER.email} / ${DEMO_MEMBER.password} (advertiser, three running ads)`,
          `Open http://localhost:${port}/login`,
        ]
      : []),
  ];
  flushLogs();
  process.stderr.write(`${banner.join("\n")}\n`);
});

/** Socket events being handled, by socket id: a draining node lets a socket go once it has answered them all. */
const answering = new Map<string, number>();
io?.on("connection", (socket) => {
  // (A socket whose handshake ended after the drain began goes at once: it has asked nothing yet.)
  if (draining) return void socket.disconnect(true);
  socket.use((packet, next) => {
    const ack = packet.at(-1);
    if (typeof ack === "function") {
      answering.set(socket.id, (answering.get(socket.id) ?? 0) + 1);
      packet[packet.length - 1] = (...answer: unknown[]) => {
        const left = (answering.get(socket.id) ?? 1) - 1;
        if (left > 0) answering.set(socket.id, left);
        else answering.delete(socket.id);
        (ack as (...a: unknown[]) => void)(...answer);
        if (draining && left <= 0) socket.disconnect(true);
      };
    }
    next();
  });
});

/**
 * SIGTERM (or SIGINT), in the order that loses nothing behind a proxy that retries refused
 * connections (nginx: `proxy_next_upstream error`):
 * 1. readiness turns 503, and the listener closes: a new connection is refused before any request
 *    is written on it, so the proxy sends it to another node, even a POST;
 * 2. kept-alive connections stay open, since a connection closed by the node may cross a request the
 *    proxy is writing on it, which the proxy cannot resend when it is a POST. A request on one is
 *    answered with `Connection: close`; an idle one is closed by the proxy (nginx's upstream
 *    `keepalive_timeout 4s`) or by Node's keep-alive timeout (5 s);
 * 3. each socket is told to go (a socket.io disconnect) once it has answered every event it
 *    received, so its client reconnects through the proxy to another node and resumes its rooms;
 *    an event the client sent as it was told to go was not handled, and the client sends it again;
 * 4. once every connection is closed (or SHUTDOWN_GRACE_SECONDS have passed: the rest are closed),
 *    the timers stop, games' joins still waiting for a slot are refused (their sockets are gone),
 *    the work already started (requests, socket events, sweeps, pushes: deps.inFlight) is waited
 *    for (CLOSE_WAITS_MS at most), Redis and the pool are released and the process exits 0.
 */
async function shutdown(signal: NodeJS.Signals) {
  if (draining) return;
  draining = true;
  log.info({ signal }, "shutting down: finishing requests in flight");
  stopWatchingPages();
  reconciler?.stop();
  housekeeping?.stop();
  // net.Server's close: http.Server's own would also close the idle kept-alive connections at once.
  const closed = new Promise<void>((resolve) => netServerClose.call(server, () => resolve()));
  for (const socket of io?.of("/").sockets.values() ?? [])
    if (!answering.has(socket.id)) socket.disconnect(true);
  const grace = setTimeout(() => {
    log.warn("shutdown: grace period over, closing the connections left");
    io?.engine.close();
    server.closeAllConnections();
  }, config.SHUTDOWN_GRACE_SECONDS * 1000);
  await closed;
  clearTimeout(grace);
  await Promise.allSettled([viteDev?.close(), deps.close()]);
  releaseEmbeddedDatabase();
  log.info("stopped");
  process.exit(0);
}
process.on("SIGINT", (s) => void shutdown(s));
process.on("SIGTERM", (s) => void shutdown(s));
