import type { Catalogue } from "../../../i18n/en";

/** A member section's name in the catalogue: the member menu's item, memberMenu.<key>. */
export type MemberSectionKey = Exclude<keyof Catalogue["memberMenu"], "title" | "home">;

/**
 * Member paths the spec lists (spec 1 §2, spec 2 §2). A path on this list whose page is not built
 * yet shows 'Coming soon' inside the member layout; any other member path is a 404.
 */
const SPEC_MEMBER_PAGES: ReadonlyArray<readonly [RegExp, string, MemberSectionKey]> = [
  [/^dashboard$/, "Dashboard", "dashboard"],
  [/^profile$/, "Profile", "profile"],
  [/^advertiser$/, "Advertiser", "advertiser"],
  [/^advertiser\/create$/, "Advertiser", "advertiser"],
  [/^withdraw$/, "Withdraw", "withdraw"],
  [/^balance-converter$/, "Balance Converter", "balanceConverter"],
  [/^refer-and-earn$/, "Refer & Earn", "referAndEarn"],
  [/^gift-code$/, "GiftCode", "giftCode"],
  [/^ptc-ads$/, "PTC Ads", "ptcAds"],
  [/^(waitRedirecting|iframe|youtube)$/, "PTC Ads", "ptcAds"],
  [/^click-shorten-link$/, "Click Short Link", "clickShortLink"],
  [/^last-page\/.+$/, "Click Short Link", "clickShortLink"],
  [/^task-wall$/, "Task Walls", "taskWalls"],
  // the {encodedUrl} may decode to a value with slashes
  [/^task-wall\/.+$/, "Task Walls", "taskWalls"],
  [/^betting-games$/, "Betting Games", "bettingGames"],
  [/^betting-games\/tic-tac-toe$/, "Betting Games", "bettingGames"],
  [/^betting-games\/tic-tac-toe\/play\/.+$/, "Betting Games", "bettingGames"],
  [/^support$/, "Support", "support"],
  [/^settings$/, "Settings", "settings"],
];

/** The section title for a member path (the part after /member/), or null when the spec has no such page. */
export function memberPageTitle(splat: string): string | null {
  const path = splat.replace(/^\/+/, "").replace(/\/+$/, "");
  for (const [pattern, title] of SPEC_MEMBER_PAGES) if (pattern.test(path)) return title;
  return null;
}

/**
 * The same section's name as a catalogue key (`t(\`memberMenu.${key}\`)` shows it in the
 * page's language), or null when the spec has no such page.
 */
export function memberPageSection(splat: string): MemberSectionKey | null {
  const path = splat.replace(/^\/+/, "").replace(/\/+$/, "");
  for (const [pattern, , key] of SPEC_MEMBER_PAGES) if (pattern.test(path)) return key;
  return null;
}
