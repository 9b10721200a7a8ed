import type { Tx } from "../db/client";
import type { Outcome, PlayerSymbol } from "../../shared/ticTacToe";
import { GAME_MESSAGES } from "../../shared/ticTacToeEvents";
import type { GameEffect } from "../../shared/ticTacToeMachine";
import { creditEarning } from "../ledger/earnings";
import { DomainError } from "../lib/errors";
import {
  InsufficientFundsError,
  OwingError,
  PLATFORM,
  debtAccount,
  memberAccount,
  post,
  postChecked,
} from "../ledger/ledger";
import { owingError } from "../ledger/debt";
import { together } from "../db/errors";
import { gameEscrowAccount, openGameEscrow } from "./escrow";

/**
 * Tic-tac-toe's settlement: the game machine's money effects (shared/ticTacToeMachine.ts) as
 * ledger entries, in the transaction of the room change they belong to, each under a unique key:
 * an entry fee once per seat, a refund once per seat, the prize and the revenue once per game.
 * Practice rooms (no fee) move no money. A paid room's fees are held on its own escrow account
 * (`game:{roomId}:escrow`, ./escrow.ts): rooms share no ledger row.
 */

/** Ledger entry kinds of games (the prize is an earning of kind `bettingGames`). */
export const GAME_KINDS = { fee: "game_fee", refund: "game_refund", revenue: "game_revenue" } as const;

const feeKey = (roomId: string, userId: string) => `game-fee:${roomId}:${userId}`;
const refundKey = (roomId: string, userId: string) => `game-refund:${roomId}:${userId}`;
/** The one settlement key of a game: its prize entry. */
export const prizeKey = (roomId: string) => `game-prize:${roomId}`;
const revenueKey = (roomId: string) => `game-revenue:${roomId}`;

/** What settlement needs of a room and its seats. */
export interface PricedRoom {
  id: string;
  name: string;
  entryFee: number;
  prize: number;
}
export interface Seat {
  userId: string;
  symbol: PlayerSymbol;
}

/**
 * Posts one effect's money (`charge`, `refund` or `settle`; others move none). Members whose
 * balances changed are added to `balances`, to be told once the transaction commits.
 */
export async function settleEffect(
  tx: Tx,
  balances: Set<string>,
  room: PricedRoom,
  seats: Seat[],
  effect: GameEffect,
  now: Date,
): Promise<void> {
  if (effect.type === "charge") await chargeFee(tx, balances, room, effect.userId, now);
  else if (effect.type === "refund") await refundFee(tx, balances, room, effect.userId, now);
  else if (effect.type === "settle") await settleGame(tx, balances, room, seats, effect.outcome, now);
}

/** A paid seat's entry fee, from the deposit balance to the room's escrow (refused while owing). */
async function chargeFee(tx: Tx, balances: Set<string>, room: PricedRoom, userId: string, now: Date) {
  if (room.entryFee <= 0) return;
  // The room's first fee opens its escrow (the room row is locked: no other seat races this); the
  // entry goes out with it, one round trip. It locks the member's debt account with its own, and a
  // debt read under that lock refuses it; every refusal is an error of its statement, so the join
  // may send its COMMIT behind it (postChecked).
  try {
    await together([
      openGameEscrow(tx, room.id),
      postChecked(
        tx,
        {
          idempotencyKey: feeKey(room.id, userId),
          kind: GAME_KINDS.fee,
          userId,
          memo: `Entry fee: ${room.name}`,
          createdAt: now,
          lines: [
            { account: memberAccount(userId, "deposit"), amount: -room.entryFee },
            { account: gameEscrowAccount(room.id), amount: room.entryFee },
          ],
        },
        debtAccount(userId),
      ),
    ] as const);
  } catch (e) {
    if (e instanceof OwingError) throw owingError(e.owed);
    if (e instanceof InsufficientFundsError)
      throw new DomainError("insufficient_balance", GAME_MESSAGES.lowBalance);
    throw e;
  }
  balances.add(userId);
}

async function refundFee(tx: Tx, balances: Set<string>, room: PricedRoom, userId: string, now: Date) {
  if (room.entryFee <= 0) return;
  const r = await post(tx, {
    idempotencyKey: refundKey(room.id, userId),
    kind: GAME_KINDS.refund,
    userId,
    memo: `Refund: ${room.name}`,
    createdAt: now,
    lines: [
      { account: gameEscrowAccount(room.id), amount: -room.entryFee },
      { account: memberAccount(userId, "deposit"), amount: room.entryFee },
    ],
  });
  if (r.posted) balances.add(userId);
}

/**
 * Moves a game's money, once: the winner's prize from the room's escrow (an earning; the referrer's
 * income is on the net winnings, prize − own fee) and the rest of the fees to revenue; a draw
 * refunds both fees.
 */
async function settleGame(
  tx: Tx,
  balances: Set<string>,
  room: PricedRoom,
  seats: Seat[],
  outcome: Outcome,
  now: Date,
) {
  if (room.entryFee <= 0) return;
  if (outcome === "draw") {
    for (const p of seats) await refundFee(tx, balances, room, p.userId, now);
    return;
  }
  const winner = seats.find((p) => p.symbol === outcome);
  if (!winner) throw new Error(`room ${room.id} has no player ${outcome}`);
  const rest = room.entryFee * seats.length - room.prize;
  // The prize and the fees kept are entries of their own, each under its key (posted once, whichever
  // settles the room): they go out together, one round trip.
  const [{ posted }] = await together([
    creditEarning(tx, {
      userId: winner.userId,
      source: "bettingGames",
      amount: room.prize,
      idempotencyKey: prizeKey(room.id),
      memo: `Won: ${room.name}`,
      createdAt: now,
      fundingAccount: gameEscrowAccount(room.id),
      // The referrer's income is on the net winnings, not the prize.
      referralBase: room.prize - room.entryFee,
    }),
    rest > 0
      ? post(tx, {
          idempotencyKey: revenueKey(room.id),
          kind: GAME_KINDS.revenue,
          memo: `Fees kept: ${room.name}`,
          createdAt: now,
          lines: [
            { account: gameEscrowAccount(room.id), amount: -rest },
            { account: PLATFORM.revenue, amount: rest },
          ],
        })
      : Promise.resolve(null),
  ] as const);
  if (posted) balances.add(winner.userId);
}
