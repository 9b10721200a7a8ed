import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { openDatabase, type Database } from "../../api/db/client";
import { gameRooms, journalEntries } from "../../api/db/schema";
import { seedGames } from "../../api/seed/games";
import { createMember } from "../../api/accounts/accounts";
import { convertBalance } from "../../api/withdrawals/conversions";
import { creditEarning } from "../../api/ledger/earnings";
import { checkLedgerInvariant, memberBalances } from "../../api/ledger/ledger";
import { gameEscrowTotal } from "../../api/games/escrow";
import { createSession } from "../../api/sessions/sessions";
import { REGISTER_COMPONENT_EVENT } from "../../shared/taskWall";
import { ROOM_COMPONENT, TIC_TAC_TOE_EVENTS as EV } from "../../shared/ticTacToeEvents";
import { freshPostgresUrl } from "../support/db";
import { ask, memberSocket, nextPush } from "../support/sockets";
import { startServerProcess, type ServerProcess } from "../support/server-process";

/**
 * Two real server processes (`server.ts`, ROLE=api) sharing one PostgreSQL database and Redis,
 * each player connected to a different one. One process is killed (SIGKILL: no shutdown, no
 * disconnect handlers) in the middle of a paid game; its player connects to the other process,
 * finds the same board, finishes the game, and the game settles once.
 *
 * PostgreSQL only: two processes cannot open one embedded PGlite database.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "tic-tac-toe on two server processes (PostgreSQL; skipped without TEST_DATABASE_URL: two processes cannot share an embedded PGlite)",
  () => {
    let clone: Awaited<ReturnType<typeof freshPostgresUrl>>;
    let database: Database;
    const nodes: ServerProcess[] = [];
    const sockets: Socket[] = [];

    beforeAll(async () => {
      clone = await freshPostgresUrl();
      database = await openDatabase({ url: clone.url, maxConnections: 4 });
      await database.db.transaction((tx) => seedGames(tx));
      const env = {
        DATABASE_URL: clone.url,
        REDIS_URL,
        // This run's own channels: other runs sharing the Redis server never hear its pushes.
        REDIS_ADAPTER_KEY: `socket.io-test-${randomBytes(6).toString("hex")}`,
        SESSION_SECRET: "test-session-secret-test-session-secret-0000",
        OBJ_SECRET: "test-obj-secret-0000",
      };
      // Both awaited even when one fails, so afterAll stops whichever did start.
      const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
      for (const s of started) if (s.status === "fulfilled") nodes.push(s.value);
      for (const s of started) if (s.status === "rejected") throw s.reason;
    }, 120_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await Promise.all(nodes.map((n) => n.stop("SIGKILL")));
      await database?.close();
      await clone?.drop();
    });

    const db = () => database.db;

    /** A member with a session and `rupees` of deposit balance (an earning converted, as members do). */
    async function member(rupees: number) {
      const m = await createMember(db(), {
        name: "Node Player",
        email: `node-${randomBytes(6).toString("hex")}@example.com`,
      });
      await db().transaction((tx) =>
        creditEarning(tx, {
          userId: m.id,
          source: "offerWall",
          amount: rupees * 1000,
          idempotencyKey: `test-earning:${m.id}`,
        }),
      );
      await convertBalance(db(), { userId: m.id, rupees, direction: "withdrawToDeposit" });
      const { token } = await createSession(db(), m.id, false);
      return { id: m.id, cookie: `sid=${token}` };
    }

    /** The next push of `event` matching `where` (failing, not hanging, when none comes). */
    const next = (s: Socket, event: string, where?: (p: any) => boolean) =>
      nextPush(s, event, where, () => nodes.map((n) => n.output()).join("\n---\n"));

    /** A member's socket on a node, registered for the room page's pushes. */
    async function roomSocket(node: ServerProcess, cookie: string) {
      const s = await memberSocket(node.origin, cookie, sockets);
      expect(await ask(s, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT })).toEqual({ success: true });
      return s;
    }

    it("a node is killed mid-game: its player reconnects to the other node, the game finishes and settles once", async () => {
      const [node1, node2] = nodes as [ServerProcess, ServerProcess];
      const [a, b] = await Promise.all([member(100), member(100)]);
      const onA = await roomSocket(node1, a.cookie);
      const onB = await roomSocket(node2, b.cookie);

      // A waits in a ₹10 room on node 1; B's join on node 2 starts it, and A hears it through Redis.
      const joinedA = await ask(onA, EV.join, { type: 10 });
      expect(joinedA).toMatchObject({ success: true, msg: { type: 10, resumed: false } });
      const roomId = joinedA.msg.userRoom_id as string;
      const started = next(onA, EV.roomUpdated, (p) => p.msg.room.status === "playing");
      expect((await ask(onB, EV.join, { type: 10 })).msg).toMatchObject({
        userRoom_id: roomId,
        resumed: false,
      });
      expect((await started).msg.room).toMatchObject({ _id: roomId, currentTurn: "X" });

      expect(
        (await ask(onA, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: 10 })).msg,
      ).toMatchObject({
        userSymbol: "X",
        room: { status: "playing" },
      });
      expect(
        (await ask(onB, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: 10 })).msg,
      ).toMatchObject({
        userSymbol: "O",
      });

      // Four moves, each pushed to the player on the other process.
      let last: any;
      for (const [s, row, col] of [
        [onA, 0, 0],
        [onB, 1, 0],
        [onA, 0, 1],
        [onB, 1, 1],
      ] as const) {
        const other = s === onA ? onB : onA;
        const before: number | undefined = last?.version;
        const pushed = next(other, EV.roomUpdated, (p) => p.msg.room.version > (before ?? 0));
        const ack = await ask(s, EV.move, { decodedRoomId: roomId, row, col, version: before });
        expect(ack.success).toBe(true);
        last = ack.msg.room;
        expect((await pushed).msg.room.version).toBe(last.version);
      }
      expect(last).toMatchObject({ status: "playing", currentTurn: "X" });

      // Node 1 is lost: SIGKILL, no shutdown. A's connection drops with it.
      const dropped = new Promise((resolve) => onA.once("disconnect", resolve));
      node1.child.kill("SIGKILL");
      expect(await node1.exited).toEqual({ code: null, signal: "SIGKILL" });
      await dropped;

      // A connects to node 2 and rejoins: the same board, the same version, still A's turn. (No
      // surviving node saw A's socket go, so no reconnect countdown started: A's turn timer, 30 s,
      // is what would have ended the game had A not come back.)
      const againA = await roomSocket(node2, a.cookie);
      const rejoined = await ask(againA, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: 10 });
      expect(rejoined.msg).toMatchObject({ userId: a.id, userSymbol: "X" });
      expect(rejoined.msg.room).toMatchObject({
        status: "playing",
        currentTurn: "X",
        version: last.version,
        gameState: last.gameState,
      });

      // A completes the top row: the game ends, B hears it, A's prize arrives.
      const finishedForB = next(onB, EV.roomUpdated, (p) => p.msg.room.status === "finished");
      const prizeForA = next(againA, EV.balanceUpdated);
      const won = await ask(againA, EV.move, {
        decodedRoomId: roomId,
        row: 0,
        col: 2,
        version: last.version,
      });
      expect(won.msg.room).toMatchObject({ status: "finished", winner: "X", end_reason: "line" });
      expect((await finishedForB).msg.room).toMatchObject({ winner: "X", version: won.msg.room.version });
      expect((await prizeForA).msg).toEqual({ available_balance: "18.000", deposit_amount: "90.000" });

      // Settled once: one prize and one revenue entry, exact balances, the escrow empty, the books whole.
      const entries = await db()
        .select({ key: journalEntries.idempotencyKey, n: sql<number>`count(*)::int` })
        .from(journalEntries)
        .where(inArray(journalEntries.idempotencyKey, [`game-prize:${roomId}`, `game-revenue:${roomId}`]))
        .groupBy(journalEntries.idempotencyKey);
      expect(Object.fromEntries(entries.map((e) => [e.key, e.n]))).toEqual({
        [`game-prize:${roomId}`]: 1,
        [`game-revenue:${roomId}`]: 1,
      });
      const [room] = await db().select().from(gameRooms).where(eq(gameRooms.id, roomId));
      expect(room?.settledAt).toBeInstanceOf(Date);
      expect(await memberBalances(db(), a.id)).toEqual({ withdrawable: 18_000, deposit: 90_000 });
      expect(await memberBalances(db(), b.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
      expect(await gameEscrowTotal(db())).toBe(0);
      expect(await checkLedgerInvariant(db())).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
    });
  },
);
