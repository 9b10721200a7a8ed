import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { deviceCookieHeader, deviceIdInCookies, newDeviceId } from "../api/lib/deviceId";
import { isCacheable } from "./page-cache";

/**
 * The device cookie on a visitor's first page (issue 21 §1; api/lib/deviceId.ts). Not on the
 * pages the public page cache may answer (it keeps no page that sets a cookie, so setting one
 * there would end the cache for every first visit), nor on scripts, styles and other files.
 * Those visitors get it from their first other page, or from the API with their sign-up or login.
 *
 * A new id is also written into the request's own Cookie header, so this very request's API
 * calls (a sign-up form's action, say) already carry it and the API does not make another.
 */
export function createDeviceCookie(options: { secure: boolean; pageCacheOn: boolean }) {
  return function ensureDeviceCookie(req: IncomingMessage, res: ServerResponse): void {
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    if (pathname.startsWith("/assets/") || (path.extname(pathname) && !pathname.endsWith(".data"))) return;
    if (deviceIdInCookies(req.headers.cookie)) return;
    if (options.pageCacheOn && isCacheable(req)) return;
    const id = newDeviceId();
    const cookie = deviceCookieHeader(id, options.secure);
    const existing = res.getHeader("set-cookie");
    res.setHeader(
      "Set-Cookie",
      existing === undefined
        ? [cookie]
        : [...(Array.isArray(existing) ? existing : [String(existing)]), cookie],
    );
    req.headers.cookie = req.headers.cookie ? `${req.headers.cookie}; device_id=${id}` : `device_id=${id}`;
  };
}
