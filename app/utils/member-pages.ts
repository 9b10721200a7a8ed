/**
 * Member paths the spec lists (spec 1 §2, spec 2 §2). A path on this list whose page is not built
 * yet shows 'Coming soon' inside the member layout; any other member path is a 404.
 */
const SPEC_MEMBER_PAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^dashboard$/, "Dashboard"],
  [/^profile$/, "Profile"],
  [/^advertiser$/, "Advertiser"],
  [/^advertiser\/create$/, "Advertiser"],
  [/^withdraw$/, "Withdraw"],
  [/^balance-converter$/, "Balance Converter"],
  [/^refer-and-earn$/, "Refer & Earn"],
  [/^gift-code$/, "GiftCode"],
  [/^ptc-ads$/, "PTC Ads"],
  [/^(waitRedirecting|iframe|youtube)$/, "PTC Ads"],
  [/^click-shorten-link$/, "Click Short Link"],
  [/^last-page\/.+$/, "Click Short Link"],
  [/^task-wall$/, "Task Walls"],
  // the {encodedUrl} may decode to a value with slashes
  [/^task-wall\/.+$/, "Task Walls"],
  [/^betting-games$/, "Betting Games"],
  [/^betting-games\/tic-tac-toe$/, "Betting Games"],
  [/^betting-games\/tic-tac-toe\/play\/.+$/, "Betting Games"],
  [/^support$/, "Support"],
  [/^settings$/, "Settings"],
];

/** The section title for a member path (the part after /member/), or null when the spec has no such page. */
export function memberPageTitle(splat: string): string | null {
  const path = splat.replace(/^\/+/, "").replace(/\/+$/, "");
  for (const [pattern, title] of SPEC_MEMBER_PAGES) if (pattern.test(path)) return title;
  return null;
}
