import { setCookie } from "hono/cookie";
import type { ApiContext } from "../http";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceIdOf, newDeviceId } from "../lib/deviceId";

/** The device cookie (api/lib/deviceId.ts), API side: set at sign-up and sign-in (issue 21 §1). */

const minted = new WeakMap<Request, string>();

/**
 * The request's device id; when it has none (an API client, or a first visit that only saw
 * cached pages), a new one. Either way it is set on the response, so the cookie's life starts
 * again at every sign-up and sign-in — the web tier forwards the API's Set-Cookie headers from
 * its login and Google sign-in answers, as it does the session's.
 */
export function ensureDeviceId(c: ApiContext): string {
  const known = deviceIdOf(c) ?? minted.get(c.req.raw);
  if (minted.has(c.req.raw)) return known!;
  const id = known ?? newDeviceId();
  minted.set(c.req.raw, id);
  setCookie(c, DEVICE_COOKIE, id, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: c.var.deps.config.NODE_ENV === "production",
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return id;
}
