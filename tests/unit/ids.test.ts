import { describe, expect, it } from "vitest";
import { newId } from "../../api/lib/ids";

describe("newId", () => {
  it("is 24 hex characters, starts with the second it was made, and never repeats across its random pool's refills", () => {
    const before = Math.floor(Date.now() / 1000);
    // 4 KiB of random bytes serve 512 ids: 5,000 ids cross ten refills.
    const ids = Array.from({ length: 5_000 }, () => newId());
    const after = Math.floor(Date.now() / 1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      const second = parseInt(id.slice(0, 8), 16);
      expect(second).toBeGreaterThanOrEqual(before);
      expect(second).toBeLessThanOrEqual(after);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
  });
});
