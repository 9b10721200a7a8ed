import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/client";
import { ledgerAccounts } from "../db/schema";
import { PLATFORM } from "../ledger/ledger";

/**
 * Each paid room's own escrow account, `game:{roomId}:escrow` (docs/decisions/0016): its seats'
 * entry fees until the game settles, tracked and never below zero. Rooms share no escrow row, so a
 * join or a settlement waits only for its own room, and one room's settlement cannot pay out
 * another room's fees. `platform:game_escrow` is kept for the books before migration 0014 (which
 * moved the live rooms' fees to their rooms) and no longer moves.
 */
export const gameEscrowAccount = (roomId: string) => `game:${roomId}:escrow`;

/** The ledger_accounts kind of a room's escrow (campaign escrows are `escrow`). */
export const GAME_ESCROW_KIND = "game_escrow" as const;

/**
 * Opens the room's escrow inside the caller's transaction (with its first entry fee); nothing
 * when it is open.
 */
export async function openGameEscrow(tx: Tx, roomId: string): Promise<string> {
  const id = gameEscrowAccount(roomId);
  await tx.insert(ledgerAccounts).values({ id, kind: GAME_ESCROW_KIND }).onConflictDoNothing();
  return id;
}

/** Every game's held fees: the rooms' escrows plus what is left on platform:game_escrow. */
export async function gameEscrowTotal(db: Db | Tx): Promise<number> {
  const [row] = rowsOf<{ s: string }>(
    await db.execute(
      sql`select coalesce(sum(balance), 0)::text as s from ledger_accounts
        where kind = ${GAME_ESCROW_KIND} or id = ${PLATFORM.gameEscrow}`,
    ),
  );
  return Number(row?.s ?? 0);
}
