import { fileURLToPath } from "node:url";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * The files that start server processes (or a whole cluster) are small but among the slowest.
 * Without earlier results Vitest starts the larger files first, which put these last, each alone
 * on one fork at the end of the run: they start first instead, slowest first.
 */
const STARTED_FIRST = [
  "tests/integration/multinode.test.ts",
  "tests/integration/server-process.test.ts",
  "tests/integration/tic-tac-toe-nodes.test.ts",
  "tests/integration/shutdown-joins.test.ts",
  "tests/integration/operator-command.test.ts",
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = STARTED_FIRST.findIndex((f) => spec.moduleId.endsWith(f));
      return i < 0 ? STARTED_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the others keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // The pages' `~/` imports (tsconfig paths), so tests can import a page's own schema.
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) }] },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Migrates once into the golden databases that every test file's databases are copied from.
    globalSetup: ["tests/support/global-setup.ts"],
    // Property tests: one fixed seed for all (tests/support/fast-check-seed.ts).
    // After each file, what it changed for itself is put back (tests/support/file-cleanup.ts).
    setupFiles: ["tests/support/fast-check-seed.ts", "tests/support/file-cleanup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A fork runs file after file without importing the API again for each (`isolate: false`):
    // 74 s of the run's collect time went to those imports (issue 43). Files keep their own
    // databases (tests/support/db.ts) and their state is put back after them (file-cleanup.ts).
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    sequence: { sequencer: SlowFirst },
  },
});
