import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MILLI_PER_RUPEE,
  PERCENT_INPUT,
  basisPointsToFixedPercent,
  basisPointsToPercent,
  percentToBasisPoints,
  formatRupees,
  milliToRupeeString,
  percentOf,
  rupeesToMilli,
} from "../../shared/money";

describe("formatRupees", () => {
  it("shows 3 decimals with the rupee sign by default", () => {
    expect(formatRupees(12345)).toBe("₹12.345");
    expect(formatRupees(0)).toBe("₹0.000");
    expect(formatRupees(5)).toBe("₹0.005");
    expect(formatRupees(50)).toBe("₹0.050");
    expect(formatRupees(1000)).toBe("₹1.000");
    expect(formatRupees(2_500_000_000)).toBe("₹25,00,000.000");
    expect(formatRupees(123_456_789)).toBe("₹1,23,456.789");
    expect(formatRupees(123_456_789, 3, false)).toBe("123456.789");
  });

  it("can leave the sign out", () => {
    expect(formatRupees(12345, 3, false)).toBe("12.345");
    expect(milliToRupeeString(12345)).toBe("12.345");
    expect(milliToRupeeString(7)).toBe("0.007");
  });

  it("rounds half up to 2 decimals for the payment proof", () => {
    expect(formatRupees(12340, 2)).toBe("₹12.34");
    expect(formatRupees(12344, 2)).toBe("₹12.34");
    expect(formatRupees(12345, 2)).toBe("₹12.35");
    expect(formatRupees(12349, 2)).toBe("₹12.35");
    expect(formatRupees(4, 2)).toBe("₹0.00");
    expect(formatRupees(5, 2)).toBe("₹0.01");
    // the carry into the whole rupees
    expect(formatRupees(12995, 2)).toBe("₹13.00");
    expect(formatRupees(999, 2)).toBe("₹1.00");
    expect(formatRupees(994, 2)).toBe("₹0.99");
  });

  it("puts the minus before the sign for negatives and rounds their magnitude", () => {
    expect(formatRupees(-12345)).toBe("-₹12.345");
    expect(formatRupees(-12345, 2)).toBe("-₹12.35");
    expect(formatRupees(-1, 3, false)).toBe("-0.001");
    expect(formatRupees(-999, 2)).toBe("-₹1.00");
  });

  it("shows nothing-values as zero", () => {
    expect(formatRupees(null)).toBe("₹0.000");
    expect(formatRupees(undefined)).toBe("₹0.000");
    expect(formatRupees(Number.NaN)).toBe("₹0.000");
    expect(formatRupees(Number.POSITIVE_INFINITY, 2)).toBe("₹0.00");
  });

  it("3-decimal text parses back to the same milli-rupees (any safe amount)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (milli) => {
        const text = milliToRupeeString(milli);
        expect(text).toMatch(/^-?\d+\.\d{3}$/);
        const [whole, frac] = text.replace("-", "").split(".") as [string, string];
        const back = (Number(whole) * MILLI_PER_RUPEE + Number(frac)) * (text.startsWith("-") ? -1 : 1);
        expect(back).toBe(milli);
      }),
    );
  });

  it("2-decimal text is within half a paisa of the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (milli) => {
        const text = formatRupees(milli, 2, false);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        const [whole, frac] = text.split(".") as [string, string];
        const shownMilli = Number(whole) * MILLI_PER_RUPEE + Number(frac) * 10;
        expect(shownMilli - milli).toBeGreaterThanOrEqual(-4);
        expect(shownMilli - milli).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe("rupeesToMilli", () => {
  it("multiplies whole rupees by 1000", () => {
    expect(rupeesToMilli(0)).toBe(0);
    expect(rupeesToMilli(12)).toBe(12_000);
    expect(rupeesToMilli(-3)).toBe(-3_000);
  });

  it("refuses fractions and unsafe numbers", () => {
    expect(() => rupeesToMilli(1.5)).toThrow(RangeError);
    expect(() => rupeesToMilli(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToMilli(2 ** 60)).toThrow(RangeError);
  });
});

describe("percentOf", () => {
  it("takes basis points of an amount", () => {
    expect(percentOf(100_000, 500)).toBe(5_000); // 5 % of ₹100
    expect(percentOf(100_000, 1000)).toBe(10_000); // 10 %
    expect(percentOf(100_000, 0)).toBe(0);
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(100_000, 10_000)).toBe(100_000);
  });

  it("rounds half up to the milli-rupee", () => {
    expect(percentOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(percentOf(4, 1000)).toBe(0); // 0.4 → 0
    expect(percentOf(15, 1000)).toBe(2); // 1.5 → 2
    expect(percentOf(14, 1000)).toBe(1); // 1.4 → 1
    expect(percentOf(1, 5000)).toBe(1); // 0.5 → 1
    expect(percentOf(333, 1000)).toBe(33); // 33.3 → 33
    expect(percentOf(335, 1000)).toBe(34); // 33.5 → 34
  });

  it("is exact for 5 % of whole rupees", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (rupees) => {
        const charge = percentOf(rupeesToMilli(rupees), 500);
        expect(charge * 20).toBe(rupeesToMilli(rupees));
      }),
    );
  });

  it("never differs from the exact share by more than half a milli-rupee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 0, max: 10_000 }), (milli, bp) => {
        const exact = (milli * bp) / 10_000;
        const got = percentOf(milli, bp);
        expect(Number.isInteger(got)).toBe(true);
        expect(got - exact).toBeGreaterThan(-0.5 - 1e-9);
        expect(got - exact).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

describe("percentages and basis points (the operators' rate fields)", () => {
  it("reads a typed percentage with up to 2 decimals exactly", () => {
    expect(percentToBasisPoints("0")).toBe(0);
    expect(percentToBasisPoints("12.5")).toBe(1250);
    expect(percentToBasisPoints("12.05")).toBe(1205);
    expect(percentToBasisPoints("60")).toBe(6000);
    expect(percentToBasisPoints("100")).toBe(10_000);
  });
  it("writes basis points back as the shortest percentage", () => {
    expect(basisPointsToPercent(1250)).toBe("12.5");
    expect(basisPointsToPercent(1205)).toBe("12.05");
    expect(basisPointsToPercent(6000)).toBe("60");
    for (const bp of [0, 1, 10, 99, 101, 4999, 10_000])
      expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
  it("writes basis points with two decimals for statements, without floats", () => {
    expect(basisPointsToFixedPercent(200)).toBe("2.00");
    expect(basisPointsToFixedPercent(3000)).toBe("30.00");
    expect(basisPointsToFixedPercent(1205)).toBe("12.05");
    expect(basisPointsToFixedPercent(7)).toBe("0.07");
    for (const bp of [0, 1, 10, 99, 101, 4999, 10_000])
      expect(percentToBasisPoints(basisPointsToFixedPercent(bp))).toBe(bp);
  });
  it("takes one shape of typed percentage on every form: 0 to 100, at most 2 decimals", () => {
    for (const good of ["0", "5", "12.5", "12.05", "99.99", "100"])
      expect(PERCENT_INPUT.test(good), good).toBe(true);
    for (const bad of ["", "-1", "100.5", "100.0", "101", "250", "12.345", "1e2", ".5", "5.", " 5", "5 %"])
      expect(PERCENT_INPUT.test(bad), bad).toBe(false);
    for (let bp = 0; bp <= 10_000; bp += 7) expect(PERCENT_INPUT.test(basisPointsToPercent(bp))).toBe(true);
  });
});
