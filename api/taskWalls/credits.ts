import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { journalEntries, journalLines, taskWallTransactions } from "../db/schema";
import { milliToRupeeString } from "../../shared/money";
import { creditEarning } from "../ledger/earnings";
import { PLATFORM, debtAccount, lockAccounts, memberAccount, openDebtAccount, post } from "../ledger/ledger";
import { getSetting } from "../site/settings";
import type { TaskWall } from "./config";
import type { Judgement, LogInTx } from "./log";
import { minBig } from "./points";
import { earningRefusalInTx } from "../members/restrictions";
import { cancelPending, creditKey, holdCredit, holdOf, wallKey } from "../ledger/holds";
import { formatTime } from "../../shared/time";

/**
 * A postback's money (ADR 0008): a credit moves money once per (wall, transaction id, goal id) —
 * the database's primary key decides, so parallel retries credit once — and a reversal takes the
 * credit back once, from the balance and, past it, into the member's debt (the referrer's share
 * with it). A credit above its wall's hold threshold is held (api/ledger/holds.ts): booked to the member's
 * pending account, released later; a reversal inside the hold cancels it instead.
 */

export const TASK_WALL_REVERSAL = "offerWall_reversal";
export const REFERRAL_REVERSAL = "referral_reversal";

type TransactionKey = { wallId: string; transactionId: string; goalId: string; kind: "credit" | "reversal" };

const transactionIs = (k: TransactionKey) =>
  and(
    eq(taskWallTransactions.wallId, k.wallId),
    eq(taskWallTransactions.transactionId, k.transactionId),
    eq(taskWallTransactions.goalId, k.goalId),
    eq(taskWallTransactions.kind, k.kind),
  );

/** " (goal g)" for a detail line when the credit has a goal. */
const goalText = (goalId: string) => (goalId ? ` (goal ${goalId})` : "");

/** Records on the transaction row the ledger entry that moved its money (and a reversal's debt). */
async function linkEntry(tx: Tx, k: TransactionKey, idempotencyKey: string, debt?: number): Promise<void> {
  const [entry] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, idempotencyKey));
  await tx
    .update(taskWallTransactions)
    .set({ entryId: entry?.id ?? null, ...(debt === undefined ? {} : { debt }) })
    .where(transactionIs(k));
}

/**
 * One transaction: the (wall, transaction, goal, 'credit') row — or nothing, a duplicate — and the
 * earning, or (above the wall's hold threshold) the pending credit released after the hold.
 */
export async function credit(
  db: Db,
  input: {
    wall: TaskWall;
    userId: string;
    transactionId: string;
    /** The goal or event id ('' when the wall sends none). */
    goalId: string;
    amount: number;
    capped: boolean;
    referredBy: string | null;
    now: Date;
    logInTx: LogInTx;
  },
): Promise<Judgement> {
  const { wall, userId, transactionId, goalId, amount, now } = input;
  const known = { transactionId, userId, goalId };
  const rateBp = await getSetting(db, "referral_rate_bp");
  return db.transaction(async (tx) => {
    // First: the member's row FOR SHARE. A suspended (or closed) account is credited nothing; the
    // postback is logged with its verdict and may be sent again once the suspension is lifted.
    const suspended = await earningRefusalInTx(tx, userId);
    if (suspended)
      return {
        verdict: "earning_suspended",
        detail: `Not credited: the member's earning is suspended (${suspended})`.slice(0, 500),
        ...known,
      };
    const heldUntil = holdOf(wall, amount, now);
    const [row] = await tx
      .insert(taskWallTransactions)
      .values({
        wallId: wall.id,
        transactionId,
        goalId,
        kind: "credit",
        userId,
        amount,
        heldUntil,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ wallId: taskWallTransactions.wallId });
    if (!row)
      return {
        verdict: "duplicate",
        detail: `This transaction${goalText(goalId)} was credited already.`,
        ...known,
      };
    const capped = input.capped ? " (capped by the wall's limit per postback)" : "";
    if (heldUntil) {
      // Recorded now, withdrawable after the hold: no earning roll-up and no referral share yet.
      const entryId = await holdCredit(tx, { wallId: wall.id, userId, transactionId, goalId, amount, now });
      await tx
        .update(taskWallTransactions)
        .set({ entryId })
        .where(transactionIs({ wallId: wall.id, transactionId, goalId, kind: "credit" }));
      const held: Judgement = {
        verdict: "credited",
        detail: `Credited ₹${milliToRupeeString(amount)}${goalText(goalId)}${capped}, pending until ${formatTime(heldUntil.toISOString())} (IST).`,
        ...known,
        amount,
      };
      await input.logInTx(tx, held);
      return held;
    }
    const key = creditKey(wall.id, transactionId, goalId);
    await creditEarning(tx, {
      userId,
      source: "offerWall",
      amount,
      idempotencyKey: key,
      memo: wall.id,
      createdAt: now,
      referral: { referredBy: input.referredBy, rateBp },
    });
    await linkEntry(tx, { wallId: wall.id, transactionId, goalId, kind: "credit" }, key);
    const j: Judgement = {
      verdict: "credited",
      detail: `Credited ₹${milliToRupeeString(amount)}${goalText(goalId)}${capped}.`,
      ...known,
      amount,
    };
    await input.logInTx(tx, j);
    return j;
  });
}

