import { afterAll, vi } from "vitest";

/**
 * Test files share their fork's module state (`isolate: false` in vitest.config.ts: each file no
 * longer imports the whole API again). What a file may have changed for itself is put back after
 * it, so the next file in the fork starts as it would alone: the real clock, the environment, the
 * globals and every spy.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
