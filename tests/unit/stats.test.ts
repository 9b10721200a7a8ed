import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { abbreviate, countUpSteps, COUNT_UP_MS, COUNT_UP_STEPS } from "../../app/utils/stats";

describe("abbreviate", () => {
  it.each([
    [0, "0+"],
    [7, "7+"],
    [999, "999+"],
    [1000, "1K+"],
    [1050, "1K+"],
    [1100, "1.1K+"],
    [12_345, "12.3K+"],
    [999_999, "999.9K+"],
    [1_000_000, "1M+"],
    [2_560_000, "2.5M+"],
    [48_000_000, "48M+"],
    [1_000_000_000, "1B+"],
    [2_750_000_000, "2.7B+"],
    [1_234_000_000_000, "1234B+"],
  ])("%d → %s", (n, text) => {
    expect(abbreviate(n)).toBe(text);
  });

  it("treats fractions, negatives and non-numbers safely", () => {
    expect(abbreviate(12.9)).toBe("12+");
    expect(abbreviate(-5)).toBe("0+");
    expect(abbreviate(Number.NaN)).toBe("0+");
    expect(abbreviate(Number.POSITIVE_INFINITY)).toBe("0+");
  });

  it("never claims more than the real number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (n) => {
        const m = /^(\d+(?:\.\d)?)([KMB]?)\+$/.exec(abbreviate(n));
        expect(m).not.toBeNull();
        const unit = { "": 1, K: 1e3, M: 1e6, B: 1e9 }[m![2] as "" | "K" | "M" | "B"];
        const shown = Number(m![1]) * unit;
        expect(shown).toBeLessThanOrEqual(n + 1e-6);
        // and is within one tenth of the unit (or exact below 1000)
        expect(n - shown).toBeLessThan(unit === 1 ? 1 : unit / 10 + 1e-6);
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
