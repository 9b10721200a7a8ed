import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatDay, formatMonth, formatProofTime, formatTime, readEnglishTime } from "../../shared/time";
import { formattersFor } from "../../app/i18n/format";

/** Latin month abbreviations and names: none may show on a Hindi page. */
const ENGLISH_MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\b/;
const DEVANAGARI_DIGIT = /[\u0966-\u096F]/;

describe("times in the member's language, in India time", () => {
  const at = "2026-11-21T09:34:00Z"; // 3:04 pm in India

  it("writes English and Hindi from the same instant", () => {
    expect(formatTime(at, "en")).toBe("21 Nov 2026, 3:04 pm");
    expect(formatTime(at, "hi")).toBe("21 नव॰ 2026, 3:04 pm");
    expect(formatDay("2026-11-21", "hi")).toBe("21 नव॰ 2026");
    expect(formatMonth("2026-11", "hi")).toBe("नवंबर 2026");
    expect(formatMonth("2026-11", "en")).toBe("November 2026");
  });

  it("takes the page's language through formattersFor, English for an unknown one", () => {
    expect(formattersFor("hi").time(at)).toBe(formatTime(at, "hi"));
    expect(formattersFor("hi").proofTime(at)).toBe(formatProofTime(at, "hi"));
    expect(formattersFor("fr").time(at)).toBe(formatTime(at, "en"));
    expect(formattersFor(undefined).day("2026-11-21")).toBe("21 Nov 2026");
  });

  it("never writes an English month or Devanagari digits in Hindi, for any month", () => {
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 9, 12, 5)).toISOString();
      const key = iso.slice(0, 7);
      for (const text of [
        formatTime(iso, "hi"),
        formatProofTime(iso, "hi"),
        formatDay(iso.slice(0, 10), "hi"),
        formatMonth(key, "hi"),
      ]) {
        expect(text, text).not.toMatch(ENGLISH_MONTH);
        expect(text, text).not.toMatch(DEVANAGARI_DIGIT);
        expect(text, text).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  it("reads an English record time back to its instant (the API's words put into Hindi)", () => {
    expect(readEnglishTime("21 Nov 2026, 3:04 pm")).toBe("2026-11-21T09:34:00.000Z");
    expect(readEnglishTime("1 Jan 2027, 12:00 am")).toBe("2026-12-31T18:30:00.000Z");
    expect(readEnglishTime("1 Jan 2027, 12:30 pm")).toBe("2027-01-01T07:00:00.000Z");
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const minute = new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
        expect(readEnglishTime(formatTime(minute, "en"))).toBe(minute);
      }),
    );
  });

  it("reads nothing else", () => {
    for (const text of [
      "",
      "soon",
      "21 Nov 2026",
      "21 Foo 2026, 3:04 pm",
      "31 Feb 2026, 3:04 pm",
      "21 Nov 2026, 13:04 pm",
      "21 Nov 2026, 3:4 pm",
      formatTime("2026-11-21T09:34:00Z", "hi"),
    ])
      expect(readEnglishTime(text), text).toBeNull();
  });
});
