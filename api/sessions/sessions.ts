import { and, eq, gt, ne, sql } from "drizzle-orm";
import { type Db, type Tx, preparedPerDatabase } from "../db/client";
import { announcements, breachIncidents, ledgerAccounts, sessions, signIns, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { hashToken, newToken } from "../lib/ids";
import type { OperatorRole } from "../../shared/operatorRoles";

export const SESSION_COOKIE = "sid";
/** A session without Remember Me lasts a day (and its cookie ends with the browser); with it, 30 days. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Operators hold the keys to members' money: their sessions end 8 hours after sign-in whatever
 * happens, and after 30 minutes without a request. The idle deadline is the session's expiry,
 * pushed forward by use (at most once a minute, so a busy console does not write on every call).
 */
export const OPERATOR_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;
const IDLE_EXTEND_STEP_MS = 60 * 1000;

export interface SessionUser {
  id: string;
  sessionId: number;
  email: string;
  userName: string;
  name: string;
  role: "member" | "operator";
  /** An operator's roles (empty for a member): what each operator endpoint checks. */
  operatorRoles: OperatorRole[];
  /**
   * Whether this session passed the second factor at sign-in. Operator requests need it: the
   * operator role alone is not enough.
   */
  secondFactor: boolean;
  /** The withdrawable balance (milli-rupees) when the session was checked: read in the same query. */
  withdrawable: number;
  /**
   * Changes whenever the member's row or withdrawable account row is written (their PostgreSQL
   * row versions, `xmin`): every earning, debit, e-mail or name change. Pages that show only
   * these (and global content) are kept rendered under it (see api/accounts/dashboard.ts).
   */
  rowVersion: string;
  /**
   * The version of the site's announcements (how many, and their newest row version), which
   * member pages show beside the member's own data: read in the same query, so checking whether
   * a kept page is current costs one query.
   */
  contentVersion: string;
}

/** Where a sign-in came from: the client's address as the API sees it, its browser (clipped) and its device cookie. */
export interface SignInOrigin {
  ip: string | null;
  userAgent: string | null;
  /** The device cookie's id (api/lib/deviceId.ts), when the request carried or was given one. */
  deviceId?: string | null;
}

/** The longest user agent kept (sessions and sign-ins). */
export const USER_AGENT_MAX = 400;

export const clipUserAgent = (ua: string | undefined | null): string | null =>
  ua ? ua.slice(0, USER_AGENT_MAX) : null;

/** The answer to a login (password or Google) of a closed (banned) account. */
export const ACCOUNT_CLOSED_MSG =
  "This account is closed. To appeal, write to us through the Contact Us page.";

export const accountClosed = () => new DomainError("forbidden", ACCOUNT_CLOSED_MSG, { account_closed: true });

/**
 * Opens a session. With `signIn`, the sign-in is recorded (sign_ins) in the same transaction, and
 * the member's row is read FOR SHARE first: a closed account gets no session, and a ban committing
 * at the same moment either waits for this session (and then ends it) or is seen here.
 */
export async function createSession(
  db: Db,
  userId: string,
  remember: boolean,
  now = new Date(),
  {
    secondFactor = false,
    origin,
    signIn,
  }: { secondFactor?: boolean; origin?: SignInOrigin; signIn?: "login" | "google" } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ role: users.role, bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("share");
    if (user?.bannedAt) throw accountClosed();
    const ttl = user?.role === "operator" ? OPERATOR_IDLE_MS : remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
    const expiresAt = new Date(now.getTime() + ttl);
    await tx.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      persistent: remember,
      expiresAt,
      createdAt: now,
      secondFactorAt: secondFactor ? now : null,
      ip: origin?.ip ?? null,
      userAgent: clipUserAgent(origin?.userAgent),
    });
    if (signIn) await recordSignIn(tx, userId, signIn, origin, now);
    return { token, expiresAt };
  });
}

/** One row of the member's sign-up and sign-in history. */
export async function recordSignIn(
  tx: Db | Tx,
  userId: string,
  kind: "signup" | "login" | "google",
  origin: SignInOrigin | undefined,
  now = new Date(),
): Promise<void> {
  await tx.insert(signIns).values({
    userId,
    kind,
    ip: origin?.ip ?? null,
    userAgent: clipUserAgent(origin?.userAgent),
    deviceId: origin?.deviceId ?? null,
    createdAt: now,
  });
}

/** Ends every session of the member (an operator's action, a ban); answers how many ended. */
export async function endAllSessions(tx: Db | Tx, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** The session check's query, built once per database (it runs on every member request). */
const sessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      userId: sessions.userId,
      id: users.id,
      email: users.email,
      userName: users.userName,
      name: users.name,
      role: users.role,
      operatorRoles: users.operatorRoles,
      withdrawable: ledgerAccounts.balance,
      rowVersion: sql<string>`${users}.xmin::text || '.' || coalesce(${ledgerAccounts}.xmin::text, '')`,
      // Announcements, and breach notices sent (issue 44: a kept dashboard must show a new one).
      contentVersion: sql<string>`(select count(*) || '.' || coalesce(max(xmin::text::bigint), 0) from ${announcements})
        || '.' || (select count(*) from ${breachIncidents})`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, sql`'member:' || ${sessions.userId} || ':withdrawable'`))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("find_session"),
);

export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<SessionUser | "expired" | "user_not_found"> {
  const rows = await sessionQuery(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  const row = rows[0];
  if (!row) return "expired";
  if (!row.id) return "user_not_found";
  if (row.role === "operator") {
    // Also covers a member promoted while holding a long session.
    const hardEnd = row.createdAt.getTime() + OPERATOR_SESSION_MAX_MS;
    if (now.getTime() >= hardEnd) {
      await db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return "expired";
    }
    const idleEnd = Math.min(hardEnd, now.getTime() + OPERATOR_IDLE_MS);
    if (idleEnd - row.expiresAt.getTime() >= IDLE_EXTEND_STEP_MS || row.expiresAt.getTime() > idleEnd) {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(idleEnd) })
        .where(eq(sessions.id, row.sessionId));
    }
  }
  return {
    id: row.id,
    sessionId: row.sessionId,
    email: row.email!,
    userName: row.userName!,
    name: row.name!,
    role: row.role!,
    operatorRoles: row.role === "operator" ? (row.operatorRoles ?? []) : [],
    secondFactor: row.secondFactorAt !== null,
    withdrawable: Number(row.withdrawable ?? 0),
    rowVersion: row.rowVersion,
    contentVersion: row.contentVersion,
  };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of the member but the one given (after a password change). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
