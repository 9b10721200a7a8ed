import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";

/**
 * The per-account login throttle. The per-address limiter (lib/rateLimit) stops one machine;
 * this stops many machines guessing one account's password. After FREE_FAILURES consecutive
 * failures for an identity, each further attempt waits BASE_DELAY_MS × 2^(n − FREE_FAILURES)
 * after the last failure, capped at MAX_DELAY_MS. It is keyed by the identity whether or not
 * an account has it, so its answers do not tell which accounts exist. A success resets it.
 */
export const FREE_FAILURES = 5;
export const BASE_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const THROTTLED_MSG = "Too many failed logins for this account. Please wait before trying again.";

/** The wait after the n-th consecutive failure. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 30), MAX_DELAY_MS);
}

/** Milliseconds the identity must still wait (0: it may try). The database's clock decides. */
export async function loginWaitMs(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({
      left: sql<string>`greatest(0, ceil(extract(epoch from (${loginFailures.lockedUntil} - now())) * 1000))`,
    })
    .from(loginFailures)
    .where(eq(loginFailures.key, key));
  return row?.left ? Number(row.left) : 0;
}

/**
 * Counts one failure in a single statement, so parallel failures are each counted, and sets the
 * wait that follows it.
 */
export async function recordLoginFailure(db: Db, key: string): Promise<{ failures: number }> {
  const failures = sql`${loginFailures.failures} + 1`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      key,
      failures: 1,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${FREE_FAILURES}
          then now() + least(${BASE_DELAY_MS}::float8 * power(2, least(${failures} - ${FREE_FAILURES}, 30)), ${MAX_DELAY_MS}::float8) * interval '1 millisecond'
          else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures });
  return { failures: row!.failures };
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
