import { describe, expect, it } from "vitest";
import { AD_CHANNEL, AD_TYPES, splitAdLink } from "../../app/utils/ptc";
import { SOUND_COOKIE, soundCookie, soundOffFromCookie } from "../../app/utils/sound.server";

describe("the ad tabs' link", () => {
  it("splits target||seconds at the last separator", () => {
    expect(splitAdLink("https://ads.example/a?x=1||20")).toEqual({
      target: "https://ads.example/a?x=1",
      seconds: 20,
    });
    expect(splitAdLink("https://ads.example/a||b||15")).toEqual({
      target: "https://ads.example/a||b",
      seconds: 15,
    });
    expect(splitAdLink("https://ads.example/a")).toEqual({ target: "https://ads.example/a", seconds: null });
    expect(splitAdLink("https://ads.example/a||-3").seconds).toBeNull();
  });
});

describe("channels and tabs", () => {
  it("names the spec's iframe channel and one per type", () => {
    expect(AD_CHANNEL.iframe).toBe("iframe_PTCAds_channel");
    expect(new Set(Object.values(AD_CHANNEL)).size).toBe(3);
    expect(AD_TYPES.map((t) => t.label)).toEqual(["Window", "Iframe", "Youtube"]);
  });
});

describe("the sound preference", () => {
  it("off is a cookie kept 2,880 minutes; on removes it", () => {
    expect(soundCookie(false, false)).toContain(`${SOUND_COOKIE}=1; Max-Age=${2880 * 60}`);
    expect(soundCookie(true, false)).toContain("Max-Age=0");
    expect(soundCookie(false, true)).toContain("Secure");
    expect(soundOffFromCookie(`a=1; ${SOUND_COOKIE}=1`)).toBe(true);
    expect(soundOffFromCookie("a=1")).toBe(false);
    expect(soundOffFromCookie(null)).toBe(false);
  });
});
