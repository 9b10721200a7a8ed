import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { countUpSteps, indianFigure, COUNT_UP_MS, COUNT_UP_STEPS, CRORE, LAKH } from "../../app/utils/stats";

const HINDI = { lakh: "लाख", crore: "करोड़" };

describe("indianFigure", () => {
  it.each([
    [0, "0+"],
    [7, "7+"],
    [999, "999+"],
    [1000, "1,000+"],
    [12_000, "12,000+"],
    [99_999, "99,999+"],
    [1_00_000, "1 lakh+"],
    [1_04_999, "1 lakh+"],
    [1_05_000, "1 lakh+"],
    [1_10_000, "1.1 lakh+"],
    [4_80_000, "4.8 lakh+"],
    [25_00_000, "25 lakh+"],
    [99_99_999, "99.9 lakh+"],
    [1_00_00_000, "1 crore+"],
    [1_23_45_678, "1.2 crore+"],
    [48_00_00_000, "48 crore+"],
    [1_23_456_00_00_000, "1,23,456 crore+"],
  ])("%d → %s", (n, text) => {
    expect(indianFigure(n)).toBe(text);
  });

  it("writes the units in the page's language, digits 0–9", () => {
    expect(indianFigure(4_80_000, HINDI)).toBe("4.8 लाख+");
    expect(indianFigure(25_00_000, HINDI)).toBe("25 लाख+");
    expect(indianFigure(1_20_00_000, HINDI)).toBe("1.2 करोड़+");
    expect(indianFigure(12_000, HINDI)).toBe("12,000+");
  });

  it("treats fractions, negatives and non-numbers safely", () => {
    expect(indianFigure(12.9)).toBe("12+");
    expect(indianFigure(-5)).toBe("0+");
    expect(indianFigure(Number.NaN)).toBe("0+");
    expect(indianFigure(Number.POSITIVE_INFINITY)).toBe("0+");
  });

  it("never claims more than the real number, and is within a tenth of its unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (n) => {
        const m = /^([\d,]+(?:\.\d)?)(?: (lakh|crore))?\+$/.exec(indianFigure(n));
        expect(m).not.toBeNull();
        const unit = m![2] === "crore" ? CRORE : m![2] === "lakh" ? LAKH : 1;
        const shown = Number(m![1]!.replaceAll(",", "")) * unit;
        expect(shown).toBeLessThanOrEqual(n + 1e-6);
        expect(n - shown).toBeLessThan(unit === 1 ? 1 : unit / 10 + 1e-6);
        // The unit is the largest one the number reaches.
        expect(unit).toBe(n >= CRORE ? CRORE : n >= LAKH ? LAKH : 1);
      }),
    );
  });
});

describe("countUpSteps", () => {
  it("takes 50 steps over 2000 ms", () => {
    expect(COUNT_UP_STEPS).toBe(50);
    expect(COUNT_UP_MS).toBe(2000);
    expect(COUNT_UP_MS / COUNT_UP_STEPS).toBe(40);
  });

  it("rises evenly to exactly the target", () => {
    const steps = countUpSteps(1000);
    expect(steps).toHaveLength(50);
    expect(steps[0]).toBe(20);
    expect(steps[24]).toBe(500);
    expect(steps.at(-1)).toBe(1000);
  });

  it("is non-decreasing integers ending at the target, never overshooting", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 * 10 ** 12 }), fc.integer({ min: 1, max: 60 }), (target, n) => {
        const steps = countUpSteps(target, n);
        expect(steps).toHaveLength(n);
        expect(steps.at(-1)).toBe(target);
        for (let i = 0; i < steps.length; i++) {
          expect(Number.isInteger(steps[i])).toBe(true);
          expect(steps[i]).toBeLessThanOrEqual(target);
          if (i > 0) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]!);
        }
      }),
    );
  });

  it("handles zero and bad targets", () => {
    expect(countUpSteps(0)).toEqual(Array(50).fill(0));
    expect(countUpSteps(-3, 3)).toEqual([0, 0, 0]);
    expect(countUpSteps(Number.NaN, 2)).toEqual([0, 0]);
    expect(countUpSteps(7, 0)).toEqual([7]);
  });
});
