import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Db, type Tx } from "../../api/db/client";
import { journalEntries, journalLines, ledgerAccounts } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { creditEarning } from "../../api/ledger/earnings";
import {
  InsufficientFundsError,
  PLATFORM,
  accountBalance,
  checkLedgerInvariant,
  ensurePlatformAccounts,
  memberAccount,
  memberBalances,
  openMemberAccounts,
  post,
  postEntry,
} from "../../api/ledger/ledger";
import { setSetting } from "../../api/site/settings";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";

let seq = 0;
const key = (label: string) => `test:${label}:${++seq}:${Date.now()}`;

/** The account's balance as the ledger defines it (summed from its lines when untracked). */
const balanceOf = (db: Db, account: string): Promise<number> => accountBalance(db, account);

async function entriesWithKey(db: Db, idempotencyKey: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, idempotencyKey));
  return Number(row?.n ?? 0);
}

async function newMember(db: Db, opts: { referredBy?: string } = {}) {
  const n = ++seq;
  return createMember(db, {
    name: `Member ${n}`,
    email: `member${n}-${Date.now()}@example.com`,
    referredBy: opts.referredBy,
  });
}

/** Moves money into a member's account from the promotions account (which may run negative). */
async function fund(
  db: Db,
  userId: string,
  amount: number,
  kind: "withdrawable" | "deposit" = "withdrawable",
) {
  const r = await postEntry(db, {
    idempotencyKey: key("fund"),
    kind: "test_fund",
    userId,
    lines: [
      { account: PLATFORM.promotions, amount: -amount },
      { account: memberAccount(userId, kind), amount },
    ],
  });
  expect(r.posted).toBe(true);
}

/** A fee from the member's withdrawable balance to the platform's revenue. */
async function chargeFee(db: Db, userId: string, amount: number) {
  await postEntry(db, {
    idempotencyKey: key("fee"),
    kind: "test_fee",
    lines: [
      { account: memberAccount(userId, "withdrawable"), amount: -amount },
      { account: PLATFORM.revenue, amount },
    ],
  });
}

async function expectInvariant(db: Db) {
  expect(await checkLedgerInvariant(db)).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
}

