import { describe, expect, it } from "vitest";
import {
  IMPS_LIMIT_MILLI,
  NOT_PAYABLE,
  destinationKey,
  payoutDestination,
  payoutModeOf,
  type PayoutDestination,
} from "../../api/payouts/destination";
import { normalizePayoutAccount } from "../../api/risk/payoutAccounts";
import { rupeesToMilli } from "../../shared/money";

const BANK = "Bank Transfer (IMPS)";
const ravi: PayoutDestination = {
  kind: "bank",
  accountNumber: "123456789012",
  ifsc: "SBIN0001234",
  name: "Ravi Kumar",
};

describe("payoutDestination: UPI ids", () => {
  it("reads the seeded UPI method's ids, lower-cased without spaces", () => {
    expect(payoutDestination("UPI", "ravi.kumar@okaxis", "Ravi")).toEqual({
      kind: "vpa",
      address: "ravi.kumar@okaxis",
    });
    expect(payoutDestination("UPI", "  Ravi_Kumar-1 @ OkAxis \n", "Ravi")).toEqual({
      kind: "vpa",
      address: "ravi_kumar-1@okaxis",
    });
    expect(payoutDestination("UPI", "UPI ID: 9876543210@ybl", "Ravi")).toEqual({
      kind: "vpa",
      address: "9876543210@ybl",
    });
  });

  it("takes a UPI id bound under another method: the details decide", () => {
    expect(payoutDestination("Paytm", "9876543210@paytm", "Ravi")).toEqual({
      kind: "vpa",
      address: "9876543210@paytm",
    });
  });

  it("refuses UPI ids that are not one", () => {
    for (const bad of [
      "ravi@",
      "@okaxis",
      "r@okaxis", // a handle of one character
      "ravi@ok1axis", // digits in the provider
      "ravi@okaxis.com",
      "ravi@@okaxis",
      "ravi kumar@ok axis x@y",
      "ravi#1@okaxis",
      "-ravi@okaxis", // would start like a spreadsheet formula
      `${"a".repeat(257)}@okaxis`,
      `ravi@${"a".repeat(65)}`,
      "ravi.kumar",
    ])
      expect(payoutDestination("UPI", bad, "Ravi"), bad).toBeNull();
    expect(payoutDestination("UPI", `${"a".repeat(256)}@${"b".repeat(64)}`, "Ravi")).not.toBeNull();
  });
});

describe("payoutDestination: bank accounts", () => {
  it("reads the seeded format: number, IFSC, holder's name", () => {
    expect(payoutDestination(BANK, "123456789012, SBIN0001234, Ravi Kumar", "Member")).toEqual(ravi);
  });

  it("reads messy variants: any order, spaces and dashes, lower-case IFSC, labels", () => {
    for (const typed of [
      "Ravi Kumar, sbin0001234, 123456789012",
      "SBIN0001234 - 1234 5678 9012 - Ravi Kumar",
      "1234-5678-9012 / SBIN 0001234 / Ravi   Kumar",
      "A/c No: 123456789012\nIFSC Code: SBIN0001234\nName: Ravi Kumar",
      "Account Number 123456789012; IFSC SBIN-0001234; Account Holder Name Ravi Kumar",
      "  123456789012 | SBIN0001234 | Ravi Kumar  ",
    ])
      expect(payoutDestination(BANK, typed, "Member"), typed).toEqual(ravi);
  });

  it("keeps leading zeros and accepts 9 to 18 digits", () => {
    expect(payoutDestination(BANK, "012345678, HDFC0000123", "Asha")).toMatchObject({
      accountNumber: "012345678",
      ifsc: "HDFC0000123",
    });
    expect(payoutDestination(BANK, `${"9".repeat(18)} HDFC0000123`, "Asha")).toMatchObject({
      accountNumber: "9".repeat(18),
    });
    expect(payoutDestination(BANK, "12345678, HDFC0000123", "Asha")).toBeNull();
    expect(payoutDestination(BANK, `${"9".repeat(19)} HDFC0000123`, "Asha")).toBeNull();
  });

  it("keeps names with dots, apostrophes and Indian scripts", () => {
    expect(payoutDestination(BANK, "123456789012, SBIN0001234, R. K. D'Souza", "M")).toMatchObject({
      name: "R. K. D'Souza",
    });
    expect(payoutDestination(BANK, "123456789012, SBIN0001234, रवि कुमार", "M")).toMatchObject({
      name: "रवि कुमार",
    });
  });

  it("falls back to the member's name when no single plain name is left", () => {
    const member = "  Ravi   Kumar ";
    for (const typed of [
      "123456789012 SBIN0001234", // no name
      "123456789012, SBIN0001234, Ravi Kumar, State Bank of India", // two pieces of text
      "123456789012, SBIN0001234, Ravi (Savings)", // not a name's characters
      `123456789012, SBIN0001234, ${"A".repeat(101)}`, // too long
    ])
      expect(payoutDestination(BANK, typed, member), typed).toEqual({ ...ravi, name: "Ravi Kumar" });
    expect(payoutDestination(BANK, `123456789012, SBIN0001234, ${"A".repeat(100)}`, member)).toMatchObject({
      name: "A".repeat(100),
    });
    expect(payoutDestination(BANK, "123456789012 SBIN0001234", "   ")).toBeNull();
  });

  it("refuses what it cannot be sure of", () => {
    for (const typed of [
      "123456789012", // no IFSC
      "123456789012, Ravi Kumar, State Bank of India",
      "123456789012, SBINO001234, Ravi", // a letter O where the IFSC's zero is
      "123456789012, SBIN0001234, HDFC0000123, Ravi", // two IFSCs
      "123456789012, 9876543210, SBIN0001234", // two numbers
      "123456789012, SBIN0001234, Ravi #1",
      "SBIN0001234, Ravi Kumar", // no number
      "123456789012, SBIN0001234, ravi@gmail.com",
      "",
      "   ",
    ])
      expect(payoutDestination(BANK, typed, "Ravi"), typed).toBeNull();
  });

  it("refuses a Paytm mobile number, however it is typed", () => {
    for (const typed of ["9876543210", "+91 98765-43210", "098765 43210"])
      expect(payoutDestination("Paytm", typed, "Ravi"), typed).toBeNull();
  });
});

