import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Deps } from "../deps";
import type { Db } from "../db/client";
import { payoutFundAccounts, payouts, users, withdrawals } from "../db/schema";
import { applyStatus, nextCheckAfter, scheduleNextCheck, type ApplyVerdict } from "./apply";
import { payoutDestination } from "./destination";
import { ProviderRefusedError, ProviderUnavailableError, type PayoutProvider } from "./provider";
import { narrationOf } from "./razorpayx";
import { log } from "../../shared/log.server";

/**
 * Sending an opened attempt to the provider, outside any transaction (a network call never holds
 * a lock): the member's fund account (made once per destination and kept), then the payout under
 * the attempt's idempotency key, then the answer applied like any status report (apply.ts).
 * - No answer (timeout, 5xx, 429): the attempt stays `created` and the reconciler asks again with
 *   the same key, so the provider makes one payout however many times it is asked.
 * - Refused (4xx, e.g. an invalid VPA): no payout exists; the attempt fails with the provider's
 *   description and the member gets the amount back — except a refusal of our credentials
 *   (401/403), which is the site's configuration, not the member's: kept for a later look.
 */

export type SendOutcome = { verdict: ApplyVerdict | "waiting"; detail?: string };

async function fundAccount(db: Db, provider: PayoutProvider, p: typeof payouts.$inferSelect) {
  const [kept] = await db
    .select({ id: payoutFundAccounts.fundAccountId })
    .from(payoutFundAccounts)
    .where(
      and(
        eq(payoutFundAccounts.channel, provider.channel),
        eq(payoutFundAccounts.userId, p.userId),
        eq(payoutFundAccounts.destinationKey, p.destinationKey),
      ),
    );
  if (kept) return kept.id;
  const [w] = await db
    .select({
      methodName: withdrawals.methodName,
      accountInfo: withdrawals.accountInfo,
      payoutBank: withdrawals.payoutBank,
      name: users.userName,
      email: users.email,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, p.withdrawalId));
  const destination = w ? payoutDestination(w.methodName, w.accountInfo, w.name, w.payoutBank) : null;
  if (!w || !destination)
    throw new ProviderRefusedError(
      "The withdrawal's payout details cannot be paid automatically.",
      400,
      null,
    );
  const made = await provider.createFundAccount({
    userId: p.userId,
    name: w.name,
    email: w.email,
    destination,
  });
  await db
    .insert(payoutFundAccounts)
    .values({
      channel: provider.channel,
      userId: p.userId,
      destinationKey: p.destinationKey,
      contactId: made.contactId,
      fundAccountId: made.fundAccountId,
    })
    .onConflictDoNothing();
  return made.fundAccountId;
}

/** Sends (or sends again, with the same key) one attempt whose create was not answered yet. */
export async function sendAttempt(deps: Deps, payoutId: string): Promise<SendOutcome> {
  const provider = deps.payoutProvider;
  const { db } = deps;
  const [p] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!provider || !p || p.channel !== provider.channel || p.finalAt) return { verdict: "stale" };
  try {
    const fundAccountId = p.fundAccountId ?? (await fundAccount(db, provider, p));
    if (!p.fundAccountId) await db.update(payouts).set({ fundAccountId }).where(eq(payouts.id, p.id));
    const answer = await provider.createPayout({
      idempotencyKey: p.idempotencyKey,
      fundAccountId,
      amountPaise: p.amount / 10,
      mode: p.mode,
      referenceId: p.withdrawalId,
      narration: narrationOf(deps.config.SITE_NAME),
    });
    const now = deps.clock();
    const verdict = await applyStatus(
      deps,
      p.id,
      { status: answer.status, utr: answer.utr, reason: answer.failureReason, providerPayoutId: answer.id },
      "create",
      now,
    );
    // Still out: the webhook should come; if it does not, the reconciler looks then.
    await db
      .update(payouts)
      .set({ nextCheckAt: nextCheckAfter(1, now), updatedAt: now })
      .where(and(eq(payouts.id, p.id), isNull(payouts.finalAt)));
    return { verdict };
  } catch (e) {
    const now = deps.clock();
    if (e instanceof ProviderRefusedError && e.status !== 401 && e.status !== 403) {
      const verdict = await applyStatus(deps, p.id, { status: "rejected", reason: e.message }, "create", now);
      return { verdict, detail: e.message };
    }
    if (e instanceof ProviderUnavailableError || e instanceof ProviderRefusedError) {
      if (e instanceof ProviderRefusedError)
        log.error(`payouts: RazorpayX refused our credentials: ${e.message}`);
      await scheduleNextCheck(db, p.id, p.checks, now);
      return { verdict: "waiting", detail: e.message };
    }
    throw e;
  }
}

/** Asks the provider about one attempt still out, and applies what it says. */
async function checkAttempt(deps: Deps, p: typeof payouts.$inferSelect): Promise<SendOutcome> {
  const provider = deps.payoutProvider!;
  // Never answered: ask again with the same key (the provider answers the payout it made, or makes it).
  if (!p.providerPayoutId) return sendAttempt(deps, p.id);
  try {
    const now = deps.clock();
    const answer = await provider.fetchPayout(p.providerPayoutId);
    const verdict = await applyStatus(
      deps,
      p.id,
      { status: answer.status, utr: answer.utr, reason: answer.failureReason },
      "reconcile",
      now,
    );
    await scheduleNextCheck(deps.db, p.id, p.checks, now);
    return { verdict };
  } catch (e) {
    if (!(e instanceof ProviderUnavailableError || e instanceof ProviderRefusedError)) throw e;
    await scheduleNextCheck(deps.db, p.id, p.checks, deps.clock());
    return { verdict: "waiting", detail: e.message };
  }
}

/**
 * The reconciler (any node; issue 22 §1): claims attempts whose look is due, FOR UPDATE SKIP
 * LOCKED so two nodes never take the same one, moves their next look on at once (a node that dies
 * mid-look leaves them for later, not for ever), then asks the provider about each — at the
 * provider client's pace (RAZORPAYX_MAX_RPS). Answers how many it looked at.
 */
export async function reconcilePayouts(deps: Deps, opts: { limit?: number } = {}): Promise<number> {
  if (!deps.payoutProvider) return 0;
  const now = deps.clock();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.channel, deps.payoutProvider!.channel),
          isNotNull(payouts.nextCheckAt),
          lte(payouts.nextCheckAt, now),
          isNull(payouts.finalAt),
        ),
      )
      .orderBy(asc(payouts.nextCheckAt))
      .limit(opts.limit ?? 50)
      .for("update", { skipLocked: true });
    for (const p of due)
      await tx
        .update(payouts)
        .set({ nextCheckAt: new Date(now.getTime() + 5 * 60_000) })
        .where(eq(payouts.id, p.id));
    return due;
  });
  for (const p of claimed) {
    try {
      await checkAttempt(deps, p);
    } catch (e) {
      log.error({ err: e }, `payouts: reconciling ${p.id} failed`);
    }
  }
  return claimed.length;
}

/** Runs the reconciler every `everyMs` on this node (when a provider is configured); stop() ends it. */
export function startReconciler(deps: Deps, everyMs = 30_000): { stop(): void } {
  if (!deps.payoutProvider) return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deps.inFlight
      .track(reconcilePayouts(deps))
      .catch((e: unknown) => log.error({ err: e }, "payouts: reconciler failed"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
