import type { Db } from "../db/client";

/**
 * Velocity and timing signals (issue 21 §1): claims beyond human pace, claims at the minimum
 * time, machine-regular intervals, an earning day far above usual.
 * STUB — filled in by the behaviour work.
 */
export async function afterClaim(
  _db: Db,
  _input: { userId: string; channel: "ptc_ads" | "click_short_link"; now: Date },
): Promise<void> {}
