// First: reads the configuration and picks React's production runtime before anything loads React.
import { config, viteDevOn } from "./server/runtime";
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import { randomUUID } from "node:crypto";
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
import { seedIfEmpty } from "./api/seed/seed";
import type { WebContext } from "./app/load-context";
import { createGuardedRemixHandler } from "./server/remix-handler";
import { applyHeaders, createNonce, isPrivatePage, routePath, securityHeaders } from "./server/headers";
import { createPageCache } from "./server/page-cache";
import { watchPublicPages } from "./api/content/changes";
import { createMemberPageCache, type PageKeepingVote } from "./server/member-page-cache";
import { clientAddress } from "./api/http";
import { createDeviceCookie } from "./server/device-cookie";

/** Composes, in one process: the API (the spec's {host}), socket.io and the Remix web tier. ROLE picks a part. */

// A promise that one request or socket forgot to handle is a bug to log, never a reason to take
// the site, the API and every member's socket down with it.
process.on("unhandledRejection", (reason) => {
  console.error("Unhandled rejection (the process goes on):", reason);
});

const deps = await createDeps(config);
if (config.SEED_DEMO)
  await seedIfEmpty(deps.db, {
    log: console.log,
    siteName: config.SITE_NAME,
    publicOrigin: config.PUBLIC_ORIGIN,
    port: config.PORT,
  });
await deps.database.analyze();

const api = createApi(deps);
const apiListener = getRequestListener(api.fetch);
const serveApi = config.ROLE !== "web";
const serveWeb = config.ROLE !== "api";

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
  web.all(
    "*",
    createGuardedRemixHandler({
      build,
      getLoadContext: (req) => ({
        ...context,
        clientIp: req.ip ?? "unknown",
        cspNonce: nonces.get(req) ?? createNonce(),
        pageRequestId: randomUUID(),
        pageKeeping: keepingVotes.get(req),
      }),
      mode: viteDev ? "development" : "production",
      guard: { publicOrigin: config.PUBLIC_ORIGIN },
      siteName: config.SITE_NAME,
    }),
  );
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
const server = createServer((req, res) => {
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  if (serveApi && (isApiPath(pathname) || !serveWeb)) return void apiListener(req, res);
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
if (serveApi) attachRealtime(server, deps, { adapterKey: config.REDIS_ADAPTER_KEY });
// Payouts whose webhook never came are asked about (any node may: each claims its own).
const reconciler = serveApi ? startReconciler(deps) : undefined;

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(`${config.SITE_NAME} (${config.ROLE}) listening on http://localhost:${port}`);
  console.log(
    `Database: ${deps.database.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}/pglite` : "PostgreSQL"}`,
  );
  if (config.SEED_DEMO) console.log("Demo login: demo@example.com / demo-password-123");
  console.log(
    deps.payoutProvider
      ? `Payouts: RazorpayX at ${config.RAZORPAYX_BASE_URL} (webhooks: POST /webhooks/payouts/razorpayx)`
      : "Payouts: by hand (set PAYOUT_PROVIDER=razorpayx to pay through RazorpayX)",
  );
});

const shutdown = () => {
  stopWatchingPages();
  reconciler?.stop();
  server.close();
  void viteDev?.close();
  void deps.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
