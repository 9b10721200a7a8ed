import postgres from "postgres";
import type { Db } from "../api/db/client";
import { seedGames } from "../api/seed/games";
import { PLATFORM, ensurePlatformAccounts } from "../api/ledger/ledger";
import { hashToken, newId, newToken } from "../api/lib/ids";

/**
 * Players for the games bench and the tests that drive a node's games: the room types, and `count`
 * members ('Player i', player{i}@bench.test) each holding `depositMilli` of deposit balance (a
 * balanced `bench_funding` entry from the promotions account) and a session, inserted in bulk on
 * PostgreSQL at `url` (migrated, `db` open on it). Answers each member's session cookie, in order.
 */
export async function seedGamePlayers(
  db: Db,
  url: string,
  opts: { count: number; depositMilli: number },
): Promise<string[]> {
  await ensurePlatformAccounts(db);
  await db.transaction((tx) => seedGames(tx));
  const bulk = postgres(url, { max: 1, onnotice: () => {} });
  const cookies: string[] = [];
  try {
    for (let from = 0; from < opts.count; from += 5000) {
      const ids: string[] = [];
      const indexes: number[] = [];
      const tokens: string[] = [];
      for (let i = from; i < Math.min(opts.count, from + 5000); i++) {
        ids.push(newId());
        indexes.push(i);
        tokens.push(newToken());
      }
      await bulk.begin(async (sql) => {
        await sql`insert into users (id, name, user_name, email, email_key)
          select id, 'Player ' || i, 'player' || i, 'player' || i || '@bench.test', 'player' || i || '@bench.test'
          from unnest(${ids}::text[], ${indexes}::int[]) as u(id, i)`;
        await sql`insert into ledger_accounts (id, user_id, kind, balance)
          select 'member:' || id || ':withdrawable', id, 'withdrawable', 0 from unnest(${ids}::text[]) id
          union all
          select 'member:' || id || ':deposit', id, 'deposit', ${opts.depositMilli}::bigint from unnest(${ids}::text[]) id`;
        await sql`with e as (
            insert into journal_entries (idempotency_key, kind, user_id, memo)
            select 'bench-funding:' || id, 'bench_funding', id, 'Benchmark deposit' from unnest(${ids}::text[]) id
            returning id, user_id)
          insert into journal_lines (entry_id, account_id, amount)
          select id, 'member:' || user_id || ':deposit', ${opts.depositMilli}::bigint from e
          union all
          select id, ${PLATFORM.promotions}::text, ${-opts.depositMilli}::bigint from e`;
        await sql`insert into sessions (user_id, token_hash, persistent, expires_at)
          select id, h, true, now() + interval '1 day'
          from unnest(${ids}::text[], ${tokens.map(hashToken)}::text[]) as s(id, h)`;
      });
      cookies.push(...tokens.map((token) => `sid=${token}`));
    }
  } finally {
    await bulk.end();
  }
  await db.execute("analyze");
  return cookies;
}
