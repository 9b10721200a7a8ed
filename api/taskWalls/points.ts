/**
 * A postback's amount (docs/api/taskwalls.md): points of the network's currency to milli-rupees,
 * exact, with integers only.
 */

/**
 * A postback's amount in points × milli-rupees per point, rounded down to whole milli-rupees —
 * exact, with integers only. Null unless the text is a canonical decimal number: digits with no
 * leading zero ("0.5" but not "00.5" or "01"), an optional fraction, a minus sign only before a
 * value that is not zero; no "+", no exponent, no spaces. A signature over fields joined without a
 * separator cannot tell where one value ends, so one signed postback must not have other spellings
 * of other amounts that verify too (`tx1000` + `1` is also `tx100` + `01`).
 */
export function pointsToMilli(
  text: string | undefined,
  milliPerPoint: number,
): { negative: boolean; milli: bigint } | null {
  const m = /^(-)?(0|[1-9]\d{0,17})(?:\.(\d{1,12}))?$/.exec(text ?? "");
  if (!m) return null;
  const frac = m[3] ?? "";
  const negative = m[1] === "-";
  if (negative && /^0*$/.test(m[2]! + frac)) return null;
  const scaled = BigInt(m[2]! + frac) * BigInt(milliPerPoint);
  return { negative, milli: scaled / 10n ** BigInt(frac.length) };
}

/** The smaller of two bigints. */
export const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
