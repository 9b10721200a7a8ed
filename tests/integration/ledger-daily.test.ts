import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../api/db/client";
import { journalEntries, journalLines, ledgerDaily } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import {
  PLATFORM,
  accountClass,
  checkLedgerInvariant,
  memberAccount,
  postEntry,
} from "../../api/ledger/ledger";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";

/**
 * The operators' overview reads ledger_daily, kept by post() in each entry's transaction. After
 * random entries (a fixed seed) of several kinds, with lines on several accounts of one class,
 * either side of IST midnight, some replayed and many in parallel, the roll-up must equal what the
 * journal says — and the migration's backfill must compute the same rows from the journal alone.
 */

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** IST midnight of 1 November 2026 is 31 October 18:30 UTC. */
const IST_MIDNIGHT = Date.UTC(2026, 9, 31, 18, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = { day: string; kind: string; account: string; amount: number; lines: number };
const key = (r: Row) => `${r.day}|${r.kind}|${r.account}`;
const sorted = (rows: Row[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe.each(drivers("both"))("the ledger's daily roll-up (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  /** The journal's own answer, per IST day, kind and account class. */
  async function fromJournal(): Promise<Row[]> {
    const rows = await t.deps.db
      .select({
        day: sql<string>`to_char(${journalEntries.createdAt} at time zone interval '+05:30', 'YYYY-MM-DD')`,
        kind: journalEntries.kind,
        account: journalLines.accountId,
        amount: journalLines.amount,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId));
    const sums = new Map<string, Row>();
    for (const r of rows) {
      const row: Row = { day: r.day, kind: r.kind, account: accountClass(r.account), amount: 0, lines: 0 };
      const k = key(row);
      const sum = sums.get(k) ?? row;
      sum.amount += Number(r.amount);
      sum.lines += 1;
      sums.set(k, sum);
    }
    return sorted([...sums.values()]);
  }

  async function fromRollUp(): Promise<Row[]> {
    const rows = await t.deps.db
      .select({
        day: ledgerDaily.day,
        kind: ledgerDaily.kind,
        account: ledgerDaily.account,
        amount: sql<string>`sum(${ledgerDaily.amount})`,
        lines: sql<string>`sum(${ledgerDaily.lines})`,
      })
      .from(ledgerDaily)
      .groupBy(ledgerDaily.day, ledgerDaily.kind, ledgerDaily.account);
    return sorted(
      rows.map((r) => ({
        day: r.day,
        kind: r.kind,
        account: r.account,
        amount: Number(r.amount),
        lines: Number(r.lines),
      })),
    );
  }

  it("equals the journal after random entries, replays, parallel posts and IST day boundaries", async () => {
    const members: string[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await createMember(t.deps.db, {
        name: `Daily ${i}`,
        email: `daily-${i}-${driver}@example.com`,
      });
      members.push(m.id);
    }
    const next = random(20261126);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const kinds = ["bonus_a", "bonus_b", "transfer_c"];
    const keys: string[] = [];
    const batch: Promise<unknown>[] = [];
    for (let i = 0; i < 160; i++) {
      const dayStart = IST_MIDNIGHT - Math.floor(next() * 20) * DAY_MS;
      const createdAt = new Date(
        next() < 0.5
          ? dayStart + Math.floor((next() - 0.5) * 240_000)
          : dayStart + Math.floor(next() * DAY_MS),
      );
      const replay = keys.length > 0 && next() < 0.1;
      const idempotencyKey = replay ? pick(keys) : `daily:${driver}:${i}`;
      if (!replay) keys.push(idempotencyKey);
      // Two members credited by one entry: two lines of one class (member:withdrawable).
      const a = pick(members);
      const b = pick(members.filter((m) => m !== a));
      const x = 1 + Math.floor(next() * 9_000);
      const y = 1 + Math.floor(next() * 9_000);
      batch.push(
        postEntry(t.deps.db, {
          idempotencyKey,
          kind: pick(kinds),
          createdAt,
          lines: [
            { account: PLATFORM.promotions, amount: -(x + y) },
            { account: memberAccount(a, "withdrawable"), amount: x },
            { account: memberAccount(b, next() < 0.5 ? "withdrawable" : "deposit"), amount: y },
          ],
        }),
      );
      // Eight posts at a time: entries of one day and kind meet on the same roll-up rows.
      if (batch.length === 8) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);

    const journal = await fromJournal();
    expect(journal.some((r) => r.account === "member:withdrawable" && r.lines > 1)).toBe(true);
    expect(await fromRollUp()).toEqual(journal);
    expect((await checkLedgerInvariant(t.deps.db)).unbalancedEntries).toBe(0);

    // The migration's backfill computes the same rows from the journal alone.
    const migration = readFileSync(path.join(migrationsFolder, "0008_operator_console.sql"), "utf8");
    const backfill = migration
      .split("--> statement-breakpoint")
      .find((s) => /insert into "ledger_daily"/i.test(s));
    expect(backfill).toBeDefined();
    await t.deps.db.delete(ledgerDaily);
    await t.deps.db.execute(sql.raw(backfill!));
    expect(await fromRollUp()).toEqual(journal);
  });

  it("classes accounts by kind, never by member or campaign", () => {
    expect(accountClass("member:u1:withdrawable")).toBe("member:withdrawable");
    expect(accountClass("member:abc-def:debt")).toBe("member:debt");
    expect(accountClass("campaign:c9:escrow")).toBe("campaign:escrow");
    expect(accountClass("game:r7:escrow")).toBe("game:escrow");
    expect(accountClass(PLATFORM.revenue)).toBe("platform:revenue");
  });
});
