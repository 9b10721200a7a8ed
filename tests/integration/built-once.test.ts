import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtOnce, rowsOf, type Database } from "../../api/db/client";
import { drivers, freshDatabase } from "../support/db";

/**
 * A statement built once (api/db/client.ts, builtOnce) is the money paths' way to send their
 * hottest statements: its text is built on the first call, and every call sends that text with
 * its own values — on the database, and inside a transaction, where a failure undoes it too.
 */
describe.each(drivers("both"))("a statement built once (%s)", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(driver);
    await database.db.execute(sql`create table scratch (id int primary key, label text, at timestamptz)`);
  });
  afterAll(() => database?.close());

  let builds = 0;
  const insert = builtOnce<{ id: number; label: string | null; at: string }>(() => {
    builds++;
    return sql`insert into scratch values (${sql.placeholder("id")}, ${sql.placeholder("label")}, ${sql.placeholder("at")}::timestamptz) on conflict do nothing returning id, label, at`;
  });
  const rows = async () =>
    rowsOf<{ id: number; label: string | null }>(
      await database.db.execute(sql`select id, label from scratch order by id`),
    );

  it("sends each call's values with the text built on the first call, in and out of transactions", async () => {
    const first = rowsOf<{ id: number }>(
      await insert(database.db, { id: 1, label: "one", at: "2026-11-28T10:00:00.000Z" }),
    );
    expect(first.map((r) => r.id)).toEqual([1]);
    await database.db.transaction(async (tx) => {
      await insert(tx, { id: 2, label: null, at: "2026-11-28T11:00:00.000Z" });
      await insert(tx, { id: 3, label: "three", at: "2026-11-28T12:00:00.000Z" });
    });
    // A conflict inserts nothing, and answers no row.
    expect(
      rowsOf(await insert(database.db, { id: 1, label: "again", at: "2026-11-28T13:00:00.000Z" })),
    ).toEqual([]);
    expect(await rows()).toEqual([
      { id: 1, label: "one" },
      { id: 2, label: null },
      { id: 3, label: "three" },
    ]);
    expect(builds).toBe(1);
  });

  it("is undone with the transaction it ran in", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, { id: 10, label: "ten", at: "2026-11-28T10:00:00.000Z" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect((await rows()).map((r) => r.id)).not.toContain(10);
  });

  it("refuses a call that leaves a value out, sending nothing", async () => {
    await expect(
      insert(database.db, { id: 11, label: "eleven" } as unknown as {
        id: number;
        label: string;
        at: string;
      }),
    ).rejects.toThrow(/placeholder "at"/);
    expect((await rows()).map((r) => r.id)).not.toContain(11);
  });
});
