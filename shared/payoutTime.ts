/**
 * How long a payout takes, in words, from one owner setting (issue 45 §3, "Consistency"): the
 * withdraw page's instructions and support's canned replies say the same thing. Owner-written text
 * carries the placeholder `{payout_time}`, filled when it is shown ("within 3 working days" /
 * "3 कार्य दिवसों में").
 */

/** The setting's key (api/site/settings.ts), in working days. */
export const PAYOUT_TIME_KEY = "payout_working_days";
export const PAYOUT_TIME_DEFAULT_DAYS = 3;
export const PAYOUT_TIME_MAX_DAYS = 30;
/** What owner-written text writes where the payout time goes. */
export const PAYOUT_TIME_PLACEHOLDER = "{payout_time}";

/** The payout time in the member's language: "within 3 working days", "3 कार्य दिवसों में". */
export function payoutTimeWords(days: number, locale: "en" | "hi"): string {
  if (locale === "hi") return days === 1 ? "1 कार्य दिवस में" : `${days} कार्य दिवसों में`;
  return days === 1 ? "within 1 working day" : `within ${days} working days`;
}

/** Owner-written text with its payout-time placeholders filled. */
export function fillPayoutTime(text: string, days: number, locale: "en" | "hi"): string {
  return text.split(PAYOUT_TIME_PLACEHOLDER).join(payoutTimeWords(days, locale));
}
