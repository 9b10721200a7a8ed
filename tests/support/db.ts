import { inject } from "vitest";
import type { Database } from "../../api/db/client";
import { clonePglite, clonePostgres, createPostgresClone } from "./golden";

/**
 * Integration tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL
 * is set. Each call gets a fresh, migrated database of its own, copied from the golden one that
 * tests/support/global-setup.ts migrated once for the run.
 */
export type Driver = "pglite" | "postgres";

export function drivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
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
