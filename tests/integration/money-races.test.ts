import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  createGiftCode,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import {
  conversions,
  giftCodeClaims,
  giftCodes,
  journalEntries,
  journalLines,
  payouts,
  withdrawals,
} from "../../api/db/schema";
import { PLATFORM, accountBalance, memberAccount } from "../../api/ledger/ledger";

/**
 * Parallel requests against one balance, one code, one withdrawal: exactly the allowed number of
 * effects, and the ledger agrees with the records afterwards.
 */
describe.each(drivers("both"))("money races (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const platform = (id: string) => accountBalance(t.deps.db, id);
  const entriesWithKeys = async (keys: string[]) =>
    keys.length
      ? t.deps.db.select().from(journalEntries).where(inArray(journalEntries.idempotencyKey, keys))
      : [];
  const withdraw = (m: TestMember, obj: unknown) =>
    t.request("/userAmount/userWithdrawal_record_post", { obj, cookie: m.cookie });

  it("20 withdrawals of the whole balance at once: exactly one succeeds", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 500_000);
    await bindPayout(t, m, "UPI");
    const pending = await platform(PLATFORM.pendingPayouts);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(m, { balance: 500, type: "UPI" })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.error_msg).toBe("Insufficient Balance: your withdrawable balance is ₹0.000.");
    }
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    expect(await platform(PLATFORM.pendingPayouts)).toBe(pending + 500_000);
    const rows = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(await entriesWithKeys(rows.map((r) => `withdrawal:${r.id}`))).toHaveLength(1);
  });

  it("10 submissions of one form (same request_id) at once: one withdrawal, all answered with success", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 900_000);
    await bindPayout(t, m, "UPI");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(m, { balance: 200, type: "UPI", request_id: "same-form" })),
    );
    for (const r of results) expect(r.body).toEqual({ success: true, msg: "Withdrawal Successful" });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 700_000, deposit: 0 });
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id))).toHaveLength(1);
  });

  it("20 claims of one gift code by one member at once: one succeeds", async () => {
    const code = await createGiftCode(t, operator, { amount: "10.001", claim_limit: 100 });
    const m = await newMember(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
          method: "PATCH",
          json: { giftCode_state: code },
          cookie: m.cookie,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error_msg).toBe("You have already claimed this gift code.");
    }
    expect(await balances(t, m.id)).toEqual({ withdrawable: 10_001, deposit: 0 });
    const [gift] = await t.deps.db.select().from(giftCodes).where(eq(giftCodes.code, code));
    expect(gift!.claimedCount).toBe(1);
    expect(
      await t.deps.db.select().from(giftCodeClaims).where(eq(giftCodeClaims.giftCodeId, gift!.id)),
    ).toHaveLength(1);
  });

  it("one claim each by more members than the limit: exactly the limit succeed", async () => {
    const limit = 5;
    const code = await createGiftCode(t, operator, { amount: "3.5", claim_limit: limit });
    const members = await Promise.all(Array.from({ length: 14 }, () => newMember(t)));
    const promotions = await platform(PLATFORM.promotions);
    const results = await Promise.all(
      members.map((m) =>
        t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
          method: "PATCH",
          json: { giftCode_state: code },
          cookie: m.cookie,
        }),
      ),
    );
    const winners = members.filter((_, i) => results[i]!.status === 200);
    expect(winners).toHaveLength(limit);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error_msg).toBe("This gift code has reached its claim limit.");
    }
    const [gift] = await t.deps.db.select().from(giftCodes).where(eq(giftCodes.code, code));
    expect(gift!.claimedCount).toBe(limit);
    const claims = await t.deps.db
      .select()
      .from(giftCodeClaims)
      .where(eq(giftCodeClaims.giftCodeId, gift!.id));
    expect(claims.map((c) => c.userId).sort()).toEqual(winners.map((w) => w.id).sort());
    for (const m of members) {
      expect(await balances(t, m.id)).toEqual({ withdrawable: winners.includes(m) ? 3_500 : 0, deposit: 0 });
    }
    expect(await platform(PLATFORM.promotions)).toBe(promotions - limit * 3_500);
    expect(await entriesWithKeys(members.map((m) => `giftcode:${gift!.id}:${m.id}`))).toHaveLength(limit);
  });

  it("conversions in both directions at once that together exceed the balances: never negative, records match entries", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 200_000);
    const setup = await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 100, conversionType_state: "withdrawToDeposit" },
      cookie: m.cookie,
    });
    expect(setup.status).toBe(200);
    const start = await balances(t, m.id);
    expect(start).toEqual({ withdrawable: 100_000, deposit: 100_000 });
    const revenue = await platform(PLATFORM.revenue);
    const [{ n: before }] = (await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversions)
      .where(eq(conversions.userId, m.id))) as [{ n: number }];

    // 10 × ₹50 out of withdrawable (₹500) can never all pass: ₹100 plus at most ₹95 coming back from
    // the 10 × ₹10 the other way. Interleaved so both directions really run together.
    const requests = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? { balanceToConvert: 50, conversionType_state: "withdrawToDeposit" }
        : { balanceToConvert: 10, conversionType_state: "depositToWithdraw" },
    );
    const results = await Promise.all(
      requests.map((obj) =>
        t.request("/userAmount/userBalanceConvertPatch", { method: "PATCH", obj, cookie: m.cookie }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(20);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.error_msg).toMatch(
        /^Insufficient Balance: Your requested amount exceeds your (deposit|withdrawable) balance of ₹\d+\.\d{3}\. Please enter a valid amount\.$/,
      );
    }

    const rows = await t.deps.db.select().from(conversions).where(eq(conversions.userId, m.id));
    expect(rows.length - before).toBe(ok);
    let withdrawable = 200_000;
    let deposit = 0;
    let charges = 0;
    for (const row of rows) {
      if (row.direction === "withdrawToDeposit") {
        withdrawable -= row.amount;
        deposit += row.amount;
        expect(row.charge).toBe(0);
      } else {
        deposit -= row.amount;
        withdrawable += row.amount - row.charge;
        expect(row.charge).toBe(row.amount / 20);
        charges += row.charge;
      }
      // Each record has exactly its entry, with the lines the record implies.
      const lines = await t.deps.db
        .select({ account: journalLines.accountId, amount: journalLines.amount })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .where(eq(journalEntries.idempotencyKey, `conversion:${row.id}`));
      const from = row.direction === "withdrawToDeposit" ? "withdrawable" : "deposit";
      const to = row.direction === "withdrawToDeposit" ? "deposit" : "withdrawable";
      const expected = [
        { account: memberAccount(m.id, from), amount: -row.amount },
        { account: memberAccount(m.id, to), amount: row.amount - row.charge },
        ...(row.charge ? [{ account: PLATFORM.revenue, amount: row.charge }] : []),
      ];
      const sort = (xs: { account: string }[]) => [...xs].sort((a, b) => a.account.localeCompare(b.account));
      expect(sort(lines)).toEqual(sort(expected));
    }
    const end = await balances(t, m.id);
    expect(end).toEqual({ withdrawable, deposit });
    expect(end.withdrawable).toBeGreaterThanOrEqual(0);
    expect(end.deposit).toBeGreaterThanOrEqual(0);
    expect(await platform(PLATFORM.revenue)).toBe(revenue + charges);
    const conversionEntries = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(sql`${journalEntries.kind} = 'conversion' and ${journalEntries.userId} = ${m.id}`);
    expect(Number(conversionEntries[0]!.n)).toBe(rows.length);
  });

  it("two operators settling one withdrawal at once: one settles, the other gets 409", async () => {
    const second = await newOperator(t);
    for (const [a, b] of [
      // Without a payout provider, approving marks it paid with the bank's reference (issue 42).
      [
        { action: "approve", utr: "SBIN00000001" },
        { action: "reject", remark: "duplicate account" },
      ],
      [
        { action: "approve", utr: "SBIN00000002" },
        { action: "approve", utr: "SBIN00000003" },
      ],
      [
        { action: "reject", remark: "first" },
        { action: "reject", remark: "second" },
      ],
    ] as const) {
      const m = await newMember(t);
      await giveEarning(t, m.id, 300_000);
      await bindPayout(t, m, "UPI");
      expect((await withdraw(m, { balance: 300, type: "UPI" })).status).toBe(200);
      const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
      const paid = await platform(PLATFORM.paidOut);
      const pending = await platform(PLATFORM.pendingPayouts);

      const [ra, rb] = await Promise.all([
        t.request(`/adminRoute/withdrawals/${w!.id}/settle`, { json: a, cookie: operator.cookie }),
        t.request(`/adminRoute/withdrawals/${w!.id}/settle`, { json: b, cookie: second.cookie }),
      ]);
      expect([ra!.status, rb!.status].sort()).toEqual([200, 409]);
      const loser = ra!.status === 409 ? ra! : rb!;
      expect(loser.body.error_msg).toBe("This withdrawal has already been settled.");
      const winner = ra!.status === 200 ? a : b;

      const [after] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, w!.id));
      expect(after!.status).toBe(winner.action === "approve" ? "Success" : "Reject");
      expect(after!.settledBy).toBe(ra!.status === 200 ? operator.id : second.id);
      // Paid by hand: the attempt's entry (api/payouts/apply.ts); rejected: the refund.
      const [attempt] = await t.deps.db.select().from(payouts).where(eq(payouts.withdrawalId, w!.id));
      const key = winner.action === "approve" ? `payout-paid:${attempt!.id}` : `withdrawal-settle:${w!.id}`;
      expect(await entriesWithKeys([key])).toHaveLength(1);
      expect(await platform(PLATFORM.pendingPayouts)).toBe(pending - 300_000);
      if (winner.action === "approve") {
        expect(await platform(PLATFORM.paidOut)).toBe(paid + 300_000);
        expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
      } else {
        expect(await platform(PLATFORM.paidOut)).toBe(paid);
        expect(await balances(t, m.id)).toEqual({ withdrawable: 300_000, deposit: 0 });
      }
    }
  });
});
