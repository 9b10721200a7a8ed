import { inArray, sql, type SQLWrapper } from "drizzle-orm";
import { raisedMessage } from "../db/errors";
import { builtOnce, rowsOf, type Db, type Tx } from "../db/client";
import { ledgerAccounts } from "../db/schema";
import { EARNING_KINDS } from "./earningKinds";
import { UNTRACKED_ACCOUNTS } from "./accounts";

/**
 * The double-entry ledger (ARCHITECTURE §4). Every movement of money is one journal entry whose
 * lines sum to zero, written in one transaction with the balance updates. Member balances can
 * never go below zero: the update is conditional and a CHECK constraint backs it. Idempotency is
 * a unique key on the entry: posting the same key twice has one effect.
 */

// The accounts and the balances have their own modules; the ledger's readers import them from here.
export {
  PLATFORM,
  UNTRACKED_ACCOUNTS,
  campaignEscrowAccount,
  debtAccount,
  ensurePlatformAccounts,
  memberAccount,
  openCampaignEscrow,
  openDebtAccount,
  openMemberAccounts,
} from "./accounts";
export {
  accountBalance,
  allAccountBalances,
  checkLedgerInvariant,
  memberBalances,
  memberDebt,
} from "./balances";

/** The tracked accounts among `accounts`, each once: the ones a lock list names. */
const trackedAccounts = (accounts: string[]) =>
  [...new Set(accounts)].filter((a) => !UNTRACKED_ACCOUNTS.has(a));

export class InsufficientFundsError extends Error {
  constructor(public accountId: string) {
    super("Insufficient Balance");
  }
}

export interface EntryLine {
  account: string;
  amount: number;
}

export interface EntryInput {
  idempotencyKey: string;
  kind: string;
  userId?: string | null;
  relatedUserId?: string | null;
  memo?: string | null;
  lines: EntryLine[];
  createdAt?: Date;
}

export type PostResult = { posted: true; entryId: number } | { posted: false; duplicate: true };

/**
 * Posts one entry inside the caller's transaction. Throws InsufficientFundsError (rolling the
 * caller's transaction back) when a line would take a non-negative account below zero.
 */
export async function post(tx: Tx, input: EntryInput): Promise<PostResult> {
  // One round trip: the entry, the balances in account order, the lines and both roll-ups are the
  // database function ledger_post (migration 0013, docs/decisions/0015).
  const [row] = rowsOf<PostRow>(
    await tx.execute(sql`select p.entry_id, p.failure, p.failed_account from ${ledgerPostCall(input)} p`),
  );
  if (!row) throw new Error("ledger_post answered nothing");
  return postResult(row);
}

/**
 * post() whose every refusal is an error of the statement (ledger_post_checked, migration 0022),
 * so that it aborts the transaction: for a transaction whose COMMIT goes out behind its last
 * statements (commitBehind). With `debt`, that account is locked with the entry's tracked
 * accounts, in the one order every transaction locks them, and a debt read under the lock refuses.
 * Throws as post() does (InsufficientFundsError), or OwingError. Answers whether it was posted
 * (false: a duplicate key).
 */
export async function postChecked(tx: Tx, input: EntryInput, debt?: string): Promise<boolean> {
  const json = linesJson(input.lines);
  const tracked = trackedAccounts([...input.lines.map((l) => l.account), ...(debt ? [debt] : [])]);
  const at = input.createdAt ? input.createdAt.toISOString() : null;
  try {
    const [row] = rowsOf<{ entry_id: unknown }>(
      await tx.execute(
        sql`select p.entry_id from ledger_post_checked(${input.idempotencyKey}, ${input.kind}, ${input.userId ?? null},
          ${input.memo ?? null}, ${json}::jsonb, ${isEarning(input)}, ${JSON.stringify(tracked)}::jsonb, ${debt ?? null},
          ${at}::timestamptz) p`,
      ),
    );
    return row?.entry_id !== null && row?.entry_id !== undefined;
  } catch (e) {
    throw ledgerRefusal(e);
  }
}