/**
 * Takes `amount` from an account holder (ADR 0008): what the withdrawable balance holds, then
 * what the deposit balance holds, and only the rest as debt. The balances are the locked ones.
 */
export function takeBackSplit(
  locked: ReadonlyMap<string, number>,
  userId: string,
  amount: number,
): { fromWithdrawable: number; fromDeposit: number; debt: number } {
  const held = (kind: "withdrawable" | "deposit") =>
    Math.max(0, locked.get(memberAccount(userId, kind)) ?? 0);
  const fromWithdrawable = Math.min(held("withdrawable"), amount);
  const fromDeposit = Math.min(held("deposit"), amount - fromWithdrawable);
  return { fromWithdrawable, fromDeposit, debt: amount - fromWithdrawable - fromDeposit };
}

/** Every account a take-back from the member may move, for `lockAccounts`. */
const takeBackAccounts = (userId: string) => [
  memberAccount(userId, "withdrawable"),
  memberAccount(userId, "deposit"),
  debtAccount(userId),
];

/**
 * One entry taking `amount` back from a member: withdrawable −covered, deposit −covered, debt
 * −rest, `to` +amount. Opens the debt account when it is needed (the accounts are locked already).
 */
async function takeBack(
  tx: Tx,
  locked: Map<string, number>,
  input: {
    userId: string;
    amount: number;
    to: string;
    idempotencyKey: string;
    kind: string;
    relatedUserId?: string;
    memo: string;
    now: Date;
  },
): Promise<number> {
  const { fromWithdrawable, fromDeposit, debt } = takeBackSplit(locked, input.userId, input.amount);
  if (debt > 0) await openDebtAccount(tx, input.userId);
  await post(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    userId: input.userId,
    relatedUserId: input.relatedUserId,
    memo: input.memo,
    createdAt: input.now,
    lines: [
      { account: memberAccount(input.userId, "withdrawable"), amount: -fromWithdrawable },
      { account: memberAccount(input.userId, "deposit"), amount: -fromDeposit },
      { account: debtAccount(input.userId), amount: -debt },
      { account: input.to, amount: input.amount },
    ],
  });
  return debt;
}

/**
 * A reversal, once per original credit (wall, original transaction, goal): the (…, 'reversal')
 * row, then one entry taking the reversed amount back to the offer-wall account (the withdrawable
 * balance first, then the deposit balance, the rest as debt), and the same for the referrer's
 * share of it (back to promotions). The amount reversed is the original credit, or the reversal's
 * own amount when that is smaller. A credit still on hold (not released) is cancelled instead:
 * its pending amount goes back to the offer-wall account — no debt, and no referral share was
 * paid. The original credit's row is locked first, so a release and a reversal of one credit
 * take turns.
 */
