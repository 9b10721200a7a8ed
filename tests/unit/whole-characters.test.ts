import { describe, expect, it } from "vitest";
import { secretHint } from "../../api/taskWalls/config";
import { maskKey } from "../../api/shortLinks/shorteners";
import { maskPayoutAccount } from "../../api/risk/payoutAccounts";
import { headChars, tailChars } from "../../api/lib/text";

/** Half of a surrogate pair: text JSON (the audit, risk evidence) cannot store. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const EMOJI = "\u{1F600}";

describe("hints and masks keep whole characters", () => {
  it("a task wall secret's hint shows the last four characters", () => {
    expect(secretHint("abcdefgh")).toBe("…efgh");
    // U+1F600 is two UTF-16 units; a slice of the last four units would begin with its low half.
    const hint = secretHint(`secret${EMOJI}xyz`);
    expect(hint).toBe(`…${EMOJI}xyz`);
    expect(LONE_SURROGATE.test(hint)).toBe(false);
    expect(JSON.parse(JSON.stringify(hint))).toBe(hint);
  });

  it("a shortener key's mask", () => {
    expect(maskKey("0123456789")).toBe("…6789");
    expect(maskKey(null)).toBeNull();
    expect(maskKey(`key${EMOJI}abc`)).toBe(`…${EMOJI}abc`);
    expect(LONE_SURROGATE.test(maskKey(`key${EMOJI}abc`)!)).toBe(false);
  });

  it("a payout account's mask, the same as before for plain text and never half a character", () => {
    expect(maskPayoutAccount("upi:rahul@okaxis")).toBe("ra***@okaxis");
    expect(maskPayoutAccount("mobile:9876543210")).toBe("98******10");
    expect(maskPayoutAccount("bank:12345678901:SBIN0001234")).toBe("*******8901 (SBIN0001234)");
    for (const key of [`other:x:${EMOJI}${EMOJI}${EMOJI}${EMOJI}${EMOJI}`, `upi:${EMOJI}${EMOJI}ab@okaxis`]) {
      const masked = maskPayoutAccount(key);
      expect(LONE_SURROGATE.test(masked), masked).toBe(false);
    }
    expect(maskPayoutAccount(`other:x:${EMOJI}${EMOJI}abc${EMOJI}${EMOJI}`)).toBe(
      `${EMOJI}${EMOJI}***${EMOJI}${EMOJI}`,
    );
  });

  it("headChars and tailChars count characters, not UTF-16 units", () => {
    expect(headChars(`${EMOJI}ab`, 1)).toBe(EMOJI);
    expect(tailChars(`ab${EMOJI}`, 1)).toBe(EMOJI);
    expect(tailChars("abc", 0)).toBe("");
    expect(headChars("abc", -1)).toBe("");
  });
});
