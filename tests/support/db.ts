import { inject } from "vitest";
import type { Database } from "../../api/db/client";
import { clonePglite, clonePostgres, createPostgresClone } from "./golden";

/**
 * Integration tests run against PGlite, and against PostgreSQL when TEST_DATABASE_URL is set.
 * Each call gets a fresh, migrated database of its own, copied from the golden one that
 * tests/support/global-setup.ts migrated once for the run.
 */
export type Driver = "pglite" | "postgres";

/**
 * Which databases a test file runs on, written at the top of its describe
 * (`describe.each(drivers("both"))`). There is no default: every file says which.
 *
 * - "both": PGlite and, with TEST_DATABASE_URL, PostgreSQL. For what differs by database: the
 *   ledger and every money movement, locks and claims, escrow, races and idempotency under
 *   parallel requests (PGlite runs one statement at a time, PostgreSQL really interleaves them),
 *   transactions, migrations and the seed, statements built once.
 * - "one": a single database, for what does not depend on it (pages, input validation, mail,
 *   languages, operator screens...): PostgreSQL with TEST_DATABASE_URL, PGlite without. A race
 *   such a file holds is then still raced on the database where it can be lost; the browser
 *   suite runs every page on PGlite (docs/decisions/0017-test-suite-time.md).
 *
 * TEST_BOTH_DATABASES=on runs the "one" files on both as well.
 */
export type DriverChoice = "both" | "one";

export function drivers(choice: DriverChoice): Driver[] {
  if (!process.env.TEST_DATABASE_URL) return ["pglite"];
  if (choice === "both" || process.env.TEST_BOTH_DATABASES === "on") return ["pglite", "postgres"];
  return ["postgres"];
}

export async function freshDatabase(driver: Driver): Promise<Database> {
  const golden = inject("golden");
  if (driver === "pglite") return clonePglite(golden.pglite);
  if (!golden.postgres)
    throw new Error("no PostgreSQL template: TEST_DATABASE_URL was not set when the run started");
  return clonePostgres(process.env.TEST_DATABASE_URL!, golden.postgres);
}

/**
 * A fresh, migrated PostgreSQL database given by URL, for tests that start server processes of
 * their own on it (TEST_DATABASE_URL must be set); `drop` removes it.
 */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const golden = inject("golden");
  if (!golden.postgres || !process.env.TEST_DATABASE_URL)
    throw new Error("no PostgreSQL template: TEST_DATABASE_URL was not set when the run started");
  return createPostgresClone(process.env.TEST_DATABASE_URL, golden.postgres);
}

/**
 * The database of a server process a test starts (startServerProcess), by the "one" rule: with
 * TEST_DATABASE_URL a fresh PostgreSQL clone (`env` names it; copied, so the process migrates
 * nothing); without it none, and the process migrates an embedded PGlite in its own data folder,
 * which takes it about three times as long to start. `drop` after the process has stopped.
 */
export async function serverProcessDatabase(): Promise<{
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (!process.env.TEST_DATABASE_URL) return { env: {}, drop: async () => {} };
  const clone = await freshPostgresUrl();
  return { env: { DATABASE_URL: clone.url }, drop: () => clone.drop() };
}
