import { describe, expect, it } from "vitest";
import { secretHint } from "../../api/taskWalls/config";

describe("a task wall secret's hint", () => {
  it("shows the last four characters", () => {
    expect(secretHint("abcdefgh")).toBe("…efgh");
  });

  it("never cuts a character outside the Basic Multilingual Plane in half", () => {
    // U+1F600 is two UTF-16 units; a slice of the last four units would begin with its low half.
    const hint = secretHint("secret\u{1F600}xyz");
    expect(hint).toBe("…\u{1F600}xyz");
    expect(/[\uD800-\uDFFF]/u.test(hint)).toBe(false);
    expect(JSON.parse(JSON.stringify(hint))).toBe(hint);
  });
});
