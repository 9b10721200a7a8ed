import { useTranslation } from "react-i18next";
import { formatRupees, rupees } from "../../shared/money";
import { formatDay, formatMonth, formatProofTime, formatTime, type FormatLocale } from "../../shared/time";
import { isLocale } from "../../shared/i18n/locale";

/**
 * The one home of numbers, amounts and dates on the pages (issue 23): Indian grouping
 * (₹1,23,456.000) and Indian Standard Time through `Intl` with en-IN / hi-IN, digits 0–9 in both.
 * Amounts keep the specification's 3 decimals in every language.
 */
export interface Formatters {
  /** '₹1,23,456.789' from milli-rupees (`decimals` 2 for payment proof). */
  money: (milli: number | null | undefined, decimals?: 2 | 3) => string;
  /** The same from the API's rupee string ("123456.789"). */
  rupees: (value: string | number | null | undefined) => string;
  /** A record's time in IST ('26 Nov 2026, 3:04 pm' / '26 नव॰ 2026, 3:04 pm'). */
  time: (iso: string) => string;
  /** A calendar day ('2026-11-26'). */
  day: (date: string) => string;
  /** Payment proof's time. */
  proofTime: (iso: string) => string;
  /** A calendar month ('2026-11' → 'November 2026' / 'नवंबर 2026'). */
  month: (monthKey: string) => string;
  /** A count in Indian grouping (12,34,567). */
  count: (n: number) => string;
}

const countFormat = new Intl.NumberFormat("en-IN", { numberingSystem: "latn", maximumFractionDigits: 0 });

export function formattersFor(language: string | undefined): Formatters {
  const locale: FormatLocale = isLocale(language) ? language : "en";
  return {
    money: (milli, decimals = 3) => formatRupees(milli, decimals),
    rupees: (value) => rupees(value),
    time: (iso) => formatTime(iso, locale),
    day: (date) => formatDay(date, locale),
    proofTime: (iso) => formatProofTime(iso, locale),
    month: (monthKey) => formatMonth(monthKey, locale),
    count: (n) => countFormat.format(n),
  };
}

/** The formatters of the page's language. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(i18n.language);
}
