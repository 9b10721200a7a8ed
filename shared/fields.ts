/**
 * Field rules shared by the pages (native `pattern`, the zod schemas) and the API, so the browser,
 * the web tier and the API accept the same values.
 */

/** A mobile number is exactly 10 digits (spec 1 §5). */
export const MOBILE_NUMBER = /^[0-9]{10}$/;
/** The same rule for an input's `pattern` attribute (which the browser anchors itself). */
export const MOBILE_NUMBER_PATTERN = "[0-9]{10}";

export const isMobileNumber = (value: string): boolean => MOBILE_NUMBER.test(value);
