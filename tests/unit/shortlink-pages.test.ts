import { describe, expect, it } from "vitest";
import {
  SHORT_LINK_FILTERS,
  filterShortLinks,
  isGuideAddress,
  isLinkDisabled,
  isShortLinkFilter,
  isWebAddress,
  shortLinksPath,
} from "../../app/utils/shortlinks";
import type { ShortLinkItem } from "../../shared/contracts/shortLinks";

function item(id: string, amount: string, over: Partial<ShortLinkItem> = {}): ShortLinkItem {
  return {
    _id: id,
    shortnerName: `Link ${id}`,
    shortnerDomain: "localhost:3000",
    time: "30 s",
    amount,
    how_to_complete: null,
    isDisable: false,
    expireTimer: null,
    completedClicks: 0,
    how_much_click_allow: 2,
    ...over,
  };
}

const used = { isDisable: true, expireTimer: "2026-01-02T18:30:00.000Z", completedClicks: 2 };
const links = [item("a", "0.050"), item("b", "0.250", used), item("c", "0.010"), item("d", "0.250")];
const ids = (l: ShortLinkItem[]) => l.map((x) => x._id);

describe("the short link list's filters (spec 2 §2)", () => {
  it("has the spec's five filters, in order", () => {
    expect(SHORT_LINK_FILTERS.map((f) => f.label)).toEqual([
      "All",
      "Available",
      "Completed",
      "High to Low",
      "Low to High",
    ]);
    expect(isShortLinkFilter("high-to-low")).toBe(true);
    expect(isShortLinkFilter("nope")).toBe(false);
    expect(isShortLinkFilter(null)).toBe(false);
  });

  it("Available and Completed split by today's allowance; All keeps the server's order", () => {
    expect(ids(filterShortLinks(links, "all"))).toEqual(["a", "b", "c", "d"]);
    expect(ids(filterShortLinks(links, "available"))).toEqual(["a", "c", "d"]);
    expect(ids(filterShortLinks(links, "completed"))).toEqual(["b"]);
  });

  it("sorts by amount both ways, keeping the server's order among equal amounts", () => {
    expect(ids(filterShortLinks(links, "high-to-low"))).toEqual(["b", "d", "a", "c"]);
    expect(ids(filterShortLinks(links, "low-to-high"))).toEqual(["c", "a", "b", "d"]);
    expect(ids(links)).toEqual(["a", "b", "c", "d"]);
  });

  it("a card is disabled by the flag or by a renewal time", () => {
    expect(isLinkDisabled({ isDisable: false, expireTimer: null })).toBe(false);
    expect(isLinkDisabled({ isDisable: true, expireTimer: null })).toBe(true);
    expect(isLinkDisabled({ isDisable: false, expireTimer: "2026-01-02T18:30:00.000Z" })).toBe(true);
  });

  it("All is the bare page; the others carry ?filter=", () => {
    expect(shortLinksPath()).toBe("/member/click-shorten-link");
    expect(shortLinksPath("completed")).toBe("/member/click-shorten-link?filter=completed");
  });
});

describe("addresses that become links", () => {
  it("web addresses only for short URLs and destinations", () => {
    expect(isWebAddress("https://shrinkme.io/abc")).toBe(true);
    expect(isWebAddress("http://localhost:3000/s/x")).toBe(true);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("/member/last-page/x")).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });

  it("How to Complete may also be a path of the site, never another scheme or host", () => {
    expect(isGuideAddress("/member/support")).toBe(true);
    expect(isGuideAddress("https://example.com/guide")).toBe(true);
    expect(isGuideAddress("//evil.example/x")).toBe(false);
    expect(isGuideAddress("/\\evil.example")).toBe(false);
    expect(isGuideAddress("javascript:alert(1)")).toBe(false);
    expect(isGuideAddress(null)).toBe(false);
  });
});
