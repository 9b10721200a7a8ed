import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../api/db/client";
import { journalEntries, journalLines, memberDailyEarnings } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { EARNING_SOURCES, REFERRAL_INCOME, creditEarning } from "../../api/ledger/earnings";
import { PLATFORM, checkLedgerInvariant } from "../../api/ledger/ledger";
import { setSetting } from "../../api/site/settings";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";

/**
 * The dashboard reads each member's daily earnings from member_daily_earnings, kept by the ledger
 * in the entry's transaction. After random earnings (a fixed seed), referral income and entries
 * either side of IST midnight, the roll-up must equal what the journal lines say.
 */

/** A small seeded generator (mulberry32): the same earnings on every run. */
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

type Row = { userId: string; day: string; kind: string; amount: number };
const key = (r: Row) => `${r.userId}|${r.day}|${r.kind}`;
const sorted = (rows: Row[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe.each(drivers("both"))("daily earnings roll-up (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  /** The ledger's own answer: credits to each member's withdrawable account from earning entries, per IST day. */
  async function fromLedger(userIds: string[]): Promise<Row[]> {
    const day = sql<string>`to_char(${journalEntries.createdAt} at time zone interval '+05:30', 'YYYY-MM-DD')`;
    const rows = await t.deps.db
      .select({
        userId: journalEntries.userId,
        day,
        kind: journalEntries.kind,
        amount: sql<string>`sum(${journalLines.amount})`,
      })
      .from(journalEntries)
      .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
      .where(
        and(
          inArray(journalEntries.userId, userIds),
          inArray(journalEntries.kind, [...EARNING_SOURCES, REFERRAL_INCOME]),
          sql`${journalLines.accountId} = 'member:' || ${journalEntries.userId} || ':withdrawable'`,
        ),
      )
      .groupBy(journalEntries.userId, day, journalEntries.kind);
    return sorted(
      rows.map((r) => ({ userId: r.userId!, day: r.day, kind: r.kind, amount: Number(r.amount) })),
    );
  }

  async function fromRollUp(userIds: string[]): Promise<Row[]> {
    const rows = await t.deps.db
      .select()
      .from(memberDailyEarnings)
      .where(inArray(memberDailyEarnings.userId, userIds));
    return sorted(rows.map((r) => ({ ...r, amount: Number(r.amount) })));
  }

  it("equals the ledger after random earnings, referral income and IST day boundaries, replays included", async () => {
    await setSetting(t.deps.db, "referral_rate_bp", 1250);
    const referrer = await createMember(t.deps.db, {
      name: "Roll Referrer",
      email: `roll-ref-${driver}@example.com`,
    });
    const members = [referrer.id];
    for (let i = 0; i < 3; i++) {
      const m = await createMember(t.deps.db, {
        name: `Roll ${i}`,
        email: `roll-${i}-${driver}@example.com`,
        referredBy: i < 2 ? referrer.id : null,
      });
      members.push(m.id);
    }
    const next = random(20261123);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const keys: string[] = [];
    for (let i = 0; i < 150; i++) {
      // Half the entries fall within two minutes of an IST midnight, on either side.
      const dayStart = IST_MIDNIGHT - Math.floor(next() * 60) * DAY_MS;
      const createdAt = new Date(
        next() < 0.5
          ? dayStart + Math.floor((next() - 0.5) * 240_000)
          : dayStart + Math.floor(next() * DAY_MS),
      );
      const replay = keys.length > 0 && next() < 0.1;
      const idempotencyKey = replay ? pick(keys) : `roll:${driver}:${i}`;
      if (!replay) keys.push(idempotencyKey);
      await t.deps.db.transaction((tx) =>
        creditEarning(tx, {
          userId: pick(members),
          source: pick(EARNING_SOURCES),
          amount: 1 + Math.floor(next() * 50_000),
          idempotencyKey,
          createdAt,
          fundingAccount: PLATFORM.earningsFunding,
        }),
      );
    }
    const ledger = await fromLedger(members);
    expect(ledger.some((r) => r.kind === REFERRAL_INCOME && r.userId === referrer.id)).toBe(true);
    expect(await fromRollUp(members)).toEqual(ledger);
    expect((await checkLedgerInvariant(t.deps.db)).unbalancedEntries).toBe(0);

    // The migration's backfill computes the same rows from the journal alone.
    const migration = readFileSync(path.join(migrationsFolder, "0002_rollup.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((s) => /insert into/i.test(s));
    expect(backfill).toBeDefined();
    await t.deps.db.delete(memberDailyEarnings);
    await t.deps.db.execute(sql.raw(backfill!));
    expect(await fromRollUp(members)).toEqual(ledger);
  });

  it("puts the last millisecond before IST midnight on the day before", async () => {
    const m = await createMember(t.deps.db, {
      name: "Roll Midnight",
      email: `roll-mid-${driver}@example.com`,
    });
    const credit = (ms: number, n: number) =>
      t.deps.db.transaction((tx) =>
        creditEarning(tx, {
          userId: m.id,
          source: "ptc_ads",
          amount: n,
          idempotencyKey: `roll-mid:${driver}:${ms}`,
          createdAt: new Date(ms),
        }),
      );
    await credit(IST_MIDNIGHT - 1, 1_000);
    await credit(IST_MIDNIGHT, 2_000);
    await credit(IST_MIDNIGHT + DAY_MS - 1, 3_000);
    expect(await fromRollUp([m.id])).toEqual([
      { userId: m.id, day: "2026-10-31", kind: "ptc_ads", amount: 1_000 },
      { userId: m.id, day: "2026-11-01", kind: "ptc_ads", amount: 5_000 },
    ]);
    expect(await fromLedger([m.id])).toEqual(await fromRollUp([m.id]));
  });
});
