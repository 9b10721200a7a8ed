/**
 * The home page's statistics display (spec 1 §9): numbers count up over 2000 ms in 50 steps and
 * are written with K, M or B and a plus.
 */
export const COUNT_UP_MS = 2000;
export const COUNT_UP_STEPS = 50;

const UNITS: [value: number, suffix: string][] = [
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

/**
 * '12.3K+' for 12,345. One decimal at most, rounded down so the figure never claims more than
 * the real number ('999.9K+', not '1000K+'); a trailing '.0' is dropped.
 */
export function abbreviate(n: number): string {
  const value = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  for (const [unit, suffix] of UNITS) {
    if (value >= unit) {
      const tenths = Math.floor((value * 10) / unit);
      const text = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
      return `${text}${suffix}+`;
    }
  }
  return `${value}+`;
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
