import { z } from "zod";
import { parseRupeeInput } from "./money";

/**
 * A rupee amount on a form (operator forms use it for every money field): the text as typed,
 * trimmed, checked by the one parser (shared/money parseRupeeInput) so the browser, the page's
 * action and the API agree on what an amount is. Each form keeps its own words.
 */
export function rupeeText(messages: {
  /** The field is empty. */
  required: string;
  /** Not an amount: letters, a sign, a fourth decimal, too large. */
  invalid: string;
  /** An amount, but not more than ₹0 (left out: ₹0 is allowed). */
  positive?: string;
}) {
  const text = z
    .string({ required_error: messages.required, invalid_type_error: messages.invalid })
    .trim()
    .min(1, messages.required)
    .refine((v) => v === "" || parseRupeeInput(v) !== null, messages.invalid);
  const positive = messages.positive;
  return positive
    ? text.refine((v) => parseRupeeInput(v) === null || (parseRupeeInput(v) ?? 0) > 0, positive)
    : text;
}

/** The HTML `pattern` of a typed amount (native validation before scripts), the same rule. */
export const RUPEE_INPUT_PATTERN = "\\d{1,10}(\\.\\d{1,3})?";
