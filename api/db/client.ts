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
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** One database client, chosen from the configuration: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDatabase(opts: { url?: string; dataDir?: string; pglite?: PGlite; maxConnections?: number }): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: opts.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder });
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  if (!opts.pglite && opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.pglite ?? new PGlite(opts.dataDir ?? "memory://");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    close: async () => {
      if (!opts.pglite) await client.close();
    },
  };
}
