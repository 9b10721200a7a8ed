import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import CryptoJS from "crypto-js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_OBJ_LENGTH, ObjDecodeError, decodeObj, encodeObj, evpBytesToKey } from "../../shared/obj.server";

const SECRET = "unit-obj-secret-0000";

/**
 * crypto-js passphrase mode is OpenSSL's `enc -aes-256-cbc -md md5` format: base64 of
 * "Salted__" + 8-byte salt + ciphertext, key and IV from EVP_BytesToKey(MD5, 1 round). The codec
 * writes with crypto-js and reads with node:crypto; crypto-js itself is the oracle for both.
 */
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

  it("reads what crypto-js reads, for any text in any script, and refuses what it refuses", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const obj = CryptoJS.AES.encrypt(text, SECRET).toString();
        const theirs = CryptoJS.AES.decrypt(obj, SECRET).toString(CryptoJS.enc.Utf8);
        expect(theirs).toBe(text);
        let parsed: unknown = undefined;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* not JSON: refused below */
        }
        if (text && parsed !== undefined) expect(decodeObj(SECRET, obj)).toEqual(parsed);
        else expect(() => decodeObj(SECRET, obj)).toThrow(ObjDecodeError);
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it("refuses a body whose plaintext is not UTF-8, as crypto-js does", () => {
    // 0xC3 0x28: a lead byte followed by a byte that cannot continue it.
    const bytes = CryptoJS.enc.Latin1.parse('{"a":"\xc3("}');
    const obj = CryptoJS.AES.encrypt(bytes, SECRET).toString();
    expect(() => CryptoJS.AES.decrypt(obj, SECRET).toString(CryptoJS.enc.Utf8)).toThrow();
    expect(() => decodeObj(SECRET, obj)).toThrow(ObjDecodeError);
  });

  it("refuses a body without the salt header, or too short to hold one block", () => {
    const obj = encodeObj(SECRET, { a: 1 });
    const raw = Buffer.from(obj, "base64");
    expect(() => decodeObj(SECRET, raw.subarray(8).toString("base64"))).toThrow(ObjDecodeError);
    expect(() => decodeObj(SECRET, raw.subarray(0, 31).toString("base64"))).toThrow(ObjDecodeError);
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
