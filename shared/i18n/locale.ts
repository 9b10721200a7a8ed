import Negotiator from "negotiator";

/**
 * The site's languages (issue 23) and how one is chosen for a request, the same way in the page
 * caches (server/) and in the pages (app/): the `lang` cookie the language switch sets, else the
 * browser's `Accept-Language` (negotiated: `hi-IN`, `hi` pick Hindi), else English. English texts
 * are the specification's words; Hindi comes from its catalogue (app/i18n/hi.ts).
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie the language switch sets: a year, readable by the server only. */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** `<html lang>` per language. */
export const HTML_LANG: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };

/** Each language's name in itself: the switch's labels. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language the `lang` cookie holds, if it holds one of ours. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const match = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? "");
  return match && isLocale(match[1]) ? match[1] : null;
}

/** The language of a request: the cookie's, else the browser's best of ours, else English. */
export function requestLocale(headers: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  const chosen = cookieLocale(headers.cookie);
  if (chosen) return chosen;
  const header = headers.acceptLanguage?.slice(0, 500);
  if (!header) return DEFAULT_LOCALE;
  const best = new Negotiator({ headers: { "accept-language": header } }).language([...LOCALES]);
  return isLocale(best) ? best : DEFAULT_LOCALE;
}
