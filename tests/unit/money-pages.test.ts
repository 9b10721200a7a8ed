import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { milliToRupeeString, parseRupees, rupees } from "../../shared/money";

describe("parseRupees (the API's rupee strings to milli-rupees)", () => {
  it("reads the API's 3-decimal strings exactly", () => {
    expect(parseRupees("12.345")).toBe(12345);
    expect(parseRupees("0.005")).toBe(5);
    expect(parseRupees("100")).toBe(100000);
    expect(parseRupees("7.5")).toBe(7500);
    expect(parseRupees("-2.250")).toBe(-2250);
  });

  it("falls back to 0 for missing or malformed values", () => {
    expect(parseRupees(null)).toBe(0);
    expect(parseRupees(undefined)).toBe(0);
    expect(parseRupees("")).toBe(0);
    expect(parseRupees("12,5")).toBe(0);
    expect(parseRupees("abc")).toBe(0);
  });

  it("round-trips every amount the API can write", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (milli) => {
        expect(parseRupees(milliToRupeeString(milli))).toBe(milli);
      }),
    );
  });

  it("formats for display with the rupee sign and 3 decimals", () => {
    expect(rupees("12.345")).toBe("₹12.345");
    expect(rupees(null)).toBe("₹0.000");
  });
});
