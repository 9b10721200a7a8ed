/**
 * Field rules shared by the pages (native `pattern`, the zod schemas) and the API, so the browser,
 * the web tier and the API accept the same values.
 */

/**
 * A mobile number: exactly 10 digits (spec 1 §5), the first not 0. The spec's API carries the
 * member's number as a JSON number, where a leading 0 cannot survive, so one rule serves both.
 */
export const MOBILE_NUMBER = /^[1-9][0-9]{9}$/;
/** The same rule for an input's `pattern` attribute (which the browser anchors itself). */
export const MOBILE_NUMBER_PATTERN = "[1-9][0-9]{9}";

export const isMobileNumber = (value: string): boolean => MOBILE_NUMBER.test(value);
