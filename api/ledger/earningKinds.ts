/**
 * Earning sources as the dashboard names them. Referral income is earned on the first four
 * (ads, short links, task walls, game winnings) — never on gift codes, sign-up bonuses or
 * referral income itself.
 */
export const EARNING_SOURCES = ["ptc_ads", "click_short_link", "offerWall", "bettingGames"] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];
export const REFERRAL_INCOME = "referral_income";

/** Entry kinds counted as a member's earnings: the sources and referral income. */
export const EARNING_KINDS: ReadonlySet<string> = new Set([...EARNING_SOURCES, REFERRAL_INCOME]);

/** India has one time zone and no daylight saving: IST is always UTC+05:30. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The IST calendar day of an instant, as '2026-11-23'. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the IST calendar day of `at` began. */
export function istDayStart(at: Date): Date {
  const day = 24 * 60 * 60 * 1000;
  return new Date(Math.floor((at.getTime() + IST_OFFSET_MS) / day) * day - IST_OFFSET_MS);
}
