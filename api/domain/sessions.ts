import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { hashToken, newToken } from "../lib/ids";

export const SESSION_COOKIE = "sid";
/** A session without Remember Me lasts a day (and its cookie ends with the browser); with it, 30 days. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  sessionId: number;
  email: string;
  userName: string;
  name: string;
  role: "member" | "operator";
}

export async function createSession(
  db: Db,
  userId: string,
  remember: boolean,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS));
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), persistent: remember, expiresAt });
  return { token, expiresAt };
}

export async function findSession(
  db: Db,
  token: string,
): Promise<SessionUser | "expired" | "user_not_found"> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      id: users.id,
      email: users.email,
      userName: users.userName,
      name: users.name,
      role: users.role,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  const row = rows[0];
  if (!row) return "expired";
  if (!row.id) return "user_not_found";
  return {
    id: row.id,
    sessionId: row.sessionId,
    email: row.email!,
    userName: row.userName!,
    name: row.name!,
    role: row.role!,
  };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of the member but the one given (after a password change). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
