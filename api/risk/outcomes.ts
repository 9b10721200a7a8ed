import type { Db } from "../db/client";

/**
 * Outcome signals (issue 21 §1): cheat-log refusals, offer-wall reversals against credits, game
 * collusion. STUB — filled in by the behaviour work.
 */
export async function afterCheatRefusal(_db: Db, _userId: string, _now: Date): Promise<void> {}
export async function afterOfferReversal(_db: Db, _userId: string, _now: Date): Promise<void> {}
export async function afterGameSettled(_db: Db, _roomId: string, _now: Date): Promise<void> {}