export async function reverse(
  db: Db,
  input: {
    wall: TaskWall;
    userId: string;
    transactionId: string;
    originalId: string;
    goalId: string;
    requested: bigint;
    now: Date;
    logInTx: LogInTx;
  },
): Promise<Judgement> {
  const { wall, userId, transactionId, originalId, goalId, now } = input;
  const known = { transactionId, userId, goalId };
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(taskWallTransactions)
      .where(transactionIs({ wallId: wall.id, transactionId: originalId, goalId, kind: "credit" }))
      .for("update");
    if (!original)
      return {
        verdict: "reversal_without_original",
        detail: `No credit of transaction ${originalId}${goalText(goalId)} to reverse.`,
        ...known,
      };
    if (original.userId !== userId)
      return {
        verdict: "invalid_params",
        detail: "The reversal names another member than the credit.",
        ...known,
      };
    const credited = Number(original.amount);
    const amount = input.requested > 0n ? Number(minBig(input.requested, BigInt(credited))) : credited;
    const [row] = await tx
      .insert(taskWallTransactions)
      .values({
        wallId: wall.id,
        transactionId: originalId,
        goalId,
        kind: "reversal",
        userId,
        amount,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ wallId: taskWallTransactions.wallId });
    if (!row)
      return {
        verdict: "reversal_duplicate",
        detail: `Transaction ${originalId}${goalText(goalId)} was reversed already.`,
        ...known,
      };

    if (original.heldUntil && !original.releasedAt && !original.cancelledAt) {
      // Inside the hold: the pending credit is cancelled (nothing was withdrawable, nothing owed).
      const key = await cancelPending(tx, {
        wallId: wall.id,
        userId,
        transactionId: originalId,
        goalId,
        amount,
        whole: amount === credited,
        now,
      });
      await linkEntry(tx, { wallId: wall.id, transactionId: originalId, goalId, kind: "reversal" }, key, 0);
      const cancelled: Judgement = {
        verdict: "reversed",
        detail: `Cancelled ₹${milliToRupeeString(amount)} of the pending credit of transaction ${originalId}${goalText(goalId)} (inside its hold; no debt).`,
        ...known,
        amount: -amount,
      };
      await input.logInTx(tx, cancelled);
      return cancelled;
    }

    // The referrer's share of the reversed part goes back too (ADR 0008).
    const [referral] = await tx
      .select({ referrer: journalEntries.userId, share: journalLines.amount })
      .from(journalEntries)
      .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
      .where(
        and(
          eq(journalEntries.idempotencyKey, `referral:${creditKey(wall.id, originalId, goalId)}`),
          sql`${journalLines.accountId} = 'member:' || ${journalEntries.userId} || ':withdrawable'`,
        ),
      );
    const clawback =
      referral?.referrer && referral.share > 0
        ? Number((BigInt(referral.share) * BigInt(amount)) / BigInt(credited))
        : 0;
    const locked = await lockAccounts(tx, [
      ...takeBackAccounts(userId),
      ...(clawback > 0 ? takeBackAccounts(referral!.referrer!) : []),
    ]);
    const key = wallKey("offerwall-reversal", wall.id, originalId, goalId);
    const debt = await takeBack(tx, locked, {
      userId,
      amount,
      to: PLATFORM.offerWalls,
      idempotencyKey: key,
      kind: TASK_WALL_REVERSAL,
      memo: wall.id,
      now,
    });
    if (clawback > 0)
      await takeBack(tx, locked, {
        userId: referral!.referrer!,
        amount: clawback,
        to: PLATFORM.promotions,
        idempotencyKey: `referral:${key}`,
        kind: REFERRAL_REVERSAL,
        relatedUserId: userId,
        memo: wall.id,
        now,
      });
    await linkEntry(tx, { wallId: wall.id, transactionId: originalId, goalId, kind: "reversal" }, key, debt);
    const j: Judgement = {
      verdict: "reversed",
      detail: `Reversed ₹${milliToRupeeString(amount)} of transaction ${originalId}${goalText(goalId)}${debt > 0 ? `; ₹${milliToRupeeString(debt)} became debt` : ""}.`,
      ...known,
      amount: -amount,
    };
    await input.logInTx(tx, j);
    return j;
  });
}
