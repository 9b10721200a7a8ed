import type { Db } from "./client";
import { isBusyConflict } from "./errors";
import { DomainError } from "../lib/errors";
import { log } from "../../shared/log.server";

/**
 * Transactions run again when PostgreSQL rolled them back for a lost race (issue 42): the
 * operators' money actions lock a member's rows, their withdrawals and the pending-payouts account
 * in orders that can cross, and a lost deadlock must never reach an operator as a 500.
 */

/** What an operator is told when a transaction kept losing races after its retries (503). */
export const DB_BUSY_MESSAGE = "The database was busy; try again.";

export interface BusyRetryOptions {
  /** Runs in all, the first included. */
  attempts: number;
  /** The wait before the second run; doubled before each later one, each jittered ×0.5–1.5. */
  baseDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

/** Three runs, about 20 then 40 ms apart: a lost deadlock costs its transaction tens of milliseconds. */
export const BUSY_RETRY: BusyRetryOptions = {
  attempts: 3,
  baseDelayMs: 20,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs `run` — one transaction — and runs it again when PostgreSQL rolled it back for a deadlock
 * (40P01) or a serialization failure (40001): the transaction lost a race with another that locked
 * the same rows in another order, and changed nothing, so a new run sees the winner's work and
 * decides afresh. At most `attempts` runs, a short jittered wait between them; then a
 * DomainError `unavailable` (503, "The database was busy; try again."), never a 500. Any other
 * failure is thrown at once. `run` must be safe to run again: a transaction, or work whose
 * transactions each either committed whole or changed nothing.
 */
export async function retryBusy<T>(
  run: () => Promise<T>,
  options: Partial<BusyRetryOptions> = {},
): Promise<T> {
  const o = { ...BUSY_RETRY, ...options };
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (!isBusyConflict(e)) throw e;
      if (attempt >= o.attempts) {
        log.warn({ err: e, attempts: attempt }, "a transaction kept losing deadlocks: answered busy");
        throw new DomainError("unavailable", DB_BUSY_MESSAGE);
      }
      log.info({ attempt }, "a transaction lost a deadlock or serialization race: running it again");
      await o.sleep(o.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

const retrying = new WeakMap<Db, Db>();

/**
 * `db` whose every transaction (`transaction(fn)`) is run with retryBusy: one that lost a deadlock
 * is run again whole, and one that keeps losing is answered busy (503). Statements outside a
 * transaction, and transactions within one (savepoints), are the database's own. For operator
 * money actions (approve, reject, mark paid, bank files, bans), which lock a member's rows, their
 * withdrawals and the pending-payouts account in orders that can cross. One wrapper per database.
 */
export function retryingTransactions(db: Db): Db {
  let wrapped = retrying.get(db);
  if (!wrapped) {
    wrapped = Object.create(db) as Db;
    const transaction: Db["transaction"] = (fn, config) => retryBusy(() => db.transaction(fn, config));
    Object.defineProperty(wrapped, "transaction", { value: transaction });
    retrying.set(db, wrapped);
  }
  return wrapped;
}

/** `deps` (anything holding `db`) with its database's transactions retried (retryingTransactions). */
export function retryingDeps<D extends { db: Db }>(deps: D): D {
  return Object.defineProperty(Object.create(deps) as D, "db", { value: retryingTransactions(deps.db) });
}
