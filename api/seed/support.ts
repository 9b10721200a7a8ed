import type { Tx } from "../db/client";

/** Demo support content: canned replies and a few answered and open messages. */
export async function seedSupport(_tx: Tx, _now: number): Promise<void> {}
