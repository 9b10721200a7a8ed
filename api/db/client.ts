import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, types, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Query, SQLWrapper } from "drizzle-orm";
import postgres from "postgres";
import { isConnectionGone } from "./errors";

/**
 * The ORM's database, without its relational query API (`db.query`), which the code does not use:
 * given the schema, the ORM builds a query builder for every table on every transaction it opens
 * (1.6 % of the API's thread in the money bench, ADR 0028).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Refreshes the planner's statistics where nothing else does (see openDatabase). */
  analyze(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool: its size and the name its connections give (`application_name`), for the pool gauge. */
  pool?: { max: number; applicationName: string };
}

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, so the planner's statistics are
 * never refreshed on their own. Without them it guesses one row per table and picks nested
 * loops that cost the dashboard 5x. Refresh them after start-up and every few hours.
 */
const PGLITE_ANALYZE_EVERY_MS = 6 * 60 * 60 * 1000;

/** The rows of db.execute()'s answer, whichever driver: PGlite's { rows }, postgres.js's array. */
export const rowsOf = <T>(r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as T[];

/**
 * A json value selected through `sql` (no column to decode it): PGlite answers it parsed, and
 * postgres.js under Drizzle as its text (Drizzle leaves json parsing to its columns).
 */
export const jsonValue = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** One database client, chosen from the configuration: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  maxConnections?: number;
  /** How this process's connections name themselves to PostgreSQL (pg_stat_activity). */
  applicationName?: string;
}): Promise<Database> {
  if (opts.url) {
    const max = opts.maxConnections ?? 10;
    const applicationName = opts.applicationName ?? `rupee-rewards:${process.pid}`;
    const client = postgres(opts.url, {
      max,
      onnotice: () => {},
      connection: { application_name: applicationName },
    });
    const db = drizzlePostgres(preparing(client)) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder });
    // PostgreSQL's autovacuum keeps the statistics current.
    return {
      db,
      kind: "postgres",
      analyze: async () => {},
      close: () => client.end({ timeout: 5 }),
      pool: { max, applicationName },
    };
  }
  if (!opts.pglite && opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.pglite ?? new PGlite(opts.dataDir ?? "memory://");
  await client.waitReady;
  const db = drizzlePglite(withParsersOnce(client)) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const analyze = async () => {
    await client.exec("analyze");
  };
  const timer = setInterval(() => void analyze().catch(() => {}), PGLITE_ANALYZE_EVERY_MS);
  timer.unref();
  return {
    db,
    kind: "pglite",
    analyze,
    close: async () => {
      clearInterval(timer);
      if (!opts.pglite) await client.close();
    },
  };
}

/**
 * The parsers the ORM gives PGlite with every query (dates, times and intervals, and arrays of
 * them, kept as PostgreSQL's text). drizzle-orm/pglite/session.js passes exactly these.
 */
const ORM_PARSERS: NonNullable<QueryOptions["parsers"]> = {
  [types.TIMESTAMP]: (value) => value,
  [types.TIMESTAMPTZ]: (value) => value,
  [types.INTERVAL]: (value) => value,
  [types.DATE]: (value) => value,
  1231: (value) => value, // numeric[]
  1115: (value) => value, // timestamp[]
  1185: (value) => value, // timestamptz[]
  1187: (value) => value, // interval[]
  1182: (value) => value, // date[]
};

type QueryRunner = Pick<PGlite, "query">;

/**
 * PGlite merges a query's own parsers into a copy of all of its own (a few hundred entries)
 * before reading each result: with the parsers the ORM passes on every query, that copy was a
 * third of what a small query cost. The same parsers are set once on the instance, and the
 * ORM's queries (in and out of transactions) reach it without theirs — the results are the same.
 */
function withParsersOnce(client: PGlite): PGlite {
  Object.assign(client.parsers, ORM_PARSERS);
  const runner = <T extends QueryRunner>(target: T) => ({
    query: ((sql: string, params?: unknown[], options?: QueryOptions) =>
      target.query(
        sql,
        params,
        options?.parsers ? { ...options, parsers: undefined } : options,
      )) as PGlite["query"],
  });
  const adapter = {
    ...runner(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, runner(tx)))),
  };
  return adapter as unknown as PGlite;
}

