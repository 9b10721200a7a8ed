import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { migrationsFolder, openDatabase } from "../api/db/client";
import { seedIfEmpty } from "../api/seed/seed";
import { memberDailyEarnings } from "../api/db/schema";
import { createMember } from "../api/accounts/accounts";
import { PLATFORM, memberAccount } from "../api/ledger/ledger";

/**
 * The pages benchmark's data (bench/pages.ts): the demo content and members with long earning
 * histories, seeded before a site opens the database, in PGlite or a scratch PostgreSQL database.
 */

/** Members whose dashboards are measured, by the number of earning entries in their ledger. */
export const HISTORY_SIZES = (process.env.BENCH_HISTORY ?? "100,10000,100000").split(",").map(Number);
const BENCH_PASSWORD = "bench-password-123";

export interface HistoryMember {
  entries: number;
  email: string;
  password: string;
}

/**
 * Seeds a database before the server opens it: the demo content, then one member per history
 * size with that many earning entries (₹1 each) written in bulk with
 * SQL — journal entries, their lines, the member's balance and the daily roll-up, as the ledger keeps
 * them (the funding account is untracked: its balance is the sum of its lines).
 */
export async function prepareDatabase(open: { url?: string; dataDir?: string }): Promise<HistoryMember[]> {
  const database = await openDatabase(open);
  const { db } = database;
  try {
    await seedIfEmpty(db);
    const members: HistoryMember[] = [];
    const funding = PLATFORM.earningsFunding;
    // Every member's entries fall on the same 28 days, so each dashboard shows as many days and
    // rows: only the length of the history differs between them.
    for (const entries of HISTORY_SIZES) {
      const email = `history-${entries}@bench.test`;
      const m = await createMember(db, { name: `History ${entries}`, email, password: BENCH_PASSWORD });
      const account = memberAccount(m.id, "withdrawable");
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          with e as (
            insert into journal_entries (idempotency_key, kind, user_id, created_at)
            select 'bench:' || ${m.id} || ':' || g, 'ptc_ads', ${m.id},
                   now() - (g % 28) * interval '1 day' - (g % 86400) * interval '1 second'
            from generate_series(1, ${entries}::int) g
            returning id
          )
          insert into journal_lines (entry_id, account_id, amount)
          select id, ${funding}, -1000 from e
          union all
          select id, ${account}, 1000 from e`);
        await tx.execute(
          sql`update ledger_accounts set balance = balance + ${entries * 1000} where id = ${account}`,
        );
      });
      members.push({ entries, email, password: BENCH_PASSWORD });
    }
    // The daily roll-up, rebuilt from the journal by the migration's own backfill statement.
    const migration = readFileSync(path.join(migrationsFolder, "0002_rollup.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((st) => /insert into/i.test(st));
    if (!backfill) throw new Error("the roll-up migration has no backfill statement");
    await db.delete(memberDailyEarnings);
    await db.execute(sql.raw(backfill));
    await database.analyze();
    if (database.kind === "postgres") await db.execute(sql`analyze`);
    return members;
  } finally {
    await database.close();
  }
}

/** A scratch database on the PostgreSQL server at `serverUrl`, dropped after `run`. */
export async function withScratchPostgres<T>(
  serverUrl: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `bench_pages_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
