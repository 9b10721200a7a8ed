import { parse } from "hono/utils/cookie";
import type { Db } from "../db/client";
import { findSession, SESSION_COOKIE, type SessionUser } from "../domain/sessions";

/**
 * One cookie reader for every door into the API (HTTP routes and the socket.io handshake). It is
 * tolerant: a malformed %-sequence or a broken pair is read as it is or skipped, never thrown —
 * one client's cookie header once stopped the whole server this way.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value = parse(header, name)[name];
  return value === undefined || value === "" ? undefined : value;
}

export type SessionCheck =
  { member: SessionUser } | { failure: "token_missing" | "expired" | "user_not_found" };

/** The session check, written once: the HTTP middleware, the public routes and the socket handshake use it. */
export async function authenticateSession(
  db: Db,
  cookieHeader: string | null | undefined,
): Promise<SessionCheck> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return { failure: "token_missing" };
  const found = await findSession(db, token);
  if (found === "expired" || found === "user_not_found") return { failure: found };
  return { member: found };
}

/** The spec's session flags for each failure (docs/api.md). */
export const SESSION_FAILURE_FLAGS = {
  token_missing: { jwtMiddleware_token_not_found_error: true },
  user_not_found: { jwtMiddleware_user_not_found_error: true },
  expired: { jwtMiddleware_error: true },
} as const;
