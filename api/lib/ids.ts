import { createHash, randomBytes } from "node:crypto";

/**
 * Random bytes for ids, taken from the system 4 KiB at a time: a call for 8 bytes is a system
 * call of its own, 1.2 % of the API's thread in the money bench (bench/README.md). The bytes are
 * as random; each is handed out once.
 */
const ID_POOL_BYTES = 4096;
let idPool = Buffer.alloc(0);
let idPoolAt = 0;

/**
 * 24 hex characters, time-ordered (like the record ids the spec shows upper-cased as order
 * numbers): the second of `at` (now), then 8 random bytes.
 */
export function newId(at: Date = new Date()): string {
  const time = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, "0");
  if (idPoolAt + 8 > idPool.length) {
    idPool = randomBytes(ID_POOL_BYTES);
    idPoolAt = 0;
  }
  const random = idPool.toString("hex", idPoolAt, idPoolAt + 8);
  idPoolAt += 8;
  return time + random;
}

/** A random token for cookies and e-mailed links; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