/**
 * The ORM sends each of its queries unnamed, and for an unnamed query with parameters postgres.js
 * first asks the server for the parameters' types and only then sends the values: two round
 * trips, and a parse and a plan, for every statement. Through this wrapper every query is a
 * named prepared statement, kept per connection by its text: after a connection's first use of a
 * query, it is one round trip with no parse. What the connections keep is bounded: the queries'
 * texts are the code's (values are always parameters), and postgres.js replaces each connection
 * after 30 to 60 minutes (`max_lifetime`). Transactions and savepoints hand out the same wrapper.
 */
function preparing(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "unsafe")
        return (query: string, params?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, params as never, Object.assign({}, options, { prepare: true }));
      if (key === "begin")
        return (...args: unknown[]) =>
          pipelinedBegin(target, args.pop() as (tx: postgres.Sql) => Promise<unknown>);
      if (key === "savepoint")
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.Sql) => unknown;
          const method = Reflect.get(target, key) as (...a: unknown[]) => unknown;
          return method.call(target, ...args, (tx: postgres.Sql) => fn(preparing(tx)));
        };
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** postgres.js' connection, as its query option `onexecute` hands it over (neither is in its types). */
type DriverConnection = { onclose?: ((e: unknown) => void) | null };

/**
 * A transaction whose BEGIN goes out with its first statement. postgres.js' own `begin` waits for
 * BEGIN's answer before it runs the transaction: a round trip of its own, during which the
 * connection sits "idle in transaction" waiting for the node's next statement — under load, the
 * most frequent state of a game's connections (ADR 0026). Here a connection is reserved, BEGIN queued on it, and the transaction's first statement queued
 * behind it in the same tick: postgres.js writes both at once, and the server runs them in order.
 * BEGIN is awaited before COMMIT: on a live connection it cannot fail, and if the connection is
 * gone every statement behind it failed too. A transaction within the transaction is a savepoint,
 * as with postgres.js' own.
 *
 * A connection can close between two of the transaction's statements (the backend ended by an
 * operator, a failover, `idle_in_transaction_session_timeout`). postgres.js then leaves a reserved
 * connection without its socket, and a statement sent on it is never answered (and throws, out of
 * reach, when its write comes due: porsager/postgres#1208). So the connection's close is watched
 * from BEGIN on, and every statement after it is refused here with the close's error.
 */
async function pipelinedBegin<T>(client: postgres.Sql, fn: (tx: postgres.Sql) => Promise<T>): Promise<T> {
  const reserved = await client.reserve();
  let gone = false;
  const noteGone = (e: unknown) => {
    // A connection that is gone is the pool's to reopen, not ours to roll back or hand back.
    if (isConnectionGone(e)) gone = true;
  };
  let closedBy: Error | null = null;
  let connection: DriverConnection | null = null;
  const watch = (c: DriverConnection) => {
    connection = c;
    c.onclose = (e) => {
      gone = true;
      closedBy = Object.assign(new Error("the connection closed in the middle of a transaction"), {
        code: "CONNECTION_CLOSED",
        cause: e,
      });
    };
    return true; // as without the option: the connection takes the next statement at once
  };
  const live = new Proxy(reserved, {
    get(target, key, receiver) {
      if (key !== "unsafe") return Reflect.get(target, key, receiver) as unknown;
      return (...args: Parameters<postgres.Sql["unsafe"]>) => {
        if (closedBy) throw closedBy;
        if (behindState.state === "sent") throw new Error("a statement after the transaction's COMMIT");
        return target.unsafe(...args);
      };
    },
  });
  let savepoints = 0;
  const savepoint = async <S>(inner: (tx: postgres.Sql) => Promise<S>): Promise<S> => {
    const name = `s${savepoints++}`;
    await live.unsafe(`savepoint ${name}`);
    try {
      const result = await inner(tx);
      await live.unsafe(`release savepoint ${name}`);
      return result;
    } catch (e) {
      await live.unsafe(`rollback to savepoint ${name}`);
      throw e;
    }
  };
  /**
   * commitBehind's COMMIT: queued for the next turn of the event loop, then sent (with its checks),
   * or abandoned when the transaction failed before it went out.
   */
  const behindState: { state: "none" | "queued" | "sent" | "abandoned" } = { state: "none" };
  let committing: Promise<postgres.RowList<postgres.Row[]>> | null = null;
  const behind = (checks: Query[]): Promise<void> => {
    if (behindState.state !== "none") throw new Error("the transaction's COMMIT was sent already");
    behindState.state = "queued";
    // Every statement started before this call has reached the connection by the next turn of the
    // event loop (it takes microtasks only); the checks and COMMIT are written behind them there.
    let checked: Promise<unknown> = Promise.resolve();
    committing = new Promise((resolve, reject) =>
      setImmediate(() => {
        if (behindState.state === "abandoned")
          return reject(new Error("the transaction failed before its COMMIT"));
        try {
          // Prepared, as every statement of the ORM's (preparing): a statement with parameters not yet
          // prepared on the connection is described first, a round trip before anything behind it.
          checked = Promise.all(
            checks.map((c) => live.unsafe(c.sql, c.params as never[], { prepare: true }).execute()),
          );
          // Its failure is met once COMMIT has answered (below), never as an unhandled rejection.
          checked.catch(() => undefined);
          resolve(live.unsafe("commit").execute());
        } catch (e) {
          reject(e);
        }
        behindState.state = "sent";
      }),
    );
    committing.catch(() => undefined);
    return committing.then(() => checked).then(() => undefined);
  };
  const tx = preparing(Object.assign(live, { savepoint, commitBehind: behind }) as unknown as postgres.Sql);
  // Handled from the start: its failure is met at `await begun`, never as an unhandled rejection.
  const begun = reserved.unsafe("begin", [], { onexecute: watch } as never).execute();
  begun.catch(noteGone);
  try {
    const result = await fn(tx);
    await begun;
    // Sent behind statements that all succeeded, COMMIT commits; after one that failed (which fn
    // has thrown), the transaction was aborted and it answers ROLLBACK.
    const sent = committing as Promise<postgres.RowList<postgres.Row[]>> | null;
    if (!sent) await live.unsafe("commit");
    else if ((await sent).command !== "COMMIT") throw new Error("the transaction did not commit");
    return result;
  } catch (e) {
    noteGone(e);
    if (behindState.state === "queued") behindState.state = "abandoned";
    // A COMMIT sent behind the statements has ended the transaction (as a ROLLBACK, when one of them
    // failed): its answer is awaited before the connection goes back to the pool.
    if (behindState.state === "sent") await committing!.catch(noteGone);
    // After a failed COMMIT the transaction is over already: ROLLBACK then only warns.
    else if (!gone) await live.unsafe("rollback").catch(noteGone);
    throw e;
  } finally {
    if (!gone) {
      if (connection) (connection as DriverConnection).onclose = null;
      reserved.release();
    }
  }
}

