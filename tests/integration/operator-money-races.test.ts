import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { journalEntries, withdrawals } from "../../api/db/schema";
import { rowsOf } from "../../api/db/client";
import { memberAccount } from "../../api/ledger/ledger";

/**
 * Issue 42: operator money actions racing on PostgreSQL. A ban rejects the member's Pending
 * withdrawals one after another in one transaction, holding the member's balance row (and the
 * pending-payouts account's) from the first it rejects while it waits for the next withdrawal's
 * row — which an operator's reject of that withdrawal holds while it waits for the balance row: a
 * deadlock, which PostgreSQL breaks by rolling one of them back (40P01). The operator must never
 * see that as a 500: the transaction is run again (api/db/retry.ts, retryingTransactions), or
 * answered busy (503) after its retries.
 *
 * Each round makes the cycle likely rather than lucky: the test holds the member's balance row;
 * the ban starts and queues on it (having rejected its first withdrawal), then rejects of the
 * member's other withdrawals start and queue behind the ban, each holding its withdrawal's row;
 * the row is let go and approve, mark paid, a bank file and a batch approval of the same
 * withdrawals join in. Every withdrawal is settled once, the member holds exactly what was
 * rejected back, and the ledger invariant holds. PGlite runs one statement at a time and cannot
 * deadlock, so this is PostgreSQL's alone.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("operator money actions racing on PostgreSQL", () => {
  let t: TestApi;
  let op1: TestMember;
  let op2: TestMember;
  beforeAll(async () => {
    t = await startTestApi("postgres");
    op1 = await newOperator(t);
    op2 = await newOperator(t);
    await addPayoutMethod(t, op1, "UPI", 1);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const PER_MEMBER = 8;

  async function memberWithPending() {
    const m = await newMember(t);
    await bindPayout(t, m, "UPI", `r${m.id.slice(-10)}@okaxis`);
    await giveEarning(t, m.id, PER_MEMBER * 10_000);
    for (let i = 0; i < PER_MEMBER; i++) {
      const res = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 10, type: "UPI" },
        cookie: m.cookie,
      });
      expect(res.status).toBe(200);
    }
    const rows = await t.deps.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, m.id))
      .orderBy(withdrawals.createdAt, withdrawals.id);
    return { m, ids: rows.map((r) => r.id) };
  }

  type Answer = { status: number; body: unknown };
  type Call = [what: string, call: () => Promise<Answer>];

  /**
   * Starts `first` while the member's withdrawable balance row is locked here, waits until it
   * queues on a lock, then `queued`, waits until they queue too (each wait at most 3 s), lets the
   * row go and starts `after`. Answers every call's answer with its name.
   */
  async function gated(userId: string, first: Call[], queued: Call[], after: Call[]) {
    const started: Promise<Answer>[] = [];
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from ledger_accounts where id = ${memberAccount(userId, "withdrawable")} for update`,
      );
      // Read on this transaction's own connection: the pool's others may all be waiting.
      const waitingAtLeast = async (n: number) => {
        for (let poll = 0; poll < 300; poll++) {
          const [row] = rowsOf<{ n: number }>(
            await tx.execute(sql`select pg_stat_clear_snapshot(), (select count(*)::int from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock') as n`),
          );
          if (row!.n >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      started.push(...first.map(([, call]) => call()));
      await waitingAtLeast(first.length);
      started.push(...queued.map(([, call]) => call()));
      await waitingAtLeast(first.length + queued.length);
    });
    started.push(...after.map(([, call]) => call()));
    const answers = await Promise.all(started);
    return [...first, ...queued, ...after].map(([what], i) => ({ what, ...answers[i]! }));
  }

  const settle = (op: TestMember, id: string, json: Record<string, unknown>) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, { json, cookie: op.cookie });

  it("approve, reject, mark paid, bank files and a ban of one member's withdrawals at once: no 500", async () => {
    const answers: ({ what: string } & Answer)[] = [];
    for (let round = 0; round < 4; round++) {
      const { m, ids } = await memberWithPending();
      const ban: Call = [
        "ban",
        () =>
          t.request(`/adminRoute/members/${m.id}/ban`, {
            json: { reason: "Multiple accounts", pending: "reject" },
            cookie: op1.cookie,
          }),
      ];
      // The ban takes the first two alone; the others are rejected by operators at the same time.
      const rejects = ids
        .slice(2)
        .map((id, i): Call => [
          "reject",
          () => settle(i % 2 ? op1 : op2, id, { action: "reject", remark: "No" }),
        ]);
      const others: Call[] = [
        [
          "bank file",
          () => t.request("/adminRoute/payouts/bankFiles", { json: { ids }, cookie: op2.cookie }),
        ],
        ["batch", () => t.request("/adminRoute/withdrawals/approve", { json: { ids }, cookie: op1.cookie })],
        ...ids.flatMap((id, i): Call[] => [
          ["approve", () => settle(i % 2 ? op2 : op1, id, { action: "approve", confirmRisk: true })],
          [
            "mark paid",
            () =>
              settle(i % 2 ? op1 : op2, id, {
                action: "mark_paid",
                confirmRisk: true,
                utr: `UTR${round}X${i}Y${id.slice(-8)}`,
              }),
          ],
        ]),
      ];
      answers.push(...(await gated(m.id, [ban], rejects, others)));

      // Each withdrawal settled at most once; the member holds exactly what was rejected back.
      const rows = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
      for (const w of rows) {
        const entries = await t.deps.db
          .select()
          .from(journalEntries)
          .where(eq(journalEntries.idempotencyKey, `withdrawal-settle:${w.id}`));
        expect(entries.length).toBeLessThanOrEqual(1);
      }
      const rejected = rows.filter((w) => w.status === "Reject").length;
      expect((await balances(t, m.id)).withdrawable).toBe(rejected * 10_000);
    }
    const failures = answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(failures).toEqual([]);
    // A busy answer, if any, says so.
    for (const a of answers.filter((x) => x.status === 503))
      expect(a.body).toMatchObject({ error_msg: "The database was busy; try again." });
  }, 120_000);
});
