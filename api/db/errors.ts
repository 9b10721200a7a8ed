/** True for PostgreSQL's unique_violation (23505), whichever driver raised it, bare or wrapped by Drizzle. */
export function isUniqueViolation(e: unknown): boolean {
  for (let err: unknown = e, depth = 0; err && depth < 4; depth++) {
    if (typeof err === "object" && (err as { code?: unknown }).code === "23505") return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

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
