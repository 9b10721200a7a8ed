import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiContext,
  type ApiEnv,
  clientIp,
  okRead,
  okWrite,
  pageQuery,
  readBodyAt,
  requireMember,
} from "../http";
import { ApiError } from "../envelope";
import { DomainError } from "../lib/errors";
import { clearSessionCookie } from "./sessionCookieHttp";
import { verifyPassword } from "./accounts";
import { publicOrigin } from "../config";
import {
  downloadExport,
  expireExports,
  exportLink,
  makePendingExports,
  myData,
  requestExport,
} from "../members/export";
import { confirmErasure, erasurePreview, ERASURE_MESSAGES, sendErasureCode } from "../members/erasure";
import { log } from "../../shared/log.server";
import type { MyData } from "../../shared/contracts/rights";

/**
 * A member's data rights over HTTP (issue 44 §2, docs/api/my-data.md), under /userRoute: the data
 * page, the export (asked, made in the background, downloaded once by its signed link) and the
 * erasure (what happens first, a mailed code for members without a password, the confirm, which
 * clears the session cookie). The rules are api/members/export.ts and erasure.ts.
 */

export const RIGHTS_HTTP_MESSAGES = {
  badLink: "This download link is not valid.",
  expired: "This download link has expired. Ask for your data again.",
  gone: "This file was downloaded already or is not ready. Ask for your data again.",
} as const;

const ConfirmBody = z
  .object({
    confirm: z.boolean({ invalid_type_error: "confirm must be true or false." }),
    password: z.string().max(200).optional(),
    code: z.string().max(20).optional(),
  })
  .strict();

/** Makes the waiting exports after the answer went out (tracked, so a shutdown waits for it). */
function makeExportsSoon(c: ApiContext) {
  const deps = c.var.deps;
  void deps.inFlight
    .track(
      makePendingExports(deps.db, {
        now: deps.clock(),
        mailer: deps.mailer,
        site: deps.config.SITE_NAME,
        origin: publicOrigin(deps.config),
      }).then(async (made) => {
        // Files past their link's expiry leave the database on the same occasion.
        await expireExports(deps.db, deps.clock());
        return made;
      }),
    )
    .catch((e: unknown) => log.error({ err: e }, "making exports failed"));
}

const numberQuery = (c: ApiContext, name: string): number => {
  const raw = c.req.query(name) ?? "";
  const n = Number(raw);
  return /^\d{1,16}$/.test(raw) && Number.isSafeInteger(n) ? n : -1;
};

export function memberRightsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/my_data", requireMember, async (c) => {
    const { db, config } = c.var.deps;
    const data = await myData(db, c.var.member.id, pageQuery(c));
    if (data.exports.some((e) => e.status === "pending")) makeExportsSoon(c);
    const exports = data.exports.map((e) => ({
      ...e,
      link:
        e.status === "ready" && e.expires_at
          ? exportLink(config.sessionSecret, e.id, new Date(e.expires_at))
          : null,
    }));
    return okRead(c, "/userRoute/my_data", { ...(data as unknown as MyData), exports });
  });

  r.post("/my_data_export", requireMember, async (c) => {
    await c.var.deps.limiter.consume("contact", clientIp(c));
    const asked = await requestExport(c.var.deps.db, c.var.member.id, c.var.deps.clock());
    makeExportsSoon(c);
    return okWrite(c, "/userRoute/my_data_export", {
      id: asked.id,
      status: "pending",
      created: asked.created,
    });
  });

  r.get("/my_data_download", requireMember, async (c) => {
    const { db, config, clock } = c.var.deps;
    const got = await downloadExport(db, {
      secret: config.sessionSecret,
      userId: c.var.member.id,
      id: numberQuery(c, "id"),
      expires: numberQuery(c, "expires"),
      sig: (c.req.query("sig") ?? "").slice(0, 100),
      now: clock(),
    });
    if ("refused" in got) {
      if (got.refused === "bad_link") throw new DomainError("invalid_token", RIGHTS_HTTP_MESSAGES.badLink);
      if (got.refused === "expired") throw new ApiError(410, RIGHTS_HTTP_MESSAGES.expired);
      throw new ApiError(410, RIGHTS_HTTP_MESSAGES.gone);
    }
    const day = clock().toISOString().slice(0, 10);
    return c.body(got.body, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
    });
  });

  r.get("/erasure_preview", requireMember, async (c) =>
    okRead(c, "/userRoute/erasure_preview", await erasurePreview(c.var.deps.db, c.var.member.id)),
  );

  r.post("/erasure_code", requireMember, async (c) => {
    await c.var.deps.limiter.consume("forgotPassword", clientIp(c));
    const { db, mailer, config, clock } = c.var.deps;
    await sendErasureCode(db, { userId: c.var.member.id, now: clock(), mailer, site: config.SITE_NAME });
    return okWrite(c, "/userRoute/erasure_code", ERASURE_MESSAGES.codeSent);
  });

  r.post("/erasure_confirm", requireMember, async (c) => {
    const body = await readBodyAt(c, "/userRoute/erasure_confirm", ConfirmBody);
    await c.var.deps.limiter.consume("login", clientIp(c));
    await confirmErasure(c.var.deps.db, {
      userId: c.var.member.id,
      ...body,
      now: c.var.deps.clock(),
      verifyPassword,
    });
    clearSessionCookie(c);
    return okWrite(c, "/userRoute/erasure_confirm", ERASURE_MESSAGES.erased);
  });

  return r;
}
