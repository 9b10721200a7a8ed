import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { ApiEnv } from "../http";
import { REMEMBER_TTL_MS, SESSION_COOKIE } from "../sessions/sessions";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "../../shared/i18n/locale";

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

/**
 * Remembers a member's stored language in the browser's `lang` cookie at sign-in (issue 23), so
 * their pages are in it on any device; the switch changes both (/language).
 */
export function setLanguageCookie(c: Context<ApiEnv>, language: Locale): void {
  setCookie(c, LOCALE_COOKIE, language, {
    ...sessionCookieOptions(c, LOCALE_COOKIE_MAX_AGE),
  });
}

export function clearSessionCookie(c: Context<ApiEnv>): void {
  deleteCookie(c, SESSION_COOKIE, sessionCookieOptions(c));
}
