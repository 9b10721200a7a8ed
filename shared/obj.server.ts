import CryptoJS from "crypto-js";

/**
 * The spec's `{obj}` body: the JSON of the form fields, AES-encrypted with crypto-js using a
 * passphrase that lives on the servers only (web and api). One codec, used by both sides.
 */
export function encodeObj(secret: string, data: unknown): string {
  return CryptoJS.AES.encrypt(JSON.stringify(data), secret).toString();
}

export class ObjDecodeError extends Error {}

/** 64 KiB: far above the largest form (a 5,000-character message in any script), and the API's body limit. */
export const MAX_OBJ_LENGTH = 64 * 1024;

export function decodeObj(secret: string, obj: unknown): unknown {
  if (typeof obj !== "string" || obj.length === 0 || obj.length > MAX_OBJ_LENGTH)
    throw new ObjDecodeError("Invalid request body.");
  let text: string;
  try {
    text = CryptoJS.AES.decrypt(obj, secret).toString(CryptoJS.enc.Utf8);
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
