import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitBehind, openDatabase, rowsOf, type Database } from "../../api/db/client";
import { together } from "../../api/db/errors";
import { freshPostgresUrl } from "../support/db";

/**
 * Transactions on PostgreSQL, whose BEGIN goes out with their first statement (api/db/client.ts,
 * ADR 0026): every statement is inside the transaction, a failure undoes all of it, a transaction
 * within one is a savepoint, and the pool's connections come back after a failure. PGlite's
 * transactions are its own, so this is PostgreSQL's alone.
 */
/** An error's message with its causes' (the ORM wraps the driver's error as its cause). */
const failure = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => "no error",
    (e: unknown) => {
      const out: string[] = [];
      for (let x = e as { message?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
        out.push(String(x.message));
      return out.join(" | ");
    },
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)("transactions on PostgreSQL", () => {
  let clone: Awaited<ReturnType<typeof freshPostgresUrl>>;
  let database: Database;
  /** A pool of one connection: a connection not given back stops every statement after it. */
  beforeAll(async () => {
    clone = await freshPostgresUrl();
    database = await openDatabase({ url: clone.url, maxConnections: 1 });
    await database.db.execute(sql`create table scratch (id int primary key)`);
  });
  afterAll(async () => {
    await database?.close();
    await clone?.drop();
  });

  const ids = async () =>
    rowsOf<{ id: number }>(await database.db.execute(sql`select id from scratch order by id`)).map(
      (r) => r.id,
    );

  it("runs every statement inside the transaction, the first one too", async () => {
    const seen = await database.db.transaction(async (tx) => {
      const [first] = rowsOf<{ xid: string; level: string }>(
        await tx.execute(
          sql`select txid_current()::text as xid, current_setting('transaction_isolation') as level`,
        ),
      );
      await tx.execute(sql`insert into scratch values (1)`);
      const [second] = rowsOf<{ xid: string }>(await tx.execute(sql`select txid_current()::text as xid`));
      return { first: first!.xid, second: second!.xid };
    });
    expect(seen.first).toBe(seen.second);
    expect(await ids()).toEqual([1]);
  });

  it("undoes everything on a failure, and gives its connection back", async () => {
    for (let i = 0; i < 3; i++) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into scratch values (${10 + i})`);
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      // A statement the server refuses: the transaction is aborted, and rolled back.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into scratch values (${20 + i})`);
          await tx.execute(sql`insert into scratch values (1)`);
        }),
      ).rejects.toThrow();
    }
    expect(await ids()).toEqual([1]);
    // The one connection is free again: transactions at once each get it in turn.
    await Promise.all(
      [30, 31, 32].map((id) =>
        database.db.transaction((tx) => tx.execute(sql`insert into scratch values (${id})`)),
      ),
    );
    expect(await ids()).toEqual([1, 30, 31, 32]);
  });

  it("a transaction within a transaction is a savepoint", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into scratch values (40)`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into scratch values (41)`);
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
      await tx.transaction((inner) => inner.execute(sql`insert into scratch values (42)`));
    });
    expect((await ids()).filter((id) => id >= 40)).toEqual([40, 42]);
  });

  /**
   * The backend of the transaction's connection is ended between two of its statements; the next
   * statement goes out at once (it may reach the connection before or after the client sees the
   * close), or once the backend has left and the client has had time to see the close. That last
   * one is the case postgres.js never answers on a reserved connection (porsager/postgres#1208).
   */
  it.each([
    { when: "at once", first: 50, waitForClose: false },
    { when: "once the connection has closed", first: 60, waitForClose: true },
  ])(
    "a connection the server ends in the middle of a transaction, the next statement $when: the transaction fails, nothing is kept, the pool opens another",
    { timeout: 20_000 },
    async ({ first, waitForClose }) => {
      const uncaught: unknown[] = [];
      const note = (e: unknown) => uncaught.push(e);
      process.on("uncaughtException", note);
      const mine = async () => (await ids()).filter((id) => id >= first && id < first + 10);
      try {
        const admin = await openDatabase({ url: clone.url, maxConnections: 1 });
        const closed = async (pid: number) => {
          const left = async () =>
            rowsOf(await admin.db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`)).length;
          while ((await left()) > 0) await new Promise((r) => setTimeout(r, 10));
          await new Promise((r) => setTimeout(r, 100));
        };
        try {
          await expect(
            database.db.transaction(async (tx) => {
              await tx.execute(sql`insert into scratch values (${first})`);
              const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
              await admin.db.execute(sql`select pg_terminate_backend(${me!.pid})`);
              if (waitForClose) await closed(me!.pid);
              await tx.execute(sql`insert into scratch values (${first + 1})`);
            }),
          ).rejects.toThrow();
        } finally {
          await admin.close();
        }
        // The pool's one connection is opened again. The first statement after it may still be
        // answered the old backend's end (57P01, as postgres.js hands it on); the next one runs.
        const after = () => mine().catch(() => mine());
        expect(await after()).toEqual([]);
        await database.db.transaction((tx) => tx.execute(sql`insert into scratch values (${first + 2})`));
        expect(await mine()).toEqual([first + 2]);
        await new Promise((r) => setTimeout(r, 50));
        expect(uncaught).toEqual([]);
      } finally {
        process.off("uncaughtException", note);
      }
    },
  );

  /**
   * commitBehind: the COMMIT (and the checks before it) sent behind the statements without waiting
   * for their answers. Another connection sees the work committed while the transaction's function
   * is still running; a failure among the statements or the checks keeps nothing.
   */
  describe("a COMMIT sent behind the statements (commitBehind)", () => {
    let admin: Database;
    beforeAll(async () => {
      admin = await openDatabase({ url: clone.url, maxConnections: 1 });
    });
    afterAll(() => admin?.close());
    const seen = async (id: number) =>
      rowsOf(await admin.db.execute(sql`select 1 from scratch where id = ${id}`)).length === 1;

    it("commits with the statements' answers: the work is seen elsewhere before the transaction's function returns", async () => {
      let before: boolean | undefined;
      await database.db.transaction(async (tx) => {
        await together([
          tx.execute(sql`insert into scratch values (70)`).then(() => undefined),
          commitBehind(tx, sql`select 1`),
        ] as const);
        before = await seen(70);
      });
      expect(before).toBe(true);
    });

    it.each([
      { what: "a statement fails", id: 71, check: sql`select 1`, error: /duplicate key/ },
      {
        what: "a check fails",
        id: 72,
        check: sql`select assert_room_at('no-such-room', 0)`,
        error: /room_moved/,
      },
    ])(
      "$what: the statement's error is thrown, nothing is kept, the connection comes back",
      async ({ id, check, error }) => {
        const failed = failure(
          database.db.transaction(async (tx) => {
            await together([
              tx.execute(sql`insert into scratch values (${id})`).then(() => undefined),
              id === 71
                ? tx.execute(sql`insert into scratch values (1)`).then(() => undefined)
                : Promise.resolve(),
              commitBehind(tx, check),
            ] as const);
          }),
        );
        expect(await failed).toMatch(error);
        expect(await seen(id)).toBe(false);
        await database.db.transaction((tx) => tx.execute(sql`insert into scratch values (${id + 100})`));
        expect(await seen(id + 100)).toBe(true);
      },
    );

    it("a statement after the COMMIT is refused, never run outside the transaction", async () => {
      expect(
        await failure(
          database.db.transaction(async (tx) => {
            await together([
              tx.execute(sql`insert into scratch values (73)`).then(() => undefined),
              commitBehind(tx),
            ] as const);
            await tx.execute(sql`insert into scratch values (74)`);
          }),
        ),
      ).toContain("a statement after the transaction's COMMIT");
      expect([await seen(73), await seen(74)]).toEqual([true, false]);
    });

    it("a transaction that fails before its COMMIT went out is rolled back, and sends no COMMIT", async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into scratch values (75)`);
          commitBehind(tx).catch(() => undefined);
          throw new Error("refused before the COMMIT");
        }),
      ).rejects.toThrow("refused before the COMMIT");
      await new Promise((r) => setImmediate(r));
      expect(await seen(75)).toBe(false);
      await database.db.transaction((tx) => tx.execute(sql`insert into scratch values (76)`));
      expect(await seen(76)).toBe(true);
    });
  });
});

/** On PGlite (no pipelining) commitBehind runs its checks, and the transaction commits as usual. */
describe("commitBehind on PGlite", () => {
  it("commits after checks that pass, keeps nothing after one that fails", async () => {
    const database = await openDatabase({});
    try {
      await database.db.execute(sql`create table scratch (id int primary key)`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into scratch values (1)`);
        await commitBehind(tx, sql`select 1`);
      });
      expect(
        await failure(
          database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into scratch values (2)`);
            await commitBehind(tx, sql`select assert_room_at('no-such-room', 0)`);
          }),
        ),
      ).toMatch(/room_moved/);
      const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from scratch order by id`));
      expect(ids.map((r) => r.id)).toEqual([1]);
    } finally {
      await database.close();
    }
  });
});