/** A raised refusal of ledger_post_checked as the error post() throws, or OwingError; else `e`. */
function ledgerRefusal(e: unknown): unknown {
  const refused = raisedMessage(e, /^ledger_refused:(\w+):(.*)$/);
  if (refused) {
    if (refused[1] === "insufficient") return new InsufficientFundsError(refused[2]!);
    if (refused[1] === "unknown") return new Error(`Unknown ledger account ${refused[2]}`);
  }
  const owing = raisedMessage(e, /^ledger_owing:(\d+)$/);
  if (owing) return new OwingError(Number(owing[1]));
  return e;
}

/** What a member owes, read under the debt account's lock by insertAndPost (a refusal). */
export class OwingError extends Error {
  constructor(public owed: number) {
    super("owing");
  }
}

/** The placeholders of insertAndPost's entry, after the row's own. */
const P = (name: string) => sql.placeholder(`post_${name}`);

/**
 * The statement insertAndPost runs for one kind of row: `insert`, an INSERT … ON CONFLICT DO
 * NOTHING RETURNING its row's `id`, whose values are placeholders, and, only when it inserted,
 * the entry keyed by a prefix and that id (the database function ledger_post_checked, migration
 * 0016). Built once (builtOnce): declare it at module level.
 */
export function insertAndPostStatement<V extends Record<string, unknown>>(
  insert: (db: Db | Tx) => SQLWrapper,
): InsertAndPost<V> {
  return builtOnce(
    (
      db,
    ) => sql`with ins as (${insert(db).getSQL()}) select p.entry_id from ins, ledger_post_checked(${P("key_prefix")} || ins.id,
      ${P("kind")}, ${P("user")}, ${P("memo")}, ${P("lines")}::jsonb, ${P("earning")},
      ${P("locks")}::jsonb, ${P("debt")}) p`,
  );
}

/** insertAndPostStatement's statement: run with the row's values and the entry's. */
export type InsertAndPost<V> = (db: Db, values: V & Record<`post_${string}`, unknown>) => Promise<unknown>;

/**
 * One statement that is its own transaction (no BEGIN or COMMIT): `insert`'s row
 * (insertAndPostStatement) with `values` and, only when it inserted, the entry `input` keyed `keyPrefix` + the
 * row's id, after the locks of `lock`; with `debt`, that account is among the locks and a debt
 * refuses. A refusal undoes the whole statement and is thrown as post() throws it
 * (InsufficientFundsError), or as OwingError. Answers whether the row was inserted (false: the
 * same request went through before). The entry's locks are held only for the rest of the
 * statement and its commit, never across a round trip to the API.
 */
export async function insertAndPost<V extends Record<string, unknown>>(
  db: Db,
  insert: InsertAndPost<V>,
  values: V,
  input: Omit<EntryInput, "idempotencyKey" | "createdAt" | "relatedUserId"> & { keyPrefix: string },
  lock: string[],
  debt?: string,
): Promise<boolean> {
  const json = linesJson(input.lines);
  const tracked = trackedAccounts(debt ? [...lock, debt] : lock);
  const lockJson = tracked.length > 0 ? JSON.stringify(tracked) : null;
  const earning = isEarning(input);
  try {
    const rows = rowsOf<{ entry_id: unknown }>(
      // Object.assign, not a spread with keys after it: V8 (Node 20) adds each key after a spread
      // by its slow path, about a microsecond each (bench/README.md).
      await insert(
        db,
        Object.assign({}, values, {
          post_key_prefix: input.keyPrefix,
          post_kind: input.kind,
          post_user: input.userId ?? null,
          post_memo: input.memo ?? null,
          post_lines: json,
          post_earning: earning,
          post_locks: lockJson,
          post_debt: debt ?? null,
        }),
      ),
    );
    return rows.length > 0;
  } catch (e) {
    throw ledgerRefusal(e);
  }
}

