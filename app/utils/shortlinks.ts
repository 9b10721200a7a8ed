/** What the short link list, its end page and the built-in shortener's page share (spec 2 §3, §4). */
import { parseRupees } from "../../shared/money";
import type { ShortLinkItem } from "../../shared/contracts/shortLinks";

/** The filters; the labels are the English, the pages show `earn.shortLinks.filters.<value>`. */
export const SHORT_LINK_FILTERS = [
  { value: "all", label: "All" },
  { value: "available", label: "Available" },
  { value: "completed", label: "Completed" },
  { value: "high-to-low", label: "High to Low" },
  { value: "low-to-high", label: "Low to High" },
] as const;

export type ShortLinkFilter = (typeof SHORT_LINK_FILTERS)[number]["value"];

export function isShortLinkFilter(v: unknown): v is ShortLinkFilter {
  return SHORT_LINK_FILTERS.some((f) => f.value === v);
}

/** A card is disabled when the server says so or while its allowance renews (spec 2 §4). */
export function isLinkDisabled(link: Pick<ShortLinkItem, "isDisable" | "expireTimer">): boolean {
  return link.isDisable || Boolean(link.expireTimer);
}

/**
 * The cards a filter shows: Available (can be started now), Completed (today's clicks used), or
 * every link by amount. Sorting keeps the server's order among equal amounts.
 */
export function filterShortLinks<T extends ShortLinkItem>(links: T[], filter: ShortLinkFilter): T[] {
  switch (filter) {
    case "available":
      return links.filter((l) => !isLinkDisabled(l));
    case "completed":
      return links.filter((l) => isLinkDisabled(l));
    case "high-to-low":
      return [...links].sort((a, b) => parseRupees(b.amount) - parseRupees(a.amount));
    case "low-to-high":
      return [...links].sort((a, b) => parseRupees(a.amount) - parseRupees(b.amount));
    default:
      return links;
  }
}

/** The list's address for a filter (All is the bare page). */
export function shortLinksPath(filter: ShortLinkFilter = "all"): string {
  return filter === "all" ? SHORT_LINKS_PATH : `${SHORT_LINKS_PATH}?filter=${filter}`;
}

export const SHORT_LINKS_PATH = "/member/click-shorten-link";
/** The end page's route, as the first page's call names it (spec 2 §7). */
export const END_PAGE_ROUTE = "/member/last-page";

/** The end page's wait and the return to the list after a claim (spec 2 §9). */
export const END_PAGE_WAIT_MS = 10_000;
export const END_PAGE_RETURN_MS = 3_000;
/** The built-in shortener's interstitial wait. */
export const SHORTENER_WAIT_MS = 5_000;

/* The end page's messages (spec 2 §8) are in the catalogue: earn.shortLinks. */

/** A "How to Complete" address: a web address or a path of this site (`/member/support`). */
export function isGuideAddress(url: unknown): url is string {
  return isWebAddress(url) || (typeof url === "string" && /^\/(?!\/)[^\s\\]*$/.test(url));
}

/** Only web addresses become links (a stored `javascript:` address must never be clickable). */
export function isWebAddress(url: unknown): url is string {
  if (typeof url !== "string") return false;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}
