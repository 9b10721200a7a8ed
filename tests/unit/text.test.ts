import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnsafeText, isSafeText, unsafeTextMessage } from "../../api/lib/text";

describe("the text rule", () => {
  it("refuses every control character except tab, line feed and carriage return, and DEL", () => {
    for (let code = 0; code <= 0x1f; code++) {
      const ch = String.fromCharCode(code);
      expect(isSafeText(`a${ch}b`), `U+${code.toString(16)}`).toBe([0x09, 0x0a, 0x0d].includes(code));
    }
    expect(isSafeText("a\u007fb")).toBe(false);
    expect(isSafeText("line one\r\nline two\tend")).toBe(true);
  });

  it("refuses lone surrogates and keeps paired ones", () => {
    expect(isSafeText("\ud800")).toBe(false);
    expect(isSafeText("a\udc00b")).toBe(false);
    expect(isSafeText("\udc00\ud800")).toBe(false);
    expect(isSafeText("x\ud83d")).toBe(false);
    expect(isSafeText("🔒 ₹ नमस्ते ü")).toBe(true);
    expect(isSafeText("\ud83d\udd12")).toBe(true);
  });

  it("agrees with a character-by-character definition on any string", () => {
    const reference = (s: string) => {
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return false;
        if (c >= 0xd800 && c <= 0xdbff) {
          const next = s.charCodeAt(i + 1);
          if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
          i++;
        } else if (c >= 0xdc00 && c <= 0xdfff) return false;
      }
      return true;
    };
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => isSafeText(s) === reference(s)),
      { seed: 20261123, numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) }),
        (s) => isSafeText(s) === reference(s),
      ),
      { seed: 20261123, numRuns: 2000 },
    );
  });

  it("finds unsafe text at any depth, in values and in names", () => {
    expect(findUnsafeText({ name: "Asha", tags: ["a", "b"], n: 5, ok: true, none: null })).toBeNull();
    expect(findUnsafeText({ name: "A\u0000b" })).toEqual({ field: "name", inName: false });
    expect(findUnsafeText({ human_check: { payload: "x\ud800" } })).toEqual({
      field: "human_check.payload",
      inName: false,
    });
    expect(findUnsafeText({ items: ["ok", "b\u001b"] })).toEqual({ field: "items[1]", inName: false });
    expect(findUnsafeText({ "na\u0000me": "x" })).toEqual({ field: "", inName: true });
    expect(findUnsafeText({ outer: { "k\u0007": 1 } })).toEqual({ field: "outer", inName: true });
    expect(findUnsafeText("\u0000")).toEqual({ field: "", inName: false });
  });

  it("walks a deeply nested value without running out of stack", () => {
    let deep: unknown = "bad\u0000";
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    expect(findUnsafeText(deep)?.inName).toBe(false);
  });

  it("names the field in the message, shortened when long, and never shows a bad name", () => {
    expect(unsafeTextMessage({ field: "name", inName: false })).toBe(
      'The field "name" contains a character that is not allowed.',
    );
    expect(unsafeTextMessage({ field: "", inName: false })).toBe(
      'The field "body" contains a character that is not allowed.',
    );
    expect(unsafeTextMessage({ field: "", inName: true })).toBe(
      "A field name contains a character that is not allowed.",
    );
    expect(unsafeTextMessage({ field: "outer", inName: true })).toBe(
      'A field name inside "outer" contains a character that is not allowed.',
    );
    expect(unsafeTextMessage({ field: "x".repeat(10_000), inName: false }).length).toBeLessThan(200);
  });
});
