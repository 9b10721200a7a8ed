/**
 * Money is integer milli-rupees (1 rupee = 1000) everywhere it is computed or stored.
 * Formatting to rupees happens only at the edge.
 */
export const MILLI_PER_RUPEE = 1000;

export function rupeesToMilli(rupees: number): number {
  if (!Number.isSafeInteger(rupees)) throw new RangeError("rupees must be a safe integer");
  return rupees * MILLI_PER_RUPEE;
}

/** Whole rupees in Indian grouping (1,23,456) with the digits 0–9, in English and Hindi alike. */
const indianGrouping = new Intl.NumberFormat("en-IN", { numberingSystem: "latn", maximumFractionDigits: 0 });

/**
 * '₹1,23,456.789' from 123456789 milli-rupees: the one display of an amount on every page, in
 * every language (Indian grouping, digits 0–9, `decimals` 3 by default; payment proof uses 2).
 * Without the symbol it is the wire and file form instead — '123456.789', no grouping — as the
 * API's fields and the bank files carry it.
 */
export function formatRupees(milli: number | null | undefined, decimals: 2 | 3 = 3, symbol = true): string {
  const value = typeof milli === "number" && Number.isFinite(milli) ? milli : 0;
  const negative = value < 0;
  const abs = Math.abs(Math.trunc(value));
  const whole = Math.floor(abs / MILLI_PER_RUPEE);
  let frac = abs % MILLI_PER_RUPEE;
  let wholeOut = whole;
  let fracText: string;
  if (decimals === 3) {
    fracText = String(frac).padStart(3, "0");
  } else {
    // round half up to 2 decimals, integer arithmetic only
    frac = Math.floor((frac + 5) / 10);
    if (frac === 100) {
      frac = 0;
      wholeOut += 1;
    }
    fracText = String(frac).padStart(2, "0");
  }
  const wholeText = symbol ? indianGrouping.format(wholeOut) : String(wholeOut);
  return `${negative ? "-" : ""}${symbol ? "₹" : ""}${wholeText}.${fracText}`;
}

/**
 * A rule's amount, such as a payout method's minimum (issue 45 §2): '₹50' when it is whole rupees —
 * a limit, not a balance, so no '.000' — and every digit otherwise ('₹50.500').
 */
export function formatRupeeLimit(milli: number): string {
  const text = formatRupees(milli);
  return milli % MILLI_PER_RUPEE === 0 ? text.slice(0, -4) : text;
}

/** Plain number text with 3 decimals, as the API's response fields carry it (e.g. "12.345"). */
export function milliToRupeeString(milli: number): string {
  return formatRupees(milli, 3, false);
}

/**
 * A product of amounts that can pass Number's exact integers (a gift code's amount × claim limit),
 * as a rupee string with 3 decimals.
 */
export function bigMilliToRupeeString(milli: bigint): string {
  const sign = milli < 0n ? "-" : "";
  const abs = milli < 0n ? -milli : milli;
  return `${sign}${abs / 1000n}.${(abs % 1000n).toString().padStart(3, "0")}`;
}

/** 5 % of an amount, rounded half up to the milli-rupee (exact for whole rupees). */
export function percentOf(milli: number, basisPoints: number): number {
  return Math.floor((milli * basisPoints + 5000) / 10000);
}

/**
 * The API sends money as rupee strings with 3 decimals ("12.345"). They are turned into integer
 * milli-rupees with string arithmetic only, so comparisons and display stay exact. For reading
 * the API's own fields only: a typed amount goes through parseRupeeInput, which refuses what this
 * forgives (a fourth decimal, garbage).
 */
export function parseRupees(value: string | number | null | undefined): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 1000) : 0;
  const m = /^\s*(-)?(\d+)(?:\.(\d{0,3})\d*)?\s*$/.exec(value ?? "");
  if (!m) return 0;
  const milli = Number(m[2]) * 1000 + Number((m[3] ?? "").padEnd(3, "0"));
  return m[1] ? -milli : milli;
}

/** '₹12.345' from the API's rupee string (fallback ₹0.000). */
export function rupees(value: string | number | null | undefined): string {
  return formatRupees(parseRupees(value));
}

