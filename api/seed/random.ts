import { newId } from "../lib/ids";
import { istDayStart } from "../ledger/earningKinds";

/** What every part of the demo seed shares: time units, a deterministic generator, backdated ids. */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** Small deterministic PRNG (mulberry32), so every fresh demo database looks alike. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [min, max]. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int };
}

/** A record id like `newId()`, but carrying the backdated time so ids (and order numbers) sort with it. */
export const idAt = (date: Date): string => newId(date);

/** The start (00:00 India time) of the day holding `t`, in epoch milliseconds. */
export const istDayStartMs = (t: number): number => istDayStart(new Date(t)).getTime();
