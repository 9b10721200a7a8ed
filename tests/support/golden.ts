import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { migrationsFolder, openDatabase, type Database } from "../../api/db/client";

/**
 * The golden test database: migrated once (at most once per test run, before any test file
 * starts), then cloned for every test that asks for a fresh database (ADR 0006). Migrating
 * costs far more than copying a migrated one.
 * It holds exactly what a newly migrated database holds; anything a test needs on top
 * (platform accounts, members) it adds itself, as the server does at start-up.
 */

/** Where the PGlite copy is written; tests/.tmp is ignored by git. */
export const goldenDir = path.resolve("tests/.tmp/golden");

const TEMPLATE_PREFIX = "golden_";
/** A template another checkout or run may still use is only dropped after this long unused. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Changes whenever a migration (or the journal that orders them) changes. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

/** The dump only fits the PGlite build that wrote it. */
function pgliteVersion(): string {
  // The package does not export its manifest; it sits one folder above the entry point.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), "../package.json"), "utf8"));
  return (manifest as { version: string }).version;
}

/**
 * Returns the PGlite golden file for the current migrations, writing it first if no earlier run
 * did (migrating and dumping takes seconds). Files of other migrations are removed.
 */
export async function ensurePgliteGolden(): Promise<string> {
  const file = path.join(goldenDir, `pglite-${pgliteVersion()}-${migrationsHash()}.tar`);
  mkdirSync(goldenDir, { recursive: true });
  for (const old of readdirSync(goldenDir)) {
    if (old.startsWith("pglite-") && old.endsWith(".tar") && path.join(goldenDir, old) !== file)
      rmSync(path.join(goldenDir, old), { force: true });
  }
  if (existsSync(file)) return file;
  const client = new PGlite();
  try {
    const database = await openDatabase({ pglite: client });
    await database.close();
    // Uncompressed: every clone unpacks it, and the file stays on this machine.
    const dump = await client.dumpDataDir("none");
    // Written aside and renamed, so a run starting meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return file;
  } finally {
    await client.close();
  }
}

/** Read once per test process (Vitest gives each test file its own); every clone starts from it. */
const dumps = new Map<string, Blob>();

/** A fresh in-memory PGlite started from the golden file. */
export async function clonePglite(file: string): Promise<Database> {
  let dump = dumps.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    dumps.set(file, dump);
  }
  const client = new PGlite({ loadDataDir: dump });
  // Migrating finds every migration recorded and runs none: a few catalogue reads.
  const database = await openDatabase({ pglite: client });
  return {
    ...database,
    async close() {
      await database.close();
      await client.close();
    },
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(base, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/**
 * Makes sure the server at `base` has the template database for the current migrations and
 * returns its name. It is built under a temporary name and renamed when complete, so a
 * concurrent run either finds a finished template or builds its own and loses the rename.
 * The template refuses connections: CREATE DATABASE … TEMPLATE fails while anyone is
 * connected to it. Templates of other migrations unused for a day are dropped.
 */
export async function ensurePostgresGolden(base: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  await withAdmin(base, async (sql) => {
    const [found] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!found) {
      const building = `${name}_build_${randomBytes(4).toString("hex")}`;
      await sql.unsafe(`create database ${building}`);
      await markUsed(sql, building);
      try {
        const database = await openDatabase({ url: databaseUrl(base, building), maxConnections: 1 });
        await database.close();
      } catch (error) {
        await sql.unsafe(`drop database if exists ${building} with (force)`);
        throw error;
      }
      await sql.unsafe(`alter database ${building} with is_template true allow_connections false`);
      try {
        await sql.unsafe(`alter database ${building} rename to ${name}`);
      } catch (error) {
        await dropTemplate(sql, building);
        const [other] = await sql`select 1 from pg_database where datname = ${name}`;
        if (!other) throw error;
      }
    }
    await markUsed(sql, name);
    await dropStaleGoldens(sql, name);
  });
  return name;
}

/** The last use is kept as the database's comment, which lives in the shared catalogue. */
async function markUsed(sql: postgres.Sql, name: string): Promise<void> {
  await sql.unsafe(`comment on database ${name} is '${new Date().toISOString()}'`);
}

async function dropStaleGoldens(sql: postgres.Sql, current: string): Promise<void> {
  const rows = await sql<{ datname: string; used: string | null }[]>`
    select datname, shobj_description(oid, 'pg_database') as used
    from pg_database
    where starts_with(datname, ${TEMPLATE_PREFIX}) and datname <> ${current}`;
  for (const { datname, used } of rows) {
    const usedAt = used ? Date.parse(used) : NaN;
    if (Number.isFinite(usedAt) && Date.now() - usedAt < STALE_AFTER_MS) continue;
    try {
      await dropTemplate(sql, datname);
    } catch {
      /* in use by another run: left for a later one */
    }
  }
}

/** Without force: a run still copying from it keeps it (the drop fails). */
async function dropTemplate(sql: postgres.Sql, name: string): Promise<void> {
  await sql.unsafe(`alter database ${name} with is_template false`);
  await sql.unsafe(`drop database ${name}`);
}

/**
 * A fresh PostgreSQL database copied from the template, for whoever connects to it by URL (a
 * server process of its own); `drop` removes it, closing whatever is still connected.
 */
export async function createPostgresClone(
  base: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdmin(base, (sql) => sql.unsafe(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(base, name),
    async drop() {
      await withAdmin(base, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A fresh PostgreSQL database copied from the template; closing it drops it. */
export async function clonePostgres(base: string, template: string): Promise<Database> {
  const clone = await createPostgresClone(base, template);
  const database = await openDatabase({ url: clone.url, maxConnections: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await clone.drop();
    },
  };
}