interface PostRow {
  entry_id: string | number | null;
  failure: string | null;
  failed_account: string | null;
}

/**
 * An entry's lines as ledger_post takes them (JSON), checked here first: the zero lines left out,
 * two or more left, integers, sum 0.
 */
export function linesJson(input: EntryLine[]): string {
  const lines = input.filter((l) => l.amount !== 0);
  if (lines.length < 2) throw new Error("A journal entry needs at least two non-zero lines");
  let sum = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new Error("Ledger amounts are integer milli-rupees");
    sum += l.amount;
  }
  if (sum !== 0) throw new Error("Journal entry lines must sum to zero");
  return JSON.stringify(lines.map((l) => ({ account: l.account, amount: l.amount })));
}

/** Whether an entry is a member's earning (ledger_post rolls it up into member_daily_earnings). */
const isEarning = (input: Pick<EntryInput, "userId" | "kind">) =>
  Boolean(input.userId) && EARNING_KINDS.has(input.kind);

/** One call of ledger_post for `input`. */
function ledgerPostCall(input: EntryInput) {
  const json = linesJson(input.lines);
  const at = input.createdAt ? input.createdAt.toISOString() : null;
  const earning = isEarning(input);
  return sql`ledger_post(${input.idempotencyKey}, ${input.kind}, ${input.userId ?? null},
    ${input.relatedUserId ?? null}, ${input.memo ?? null}, ${at}::timestamptz, ${json}::jsonb, ${earning},
    null)`;
}

/** A refusal of ledger_post (or of a function posting with it) as the error post() throws. */
export function throwLedgerFailure(failure: string | null, account: string | null): void {
  if (failure === "insufficient") throw new InsufficientFundsError(account ?? "");
  if (failure === "unknown") throw new Error(`Unknown ledger account ${account}`);
}

/** ledger_post's answer as a PostResult; its refusals as the errors post() throws. */
function postResult(row: PostRow): PostResult {
  throwLedgerFailure(row.failure, row.failed_account);
  return row.failure === "duplicate"
    ? { posted: false, duplicate: true }
    : { posted: true, entryId: Number(row.entry_id) };
}

/** How many rows a (day, kind, account class) is spread over in ledger_daily (ledger_post's `% 8`). */
export const LEDGER_DAILY_SHARDS = 8;

/**
 * An account's class in the daily roll-up: a member's account by its kind (`member:withdrawable`),
 * a campaign's escrow as `campaign:escrow`, a game room's as `game:escrow`, a platform account as
 * itself. ledger_post (migration 0013) classes each line with the same expression, as the
 * migrations that created ledger_daily (0008) and moved the game escrow (0014) did.
 */
export function accountClass(accountId: string): string {
  return accountId.replace(/^(member|campaign|game):[^:]+:/, "$1:");
}

/**
 * Locks the given accounts in the order post() updates them (code-unit order of the id). A
 * transaction that posts more than one entry calls it first, with every account it will touch:
 * otherwise two such transactions can each hold an account the other needs (a deadlock).
 * Answers the locked accounts' balances (accounts that do not exist are absent), which no other
 * transaction can change until this one ends.
 */
export async function lockAccounts(tx: Tx, accounts: string[]): Promise<Map<string, number>> {
  // Untracked accounts are never updated, so there is nothing to order: locking them would make
  // them the hot row they exist to avoid.
  const tracked = trackedAccounts(accounts);
  if (tracked.length === 0) return new Map();
  const rows = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, tracked))
    .orderBy(sql`${ledgerAccounts.id} collate "C"`)
    .for("update");
  return new Map(rows.map((r) => [r.id, Number(r.balance)]));
}

/** Posts an entry in its own transaction. */
export async function postEntry(db: Db, input: EntryInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}