describe("payoutModeOf", () => {
  it("sends UPI ids by UPI, whatever the amount", () => {
    const vpa: PayoutDestination = { kind: "vpa", address: "ravi@okaxis" };
    expect(payoutModeOf(vpa, 1000)).toBe("UPI");
    expect(payoutModeOf(vpa, rupeesToMilli(1_000_000))).toBe("UPI");
  });

  it("sends bank transfers by IMPS up to ₹5,00,000 exactly, by NEFT above", () => {
    expect(IMPS_LIMIT_MILLI).toBe(rupeesToMilli(500_000));
    expect(payoutModeOf(ravi, 50_000)).toBe("IMPS");
    expect(payoutModeOf(ravi, rupeesToMilli(500_000) - 10)).toBe("IMPS");
    expect(payoutModeOf(ravi, rupeesToMilli(500_000))).toBe("IMPS");
    expect(payoutModeOf(ravi, rupeesToMilli(500_000) + 1)).toBe("NEFT");
    expect(payoutModeOf(ravi, rupeesToMilli(500_000) + 10)).toBe("NEFT");
  });
});

describe("destinationKey", () => {
  it("is the same however the destination was typed, and the name is not part of it", () => {
    const keys = [
      "123456789012, SBIN0001234, Ravi Kumar",
      "sbin0001234 1234-5678-9012",
      "A/c 1234 5678 9012 IFSC SBIN0001234 Name R Kumar",
    ].map((t) => destinationKey(payoutDestination(BANK, t, "Someone")!));
    expect(new Set(keys)).toEqual(new Set(["bank:123456789012:SBIN0001234"]));
    expect(destinationKey(payoutDestination("UPI", " Ravi@OKAXIS ", "R")!)).toBe("upi:ravi@okaxis");
  });

  it("matches the risk links' payout account keys", () => {
    for (const [method, typed] of [
      ["UPI", "Ravi.Kumar@okaxis"],
      [BANK, "123456789012, sbin0001234, Ravi Kumar"],
    ] as const)
      expect(destinationKey(payoutDestination(method, typed, "R")!)).toBe(
        normalizePayoutAccount(method, typed),
      );
  });
});

describe("NOT_PAYABLE", () => {
  it("says why in words, by method", () => {
    expect(NOT_PAYABLE("Paytm")).toBe("Paytm numbers are paid by hand: no UPI id or bank account with IFSC.");
    expect(NOT_PAYABLE(BANK)).toBe(
      "Bank Transfer (IMPS) details are paid by hand: no account number of 9 to 18 digits with one IFSC could be read.",
    );
    expect(NOT_PAYABLE("UPI")).toBe(
      "UPI details are paid by hand: no valid UPI id (like name@okaxis) could be read.",
    );
    expect(NOT_PAYABLE("  Cash  ")).toBe(
      "Cash details are paid by hand: no UPI id or bank account with IFSC.",
    );
  });
});
