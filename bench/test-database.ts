/**
 * What one fresh test database costs: migrated from scratch (how tests got one before ADR 0006)
 * against copied from the golden copy (how they get one now), on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set. The two ways alternate so a busy machine slows both alike.
 * `npx tsx bench/test-database.ts`; see bench/README.md.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "../api/db/client";
import {
  clonePglite,
  clonePostgres,
  ensurePostgresGolden,
  ensurePgliteGolden,
} from "../tests/support/golden";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const base = process.env.TEST_DATABASE_URL;

async function migratedPostgres(url: string): Promise<Database> {
  const name = `t_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), maxConnections: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Milliseconds until the database answers a query, closing not counted. */
async function timeOne(open: () => Promise<Database>): Promise<number> {
  const started = performance.now();
  const database = await open();
  await database.db.execute("select 1");
  const ms = performance.now() - started;
  await database.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function compare(label: string, migrated: () => Promise<Database>, cloned: () => Promise<Database>) {
  const before: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    before.push(await timeOne(migrated));
    after.push(await timeOne(cloned));
  }
  const [b, a] = [median(before), median(after)];
  console.log(
    `${label.padEnd(10)} migrated ${b.toFixed(0).padStart(5)} ms   cloned ${a.toFixed(0).padStart(5)} ms   ` +
      `${(b / a).toFixed(1)}x faster (median of ${ROUNDS})`,
  );
}

let started = performance.now();
const file = await ensurePgliteGolden();
console.log(`golden PGlite dump ready in ${(performance.now() - started).toFixed(0)} ms`);
await compare(
  "PGlite",
  () => openDatabase({}),
  () => clonePglite(file),
);
if (base) {
  started = performance.now();
  const template = await ensurePostgresGolden(base);
  console.log(`PostgreSQL template ${template} ready in ${(performance.now() - started).toFixed(0)} ms`);
  await compare(
    "PostgreSQL",
    () => migratedPostgres(base),
    () => clonePostgres(base, template),
  );
}
