import type { TestProject } from "vitest/node";
import { ensurePostgresGolden, ensurePgliteGolden } from "./golden";

declare module "vitest" {
  export interface ProvidedContext {
    /** The golden copies freshDatabase() clones: a PGlite dump file, a PostgreSQL template. */
    golden: { pglite: string; postgres: string | null };
  }
}

/** Vitest's global setup: migrates once per run, before any test file starts (ADR 0006). */
export default async function setup(project: TestProject): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    ensurePgliteGolden(),
    base ? ensurePostgresGolden(base) : Promise.resolve(null),
  ]);
  project.provide("golden", { pglite, postgres });
}
