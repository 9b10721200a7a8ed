import { randomBytes } from "node:crypto";

/**
 * The device cookie (issue 21 §1): a long-lived random id, 128 bits in base64url, that tells one
 * browser from another. The web tier sets it on a visitor's first page (server/device-cookie.ts),
 * the API on a sign-up or login that arrives without it (api/accounts/deviceCookieHttp.ts). It is
 * only an id: nothing about the member is in it, and a value of any other shape is ignored.
 */
export const DEVICE_COOKIE = "device_id";
/**
 * 400 days: the longest a cookie may live (RFC 6265bis; browsers cut longer ones to it, and
 * Hono refuses to write more). The API renews it at each sign-in, so an active device keeps it.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Ours are 22 characters; any base64url id of 16 to 64 is taken (a junk value is ignored, never stored). */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new device id: 16 random bytes, base64url (22 characters). */
export const newDeviceId = (): string => randomBytes(16).toString("base64url");

/** Whether a value has the shape of a device id of ours. */
export const isDeviceId = (value: unknown): value is string =>
  typeof value === "string" && DEVICE_ID.test(value);

/** The device id in a Cookie header, or null when absent or not one of ours. */
export function deviceIdInCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (isDeviceId(value)) return value;
  }
  return null;
}

/** The Set-Cookie value for a device id: HttpOnly, SameSite=Lax, the whole site, two years. */
export function deviceCookieHeader(deviceId: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${deviceId}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The device id the request's cookie carries, or null (absent, or not of our shape: ignored). */
export function deviceIdOf(c: { req: { header(name: string): string | undefined } }): string | null {
  return deviceIdInCookies(c.req.header("cookie"));
}