/**
 * The conversion charge: 5 % of a deposit-to-withdrawable conversion, none the other way
 * (spec 2 §4). The converter page previews it, the API charges it.
 */
export const DEPOSIT_TO_WITHDRAW_CHARGE_BP = 500;
/** The charge as the converter names it ("5%"). */
export const DEPOSIT_TO_WITHDRAW_CHARGE_TEXT = `${DEPOSIT_TO_WITHDRAW_CHARGE_BP / 100}%`;

export function conversionCharge(
  direction: "withdrawToDeposit" | "depositToWithdraw",
  amount: number,
): number {
  return direction === "depositToWithdraw" ? percentOf(amount, DEPOSIT_TO_WITHDRAW_CHARGE_BP) : 0;
}

/** The one shape of a typed percentage (every operator form): 0 to 100 with at most two decimals. */
export const PERCENT_INPUT = /^(?:100|\d{1,2}(?:\.\d{1,2})?)$/;

/** "12.5" (a percentage typed with up to 2 decimals, PERCENT_INPUT) → 1250 basis points: string arithmetic, no floats. */
export function percentToBasisPoints(percent: string): number {
  const [whole = "0", frac = ""] = percent.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** 1250 basis points → "12.5"; 1200 → "12". */
export function basisPointsToPercent(bp: number): string {
  const frac = bp % 100;
  return frac === 0
    ? String(Math.floor(bp / 100))
    : `${Math.floor(bp / 100)}.${String(frac).padStart(2, "0").replace(/0$/, "")}`;
}

/** 250 basis points → "2.50"; 3000 → "30.00": always two decimals (statements, certificates), no floats. */
export function basisPointsToFixedPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;
}

/** Largest amount a member may type, in rupees: far above any real balance, far below float trouble. */
export const MAX_INPUT_RUPEES = 1_000_000_000;

/** The one shape of a typed rupee amount: digits, then at most three decimals. */
export const RUPEE_INPUT = /^(\d{1,10})(?:\.(\d{1,3}))?$/;

/**
 * The one parser of a typed amount (every form, member's or operator's, and every endpoint that
 * takes rupees): rupees with up to 3 decimals ("12", "12.5", "12.345", or a number) to exact
 * milli-rupees, from 0 up to MAX_INPUT_RUPEES; null for anything else (a fourth decimal, a sign,
 * garbage), never a silent rounding.
 */
export function parseRupeeInput(value: unknown): number | null {
  const text =
    typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : typeof value === "string"
        ? value.trim()
        : null;
  const m = text === null ? null : RUPEE_INPUT.exec(text);
  if (!m) return null;
  const milli = Number(m[1]) * MILLI_PER_RUPEE + Number((m[2] ?? "").padEnd(3, "0"));
  return milli <= MAX_INPUT_RUPEES * MILLI_PER_RUPEE ? milli : null;
}

/** A typed amount that must be more than ₹0: its milli-rupees, or null. */
export function parseRupeeAmount(value: unknown): number | null {
  const milli = parseRupeeInput(value);
  return milli !== null && milli > 0 ? milli : null;
}

/** The digits of the largest typed amount (10): the whole part RUPEE_INPUT takes, an amount box's length. */
export const MAX_INPUT_DIGITS = String(MAX_INPUT_RUPEES).length;

/**
 * Whole rupees as a member types them (spec 1 §4, spec 2 §4: digits only) or the API receives them
 * (a JSON integer or a string of digits): from 0 up to MAX_INPUT_RUPEES, null for anything else (a
 * fraction, a sign, an exponent, a space, more than MAX_INPUT_RUPEES). The withdrawal and converter
 * pages and the API's endpoints check an amount with this one function, so they refuse alike.
 */
export function parseWholeRupees(value: unknown): number | null {
  const digitsOnly =
    typeof value === "number"
      ? Number.isSafeInteger(value) && value >= 0
      : typeof value === "string" && /^\d+$/.test(value);
  const milli = digitsOnly ? parseRupeeInput(value) : null;
  return milli === null ? null : milli / MILLI_PER_RUPEE;
}
