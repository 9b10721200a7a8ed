import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Deps } from "./deps";
import {
  CROSS_SITE_REFUSED,
  isCrossSite,
  limitBody,
  fail,
  refusal,
  refuseUnsafeAddress,
  fromWebTier,
  type ApiEnv,
} from "./http";
import { userRoute } from "./accounts/memberHttp";
import { privacyRoute } from "./privacy/privacyHttp";
import { accountAreaRoute } from "./accounts/accountAreaHttp";
import { memberBreachRoute } from "./support/breachHttp";
import { userAmountRoute } from "./withdrawals/http";
import { userIncomeRoute } from "./giftCodes/http";
import { ptcAdsRoute } from "./ads/viewsHttp";
import { shortLinksRoute } from "./shortLinks/memberHttp";
import { shortenerRoute } from "./shortLinks/shortenerHttp";
import { advertiserRoute } from "./ads/advertiserHttp";
import { userMessageRoute } from "./support/contactHttp";
import { memberSupportRoute } from "./support/memberHttp";
import { publicRoute } from "./content/publicHttp";
import { adminRoute } from "./adminRoute";
import { googleSignIn } from "./accounts/googleHttp";
import { humanCheckRoute } from "./accounts/humanCheckHttp";
import { taskWallsRoute } from "./taskWalls/memberHttp";
import { postbackRoute } from "./taskWalls/postbackHttp";
import { payoutWebhookRoute } from "./payouts/webhookHttp";
import { demoWallRoute } from "./taskWalls/demoWallHttp";
import { bettingGamesRoute } from "./games/http";
import { taxRoute } from "./tax/http";
import { memberRightsRoute } from "./accounts/rightsHttp";
import { GENERIC_FAILURE } from "../shared/messages";
import { randomUUID } from "node:crypto";
import { matchedRoutes } from "hono/route";
import { log, validRequestId } from "../shared/log.server";
import { observeAnswer, readiness } from "./observability";

/** Path prefixes served by the API (the spec's {host}); everything else is the web tier's. */
export const API_PREFIXES = [
  "/userRoute/",
  "/userAmount/",
  "/userIncomeRoute/",
  "/userMessageRoute/",
  "/advertiserRoute/",
  "/adminRoute/",
  "/humanCheck/",
  "/postback/",
  "/demoWall/",
  "/shortener/",
  "/webhooks/",
  "/checkLogin_for_navBar",
  "/healthz",
  "/readyz",
];

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(p));
}

type Header = [name: string, value: string];

/** Answers carry members' data: no cache keeps them. */
const EVERY_ANSWER: Header[] = [
  ["Cache-Control", "no-store"],
  ["X-Content-Type-Options", "nosniff"],
];

/**
 * Headers every answer carries, set before the handler runs: the answer it builds (c.json and
 * the other helpers) takes them. Set on an answer already built, Hono copies it into a new one
 * whose body is a stream, which the node then writes in pieces (headers, body, end) instead of
 * one write.
 */
function setBefore(c: Context<ApiEnv>, headers: Header[]) {
  for (const [name, value] of headers) c.header(name, value);
}

/** The same headers on an answer that does not carry them (a handler's own Response, or one it changed). */
function setAfter(c: Context<ApiEnv>, headers: Header[]) {
  for (const [name, value] of headers) if (c.res.headers.get(name) !== value) c.header(name, value);
}

export function createApi(
  deps: Deps,
  opts: {
    /** True once the node is shutting down: /readyz answers 503 so the proxy sends no more. */
    draining?: () => boolean;
  } = {},
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // First: every answer — refusals and failures included — is timed, counted and logged once,
  // by route pattern (never the path with its query: postbacks and links carry secrets there).
  app.use("*", async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    // The web tier's id is honoured only next to the internal token; anyone else gets one of ours.
    const reqId = (fromWebTier(c) && validRequestId(c.req.header("x-request-id"))) || randomUUID();
    c.set("reqId", reqId);
    const headers: Header[] = [["X-Request-Id", reqId], ...EVERY_ANSWER];
    setBefore(c, headers);
    await deps.inFlight.track(next());
    setAfter(c, headers);
    // The handler's pattern (middlewares are registered for ALL methods); none matched is a 404,
    // whose path stays out of the line and the labels.
    const route = matchedRoutes(c).findLast((r) => r.method !== "ALL")?.path ?? "(none)";
    const seconds = (performance.now() - started) / 1000;
    observeAnswer({
      reqId,
      tier: "api",
      method: c.req.method,
      route,
      status: c.res.status,
      seconds,
      errorCode: c.var.errorCode || undefined,
    });
  });
  app.use("*", async (c, next) => {
    if (
      !["GET", "HEAD", "OPTIONS"].includes(c.req.method) &&
      isCrossSite((h) => c.req.header(h), c.var.deps.config)
    ) {
      return fail(c, 403, CROSS_SITE_REFUSED);
    }
    await next();
  });
  app.use("*", limitBody);
  app.use("*", refuseUnsafeAddress);
  app.get("/healthz", (c) => c.json({ success: true, msg: "ok" }));
  app.get("/readyz", async (c) => {
    const r = await readiness(deps, opts.draining?.() ?? false);
    return c.json({ success: r.ready, msg: r.checks }, r.ready ? 200 : 503);
  });
  app.route("/", publicRoute());
  app.get("/userRoute/user_signUp_login_google", googleSignIn);
  app.route("/userRoute", userRoute());
  app.route("/userRoute", accountAreaRoute());
  app.route("/userRoute", memberBreachRoute());
  app.route("/userRoute", memberRightsRoute());
  app.route("/userRoute", privacyRoute());
  app.route("/userAmount", userAmountRoute());
  app.route("/userAmount", taxRoute());
  app.route("/userIncomeRoute", userIncomeRoute());
  app.route("/userIncomeRoute", ptcAdsRoute());
  app.route("/userIncomeRoute", taskWallsRoute());
  app.route("/userIncomeRoute", shortLinksRoute());
  app.route("/userIncomeRoute", bettingGamesRoute());
  app.route("/advertiserRoute", advertiserRoute());
  app.route("/userMessageRoute", userMessageRoute());
  app.route("/userMessageRoute", memberSupportRoute());
  app.route("/adminRoute", adminRoute());
  app.route("/humanCheck", humanCheckRoute());
  app.route("/postback", postbackRoute());
  app.route("/demoWall", demoWallRoute());
  app.route("/shortener", shortenerRoute());
  app.route("/webhooks", payoutWebhookRoute());
  app.notFound((c) => fail(c, 404, "Not found."));
  app.onError((err, c) => {
    const refused = refusal(c, err);
    if (refused) return refused;
    if (err instanceof HTTPException) return fail(c, err.status, err.message || "Bad request.");
    log.error({ reqId: c.var.reqId, err }, "unhandled error");
    return fail(c, 500, GENERIC_FAILURE);
  });
  return app;
}
