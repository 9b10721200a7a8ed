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

/** The IST offset: India keeps no daylight saving time. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The month names of the English record time, as this runtime's `Intl` writes them. */
let englishMonths: string[] | null = null;
function monthsOfTime(): string[] {
  englishMonths ??= Array.from({ length: 12 }, (_, i) =>
    timeFormat("en")
      .formatToParts(new Date(Date.UTC(2026, i, 15, 6)))
      .find((p) => p.type === "month")!
      .value.toLowerCase(),
  );
  return englishMonths;
}

/**
 * The instant an English record time names ('1 Dec 2026, 10:00 am', formatTime's 'en' form), as an
 * ISO string; null for any other text. A text the API wrote with a time in it keeps its meaning
 * when the web tier puts it into another language (shared/i18n/apiMessages.ts): the time is written
 * again in that language, never guessed: only a text formatTime itself gives back is read.
 */
export function readEnglishTime(text: string): string | null {
  const m = /^(\d{1,2}) (\p{L}+) (\d{4}), (\d{1,2}):(\d{2})\s?(am|pm)$/iu.exec(text.trim());
  if (!m) return null;
  const month = monthsOfTime().indexOf(m[2]!.toLowerCase());
  if (month < 0) return null;
  const hour = (Number(m[4]) % 12) + (m[6]!.toLowerCase() === "pm" ? 12 : 0);
  const utc = Date.UTC(Number(m[3]), month, Number(m[1]), hour, Number(m[5])) - IST_OFFSET_MS;
  if (!Number.isFinite(utc)) return null;
  const iso = new Date(utc).toISOString();
  return formatTime(iso, "en") === text.trim() ? iso : null;
}
