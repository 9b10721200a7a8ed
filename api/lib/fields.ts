import { z } from "zod";
import { parseRupeeAmount, parseRupeeInput } from "../../shared/money";

export { parseRupeeAmount };

/** Field rules the operator endpoints share, each with one message naming its field. */

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

/** An owner's threshold in rupees (0 or more, up to 3 decimals), as milli-rupees: `{threshold}` bodies. */
export const thresholdBody = () =>
  z
    .object({
      threshold: z.unknown().transform((v, ctx) => {
        const milli = parseRupeeInput(v);
        if (milli === null) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "threshold must be a number of rupees (0 or more) with up to 3 decimals.",
          });
          return z.NEVER;
        }
        return milli;
      }),
    })
    .strict();

/**
 * An optional Hindi version of an operator-written name or hint (issue 45): text up to `max`
 * characters, trimmed; empty means none (null: the members see the English).
 */
export const hindiTextField = (field: string, max: number) =>
  z
    .string({ invalid_type_error: `${field} must be text.` })
    .max(max, `${field} must be at most ${max} characters.`)
    .transform((v) => (v.trim() === "" ? null : v.trim()));