describe.each(drivers("both"))("ledger (%s)", (driver) => {
  let t: TestApi;
  let db: Db;
  beforeAll(async () => {
    t = await startTestApi(driver);
    db = t.deps.db;
  });
  afterAll(() => t.close());

  // PostgreSQL's own statistics of the transaction; PGlite runs the same functions.
  it.runIf(driver === "postgres")(
    "an entry and an earning find their accounts by key: no scan of every account, however many there are",
    async () => {
      // Enough accounts that a scan of them all is what a hash join would do (two per member).
      await db.execute(sql`insert into ledger_accounts (id, kind)
        select 'member:scan-' || n || ':withdrawable', 'withdrawable' from generate_series(1, 3000) n
        on conflict do nothing`);
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      const scansOf = (tx: Tx) =>
        tx
          .execute(sql`select seq_scan from pg_stat_xact_user_tables where relname = 'ledger_accounts'`)
          .then((r) => Number(rowsOf<{ seq_scan: string | number }>(r)[0]?.seq_scan ?? 0));
      const scans = await db.transaction(async (tx) => {
        await post(tx, {
          idempotencyKey: key("by-key"),
          kind: "test_fund",
          userId: m.id,
          lines: [
            { account: PLATFORM.promotions, amount: -1_000 },
            { account: memberAccount(m.id, "withdrawable"), amount: 1_000 },
          ],
        });
        const afterEntry = await scansOf(tx);
        // An earning locks the member's, the referrer's and the promotions' accounts first.
        await creditEarning(tx, {
          userId: m.id,
          source: "ptc_ads",
          amount: 1_000,
          idempotencyKey: key("by-key-earning"),
          fundingLines: [
            { account: PLATFORM.earningsFunding, amount: -1_500 },
            { account: PLATFORM.revenue, amount: 500 },
          ],
        });
        return { afterEntry, afterEarning: await scansOf(tx) };
      });
      expect(scans).toEqual({ afterEntry: 0, afterEarning: 0 });
      expect(await balanceOf(db, memberAccount(m.id, "withdrawable"))).toBe(2_000);
      expect(await balanceOf(db, memberAccount(referrer.id, "withdrawable"))).toBeGreaterThan(0);
    },
  );

  describe("accounts", () => {
    it("has every platform account, and only the funding ones may run negative", async () => {
      const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, "platform"));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of Object.values(PLATFORM)) expect(byId.has(id), id).toBe(true);
      const negativeAllowed = rows
        .filter((r) => r.allowNegative)
        .map((r) => r.id)
        .sort();
      expect(negativeAllowed).toEqual(
        [PLATFORM.adjustments, PLATFORM.earningsFunding, PLATFORM.offerWalls, PLATFORM.promotions].sort(),
      );
    });

    it("ensurePlatformAccounts can run again without touching balances", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 7_000);
      const before = await balanceOf(db, PLATFORM.promotions);
      await ensurePlatformAccounts(db);
      await ensurePlatformAccounts(db);
      expect(await balanceOf(db, PLATFORM.promotions)).toBe(before);
      const [n] = await db
        .select({ n: count() })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.kind, "platform"));
      expect(Number(n?.n)).toBe(Object.values(PLATFORM).length);
    });

    it("a new member has a withdrawable and a deposit account at zero", async () => {
      const m = await newMember(db);
      const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, m.id));
      expect(rows.map((r) => [r.id, r.kind, Number(r.balance), r.allowNegative]).sort()).toEqual(
        [
          [memberAccount(m.id, "deposit"), "deposit", 0, false],
          [memberAccount(m.id, "withdrawable"), "withdrawable", 0, false],
        ].sort(),
      );
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    });

    it("openMemberAccounts is idempotent and keeps balances", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 1_234);
      await openMemberAccounts(db, m.id);
      await openMemberAccounts(db, m.id);
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 1_234, deposit: 0 });
    });

    it("memberBalances of an unknown member is zero", async () => {
      expect(await memberBalances(db, "nobody")).toEqual({ withdrawable: 0, deposit: 0 });
    });
  });

  describe("post", () => {
    it("moves money, records the lines and reads back as numbers", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 10_000);
      const k = key("convert");
      const r = await postEntry(db, {
        idempotencyKey: k,
        kind: "convert",
        userId: m.id,
        memo: "withdrawToDeposit",
        lines: [
          { account: memberAccount(m.id, "withdrawable"), amount: -4_000 },
          { account: memberAccount(m.id, "deposit"), amount: 4_000 },
          { account: PLATFORM.revenue, amount: 0 }, // zero lines are dropped
        ],
      });
      expect(r.posted).toBe(true);
      if (!r.posted) return;
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 6_000, deposit: 4_000 });
      const lines = await db.select().from(journalLines).where(eq(journalLines.entryId, r.entryId));
      expect(lines.map((l) => [l.accountId, l.amount]).sort()).toEqual(
        [
          [memberAccount(m.id, "deposit"), 4_000],
          [memberAccount(m.id, "withdrawable"), -4_000],
        ].sort(),
      );
      const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, r.entryId));
      expect(entry).toMatchObject({
        idempotencyKey: k,
        kind: "convert",
        userId: m.id,
        memo: "withdrawToDeposit",
      });
      await expectInvariant(db);
    });

    it("keeps the given entry time", async () => {
      const m = await newMember(db);
      const at = new Date("2026-10-01T05:30:00.000Z");
      const r = await postEntry(db, {
        idempotencyKey: key("dated"),
        kind: "test",
        userId: m.id,
        createdAt: at,
        lines: [
          { account: PLATFORM.promotions, amount: -1 },
          { account: memberAccount(m.id, "deposit"), amount: 1 },
        ],
      });
      if (!r.posted) throw new Error("not posted");
      const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, r.entryId));
      expect(entry?.createdAt.toISOString()).toBe(at.toISOString());
    });

    it("posts an idempotency key once: the repeat is a duplicate with no effect", async () => {
      const m = await newMember(db);
      const entry = {
        idempotencyKey: key("once"),
        kind: "test",
        userId: m.id,
        lines: [
          { account: PLATFORM.promotions, amount: -2_500 },
          { account: memberAccount(m.id, "withdrawable"), amount: 2_500 },
        ],
      };
      expect((await postEntry(db, entry)).posted).toBe(true);
      expect(await postEntry(db, entry)).toEqual({ posted: false, duplicate: true });
      // even with different lines, the key decides
      expect(
        await postEntry(db, { ...entry, lines: entry.lines.map((l) => ({ ...l, amount: l.amount * 2 })) }),
      ).toEqual({
        posted: false,
        duplicate: true,
      });
      expect((await memberBalances(db, m.id)).withdrawable).toBe(2_500);
      expect(await entriesWithKey(db, entry.idempotencyKey)).toBe(1);
    });

    it("refuses entries that do not balance or are not integer milli-rupees, writing nothing", async () => {
      const m = await newMember(db);
      const w = memberAccount(m.id, "withdrawable");
      const bad: [string, { account: string; amount: number }[], RegExp][] = [
        ["one line", [{ account: w, amount: 5 }], /at least two/],
        [
          "only zeros",
          [
            { account: w, amount: 0 },
            { account: PLATFORM.promotions, amount: 0 },
          ],
          /at least two/,
        ],
        [
          "unbalanced",
          [
            { account: w, amount: 5 },
            { account: PLATFORM.promotions, amount: -4 },
          ],
          /sum to zero/,
        ],
        [
          "fraction",
          [
            { account: w, amount: 0.5 },
            { account: PLATFORM.promotions, amount: -0.5 },
          ],
          /integer milli-rupees/,
        ],
        [
          "NaN",
          [
            { account: w, amount: Number.NaN },
            { account: PLATFORM.promotions, amount: 1 },
          ],
          /integer milli-rupees/,
        ],
        [
          "unsafe",
          [
            { account: w, amount: 2 ** 60 },
            { account: PLATFORM.promotions, amount: -(2 ** 60) },
          ],
          /integer/,
        ],
      ];
      for (const [label, lines, message] of bad) {
        const k = key(label);
        await expect(postEntry(db, { idempotencyKey: k, kind: "test", lines }), label).rejects.toThrow(
          message,
        );
        expect(await entriesWithKey(db, k), label).toBe(0);
      }
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
      await expectInvariant(db);
    });

    it("refuses an unknown account and rolls the entry back", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 1_000);
      const k = key("unknown");
      await expect(
        postEntry(db, {
          idempotencyKey: k,
          kind: "test",
          lines: [
            { account: memberAccount(m.id, "withdrawable"), amount: -500 },
            { account: "member:nobody:deposit", amount: 500 },
          ],
        }),
      ).rejects.toThrow(/Unknown ledger account member:nobody:deposit/);
      expect(await entriesWithKey(db, k)).toBe(0);
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 1_000, deposit: 0 });
      await expectInvariant(db);
    });

    it("never takes a member account below zero; the whole entry rolls back", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 3_000);
      const k = key("overdraw");
      const err = await postEntry(db, {
        idempotencyKey: k,
        kind: "withdrawal",
        userId: m.id,
        lines: [
          { account: memberAccount(m.id, "withdrawable"), amount: -3_001 },
          { account: PLATFORM.pendingPayouts, amount: 3_001 },
        ],
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InsufficientFundsError);
      expect((err as InsufficientFundsError).accountId).toBe(memberAccount(m.id, "withdrawable"));
      expect(await entriesWithKey(db, k)).toBe(0);
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 3_000, deposit: 0 });
      // the key is still free: the exact balance goes through
      const ok = await postEntry(db, {
        idempotencyKey: k,
        kind: "withdrawal",
        userId: m.id,
        lines: [
          { account: memberAccount(m.id, "withdrawable"), amount: -3_000 },
          { account: PLATFORM.pendingPayouts, amount: 3_000 },
        ],
      });
      expect(ok.posted).toBe(true);
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
      await expectInvariant(db);
    });

    it("rolls back earlier entries of the caller's transaction when a later one overdraws", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 5_000);
      const first = key("first");
      const second = key("second");
      await expect(
        db.transaction(async (tx) => {
          await post(tx, {
            idempotencyKey: first,
            kind: "test",
            lines: [
              { account: memberAccount(m.id, "withdrawable"), amount: -5_000 },
              { account: memberAccount(m.id, "deposit"), amount: 5_000 },
            ],
          });
          await post(tx, {
            idempotencyKey: second,
            kind: "test",
            lines: [
              { account: memberAccount(m.id, "withdrawable"), amount: -1 },
              { account: PLATFORM.revenue, amount: 1 },
            ],
          });
        }),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      expect(await entriesWithKey(db, first)).toBe(0);
      expect(await entriesWithKey(db, second)).toBe(0);
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 5_000, deposit: 0 });
      await expectInvariant(db);
    });

    it("lets only the funding platform accounts run negative", async () => {
      const m = await newMember(db);
      // pending payouts, revenue, escrows are real money held: they cannot go below zero
      for (const account of [
        PLATFORM.revenue,
        PLATFORM.pendingPayouts,
        PLATFORM.gameEscrow,
        PLATFORM.campaignEscrow,
        PLATFORM.paidOut,
      ]) {
        const have = await balanceOf(db, account);
        await expect(
          postEntry(db, {
            idempotencyKey: key(account),
            kind: "test",
            lines: [
              { account, amount: -(have + 1) },
              { account: memberAccount(m.id, "deposit"), amount: have + 1 },
            ],
          }),
          account,
        ).rejects.toBeInstanceOf(InsufficientFundsError);
      }
      for (const account of [PLATFORM.promotions, PLATFORM.earningsFunding, PLATFORM.offerWalls]) {
        const have = await balanceOf(db, account);
        const r = await postEntry(db, {
          idempotencyKey: key(account),
          kind: "test",
          lines: [
            { account, amount: -(Math.max(have, 0) + 1_000) },
            { account: memberAccount(m.id, "deposit"), amount: Math.max(have, 0) + 1_000 },
          ],
        });
        expect(r.posted, account).toBe(true);
        expect(await balanceOf(db, account), account).toBeLessThan(0);
      }
      await expectInvariant(db);
    });

    it("keeps no stored balance for the platform accounts that only collect or fund", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 4_000);
      await chargeFee(db, m.id, 1_000);
      const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, "platform"));
      const untracked = rows
        .filter((r) => !r.tracked)
        .map((r) => r.id)
        .sort();
      expect(untracked).toEqual(
        [
          PLATFORM.revenue,
          PLATFORM.promotions,
          PLATFORM.earningsFunding,
          PLATFORM.offerWalls,
          PLATFORM.adjustments,
          PLATFORM.tdsPayable,
        ].sort(),
      );
      for (const r of rows.filter((r) => !r.tracked)) expect(Number(r.balance), r.id).toBe(0);
      // their balance is the sum of their lines
      const [sum] = await db
        .select({ s: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
        .from(journalLines)
        .where(eq(journalLines.accountId, PLATFORM.revenue));
      expect(await balanceOf(db, PLATFORM.revenue)).toBe(Number(sum?.s));
      expect(await balanceOf(db, PLATFORM.revenue)).toBeGreaterThanOrEqual(1_000);
      // a stored balance on an untracked account is refused
      await expect(
        db.update(ledgerAccounts).set({ balance: 5 }).where(eq(ledgerAccounts.id, PLATFORM.revenue)),
      ).rejects.toThrow();
      await expectInvariant(db);
    });

    it("parallel debits of revenue (untracked, never negative) never take it below zero", async () => {
      const fresh = await startTestApi(driver);
      try {
        const fdb = fresh.deps.db;
        const m = await newMember(fdb);
        await fund(fdb, m.id, 10_000);
        await chargeFee(fdb, m.id, 10_000);
        const settled = await Promise.allSettled(
          Array.from({ length: 8 }, () =>
            postEntry(fdb, {
              idempotencyKey: key("take"),
              kind: "test_take",
              lines: [
                { account: PLATFORM.revenue, amount: -3_000 },
                { account: memberAccount(m.id, "deposit"), amount: 3_000 },
              ],
            }),
          ),
        );
        expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(3);
        for (const r of settled.filter((s) => s.status === "rejected"))
          expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
        expect(await accountBalance(fdb, PLATFORM.revenue)).toBe(1_000);
        await expectInvariant(fdb);
      } finally {
        await fresh.close();
      }
    });

    it("backs the rule with a CHECK constraint: a direct negative balance is refused", async () => {
      const m = await newMember(db);
      await expect(
        db
          .update(ledgerAccounts)
          .set({ balance: -1 })
          .where(eq(ledgerAccounts.id, memberAccount(m.id, "withdrawable"))),
      ).rejects.toThrow();
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    });

    it("concurrent posts of one key have exactly one effect", async () => {
      const m = await newMember(db);
      const k = key("race");
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          postEntry(db, {
            idempotencyKey: k,
            kind: "test",
            userId: m.id,
            lines: [
              { account: PLATFORM.promotions, amount: -1_500 },
              { account: memberAccount(m.id, "withdrawable"), amount: 1_500 },
            ],
          }),
        ),
      );
      expect(results.filter((r) => r.posted)).toHaveLength(1);
      expect(results.filter((r) => !r.posted)).toHaveLength(11);
      expect(await entriesWithKey(db, k)).toBe(1);
      expect((await memberBalances(db, m.id)).withdrawable).toBe(1_500);
      await expectInvariant(db);
    });

    it("concurrent withdrawals never overdraw: exactly as many succeed as the balance covers", async () => {
      const m = await newMember(db);
      await fund(db, m.id, 10_000);
      const settled = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          postEntry(db, {
            idempotencyKey: key(`w${i}`),
            kind: "withdrawal",
            userId: m.id,
            lines: [
              { account: memberAccount(m.id, "withdrawable"), amount: -3_000 },
              { account: PLATFORM.pendingPayouts, amount: 3_000 },
            ],
          }),
        ),
      );
      const fulfilled = settled.filter((s) => s.status === "fulfilled");
      const rejected = settled.filter((s) => s.status === "rejected");
      expect(fulfilled).toHaveLength(3);
      expect(rejected).toHaveLength(7);
      for (const r of rejected)
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 1_000, deposit: 0 });
      await expectInvariant(db);
    });

    it("concurrent opposite transfers between two members do not deadlock", async () => {
      const a = await newMember(db);
      const b = await newMember(db);
      await fund(db, a.id, 50_000);
      await fund(db, b.id, 50_000);
      const transfer = (from: string, to: string, i: number) =>
        postEntry(db, {
          idempotencyKey: key(`x${i}`),
          kind: "test_transfer",
          lines: [
            { account: memberAccount(from, "withdrawable"), amount: -1_000 },
            { account: memberAccount(to, "withdrawable"), amount: 1_000 },
          ],
        });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? transfer(a.id, b.id, i) : transfer(b.id, a.id, i))),
      );
      expect(results.every((r) => r.posted)).toBe(true);
      expect((await memberBalances(db, a.id)).withdrawable).toBe(50_000);
      expect((await memberBalances(db, b.id)).withdrawable).toBe(50_000);
      await expectInvariant(db);
    });
  });

  describe("creditEarning", () => {
    const credit = (input: Parameters<typeof creditEarning>[1]) =>
      db.transaction((tx) => creditEarning(tx, input));

    // PGlite has one connection: a second transaction cannot run while the first is open there.
    it.runIf(driver === "postgres")(
      "an open earning (with referral and revenue) holds up no other member's: no shared row is locked",
      async () => {
        const [r1, r2] = [await newMember(db), await newMember(db)];
        const a = await newMember(db, { referredBy: r1.id });
        const b = await newMember(db, { referredBy: r2.id });
        await fund(db, b.id, 5_000, "deposit");
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let entered!: () => void;
        const inside = new Promise<void>((r) => (entered = r));
        const first = db.transaction(async (tx) => {
          await creditEarning(tx, {
            userId: a.id,
            source: "ptc_ads",
            amount: 1_000,
            idempotencyKey: key("held"),
            fundingLines: [
              { account: PLATFORM.earningsFunding, amount: -1_500 },
              { account: PLATFORM.revenue, amount: 500 },
            ],
          });
          entered();
          await held;
        });
        await inside;
        try {
          // Would wait for the first transaction's locks if any row were shared; the timeout turns
          // such a wait into an error instead of a hang.
          const second = await db.transaction(async (tx) => {
            await tx.execute(sql`set local lock_timeout = '5s'`);
            const earned = await creditEarning(tx, {
              userId: b.id,
              source: "offerWall",
              amount: 2_000,
              idempotencyKey: key("passes"),
            });
            await post(tx, {
              idempotencyKey: key("fee"),
              kind: "test_fee",
              lines: [
                { account: memberAccount(b.id, "deposit"), amount: -100 },
                { account: PLATFORM.revenue, amount: 100 },
              ],
            });
            return earned;
          });
          expect(second).toMatchObject({ posted: true, referralAmount: 200 });
        } finally {
          release();
          await first;
        }
        expect((await memberBalances(db, r1.id)).withdrawable).toBe(100);
        await expectInvariant(db);
      },
    );

    it("credits the member from the source's funding account, with no referral when not referred", async () => {
      const m = await newMember(db);
      const funding = await balanceOf(db, PLATFORM.earningsFunding);
      const promotions = await balanceOf(db, PLATFORM.promotions);
      const k = key("ad");
      expect(await credit({ userId: m.id, source: "ptc_ads", amount: 2_345, idempotencyKey: k })).toEqual({
        posted: true,
        referralAmount: 0,
        withdrawable: 2_345,
      });
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 2_345, deposit: 0 });
      expect(await balanceOf(db, PLATFORM.earningsFunding)).toBe(funding - 2_345);
      expect(await balanceOf(db, PLATFORM.promotions)).toBe(promotions);
      expect(await entriesWithKey(db, `referral:${k}`)).toBe(0);
      const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, k));
      expect(entry).toMatchObject({ kind: "ptc_ads", userId: m.id });
      await expectInvariant(db);
    });

    it("funds each source from its own account", async () => {
      const m = await newMember(db);
      const cases = [
        ["click_short_link", PLATFORM.earningsFunding],
        ["offerWall", PLATFORM.offerWalls],
      ] as const;
      for (const [source, account] of cases) {
        const before = await balanceOf(db, account);
        await credit({ userId: m.id, source, amount: 1_000, idempotencyKey: key(source) });
        expect(await balanceOf(db, account), source).toBe(before - 1_000);
      }
      // game winnings come out of the game escrow, which must hold the entry fees
      const k = key("game");
      await expect(
        credit({ userId: m.id, source: "bettingGames", amount: 1_000, idempotencyKey: k }),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      expect(await entriesWithKey(db, k)).toBe(0);
      await postEntry(db, {
        idempotencyKey: key("fees"),
        kind: "game_entry",
        lines: [
          { account: memberAccount(m.id, "withdrawable"), amount: -2_000 },
          { account: PLATFORM.gameEscrow, amount: 2_000 },
        ],
      });
      expect(
        (await credit({ userId: m.id, source: "bettingGames", amount: 1_000, idempotencyKey: k })).posted,
      ).toBe(true);
      // an explicit funding account overrides the default
      const campaign = await balanceOf(db, PLATFORM.promotions);
      await credit({
        userId: m.id,
        source: "ptc_ads",
        amount: 500,
        idempotencyKey: key("override"),
        fundingAccount: PLATFORM.promotions,
      });
      expect(await balanceOf(db, PLATFORM.promotions)).toBe(campaign - 500);
      expect(await memberBalances(db, m.id)).toEqual({
        withdrawable: 1_000 + 1_000 - 2_000 + 1_000 + 500,
        deposit: 0,
      });
      await expectInvariant(db);
    });

    it("pays the referrer their share (10 % by default) from promotions, in the same transaction", async () => {
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      const promotions = await balanceOf(db, PLATFORM.promotions);
      const k = key("ref");
      expect(await credit({ userId: m.id, source: "ptc_ads", amount: 12_340, idempotencyKey: k })).toEqual({
        posted: true,
        referralAmount: 1_234,
        withdrawable: 12_340,
      });
      expect((await memberBalances(db, m.id)).withdrawable).toBe(12_340);
      expect((await memberBalances(db, referrer.id)).withdrawable).toBe(1_234);
      expect(await balanceOf(db, PLATFORM.promotions)).toBe(promotions - 1_234);
      const [entry] = await db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.idempotencyKey, `referral:${k}`));
      expect(entry).toMatchObject({ kind: "referral_income", userId: referrer.id, relatedUserId: m.id });
      await expectInvariant(db);
    });

    it("rounds the referral share half up to the milli-rupee and skips a zero share", async () => {
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      const cases: [number, number][] = [
        [15, 2], // 1.5 → 2
        [14, 1], // 1.4 → 1
        [25, 3], // 2.5 → 3
        [4, 0], // 0.4 → 0: no entry
        [5, 1], // 0.5 → 1
      ];
      let expected = 0;
      let credited = 0;
      for (const [amount, share] of cases) {
        const k = key(`r${amount}`);
        const r = await credit({ userId: m.id, source: "click_short_link", amount, idempotencyKey: k });
        credited += amount;
        expect(r, `amount ${amount}`).toEqual({
          posted: true,
          referralAmount: share,
          withdrawable: credited,
        });
        expect(await entriesWithKey(db, `referral:${k}`), `amount ${amount}`).toBe(share > 0 ? 1 : 0);
        expected += share;
      }
      expect((await memberBalances(db, referrer.id)).withdrawable).toBe(expected);
      await expectInvariant(db);
    });

    it("follows the referral_rate_bp setting", async () => {
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      try {
        await setSetting(db, "referral_rate_bp", 2_500);
        expect(
          (await credit({ userId: m.id, source: "offerWall", amount: 10_001, idempotencyKey: key("25") }))
            .referralAmount,
        ).toBe(
          2_500, // 2500.25 → 2500
        );
        await setSetting(db, "referral_rate_bp", 333);
        expect(
          (await credit({ userId: m.id, source: "offerWall", amount: 1_500, idempotencyKey: key("333") }))
            .referralAmount,
        ).toBe(
          50, // 49.95 → 50
        );
        await setSetting(db, "referral_rate_bp", 0);
        const k = key("0");
        expect(
          await credit({ userId: m.id, source: "offerWall", amount: 10_000, idempotencyKey: k }),
        ).toEqual({
          posted: true,
          referralAmount: 0,
          withdrawable: 10_001 + 1_500 + 10_000,
        });
        expect(await entriesWithKey(db, `referral:${k}`)).toBe(0);
      } finally {
        await setSetting(db, "referral_rate_bp", 1_000);
      }
      expect((await memberBalances(db, referrer.id)).withdrawable).toBe(2_550);
      await expectInvariant(db);
    });

    it("credits an earning key once, referral included", async () => {
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      const input = { userId: m.id, source: "ptc_ads" as const, amount: 1_000, idempotencyKey: key("dup") };
      expect(await credit(input)).toEqual({ posted: true, referralAmount: 100, withdrawable: 1_000 });
      expect(await credit(input)).toEqual({ posted: false, referralAmount: 0, withdrawable: null });
      expect(await memberBalances(db, m.id)).toEqual({ withdrawable: 1_000, deposit: 0 });
      expect(await memberBalances(db, referrer.id)).toEqual({ withdrawable: 100, deposit: 0 });
    });

    it("concurrent duplicate earnings pay once, and their referral once", async () => {
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      const k = key("par");
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          credit({ userId: m.id, source: "ptc_ads", amount: 7_000, idempotencyKey: k }),
        ),
      );
      expect(results.filter((r) => r.posted)).toEqual([
        { posted: true, referralAmount: 700, withdrawable: 7_000 },
      ]);
      expect(await entriesWithKey(db, k)).toBe(1);
      expect(await entriesWithKey(db, `referral:${k}`)).toBe(1);
      expect((await memberBalances(db, m.id)).withdrawable).toBe(7_000);
      expect((await memberBalances(db, referrer.id)).withdrawable).toBe(700);
      await expectInvariant(db);
    });

    it("concurrent earnings of referees, referrers and transfers between them all go through (no deadlock)", async () => {
      // a earns (b gets a share) while b earns (c gets a share) while money moves between a and b
      const c = await newMember(db);
      const b = await newMember(db, { referredBy: c.id });
      const a = await newMember(db, { referredBy: b.id });
      await fund(db, a.id, 100_000);
      await fund(db, b.id, 100_000);
      const jobs: Promise<unknown>[] = [];
      for (let i = 0; i < 8; i++) {
        jobs.push(credit({ userId: a.id, source: "ptc_ads", amount: 1_000, idempotencyKey: key(`a${i}`) }));
        jobs.push(credit({ userId: b.id, source: "ptc_ads", amount: 1_000, idempotencyKey: key(`b${i}`) }));
        const [from, to] = i % 2 ? [a.id, b.id] : [b.id, a.id];
        jobs.push(
          postEntry(db, {
            idempotencyKey: key(`t${i}`),
            kind: "test_transfer",
            lines: [
              { account: memberAccount(from, "withdrawable"), amount: -500 },
              { account: memberAccount(to, "withdrawable"), amount: 500 },
            ],
          }),
        );
      }
      const settled = await Promise.allSettled(jobs);
      const errors = settled.flatMap((s) =>
        s.status === "rejected" ? [String(s.reason?.cause ?? s.reason)] : [],
      );
      expect(errors).toEqual([]);
      expect((await memberBalances(db, a.id)).withdrawable).toBe(100_000 + 8_000);
      expect((await memberBalances(db, b.id)).withdrawable).toBe(100_000 + 8_000 + 800);
      expect((await memberBalances(db, c.id)).withdrawable).toBe(800);
      await expectInvariant(db);
    });

    it("the referral credit exists exactly when the earning does: a failed transaction leaves neither", async () => {
      const referrer = await newMember(db);
      const m = await newMember(db, { referredBy: referrer.id });
      const k = key("abort");
      await expect(
        db.transaction(async (tx) => {
          await creditEarning(tx, { userId: m.id, source: "ptc_ads", amount: 9_000, idempotencyKey: k });
          throw new Error("later step failed");
        }),
      ).rejects.toThrow("later step failed");
      expect(await entriesWithKey(db, k)).toBe(0);
      expect(await entriesWithKey(db, `referral:${k}`)).toBe(0);
      expect((await memberBalances(db, referrer.id)).withdrawable).toBe(0);
      expect((await memberBalances(db, m.id)).withdrawable).toBe(0);
    });
  });

  describe("checkLedgerInvariant", () => {
    it("holds after all of the above", async () => {
      await expectInvariant(db);
      const [n] = await db.select({ n: count() }).from(journalEntries);
      expect(Number(n?.n)).toBeGreaterThan(20);
    });

    it("notices a balance changed behind the ledger's back, and a negative balance", async () => {
      // On a database of its own: this test breaks the books on purpose.
      const broken = await startTestApi(driver);
      try {
        const bdb = broken.deps.db;
        const m = await newMember(bdb);
        await fund(bdb, m.id, 1_000);
        await expectInvariant(bdb);

        await bdb
          .update(ledgerAccounts)
          .set({ balance: sql`${ledgerAccounts.balance} + 5` })
          .where(eq(ledgerAccounts.id, memberAccount(m.id, "withdrawable")));
        const afterEdit = await checkLedgerInvariant(bdb);
        expect(afterEdit.total).toBe(5);
        expect(afterEdit.unbalancedEntries).toBe(1);

        // a non-negative account pushed below zero (with its constraint lifted) is named
        await bdb.execute(
          sql`alter table ledger_accounts drop constraint ledger_accounts_balance_nonnegative`,
        );
        await bdb
          .update(ledgerAccounts)
          .set({ balance: -5 })
          .where(eq(ledgerAccounts.id, PLATFORM.pendingPayouts));
        const afterNegative = await checkLedgerInvariant(bdb);
        expect(afterNegative.negative).toEqual([PLATFORM.pendingPayouts]);
        expect(afterNegative.total).toBe(0);
        expect(afterNegative.unbalancedEntries).toBe(2);
      } finally {
        await broken.close();
      }
    });

    it("notices an entry whose lines do not sum to zero", async () => {
      const broken = await startTestApi(driver);
      try {
        const bdb = broken.deps.db;
        const m = await newMember(bdb);
        await fund(bdb, m.id, 1_000);
        const [line] = await bdb
          .select()
          .from(journalLines)
          .where(eq(journalLines.accountId, memberAccount(m.id, "withdrawable")));
        await bdb.update(journalLines).set({ amount: 999 }).where(eq(journalLines.id, line!.id));
        const r = await checkLedgerInvariant(bdb);
        // the entry no longer balances, and the account no longer matches its lines
        expect(r.unbalancedEntries).toBe(2);
        expect(r.total).toBe(0);
      } finally {
        await broken.close();
      }
    });
  });
});
