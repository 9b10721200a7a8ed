import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAST_CHECK_SEED } from "../support/fast-check-seed";

describe("property tests", () => {
  it("run from one fixed seed, so a failure reproduces", () => {
    expect(fc.readConfigureGlobal().seed).toBe(FAST_CHECK_SEED);
    // Two runs without a seed of their own see the same inputs.
    const seen = (): number[] => {
      const values: number[] = [];
      fc.assert(
        fc.property(fc.integer(), (n) => {
          values.push(n);
        }),
        { numRuns: 20 },
      );
      return values;
    };
    expect(seen()).toEqual(seen());
  });
});
