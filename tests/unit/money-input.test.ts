import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MAX_INPUT_DIGITS,
  MAX_INPUT_RUPEES,
  formatRupees,
  parseRupeeAmount,
  parseRupeeInput,
  parseWholeRupees,
} from "../../shared/money";
import { wholeRupees } from "../../api/withdrawals/withdrawals";
import { rupeeText } from "../../shared/moneyInput";
import { formatDay, formatProofTime, formatTime } from "../../shared/time";
import { invariantResponse } from "../../app/utils/invariant";

describe("whole rupees: one parser, one limit for the pages and the API", () => {
  it("takes digits only, from 0 up to MAX_INPUT_RUPEES, as text or a JSON integer", () => {
    expect(MAX_INPUT_DIGITS).toBe(10);
    expect(parseWholeRupees("0")).toBe(0);
    expect(parseWholeRupees("500")).toBe(500);
    expect(parseWholeRupees(500)).toBe(500);
    expect(parseWholeRupees("0000000007")).toBe(7);
    expect(parseWholeRupees(String(MAX_INPUT_RUPEES))).toBe(MAX_INPUT_RUPEES);
    expect(parseWholeRupees(MAX_INPUT_RUPEES)).toBe(MAX_INPUT_RUPEES);
  });

  const refused: unknown[] = [
    "12.5",
    "12.0",
    12.5,
    "-1",
    -1,
    "+1",
    "1e3",
    1e21,
    " 12",
    "12 ",
    "12,000",
    "१२",
    "",
    "abc",
    String(MAX_INPUT_RUPEES + 1),
    MAX_INPUT_RUPEES + 1,
    "9".repeat(MAX_INPUT_DIGITS + 1),
    "0".repeat(MAX_INPUT_DIGITS) + "1",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
    true,
    {},
    [],
  ];

  it("refuses a fraction, a sign, an exponent, a space, other digits and more than the limit", () => {
    for (const bad of refused) expect(parseWholeRupees(bad), String(bad)).toBeNull();
  });

  it("the API refuses what the pages refuse, and ₹0 besides", () => {
    const api = wholeRupees("Invalid Amount");
    for (const bad of [...refused, "0", 0]) expect(api.safeParse(bad).success, String(bad)).toBe(false);
    expect(api.parse(String(MAX_INPUT_RUPEES))).toBe(MAX_INPUT_RUPEES);
    expect(api.parse(1)).toBe(1);
  });

  it("agrees with the decimal parser on every whole amount (fixed seed)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_INPUT_RUPEES }), (n) => {
        expect(parseWholeRupees(String(n))).toBe(n);
        expect(parseRupeeInput(String(n))).toBe(n * 1000);
      }),
    );
  });
});

describe("the one parser of a typed amount", () => {
  it("takes rupees with up to three decimals, exactly", () => {
    expect(parseRupeeInput("12")).toBe(12_000);
    expect(parseRupeeInput(" 12.5 ")).toBe(12_500);
    expect(parseRupeeInput("0.001")).toBe(1);
    expect(parseRupeeInput("0")).toBe(0);
    expect(parseRupeeInput(7.25)).toBe(7_250);
    expect(parseRupeeInput(String(MAX_INPUT_RUPEES))).toBe(MAX_INPUT_RUPEES * 1000);
  });

  it("refuses what a lenient reader would forgive: a fourth decimal, a sign, garbage, too much", () => {
    for (const bad of [
      "12.3456",
      "-1",
      "+1",
      "1e3",
      "12,5",
      "abc",
      "",
      ".5",
      "5.",
      String(MAX_INPUT_RUPEES + 1),
      null,
      {},
    ])
      expect(parseRupeeInput(bad), String(bad)).toBeNull();
    expect(parseRupeeAmount("0")).toBeNull();
    expect(parseRupeeAmount("0.001")).toBe(1);
  });

  it("reads back every amount it formats (fixed seed)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_INPUT_RUPEES * 1000 }), (milli) => {
        expect(parseRupeeInput(formatRupees(milli, 3, false))).toBe(milli);
      }),
    );
  });

  it("gives a form's own words for each way a field is wrong, one message at a time", () => {
    const field = rupeeText({
      required: "Amount is required.",
      invalid: "Up to 3 decimals.",
      positive: "More than ₹0.",
    });
    const errors = (v: unknown) => {
      const r = field.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(errors(undefined)).toEqual(["Amount is required."]);
    expect(errors("  ")).toEqual(["Amount is required."]);
    expect(errors("1.2345")).toEqual(["Up to 3 decimals."]);
    expect(errors("0.000")).toEqual(["More than ₹0."]);
    expect(field.parse(" 10.5 ")).toBe("10.5");
    expect(rupeeText({ required: "r", invalid: "i" }).parse("0")).toBe("0");
  });
});

describe("India time, in one place", () => {
  it("shows instants in IST and calendar days as they are", () => {
    expect(formatTime("2026-11-21T09:34:00Z")).toBe("21 Nov 2026, 3:04 pm");
    expect(formatProofTime("2026-11-21T09:34:00Z")).toBe("21 Nov 2026, 03:04 pm");
    expect(formatDay("2026-11-21")).toBe("21 Nov 2026");
    expect(formatTime("not a time")).toBe("not a time");
    expect(formatDay("2026-11")).toBe("2026-11");
  });
});

describe("invariantResponse", () => {
  it("throws the route's answer with its status, and nothing when the condition holds", () => {
    expect(() => invariantResponse(true, "x")).not.toThrow();
    try {
      invariantResponse(null, "Room not found.", 404);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Response);
      expect((e as Response).status).toBe(404);
    }
    try {
      invariantResponse("", "Invalid Request");
      expect.unreachable();
    } catch (e) {
      expect((e as Response).status).toBe(400);
    }
  });
});
