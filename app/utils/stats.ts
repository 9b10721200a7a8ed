/**
 * The home page's statistics display (spec 1 §9: 2000 ms in 50 steps with a plus). The figures are
 * written the Indian way (issue 45): below a lakh in full with Indian grouping ('99,999+'), from a
 * lakh in lakh ('4.8 lakh+'), from a crore in crore ('1.2 crore+'), instead of the spec's K, M or B,
 * which members in India do not read at a glance.
 */
export const COUNT_UP_MS = 2000;
export const COUNT_UP_STEPS = 50;

export const LAKH = 100_000;
export const CRORE = 10_000_000;

/** The words of the two units in the page's language (the catalogue's `common.stats.lakh`/`crore`). */
export interface IndianUnits {
  lakh: string;
  crore: string;
}

export const ENGLISH_UNITS: IndianUnits = { lakh: "lakh", crore: "crore" };

const grouped = new Intl.NumberFormat("en-IN", { numberingSystem: "latn", maximumFractionDigits: 0 });

/**
 * '12,000+' for 12,000; '4.8 lakh+' for 4,80,000; '1.2 crore+' for 1,23,45,678. One decimal at
 * most, rounded down so the figure never claims more than the real number ('99.9 lakh+', not
 * '100 lakh+'); a trailing '.0' is dropped. Fractions, negatives and non-numbers read as 0.
 */
export function indianFigure(n: number, units: IndianUnits = ENGLISH_UNITS): string {
  const value = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  if (value < LAKH) return `${grouped.format(value)}+`;
  const [unit, word] = value >= CRORE ? [CRORE, units.crore] : [LAKH, units.lakh];
  const tenths = Math.floor((value * 10) / unit);
  const whole = grouped.format(Math.floor(tenths / 10));
  const text = tenths % 10 === 0 ? whole : `${whole}.${tenths % 10}`;
  return `${text} ${word}+`;
}

/**
 * The values shown at each step of the count-up: `steps` integers rising evenly from just above 0
 * to exactly `target` (never past it).
 */
export function countUpSteps(target: number, steps = COUNT_UP_STEPS): number[] {
  const end = Number.isFinite(target) && target > 0 ? Math.floor(target) : 0;
  const n = Math.max(1, Math.floor(steps));
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? end : Math.floor((end * (i + 1)) / n)));
}
