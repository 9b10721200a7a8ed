import { describe, expect, it } from "vitest";
import { formatDuration } from "../../shared/duration";

describe("formatDuration (spec 1 §9)", () => {
  it("writes seconds only, mm:ss or hh:mm:ss, each part two digits", () => {
    expect(formatDuration(5_000)).toBe("05");
    expect(formatDuration(59_000)).toBe("59");
    expect(formatDuration(60_000)).toBe("01:00");
    expect(formatDuration(5 * 60_000 + 7_000)).toBe("05:07");
    expect(formatDuration(3_600_000 + 2 * 60_000 + 3_000)).toBe("01:02:03");
  });

  it("rounds a part-second up and shows '00' at zero or less", () => {
    expect(formatDuration(1)).toBe("01");
    expect(formatDuration(0)).toBe("00");
    expect(formatDuration(-5_000)).toBe("00");
  });
});

describe("formatDuration with hours (the short link cards' countdown, spec 2 §4)", () => {
  it("always writes hh:mm:ss", () => {
    expect(formatDuration(5_000, { hours: true })).toBe("00:00:05");
    expect(formatDuration(5 * 60_000 + 7_000, { hours: true })).toBe("00:05:07");
    expect(formatDuration(23 * 3_600_000 + 59 * 60_000 + 59_500, { hours: true })).toBe("24:00:00");
    expect(formatDuration(0, { hours: true })).toBe("00:00:00");
  });
});
