/** How the overview writes its figures. */
import { formatRupees } from "../../../../shared/money";

export const money = (milli: number) => formatRupees(milli, 2);
/** "1 request", "3 requests". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
/** Short rupee text for an axis: ₹950, ₹1.2k, ₹3.4L (lakh). */
export function axisRupees(milli: number): string {
  const r = milli / 1000;
  const abs = Math.abs(r);
  if (abs >= 100_000) return `₹${(r / 100_000).toFixed(1)}L`;
  if (abs >= 1000) return `₹${(r / 1000).toFixed(1)}k`;
  return `₹${Math.round(r)}`;
}
export const count = (n: number) => String(n);

/** An age in plain words: '3 days and 4 hours', '2 hours and 5 minutes', 'less than a minute'. */
export function ageInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0)
    return hours % 24 ? `${plural(days, "day")} and ${plural(hours % 24, "hour")}` : plural(days, "day");
  if (hours > 0)
    return minutes % 60
      ? `${plural(hours, "hour")} and ${plural(minutes % 60, "minute")}`
      : plural(hours, "hour");
  if (minutes > 0) return plural(minutes, "minute");
  return "less than a minute";
}
