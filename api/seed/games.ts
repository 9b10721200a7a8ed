import type { Tx } from "../db/client";
import { gameRoomTypes } from "../db/schema";
import { newId } from "../lib/ids";
import { rupeesToMilli } from "../../shared/money";
import { ROOM_NAMES_HI } from "./contentHi";

/** The demo's paid tic-tac-toe rooms: entry fee and prize in rupees (the rest of two fees is revenue). */
export const DEMO_ROOM_TYPES = [
  { name: "Bronze Room", entryFee: 10, prize: 18 },
  { name: "Silver Room", entryFee: 20, prize: 36 },
  { name: "Gold Room", entryFee: 50, prize: 90 },
] as const;

/** Seeds the demo room types inside the seed's transaction (the Practice Room needs no row). */
export async function seedGames(tx: Tx): Promise<void> {
  await tx
    .insert(gameRoomTypes)
    .values(
      DEMO_ROOM_TYPES.map((t, i) => ({
        id: newId(),
        name: t.name,
        nameHi: ROOM_NAMES_HI[i] ?? null,
        entryFee: rupeesToMilli(t.entryFee),
        prize: rupeesToMilli(t.prize),
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
}
