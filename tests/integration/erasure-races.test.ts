import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
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
import { journalEntries, memberErasures, users, withdrawals } from "../../api/db/schema";
import { eraseMember, FORFEITED_ACCOUNT } from "../../api/members/erasure";
import { accountBalance } from "../../api/ledger/ledger";

/**
 * Erasure against money in flight (issue 44 §2, ADR 0033), on both databases: a withdrawal racing
 * the erasure either wins (and the erasure is refused while it is pending) or finds the balance
 * forfeited; a claim racing it lands before (and is forfeited with the rest) or after (and stays
 * on the pseudonymous account, which can neither withdraw nor sign in); duplicate confirms make
 * one erasure. The ledger balances after every test.
 */
describe.each(drivers("both"))("erasure races (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const forfeited = () => accountBalance(t.deps.db, FORFEITED_ACCOUNT);
  const pendingOf = async (id: string) =>
    Number(
      (
        await t.deps.db
          .select({ n: count() })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, id), eq(withdrawals.status, "Pending")))
      )[0]!.n,
    );
  const erased = async (id: string) =>
    (await t.deps.db.select().from(memberErasures).where(eq(memberErasures.userId, id))).length === 1;

  it("erasure racing a withdrawal of the whole balance: exactly one of them happens", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const m = await newMember(t);
      await giveEarning(t, m.id, 500_000);
      await bindPayout(t, m, "UPI");
      const before = await forfeited();
      const withdraw = () =>
        t.request("/userAmount/userWithdrawal_record_post", {
          obj: { balance: 500, type: "UPI" },
          cookie: m.cookie,
        });
      const erase = () =>
        eraseMember(t.deps.db, m.id, { reason: "member" }).then(
          (r) => ({ ok: true as const, r }),
          (e: unknown) => ({ ok: false as const, e }),
        );
      // Alternate who starts first; the database decides the rest.
      const [w, e] =
        round % 2 === 0
          ? await Promise.all([withdraw(), erase()])
          : await Promise.all([erase(), withdraw()]).then(([a, b]) => [b, a] as const);
      if (e.ok) {
        // The erasure won: the balance was forfeited, no withdrawal is pending, the request failed.
        expect(w.status, JSON.stringify(w.body)).not.toBe(200);
        expect(w.status).toBeLessThan(500);
        expect(await pendingOf(m.id)).toBe(0);
        expect(await forfeited()).toBe(before + 500_000);
        expect(await erased(m.id)).toBe(true);
        outcomes.add("erased");
      } else {
        // The withdrawal won: the erasure was refused while it is pending; nothing was erased.
        expect(w.status).toBe(200);
        expect((e.e as Error).message).toMatch(/waiting to be paid/);
        expect(await pendingOf(m.id)).toBe(1);
        expect(await forfeited()).toBe(before);
        expect(await erased(m.id)).toBe(false);
        outcomes.add("withdrawn");
      }
      expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("erasure racing a gift-code claim: the claim is forfeited with the balance or stays on the closed account", async () => {
    const code = await createGiftCode(t, operator, { amount: "7.007", claim_limit: 50 });
    for (let round = 0; round < 4; round++) {
      const m = await newMember(t);
      await giveEarning(t, m.id, 100_000);
      const before = await forfeited();
      const [claim, result] = await Promise.all([
        t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
          method: "PATCH",
          json: { giftCode_state: code },
          cookie: m.cookie,
        }),
        eraseMember(t.deps.db, m.id, { reason: "member" }),
      ]);
      expect(result.erased).toBe(true);
      expect(claim.status).toBeLessThan(500);
      const claimed = claim.status === 200 ? 7_007 : 0;
      const left = await balances(t, m.id);
      const taken = (await forfeited()) - before;
      // Every milli-rupee is somewhere: forfeited, or still on the closed account.
      expect(taken + left.withdrawable).toBe(100_000 + claimed);
      expect(result.forfeited).toBe(taken);
      // Whatever came after the erasure cannot leave: the account is held and cannot sign in.
      const [u] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
      expect(u!.withdrawalsHeldAt).not.toBeNull();
      expect(u!.passwordHash).toBeNull();
    }
  });

  it("ten confirms at once: one erasure, one forfeit entry", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 123_456);
    const before = await forfeited();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => eraseMember(t.deps.db, m.id, { reason: "member" })),
    );
    expect(results.filter((r) => r.erased)).toHaveLength(1);
    expect(results.find((r) => r.erased)!.forfeited).toBe(123_456);
    expect(await forfeited()).toBe(before + 123_456);
    const entries = await t.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `erasure:${m.id}`));
    expect(entries).toHaveLength(1);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
  });

  it("ten confirms over HTTP at once: one erasure; the rest are refused without a 500", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 5_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request("/userRoute/erasure_confirm", {
          json: { confirm: true, password: m.password },
          cookie: m.cookie,
        }),
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await erased(m.id)).toBe(true);
    const n = await t.deps.db
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `erasure:${m.id}`));
    expect(Number(n[0]!.n)).toBe(1);
  });
});
