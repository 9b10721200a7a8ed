import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import CryptoJS from "crypto-js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_OBJ_LENGTH, ObjDecodeError, decodeObj, encodeObj } from "../../shared/obj.server";

const SECRET = "unit-obj-secret-0000";

/**
 * crypto-js passphrase mode is OpenSSL's `enc -aes-256-cbc -md md5` format: base64 of
 * "Salted__" + 8-byte salt + ciphertext, key and IV from EVP_BytesToKey(MD5, 1 round).
 * Re-implemented here with node:crypto so the tests check the format, not just the library.
 */
function evpBytesToKey(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const pass = Buffer.from(passphrase, "utf8");
  let prev = Buffer.alloc(0);
  let out = Buffer.alloc(0);
  while (out.length < 48) {
    prev = createHash("md5")
      .update(Buffer.concat([prev, pass, salt]))
      .digest();
    out = Buffer.concat([out, prev]);
  }
  return { key: out.subarray(0, 32), iv: out.subarray(32, 48) };
}

function opensslEncrypt(passphrase: string, plaintext: string): string {
  const salt = randomBytes(8);
  const { key, iv } = evpBytesToKey(passphrase, salt);
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([Buffer.from("Salted__"), salt, body]).toString("base64");
}

function opensslDecrypt(passphrase: string, obj: string): string {
  const raw = Buffer.from(obj, "base64");
  expect(raw.subarray(0, 8).toString("latin1")).toBe("Salted__");
  const { key, iv } = evpBytesToKey(passphrase, raw.subarray(8, 16));
  const decipher = createDecipheriv("aes-256-cbc", key, iv);
  return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString("utf8");
}

describe("obj codec", () => {
  it("round-trips form fields", () => {
    const fields = {
      email_userName: "ravi@example.com",
      password: "pässwörd ₹ 🔒",
      loginRemember_state: true,
      n: 12,
    };
    expect(decodeObj(SECRET, encodeObj(SECRET, fields))).toEqual(fields);
  });

  it("round-trips any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // JSON has no -0: compare with what JSON itself gives back
        expect(decodeObj(SECRET, encodeObj(SECRET, value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 200 },
    );
  });

  it("salts every encoding: the same fields give different strings", () => {
    const a = encodeObj(SECRET, { x: 1 });
    const b = encodeObj(SECRET, { x: 1 });
    expect(a).not.toBe(b);
    expect(decodeObj(SECRET, a)).toEqual(decodeObj(SECRET, b));
  });

  it("never reads a body encrypted with another key as fields", () => {
    // crypto-js's AES carries no MAC: a wrong key is caught by the padding, UTF-8 or JSON check,
    // except about once in 7,000 bodies (each salted at random), which decode to a lone digit: a
    // number, which no endpoint's schema (an object) accepts. Never an object, never the fields.
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      const obj = encodeObj("another-secret-1234", { balance: 100, i });
      try {
        const decoded = decodeObj(SECRET, obj);
        expect(typeof decoded).toBe("number");
      } catch (e) {
        expect(e).toBeInstanceOf(ObjDecodeError);
        expect((e as Error).message).toBe("Invalid request body.");
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(190);
  });

  it("refuses garbage, empty and non-string bodies", () => {
    for (const bad of [
      "",
      "garbage",
      "U2FsdGVkX1",
      "U2FsdGVkX19hYmNkZWZnaA==",
      "%%%%",
      "x".repeat(MAX_OBJ_LENGTH + 1),
    ]) {
      expect(() => decodeObj(SECRET, bad), JSON.stringify(bad.slice(0, 20))).toThrow(ObjDecodeError);
    }
    for (const bad of [undefined, null, 42, {}, ["a"], true]) {
      expect(() => decodeObj(SECRET, bad), JSON.stringify(bad)).toThrow(ObjDecodeError);
    }
  });

  it("refuses a tampered body", () => {
    const obj = encodeObj(SECRET, { balance: 100, type: "UPI" });
    const raw = Buffer.from(obj, "base64");
    let refused = 0;
    // Flip a byte of the last block: padding breaks, or the JSON does.
    for (let i = 0; i < 16; i++) {
      const copy = Buffer.from(raw);
      copy[copy.length - 1 - i] = copy[copy.length - 1 - i]! ^ 0x5a;
      try {
        const decoded = decodeObj(SECRET, copy.toString("base64"));
        expect(decoded).not.toEqual({ balance: 100, type: "UPI" });
      } catch (e) {
        expect(e).toBeInstanceOf(ObjDecodeError);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it("refuses a body that decrypts to something that is not JSON", () => {
    const obj = CryptoJS.AES.encrypt("not json {", SECRET).toString();
    expect(() => decodeObj(SECRET, obj)).toThrow(ObjDecodeError);
  });

  it("writes the crypto-js passphrase (OpenSSL salted) format", () => {
    const fields = { balanceToConvert: 50, conversionType_state: "withdrawToDeposit" };
    const obj = encodeObj(SECRET, fields);
    expect(obj.startsWith("U2FsdGVkX1")).toBe(true); // base64 of "Salted__"
    expect(JSON.parse(opensslDecrypt(SECRET, obj))).toEqual(fields);
  });

  it("reads bodies made by crypto-js itself and by an independent OpenSSL-format encoder", () => {
    const fields = { name: "Asha", mobile_number: 9876543210, consent: true };
    expect(decodeObj(SECRET, CryptoJS.AES.encrypt(JSON.stringify(fields), SECRET).toString())).toEqual(
      fields,
    );
    expect(decodeObj(SECRET, opensslEncrypt(SECRET, JSON.stringify(fields)))).toEqual(fields);
  });
});
