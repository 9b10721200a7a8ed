import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { ApiEnv } from "../http";
import { REMEMBER_TTL_MS, SESSION_COOKIE } from "../accounts/sessions";

function sessionCookieOptions(c: Context<ApiEnv>, maxAgeSeconds?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: c.var.deps.config.NODE_ENV === "production",
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/**
 * Sets the session cookie with the attributes every login uses: HttpOnly, SameSite=Lax, Secure in
 * production; without Remember Me it ends with the browser.
 */
export function setSessionCookie(c: Context<ApiEnv>, token: string, remember: boolean): void {
  setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(c, remember ? REMEMBER_TTL_MS / 1000 : undefined));
}

export function clearSessionCookie(c: Context<ApiEnv>): void {
  deleteCookie(c, SESSION_COOKIE, sessionCookieOptions(c));
}
