import { Hono } from "hono";
import { type ApiEnv, ApiError, fail, ok, okRead, STATUS_BY_CODE } from "../http";
import { publicOrigin } from "../config";
import { DomainError } from "../lib/errors";
import { SHORTENER_MESSAGES, resolveBuiltinCode, shortenWithBuiltinApi } from "./shorteners";

/**
 * The built-in shortener's public side (docs/api/shortlinks.md): where a code leads (for the
 * interstitial page `/s/{code}`), and its AdLinkFly-compatible API. The API's answers carry
 * AdLinkFly's fields (`status`, `shortenedUrl` / `message`) next to the envelope's.
 */
export function shortenerRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/api", async (c) => {
    const { deps } = c.var;
    const q = (name: string) => c.req.query(name) ?? "";
    try {
      const shortenedUrl = await shortenWithBuiltinApi(deps.db, {
        key: q("api"),
        url: q("url"),
        alias: q("alias") || undefined,
        origin: publicOrigin(deps.config),
        now: deps.clock(),
      });
      if (q("format") === "text") return c.text(shortenedUrl);
      return ok(c, { shortenedUrl }, { status: "success", shortenedUrl });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return fail(c, STATUS_BY_CODE[e.code], e.message, { status: "error", message: [e.message] }, e.code);
    }
  });

  r.get("/:code", async (c) => {
    const url = await resolveBuiltinCode(c.var.deps.db, c.req.param("code"));
    if (!url) throw new ApiError(404, SHORTENER_MESSAGES.linkNotFound);
    return okRead(c, "/shortener/:code", { url });
  });

  return r;
}
