import { Hono } from "hono";
import { clientIp, fail, fromWebTier, type ApiContext, type ApiEnv } from "../http";
import { handlePostback } from "./postbacks";
import type { RawPostback } from "./log";
import { POSTBACK_ORIGIN_HEADER, POSTBACK_VERDICT_HEADER } from "./sender";

/**
 * The offer-wall postback endpoint (docs/api/taskwalls.md): `GET /postback/offerwall/{wallId}`,
 * or POST with a form or JSON body. Public: networks call it server to server, with no session
 * and no Origin (so the API's cross-site check lets them through). The answer is the wall's
 * success body (text) once the money is committed, else the envelope with the refusal; the
 * verdict is in the `X-Postback-Verdict` header too.
 */

/** Headers never kept: a session cookie (none expected) and our internal token. */
const NOT_STORED = new Set(["cookie", "x-internal-token"]);

/** The request as received: the path and query byte for byte (the HMAC-SHA1 scheme signs them). */
async function received(c: ApiContext): Promise<RawPostback> {
  const { config } = c.var.deps;
  const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming;
  const url = new URL(c.req.url);
  const headers = Object.fromEntries(Object.entries(c.req.header()).filter(([k]) => !NOT_STORED.has(k)));
  const label = c.req.header(POSTBACK_ORIGIN_HEADER);
  const body = c.req.method === "POST" ? await c.req.text() : "";
  return {
    method: c.req.method,
    pathAndQuery: incoming?.url?.startsWith("/") ? incoming.url : url.pathname + url.search,
    headers,
    body: body === "" ? null : body,
    ip: clientIp(c),
    origin: (label === "test" || label === "replay") && fromWebTier(c) ? label : "network",
    origins: [
      ...new Set([config.PUBLIC_ORIGIN?.replace(/\/+$/, ""), url.origin].filter((o) => o !== undefined)),
    ],
  };
}

export function postbackRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const handle = async (c: ApiContext) => {
    const { deps } = c.var;
    // Before anything is stored: a flood from one address does not fill the log.
    await deps.limiter.consume("postbacks", clientIp(c));
    const outcome = await handlePostback(deps, c.req.param("wallId") ?? "", await received(c));
    c.header(POSTBACK_VERDICT_HEADER, outcome.verdict);
    if (outcome.status === 200) return c.text(outcome.body, 200);
    return fail(c, outcome.status, outcome.body, {}, outcome.errorCode);
  };
  r.get("/offerwall/:wallId", handle);
  r.post("/offerwall/:wallId", handle);
  return r;
}
