import { createDecipheriv, createHash } from "node:crypto";
import CryptoJS from "crypto-js";

/**
 * The spec's `{obj}` body: the JSON of the form fields, AES-encrypted with a passphrase that lives
 * on the servers only (web and api), in crypto-js's passphrase format — OpenSSL's salted format:
 * base64 of "Salted__", an 8-byte salt and AES-256-CBC ciphertext, key and IV from
 * EVP_BytesToKey (MD5, one round). crypto-js writes it; the API reads it with `node:crypto`, the
 * same format at about a tenth of the CPU (docs/decisions/0022).
 */
export function encodeObj(secret: string, data: unknown): string {
  return CryptoJS.AES.encrypt(JSON.stringify(data), secret).toString();
}

export class ObjDecodeError extends Error {}

/** 64 KiB: far above the largest form (a 5,000-character message in any script), and the API's body limit. */
export const MAX_OBJ_LENGTH = 64 * 1024;

const SALTED = Buffer.from("Salted__", "latin1");
/** crypto-js refuses malformed UTF-8 too; Buffer#toString would replace it. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** OpenSSL's EVP_BytesToKey with MD5 and one round: crypto-js's key (32 bytes) and IV (16) for a passphrase and salt. */
export function evpBytesToKey(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const pass = Buffer.from(passphrase, "utf8");
  const blocks: Buffer[] = [];
  let prev = Buffer.alloc(0);
  for (let n = 0; n < 48; n += 16) {
    prev = createHash("md5").update(prev).update(pass).update(salt).digest();
    blocks.push(prev);
  }
  const out = Buffer.concat(blocks);
  return { key: out.subarray(0, 32), iv: out.subarray(32, 48) };
}

export function decodeObj(secret: string, obj: unknown): unknown {
  if (typeof obj !== "string" || obj.length === 0 || obj.length > MAX_OBJ_LENGTH)
    throw new ObjDecodeError("Invalid request body.");
  let text: string;
  try {
    const raw = Buffer.from(obj, "base64");
    if (raw.length < 32 || !raw.subarray(0, 8).equals(SALTED)) throw new ObjDecodeError("unsalted");
    const { key, iv } = evpBytesToKey(secret, raw.subarray(8, 16));
    const decipher = createDecipheriv("aes-256-cbc", key, iv);
    text = UTF8.decode(Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]));
  } catch {
    throw new ObjDecodeError("Invalid request body.");
  }
  if (!text) throw new ObjDecodeError("Invalid request body.");
  try {
    return JSON.parse(text);
  } catch {
    throw new ObjDecodeError("Invalid request body.");
  }
}
