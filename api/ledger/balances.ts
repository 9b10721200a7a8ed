import { eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../db/client";
import { ledgerAccounts } from "../db/schema";
import { debtAccount, memberAccount } from "./accounts";

/**
 * Reading the ledger (ARCHITECTURE §4): a member's balances and debt, any account's balance (the
 * stored one, or the sum of its journal lines for an untracked account), and the invariant tests
 * and benchmarks check. Posting is ledger.ts.
 */

/** What the member owes (0 when the debt account is not open or is repaid). */
export async function memberDebt(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, debtAccount(userId)));
  return Math.max(0, -Number(row?.balance ?? 0));
}

export async function memberBalances(
  db: Db | Tx,
  userId: string,
): Promise<{ withdrawable: number; deposit: number }> {
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      inArray(ledgerAccounts.id, [memberAccount(userId, "withdrawable"), memberAccount(userId, "deposit")]),
    );
  const by = new Map(rows.map((r) => [r.id, Number(r.balance)]));
  return {
    withdrawable: by.get(memberAccount(userId, "withdrawable")) ?? 0,
    deposit: by.get(memberAccount(userId, "deposit")) ?? 0,
  };
}

/** An account's balance: the stored one, or for an untracked account the sum of its journal lines. */
export async function accountBalance(db: Db | Tx, accountId: string): Promise<number> {
  const rows = rowsOf<{ b: string | number | null }>(
    await db.execute(
      sql`select case when a.tracked then a.balance else (select coalesce(sum(l.amount), 0) from journal_lines l where l.account_id = a.id) end as b from ledger_accounts a where a.id = ${accountId}`,
    ),
  );
  if (!rows[0]) throw new Error(`Unknown ledger account ${accountId}`);
  return Number(rows[0].b ?? 0);
}

/** Every account's balance (stored, or summed for untracked accounts), by account id. */
export async function allAccountBalances(db: Db | Tx): Promise<Map<string, number>> {
  const rows = rowsOf<{ id: string; b: string | number }>(
    await db.execute(
      sql`select a.id, case when a.tracked then a.balance else coalesce(l.s, 0) end as b from ledger_accounts a left join (select account_id, sum(amount) s from journal_lines group by account_id) l on l.account_id = a.id`,
    ),
  );
  return new Map(rows.map((r) => [r.id, Number(r.b)]));
}

/**
 * The invariant checked by tests and benchmarks: all balances sum to zero, none is illegally
 * negative, every entry balances, and every tracked account's stored balance equals the sum of
 * its lines (an untracked one stores 0). Untracked accounts count with the sum of their lines.
 */
export async function checkLedgerInvariant(
  db: Db,
): Promise<{ total: number; negative: string[]; unbalancedEntries: number }> {
  const accounts = rowsOf<{ id: string; eff: string; neg: boolean; mismatch: boolean }>(
    await db.execute(
      sql`select a.id,
        (case when a.tracked then a.balance else coalesce(l.s, 0) end)::text as eff,
        ((case when a.tracked then a.balance else coalesce(l.s, 0) end) < 0 and not a.allow_negative) as neg,
        (case when a.tracked then a.balance <> coalesce(l.s, 0) else a.balance <> 0 end) as mismatch
      from ledger_accounts a
      left join (select account_id, sum(amount) s from journal_lines group by account_id) l on l.account_id = a.id`,
    ),
  );
  const unbalanced = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select entry_id from journal_lines group by entry_id having sum(amount) <> 0) x`,
    ),
  );
  return {
    total: accounts.reduce((s, a) => s + Number(a.eff), 0),
    negative: accounts
      .filter((a) => a.neg)
      .map((a) => a.id)
      .sort(),
    unbalancedEntries: Number(unbalanced[0]?.n ?? 0) + accounts.filter((a) => a.mismatch).length,
  };
}
