import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import postgres from "postgres";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Refreshes the planner's statistics where nothing else does (see openDatabase). */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, so the planner's statistics are
 * never refreshed on their own. Without them it guesses one row per table and picks nested
 * loops that cost the dashboard 5x. Refresh them after start-up and every few hours.
 */
const PGLITE_ANALYZE_EVERY_MS = 6 * 60 * 60 * 1000;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** One database client, chosen from the configuration: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  maxConnections?: number;
}): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: opts.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder });
    // PostgreSQL's autovacuum keeps the statistics current.
    return { db, kind: "postgres", analyze: async () => {}, close: () => client.end({ timeout: 5 }) };
  }
  if (!opts.pglite && opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.pglite ?? new PGlite(opts.dataDir ?? "memory://");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
