import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { journalLines, taxWithholdings, withdrawals } from "../../api/db/schema";
import { PLATFORM, memberAccount, postEntry } from "../../api/ledger/ledger";
import { DEFAULT_TAX_SETTINGS } from "../../shared/tax";

let keys = 0;

describe.each(drivers("both"))("the payer's tax under parallel requests (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    await addPayoutMethod(t, owner, "UPI", 100);
    const res = await t.request("/adminRoute/tax/settings", {
      method: "PATCH",
      json: { ...DEFAULT_TAX_SETTINGS, enabled: true, pan_required_above: 0 },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const withdraw = (m: TestMember, rupees: number, requestId?: string) =>
    t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI", ...(requestId ? { request_id: requestId } : {}) },
      cookie: m.cookie,
    });
  const referral = (userId: string, milli: number) =>
    postEntry(t.deps.db, {
      idempotencyKey: `tax-race:${keys++}`,
      kind: "referral_income",
      userId,
      lines: [
        { account: PLATFORM.promotions, amount: -milli },
        { account: memberAccount(userId, "withdrawable"), amount: milli },
      ],
    });
  const member = async () => {
    const m = await newMember(t);
    await bindPayout(t, m, "UPI");
    const pan = await t.request("/userAmount/tax_pan", { obj: { pan: "ABCPE1234F" }, cookie: m.cookie });
    expect(pan.status).toBe(200);
    return m;
  };
  const taxOf = async (userId: string) =>
    (await t.deps.db.select().from(taxWithholdings).where(eq(taxWithholdings.userId, userId))).map((r) => [
      r.gross,
      r.tax,
    ]);
  const tdsPayable = async () => {
    const [row] = await t.deps.db
      .select({ sum: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
      .from(journalLines)
      .where(eq(journalLines.accountId, PLATFORM.tdsPayable));
    return Number(row!.sum);
  };

  it("withholds once for one request sent many times at once", async () => {
    const m = await member();
    await referral(m.id, 30_000_000);
    const tds = await tdsPayable();
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(m, 10_000, "form-tax")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(10_000_000 - 600_000);
    expect(await taxOf(m.id)).toEqual([[30_000_000, 600_000]]);
    expect(await tdsPayable()).toBe(tds + 600_000);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 20_000_000, deposit: 0 });
  });

  it("never taxes the same income twice when different withdrawals race, nor misses the threshold", async () => {
    // Over the threshold: six withdrawals at once withhold the year's tax exactly once between them.
    const over = await member();
    await referral(over.id, 24_000_000);
    await referral(over.id, 6_000_000);
    const tds = await tdsPayable();
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(over, 1_000)));
    expect(answers.map((a) => [a.status, a.body.error_msg])).toEqual(Array(6).fill([200, undefined]));
    expect(await taxOf(over.id)).toEqual([[30_000_000, 600_000]]);
    const made = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, over.id));
    expect(made).toHaveLength(6);
    expect(made.reduce((s, w) => s + w.amount, 0)).toBe(6_000_000 - 600_000);
    expect(await tdsPayable()).toBe(tds + 600_000);

    // Crossing the threshold while withdrawals run: whatever the order, the tax is 2 % of the
    // whole year's commission once it passed ₹20,000, withheld once.
    const crossing = await member();
    await referral(crossing.id, 19_000_000);
    await Promise.all([
      withdraw(crossing, 1_000),
      referral(crossing.id, 2_000_000),
      withdraw(crossing, 1_000),
      withdraw(crossing, 1_000),
    ]);
    expect((await withdraw(crossing, 1_000)).status).toBe(200);
    expect(await taxOf(crossing.id)).toEqual([[21_000_000, 420_000]]);
    const all = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, crossing.id));
    expect(all).toHaveLength(4);
    expect((await balances(t, crossing.id)).withdrawable).toBe(21_000_000 - 4_000_000);
  });

  it("returns a rejected withdrawal's tax once when two operators reject it at once", async () => {
    const m = await member();
    await referral(m.id, 30_000_000);
    expect((await withdraw(m, 10_000)).status).toBe(200);
    const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    const second = await newOperator(t);
    const tds = await tdsPayable();
    const answers = await Promise.all(
      [owner, second, owner].map((o) =>
        t.request(`/adminRoute/withdrawals/${w!.id}/settle`, {
          json: { action: "reject", remark: "Wrong UPI id" },
          cookie: o.cookie,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await tdsPayable()).toBe(tds - 600_000);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 30_000_000, deposit: 0 });
  });
});
