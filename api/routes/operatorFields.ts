import { z } from "zod";
import { MAX_INPUT_RUPEES } from "../domain/withdrawals";

/** Field rules the operator endpoints share, each with one message naming its field. */

/** Rupees with up to 3 decimals ("12.5", "12.345", or a number) to exact milli-rupees; null when invalid. */
export function parseRupeeAmount(value: unknown): number | null {
  const text =
    typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : typeof value === "string"
        ? value.trim()
        : null;
  const m = text === null ? null : /^(\d{1,10})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  const milli = Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
  return milli > 0 && milli <= MAX_INPUT_RUPEES * 1000 ? milli : null;
}

/** A positive amount of rupees (text or number, up to 3 decimals), as milli-rupees. */
export const rupeeAmountField = (field: string) =>
  z.unknown().transform((v, ctx) => {
    const milli = parseRupeeAmount(v);
    if (milli === null) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${field} must be a positive number of rupees with up to 3 decimals.`,
      });
      return z.NEVER;
    }
    return milli;
  });

/** A whole number from `min` to `max`, with one message naming the field for every way it can be wrong. */
export const wholeNumberIn = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}.`;
  return z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);
};
