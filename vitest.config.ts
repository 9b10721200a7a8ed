import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The pages' `~/` imports (tsconfig paths), so tests can import a page's own schema.
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) }] },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Migrates once into the golden databases that every test file's databases are copied from.
    globalSetup: ["tests/support/global-setup.ts"],
    // Property tests: one fixed seed for all (tests/support/fast-check-seed.ts).
    setupFiles: ["tests/support/fast-check-seed.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
