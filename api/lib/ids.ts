import { createHash, randomBytes } from "node:crypto";

/** 24 hex characters, time-ordered (like the record ids the spec shows upper-cased as order numbers). */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return time + randomBytes(8).toString("hex");
}

/** A random token for cookies and e-mailed links; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
