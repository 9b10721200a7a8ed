/** True for PostgreSQL's unique_violation (23505), whichever driver raised it, bare or wrapped by Drizzle. */
export function isUniqueViolation(e: unknown): boolean {
  for (let err: unknown = e, depth = 0; err && depth < 4; depth++) {
    if (typeof err === "object" && (err as { code?: unknown }).code === "23505") return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}
