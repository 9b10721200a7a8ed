import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, type TestMember } from "../support/money";

/**
 * The API pages the members' histories: every row stays reachable however long the history,
 * and the page answers only its own rows with the page counts.
 */
describe.each(drivers("one"))("paged histories (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const read = async (m: TestMember, path: string, page?: string) => {
    const res = await t.request(`${path}${page === undefined ? "" : `?page=${page}`}`, { cookie: m.cookie });
    expect(res.status).toBe(200);
    return res.body.msg;
  };

  /** `n` settled (rejected) withdrawals of 1, 2, … n rupees, one minute apart: history only, no money moves. */
  async function withdrawalHistory(m: TestMember, n: number) {
    await t.deps.db.execute(sql`
      insert into withdrawals (id, user_id, amount, method_name, account_info, status, created_at)
      select ${m.id} || '-w' || g, ${m.id}, g * 1000, 'UPI', 'member@upi', 'Reject',
             timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
      from generate_series(1, ${n}::int) as g`);
  }

  it("reaches the oldest of 1,200 withdrawals on page 240", async () => {
    const m = await newMember(t);
    await withdrawalHistory(m, 1200);
    const first = await read(m, "/userAmount/userBalanceData_get");
    expect(first.withdrawal_Records.map((r: { balance: string }) => r.balance)).toEqual([
      "1200.000",
      "1199.000",
      "1198.000",
      "1197.000",
      "1196.000",
    ]);
    expect(first.pagination).toEqual({ page: 1, pageSize: 5, totalRecords: 1200, totalPages: 240 });

    const last = await read(m, "/userAmount/userBalanceData_get", "240");
    expect(last.withdrawal_Records.map((r: { balance: string }) => r.balance)).toEqual([
      "5.000",
      "4.000",
      "3.000",
      "2.000",
      "1.000",
    ]);
    expect(last.pagination).toEqual({ page: 240, pageSize: 5, totalRecords: 1200, totalPages: 240 });
  });

  it("clamps a page past the end or a malformed page", async () => {
    const m = await newMember(t);
    await withdrawalHistory(m, 7);
    const past = await read(m, "/userAmount/userBalanceData_get", "99");
    expect(past.pagination).toEqual({ page: 2, pageSize: 5, totalRecords: 7, totalPages: 2 });
    expect(past.withdrawal_Records).toHaveLength(2);
    for (const bad of ["0", "-3", "abc", "1.5", ""]) {
      const msg = await read(m, "/userAmount/userBalanceData_get", bad);
      expect(msg.pagination.page, bad).toBe(1);
    }
    const empty = await read(await newMember(t), "/userAmount/userBalanceData_get");
    expect(empty.withdrawal_Records).toEqual([]);
    expect(empty.pagination).toEqual({ page: 1, pageSize: 5, totalRecords: 0, totalPages: 1 });
  });

  it("pages the conversions", async () => {
    const m = await newMember(t);
    await t.deps.db.execute(sql`
      insert into conversions (id, user_id, direction, amount, charge, created_at)
      select ${m.id} || '-c' || g, ${m.id}, 'withdrawToDeposit', g * 1000, g * 50,
             timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
      from generate_series(1, 12) as g`);
    const third = await read(m, "/userAmount/userConvertBalance_get", "3");
    expect(third.convertAmount_Records.map((r: { converted_amount: string }) => r.converted_amount)).toEqual([
      "2.000",
      "1.000",
    ]);
    expect(third.pagination).toEqual({ page: 3, pageSize: 5, totalRecords: 12, totalPages: 3 });
  });

  it("pages the referrals", async () => {
    const referrer = await newMember(t);
    const referees = [];
    for (let i = 0; i < 7; i++) referees.push(await newMember(t));
    for (const [i, r] of referees.entries()) {
      await t.deps.db.execute(sql`
        update users set referred_by = ${referrer.id},
          created_at = timestamptz '2026-01-01 00:00:00+00' + ${i}::int * interval '1 minute'
        where id = ${r.id}`);
    }
    const second = await read(referrer, "/userRoute/userReferral_record_get", "2");
    expect(second.referral_data.map((r: { userName: string }) => r.userName)).toEqual([
      referees[1]!.userName,
      referees[0]!.userName,
    ]);
    expect(second.pagination).toEqual({ page: 2, pageSize: 5, totalRecords: 7, totalPages: 2 });
  });

  it("pages the gift code claims by 5, newest first", async () => {
    const m = await newMember(t);
    // 12 claims of 12 codes, one minute apart: history rows only, no money moves.
    await t.deps.db.execute(sql`
      insert into gift_codes (code, amount, claim_limit, claimed_count, expires_at)
      select 'PAGE' || ${m.id} || '-' || g, g * 1000, 1, 1, timestamptz '2027-01-01 00:00:00+00'
      from generate_series(1, 12) as g`);
    await t.deps.db.execute(sql`
      insert into gift_code_claims (gift_code_id, user_id, amount, created_at)
      select c.id, ${m.id}, c.amount, timestamptz '2026-01-01 00:00:00+00' + (c.amount / 1000) * interval '1 minute'
      from gift_codes c where c.code like ${`PAGE${m.id}-%`}`);
    const first = await read(m, "/userIncomeRoute/user_giftCode_get");
    expect(first.userGiftCode_claim_history.map((c: { bonusAmount: string }) => c.bonusAmount)).toEqual([
      "12.000",
      "11.000",
      "10.000",
      "9.000",
      "8.000",
    ]);
    expect(first.pagination).toEqual({ page: 1, pageSize: 5, totalRecords: 12, totalPages: 3 });
    const last = await read(m, "/userIncomeRoute/user_giftCode_get", "3");
    expect(last.userGiftCode_claim_history.map((c: { bonusAmount: string }) => c.bonusAmount)).toEqual([
      "2.000",
      "1.000",
    ]);
  });

  it("pages the payment proof by 10", async () => {
    const m = await newMember(t);
    await t.deps.db.execute(sql`
      insert into withdrawals (id, user_id, amount, method_name, account_info, status, created_at, settled_at)
      select ${m.id} || '-p' || g, ${m.id}, g * 1000, 'UPI', 'member@upi', 'Success',
             timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute',
             timestamptz '2026-01-02 00:00:00+00' + g * interval '1 minute'
      from generate_series(1, 23) as g`);
    const res = await t.request("/checkLogin_for_navBar?paymentProof=true&page=3");
    expect(res.status).toBe(200);
    expect(res.body.msg.paymentProof_data.map((r: { balance: string }) => r.balance)).toEqual([
      "3.000",
      "2.000",
      "1.000",
    ]);
    expect(res.body.msg.paymentProof_pagination).toEqual({
      page: 3,
      pageSize: 10,
      totalRecords: 23,
      totalPages: 3,
    });
  });
});
