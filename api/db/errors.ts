/** An error and the errors it wraps (Drizzle wraps the driver's in `cause`), outermost first. */
function* causes(e: unknown): Generator<object> {
  for (let err: unknown = e, depth = 0; err && typeof err === "object" && depth < 4; depth++) {
    yield err;
    err = (err as { cause?: unknown }).cause;
  }
}

/** True when `e` is PostgreSQL's error `code`, whichever driver raised it, bare or wrapped by Drizzle. */
function hasCode(e: unknown, code: string): boolean {
  for (const err of causes(e)) if ((err as { code?: unknown }).code === code) return true;
  return false;
}

/** postgres.js' codes for a connection that closed under its queries. */
const CONNECTION_GONE = new Set(["CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED"]);

/**
 * True when `e` says the connection is gone, bare or wrapped by Drizzle: postgres.js' own codes,
 * the socket's errors (ECONNRESET, EPIPE…: a system call failed), the server's fatal errors (a
 * backend ended, the server shutting down) and its connection errors (class 08).
 */
export function isConnectionGone(e: unknown): boolean {
  for (const err of causes(e)) {
    const { code, severity, syscall } = err as { code?: unknown; severity?: unknown; syscall?: unknown };
    if (typeof code === "string" && (CONNECTION_GONE.has(code) || code.startsWith("08"))) return true;
    if (typeof syscall === "string") return true;
    if (severity === "FATAL" || severity === "PANIC") return true;
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
  for (const err of causes(e)) {
    const m = pattern.exec(String((err as { message?: unknown }).message ?? ""));
    if (m) return m;
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

/**
 * True for PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001), whichever
 * driver raised it, bare or wrapped by Drizzle: the transaction lost a race with another and was
 * rolled back whole, so running it again may pass (client.ts, retryBusy).
 */
export const isBusyConflict = (e: unknown): boolean => hasCode(e, "40P01") || hasCode(e, "40001");
