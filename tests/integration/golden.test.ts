import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationsFolder, type Database } from "../../api/db/client";
import { users } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { drivers, freshDatabase } from "../support/db";

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

describe.each(drivers("both"))("fresh databases from the golden copy (%s)", (driver) => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await freshDatabase(driver);
    second = await freshDatabase(driver);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("come from the copy migrated once for the run", () => {
    const golden = inject("golden");
    expect(golden.pglite).toMatch(/pglite-[\d.]+-[0-9a-f]{12}\.tar$/);
    if (driver === "postgres") expect(golden.postgres).toMatch(/^golden_[0-9a-f]{12}$/);
  });

  it("have every migration recorded once, so opening them migrates nothing", async () => {
    const recorded = await rows<{ n: number }>(
      first,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(recorded[0]?.n).toBe(journal.entries.length);
  });

  it("start empty and stay apart from each other", async () => {
    expect(await first.db.$count(users)).toBe(0);
    await createMember(first.db, { name: "Golden Member", email: "golden@example.com" });
    expect(await first.db.$count(users)).toBe(1);
    expect(await second.db.$count(users)).toBe(0);
    const third = await freshDatabase(driver);
    try {
      expect(await third.db.$count(users)).toBe(0);
    } finally {
      await third.close();
    }
  });

  it.runIf(driver === "postgres")(
    "leave nothing connected to the template, which refuses connections",
    async () => {
      const template = inject("golden").postgres!;
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        const [info] = await admin<{ datistemplate: boolean; datallowconn: boolean; connected: number }[]>`
        select datistemplate, datallowconn,
          (select count(*)::int from pg_stat_activity where datname = ${template}) as connected
        from pg_database where datname = ${template}`;
        expect(info).toEqual({ datistemplate: true, datallowconn: false, connected: 0 });
      } finally {
        await admin.end();
      }
    },
  );
});
