import type { Db } from "../db/client";
import { findSession, SESSION_COOKIE, type SessionUser } from "./sessions";
import { readCookie } from "../../shared/cookies";

/** Every door into the API (HTTP routes and the socket.io handshake) reads cookies with the one reader. */
export { readCookie };

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

/**
 * One session check per page view. A member page's loaders (the member layout and the page itself)
 * each call the API with the same cookie in the same page request; the web tier tags those calls
 * with the page request's id (`x-page-request`, honoured only next to the internal token), and the
 * check is made once and shared. A state-changing call under the same id (an action) drops the
 * shared check, so the loaders that run after it see the session and balance as the action left
 * them. Entries live a few seconds at most and the table is bounded.
 */
export class PageSessionChecks {
  private readonly entries = new Map<string, { at: number; check: Promise<SessionCheck> }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  check(
    pageId: string,
    cookieHeader: string,
    run: () => Promise<SessionCheck>,
    now = Date.now(),
  ): Promise<SessionCheck> {
    const key = `${pageId}\n${cookieHeader}`;
    const found = this.entries.get(key);
    if (found && now - found.at < this.ttlMs) return found.check;
    this.sweep(now);
    const check = run();
    this.entries.set(key, { at: now, check });
    check.catch(() => this.entries.delete(key));
    return check;
  }

  /** A state-changing call of the page request: later reads check the session afresh. */
  forget(pageId: string): void {
    const prefix = `${pageId}\n`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    for (const [key, e] of this.entries) {
      // Map order is insertion order: the first fresh entry ends the sweep.
      if (now - e.at < this.ttlMs && this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
