/**
 * Times as members read them: Indian Standard Time, formatted on the server so a page reads the
 * same with or without JavaScript. The one home of the site's time zone (lint keeps it here).
 */
export const IST_TIME_ZONE = "Asia/Kolkata";

/** The `Intl` locale of each of the site's languages: Indian forms, digits 0–9 in both. */
const INTL_LOCALE = { en: "en-IN", hi: "hi-IN-u-nu-latn" } as const;
export type FormatLocale = keyof typeof INTL_LOCALE;

/** A format per language, made once. */
function perLocale(options: Intl.DateTimeFormatOptions): (locale: FormatLocale) => Intl.DateTimeFormat {
  const made = new Map<FormatLocale, Intl.DateTimeFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(INTL_LOCALE[locale] ?? INTL_LOCALE.en, options);
      made.set(locale, format);
    }
    return format;
  };
}

const timeFormat = perLocale({ timeZone: IST_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

/** A calendar day ("2026-11-21") is already India's day: shown as it is, with no zone shift. */
const dayFormat = perLocale({ timeZone: "UTC", day: "2-digit", month: "short", year: "numeric" });

/** A month and its year ("November 2026" / "नवंबर 2026"). */
const monthFormat = perLocale({ timeZone: "UTC", month: "long", year: "numeric" });

/** Payment proof's column: day, month, year, hour and minute. */
const proofFormat = perLocale({
  timeZone: IST_TIME_ZONE,
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
});

function formatted(format: Intl.DateTimeFormat, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format.format(d);
}

/** A record's time in Indian Standard Time, e.g. '21 Nov 2026, 3:04 pm'; unparsable text as it came. */
export function formatTime(iso: string, locale: FormatLocale = "en"): string {
  return formatted(timeFormat(locale), iso);
}

/** A calendar day ('2026-11-21') as '21 Nov 2026'; anything else as it came. */
export function formatDay(date: string, locale: FormatLocale = "en"): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatted(dayFormat(locale), `${date}T00:00:00Z`) : date;
}

/** Payment proof's time, e.g. '21 Nov 2026, 03:04 pm'. */
export function formatProofTime(iso: string, locale: FormatLocale = "en"): string {
  return formatted(proofFormat(locale), iso);
}

/** A calendar month ('2026-11') as 'November 2026' in `locale`; anything else as it came. */
export function formatMonth(monthKey: string, locale: FormatLocale = "en"): string {
  return /^\d{4}-\d{2}$/.test(monthKey)
    ? formatted(monthFormat(locale), `${monthKey}-01T00:00:00Z`)
    : monthKey;
}
