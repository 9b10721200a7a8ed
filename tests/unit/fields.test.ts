import { describe, expect, it } from "vitest";
import { MOBILE_NUMBER_PATTERN, isMobileNumber } from "../../shared/fields";

describe("the mobile number rule", () => {
  it("takes exactly 10 digits, the first not 0", () => {
    expect(isMobileNumber("9876543210")).toBe(true);
    expect(isMobileNumber("1234567890")).toBe(true);
    for (const bad of ["0123456789", "987654321", "98765432101", "98765 43210", "+919876543210", ""]) {
      expect(isMobileNumber(bad), bad).toBe(false);
    }
  });

  it("says the same as the input's pattern attribute", () => {
    const pattern = new RegExp(`^(?:${MOBILE_NUMBER_PATTERN})$`);
    for (const value of ["9876543210", "0123456789", "123", "98765432101"]) {
      expect(pattern.test(value), value).toBe(isMobileNumber(value));
    }
  });
});