/**
 * Sends the transaction's COMMIT behind the statements it has started, without waiting for their
 * answers: one round trip fewer, with the transaction's locks held for one round trip less (a game
 * join holds its type's matching point so: api/games/join.ts). `checks` go out just before the
 * COMMIT; the promise answers when they have passed. Only for a transaction none of whose remaining
 * refusals is the API's to decide: every one must be an error of a statement (which aborts the
 * transaction, and the COMMIT then ends it as a ROLLBACK) or of a check. Once sent, no statement
 * may follow. On PGlite (no pipelining) the checks run, and the transaction commits as usual.
 */
export function commitBehind(tx: Tx, ...checks: SQLWrapper[]): Promise<void> {
  const client = (
    tx as unknown as { _: { session: { client?: { commitBehind?: (q: Query[]) => Promise<void> } } } }
  )._.session.client;
  const queries = checks.map((c) => dialect.sqlToQuery(c.getSQL()));
  if (client?.commitBehind) return client.commitBehind(queries);
  // As on PostgreSQL, the checks go behind every statement started before the call.
  return new Promise((resolve) => setImmediate(resolve))
    .then(() => Promise.all(checks.map((c) => tx.execute(c.getSQL()))))
    .then(() => undefined);
}

/**
 * A query built once per database and run with placeholders: for the hottest reads (the session
 * check on every member request), whose SQL building costs as much as PGlite running them.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A statement whose SQL the ORM builds once, its values placeholders (`sql.placeholder(name)`),
 * run with each call's values on the database or transaction it is given. Building a statement
 * from the ORM's parts costs more of the API's thread than sending it: in the money bench the
 * building was a sixth of the thread (bench/README.md). Unlike preparedPerDatabase, it serves
 * transactions too. Answers the driver's result (rowsOf reads its rows).
 */
export function builtOnce<V extends object>(build: (db: Db | Tx) => SQLWrapper) {
  let query: Query | undefined;
  return (db: Db | Tx, values: V): Promise<unknown> => {
    // The text is the same whichever database builds it: the first one given does.
    query ??= dialect.sqlToQuery(build(db).getSQL());
    return db._.session
      .prepareQuery(query, undefined, undefined, false)
      .execute(values as Record<string, unknown>);
  };
}
