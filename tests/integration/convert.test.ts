import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  pendingWithdrawal,
  snapshot,
  type TestMember,
} from "../support/money";
import { conversions, journalEntries, journalLines } from "../../api/db/schema";
import { seedTaskWalls } from "../../api/seed/taskWalls";
import { PLATFORM, accountBalance, memberAccount, memberDebt } from "../../api/ledger/ledger";
import { DEMO_WALL_ID } from "../../api/taskWalls/demoWall";
import { getTaskWall } from "../../api/taskWalls/config";
import { handlePostback } from "../../api/taskWalls/postbacks";
import { signedPostbackFor } from "../../api/taskWalls/sender";
import { settleWithdrawal } from "../../api/payouts/reject";

describe.each(drivers("both"))("balance converter (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const convert = (m: TestMember, obj: unknown) =>
    t.request("/userAmount/userBalanceConvertPatch", { method: "PATCH", obj, cookie: m.cookie });
  const revenue = () => accountBalance(t.deps.db, PLATFORM.revenue);

  it("shows both balances, their sum and instructions", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 12_345);
    const res = await t.request("/userAmount/userConvertBalance_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatchObject({
      withdrawable_amount: "12.345",
      deposit_amount: "0.000",
      available_amount: "12.345",
      convertAmount_Records: [],
    });
    expect(res.body.msg.other_data_convertBalance_instructions.length).toBeGreaterThan(0);
  });

  it("converts withdrawable to deposit free of charge", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 100_500);
    const rev = await revenue();
    const res = await convert(m, { balanceToConvert: 40, conversionType_state: "withdrawToDeposit" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      msg: "Success! Your balance has been successfully converted.",
    });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 60_500, deposit: 40_000 });
    expect(await revenue()).toBe(rev);
    const [row] = await t.deps.db.select().from(conversions).where(eq(conversions.userId, m.id));
    expect(row).toMatchObject({ direction: "withdrawToDeposit", amount: 40_000, charge: 0 });
  });

  it("charges 5 % from deposit to withdraw, to revenue, as one entry of three lines", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 200_000);
    expect(
      (await convert(m, { balanceToConvert: "200", conversionType_state: "withdrawToDeposit" })).status,
    ).toBe(200);
    const rev = await revenue();
    // The client's charge is ignored: the server computes its own.
    const res = await convert(m, {
      balanceToConvert: 37,
      conversionType_state: "depositToWithdraw",
      charge: 0,
    });
    expect(res.body.msg).toBe("Success! Your balance has been successfully converted.");
    // 5 % of ₹37 is ₹1.850: the member receives ₹35.150.
    expect(await balances(t, m.id)).toEqual({ withdrawable: 35_150, deposit: 163_000 });
    expect(await revenue()).toBe(rev + 1_850);

    const [row] = await t.deps.db
      .select()
      .from(conversions)
      .where(eq(conversions.userId, m.id))
      .orderBy(sql`${conversions.createdAt} desc, ${conversions.id} desc`)
      .limit(1);
    expect(row).toMatchObject({ direction: "depositToWithdraw", amount: 37_000, charge: 1_850 });
    const lines = await t.deps.db
      .select({ account: journalLines.accountId, amount: journalLines.amount })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(eq(journalEntries.idempotencyKey, `conversion:${row!.id}`));
    expect(lines.sort((a, b) => a.account.localeCompare(b.account))).toEqual(
      [
        { account: memberAccount(m.id, "deposit"), amount: -37_000 },
        { account: memberAccount(m.id, "withdrawable"), amount: 35_150 },
        { account: PLATFORM.revenue, amount: 1_850 },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );

    const page = (await t.request("/userAmount/userConvertBalance_get", { cookie: m.cookie })).body.msg;
    expect(page).toMatchObject({
      withdrawable_amount: "35.150",
      deposit_amount: "163.000",
      available_amount: "198.150",
    });
    expect(page.convertAmount_Records).toHaveLength(2);
    expect(page.convertAmount_Records[0]).toMatchObject({
      converted_amount: "37.000",
      charges: "1.850",
      converted_amount_type: "depositToWithdraw",
    });
    expect(page.convertAmount_Records[1]).toMatchObject({
      converted_amount: "200.000",
      charges: "0.000",
      converted_amount_type: "withdrawToDeposit",
    });
    expect(page.convertAmount_Records[0]._id).toBe(row!.id);
  });

  it("charges exactly amount × 50 milli-rupees for any whole-rupee amount", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 1_000_000);
    expect(
      (await convert(m, { balanceToConvert: 1000, conversionType_state: "withdrawToDeposit" })).status,
    ).toBe(200);
    let deposit = 1_000_000;
    let withdrawable = 0;
    for (const rupees of [1, 3, 19, 333]) {
      expect(
        (await convert(m, { balanceToConvert: rupees, conversionType_state: "depositToWithdraw" })).status,
      ).toBe(200);
      deposit -= rupees * 1000;
      withdrawable += rupees * 1000 - rupees * 50;
      expect(await balances(t, m.id)).toEqual({ withdrawable, deposit });
    }
  });

  it("refuses more than the source balance, naming it", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 50_250);
    const before = await snapshot(t);
    const w = await convert(m, { balanceToConvert: 51, conversionType_state: "withdrawToDeposit" });
    expect(w.status).toBe(400);
    expect(w.body.error_msg).toBe(
      "Insufficient Balance: Your requested amount exceeds your withdrawable balance of ₹50.250. Please enter a valid amount.",
    );
    expect(w.body.error_code).toBe("insufficient_balance");
    const d = await convert(m, { balanceToConvert: 1, conversionType_state: "depositToWithdraw" });
    expect(d.status).toBe(400);
    expect(d.body.error_msg).toBe(
      "Insufficient Balance: Your requested amount exceeds your deposit balance of ₹0.000. Please enter a valid amount.",
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it("asks for a direction and a valid amount", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 50_000);
    const before = await snapshot(t);
    for (const obj of [
      { balanceToConvert: 5 },
      { balanceToConvert: 5, conversionType_state: "sideways" },
      { balanceToConvert: 5, conversionType_state: "" },
    ]) {
      const res = await convert(m, obj);
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe("* Please Select one of them");
      expect(res.body.error_code).toBe("invalid_direction");
    }
    for (const amount of [0, -5, 2.5, "2.5", "abc", "", null, undefined, 1e12]) {
      const res = await convert(m, { balanceToConvert: amount, conversionType_state: "withdrawToDeposit" });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe("Invalid Amount: Please enter a valid positive amount to convert.");
      expect(res.body.error_code).toBe("invalid_amount");
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("while a reversed task-wall credit is owed, conversions to deposit are refused, in parallel too", async () => {
    await t.deps.db.transaction((tx) => seedTaskWalls(tx));
    const wall = (await getTaskWall(t.deps.db, DEMO_WALL_ID))!;
    const postback = async (input: { userId: string; points: string; reversal?: boolean }) => {
      const signed = signedPostbackFor(wall, { ...input, transactionId: "conv-debt" });
      return handlePostback(t.deps, DEMO_WALL_ID, {
        ...signed,
        ip: "127.0.0.1",
        origin: "network",
        origins: [],
      });
    };
    const operator = await newOperator(t);
    const m = await newMember(t);
    // ₹10 credited, withdrawn, then reversed: ₹10 owed. The withdrawal is rejected, so ₹10 is back.
    expect((await postback({ userId: m.id, points: "10000" })).verdict).toBe("credited");
    await addPayoutMethod(t, operator, "UPI-conv", 1);
    await bindPayout(t, m, "UPI-conv");
    const withdrawal = await pendingWithdrawal(t, m, "UPI-conv", 10);
    expect((await postback({ userId: m.id, points: "10000", reversal: true })).verdict).toBe("reversed");
    await settleWithdrawal(t.deps.db, {
      id: withdrawal,
      actorUserId: operator.id,
      action: "reject",
      remark: "x",
    });
    expect(await memberDebt(t.deps.db, m.id)).toBe(10_000);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 10_000, deposit: 0 });

    const attempts = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        convert(m, {
          balanceToConvert: 1,
          conversionType_state: "withdrawToDeposit",
          request_id: `owing-${i}`,
        }),
      ),
      ...Array.from({ length: 6 }, () =>
        convert(m, {
          balanceToConvert: 5,
          conversionType_state: "withdrawToDeposit",
          request_id: "owing-same",
        }),
      ),
    ]);
    for (const a of attempts)
      expect(a).toMatchObject({
        status: 409,
        body: {
          success: false,
          error_code: "in_debt",
          error_msg:
            "You owe ₹10.000 from a reversed task-wall credit. It is repaid from your next earnings.",
        },
      });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 10_000, deposit: 0 });
    expect(await t.deps.db.select().from(conversions).where(eq(conversions.userId, m.id))).toEqual([]);

    // Repaid by the next earning: the same request, sent many times at once, converts once.
    await giveEarning(t, m.id, 10_000);
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    const obj = { balanceToConvert: 5, conversionType_state: "withdrawToDeposit", request_id: "repaid" };
    const repaid = await Promise.all(Array.from({ length: 6 }, () => convert(m, obj)));
    for (const r of repaid) expect(r.status).toBe(200);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 5_000, deposit: 5_000 });
    expect(await t.deps.db.select().from(conversions).where(eq(conversions.userId, m.id))).toHaveLength(1);
  });

  it("has one effect for a repeated request_id", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 100_000);
    const obj = { balanceToConvert: 60, conversionType_state: "withdrawToDeposit", request_id: "conv-1" };
    expect((await convert(m, obj)).body.success).toBe(true);
    expect((await convert(m, obj)).body).toEqual({
      success: true,
      msg: "Success! Your balance has been successfully converted.",
    });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 40_000, deposit: 60_000 });
    expect((await t.deps.db.select().from(conversions).where(eq(conversions.userId, m.id))).length).toBe(1);
  });

  it("refuses a request_id reused with another amount or direction (409), at once and in sequence", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 100_000);
    const answers = await Promise.all(
      [10, 11, 12, 13].map((rupees) =>
        convert(m, {
          balanceToConvert: rupees,
          conversionType_state: "withdrawToDeposit",
          request_id: "conv-same",
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const made = await t.deps.db.select().from(conversions).where(eq(conversions.userId, m.id));
    expect(made).toHaveLength(1);
    const other = answers.find((a) => a.status === 409)!;
    expect(other.body).toMatchObject({ success: false, error_code: "conflict" });
    const again = await convert(m, {
      balanceToConvert: made[0]!.amount / 1000,
      conversionType_state: "depositToWithdraw",
      request_id: "conv-same",
    });
    expect(again.status).toBe(409);
    expect(await balances(t, m.id)).toEqual({
      withdrawable: 100_000 - made[0]!.amount,
      deposit: made[0]!.amount,
    });
    await expectLedgerConsistent(t);
  });
});
