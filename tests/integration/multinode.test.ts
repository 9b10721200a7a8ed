import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresUrl } from "../support/db";
import { ensureBuild, ensureNginx } from "../../bench/multinode/cluster";
import { runMultinode, type RunResult } from "../../bench/multinode/run";

/**
 * The reference multi-node configuration under a short mixed load (bench/multinode.ts is the long
 * version): 2 ROLE=api and 2 ROLE=web processes (`server.ts`) on one PostgreSQL database and Redis,
 * Debian's nginx in front (installed when missing), members browsing, logging in, claiming ads and
 * short links, converting, withdrawing, an offer wall posting back, players playing paid
 * tic-tac-toe over websockets through nginx. First a rolling restart: one API node, then one web
 * node, stopped with SIGTERM (exit 0), started again on their port and back in nginx's rotation,
 * with no request failed and no socket acknowledgement lost meanwhile; then the other API node
 * and the other web node are killed (SIGKILL). Then: no 5xx or lost request but those in flight on
 * the killed nodes, every game over and settled once, every credit once, the ledger invariant,
 * the escrows.
 *
 * PostgreSQL only (skipped without TEST_DATABASE_URL): several processes cannot share an embedded
 * PGlite.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "several nodes behind nginx under load: a rolling restart, then one API node and one web node lost (PostgreSQL; skipped without TEST_DATABASE_URL)",
  () => {
    let clone: Awaited<ReturnType<typeof freshPostgresUrl>>;
    let result: RunResult;
    const lines: string[] = [];

    beforeAll(async () => {
      ensureNginx();
      ensureBuild();
      clone = await freshPostgresUrl();
      result = await runMultinode({
        databaseUrl: clone.url,
        users: 8,
        members: 16,
        players: 8,
        campaigns: 3,
        throughputSeconds: 0,
        steadySeconds: 2,
        rollingRestart: true,
        kill: true,
        finishSeconds: 10,
        log: (line) => lines.push(line),
      });
    }, 180_000);

    afterAll(async () => {
      await clone?.drop();
    });

    it("loses nothing in the rolling restart; answers every request but those in flight on the killed nodes; every game settled once; the books whole", () => {
      const failed = result.checks.filter((c) => !c.ok);
      expect(
        failed.map((c) => `${c.name}: ${c.detail}`),
        `${lines.join("\n")}\n\n${failed.length ? result.cluster.output : ""}`,
      ).toEqual([]);
      expect(result.checks.length).toBeGreaterThanOrEqual(12);
      expect(result.rolling?.restarts.map((r) => r.code)).toEqual([0, 0]);
    });
  },
);
