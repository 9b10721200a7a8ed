/** True when `e` is PostgreSQL's error `code`, whichever driver raised it, bare or wrapped by Drizzle. */
function hasCode(e: unknown, code: string): boolean {
  for (let err: unknown = e, depth = 0; err && depth < 4; depth++) {
    if (typeof err === "object" && (err as { code?: unknown }).code === code) return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

/** True for PostgreSQL's unique_violation (23505). */
export const isUniqueViolation = (e: unknown): boolean => hasCode(e, "23505");

/**
 * The match of `pattern` on the message of an error our database functions raised (RAISE
 * EXCEPTION), whichever driver raised it, bare or wrapped by Drizzle; null for any other error.
 */
export function raisedMessage(e: unknown, pattern: RegExp): RegExpExecArray | null {
  for (let err: unknown = e, depth = 0; err && depth < 4; depth++) {
    const m =
      typeof err === "object" ? pattern.exec(String((err as { message?: unknown }).message ?? "")) : null;
    if (m) return m;
    err = (err as { cause?: unknown }).cause;
  }
  return null;
}

/** True for PostgreSQL's in_failed_sql_transaction (25P02): a statement after one that failed. */
const isAfterFailure = (e: unknown): boolean => hasCode(e, "25P02");

/**
 * Awaits statements sent together on one transaction's connection (pipelined: one round trip)
 * and answers their results in order. When any failed, throws the failure that matters: the
 * first in `writes`' order that is not only "the transaction had already failed" (25P02, which
 * the statements after a failed one answer, in whatever order they went out).
 */
export async function together<T extends readonly unknown[]>(
  writes: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(writes);
  const failures = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
  if (failures.length > 0) throw failures.find((e) => !isAfterFailure(e)) ?? failures[0];
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
