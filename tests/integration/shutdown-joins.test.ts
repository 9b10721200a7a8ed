import postgres from "postgres";
import { and, count, eq, gt, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { openDatabase, type Database } from "../../api/db/client";
import { checkLedgerInvariant } from "../../api/ledger/ledger";
import { gameEscrowTotal } from "../../api/games/escrow";
import { PAID_SWITCH_LOCK } from "../../api/games/rooms";
import { gamePlayers, gameRooms } from "../../api/db/schema";
import { TIC_TAC_TOE_EVENTS as EV } from "../../shared/ticTacToeEvents";
import { freshPostgresUrl } from "../support/db";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { memberSocket } from "../support/sockets";
import { errorLines } from "../../bench/games-node";
import { seedGamePlayers } from "../../bench/game-players";

/**
 * A node stopped (SIGTERM) while members' joins wait for their turn (a node runs four joins at
 * once): the joins in flight finish, the waiting ones are refused without touching anything, the
 * pool closes only after the work the node started, and the node exits 0 with no error line. The
 * books then hold: every fee taken is in its room's escrow.
 */

const MEMBERS = 100;
const FEE_RUPEES = 10;

/** A PostgreSQL database for the server process, with members holding deposit and a session each. */
async function prepare(): Promise<{
  url: string;
  cookies: string[];
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const clone = await freshPostgresUrl();
  const open = () => openDatabase({ url: clone.url, maxConnections: 2 });
  const database = await open();
  try {
    const cookies = await seedGamePlayers(database.db, clone.url, {
      count: MEMBERS,
      depositMilli: FEE_RUPEES * 1000,
    });
    return { url: clone.url, cookies, open, drop: () => clone.drop() };
  } finally {
    await database.close();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a node stopped while joins wait (PostgreSQL; skipped without TEST_DATABASE_URL)",
  () => {
    const sockets: Socket[] = [];
    let node: ServerProcess | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;

    afterEach(async () => {
      for (const s of sockets.splice(0)) s.disconnect();
      await node?.stop("SIGKILL");
      await dropDatabase?.();
    });

    it("finishes the joins in flight, refuses the waiting ones, closes its pool after them and exits 0 with no error line; the escrows hold every fee taken", async () => {
      const db = await prepare();
      dropDatabase = db.drop;
      node = await startServerProcess(
        { DATABASE_URL: db.url, LOG_LEVEL: "info", SHUTDOWN_GRACE_SECONDS: "0" },
        { timeoutMs: 120_000 },
      );
      const opened = await Promise.all(
        db.cookies.map((cookie) => memberSocket(node!.origin, cookie, sockets)),
      );
      // The test holds the paid-rooms switch's lock, as an operator turning paid rooms off does: the
      // node's four joins in flight wait for it, and the others wait for a slot.
      const holder = postgres(db.url, { max: 1, onnotice: () => {} });
      await holder.unsafe(`select pg_advisory_lock(${PAID_SWITCH_LOCK})`);
      try {
        const answers = opened.map((s) =>
          s
            .timeout(30_000)
            .emitWithAck(EV.join, { type: FEE_RUPEES })
            .then((a: { success: boolean }) => a)
            .catch((e: unknown) => ({ success: false, lost: String(e) })),
        );
        await expect
          .poll(
            async () =>
              (
                await holder.unsafe(
                  "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
                )
              )[0]!.n,
            { timeout: 20_000 },
          )
          .toBe(4);
        node.child.kill("SIGTERM");
        await expect.poll(() => node!.output(), { timeout: 20_000 }).toContain("refused");
        await holder.unsafe(`select pg_advisory_unlock(${PAID_SWITCH_LOCK})`);
        const settled = await Promise.all(answers);
        const { code } = await node.exited;
        const output = node.output();

        expect(code, output).toBe(0);
        expect(errorLines(output), output).toEqual([]);
        expect(output).toContain('"msg":"stopped"');
        // Every answer was lost with its socket: four joins took a seat after it, the rest nothing.
        expect(settled.filter((a) => a.success)).toEqual([]);
        const refused = /"refused":(\d+),"msg":"joins not started when the node stopped: refused"/.exec(
          output,
        );
        expect(Number(refused?.[1]), output).toBeGreaterThan(0);
      } finally {
        await holder.end();
      }

      const database = await db.open();
      try {
        const seats = await database.db
          .select({ n: count() })
          .from(gamePlayers)
          .innerJoin(gameRooms, eq(gameRooms.id, gamePlayers.roomId))
          .where(and(inArray(gameRooms.status, ["waiting", "playing"]), gt(gameRooms.entryFee, 0)));
        const liveSeats = seats[0]!.n;
        expect(liveSeats).toBe(4);
        expect(await gameEscrowTotal(database.db)).toBe(liveSeats * FEE_RUPEES * 1000);
        expect(await checkLedgerInvariant(database.db)).toMatchObject({
          total: 0,
          negative: [],
          unbalancedEntries: 0,
        });
      } finally {
        await database.close();
      }
    }, 240_000);
  },
);
