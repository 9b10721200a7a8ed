import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { and, eq } from "drizzle-orm";
import {
  anotherSession,
  balances,
  createGiftCode,
  expectLedgerConsistent,
  giveDeposit,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { createMember } from "../../api/accounts/accounts";
import { setSetting } from "../../api/site/settings";
import { gameDeps } from "../../api/deps";
import { seedGames } from "../../api/seed/games";
import { gameRoomTypes, journalEntries } from "../../api/db/schema";
import { REFERRAL_INCOME } from "../../api/ledger/earnings";
import { TASK_WALL_REVERSAL } from "../../api/taskWalls/credits";
import {
  PLATFORM,
  debtAccount,
  memberAccount,
  memberDebt,
  openDebtAccount,
  post,
} from "../../api/ledger/ledger";
import { join } from "../../api/games/join";
import { move } from "../../api/games/moves";
import { prizeKey } from "../../api/games/settlement";

describe.each(drivers("both"))("refer and earn (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
    await t.deps.db.transaction((tx) => seedGames(tx));
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const page = async (m: TestMember) => {
    const res = await t.request("/userRoute/userReferral_record_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    return res.body.msg;
  };

  it("shows the link data, the rate and an empty table for a new member", async () => {
    const m = await newMember(t);
    const msg = await page(m);
    expect(msg).toMatchObject({ userName: m.userName, available_balance: "0.000", referral_data: [] });
    expect(msg.other_data_referralRate.referralRate).toBe("0.1");
    expect(msg.other_data_referralRate.referralPageText).toContain("<p>");
    expect((await t.request("/userRoute/userReferral_record_get")).status).toBe(401);
  });

  it("lists referees newest sign-up first with the income each produced, from earnings only", async () => {
    const referrer = await newMember(t);
    const older = await createMember(t.deps.db, {
      name: "Older",
      email: `older-${referrer.id}@example.com`,
      referredBy: referrer.id,
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const newer = await createMember(t.deps.db, {
      name: "Newer",
      email: `newer-${referrer.id}@example.com`,
      referredBy: referrer.id,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const idle = await createMember(t.deps.db, {
      name: "Idle",
      email: `idle-${referrer.id}@example.com`,
      referredBy: referrer.id,
    });
    // Not this member's referee.
    await createMember(t.deps.db, { name: "Else", email: `else-${referrer.id}@example.com` });

    // 10 % of each earning source counts …
    await giveEarning(t, older.id, 10_000, "ptc_ads");
    await giveEarning(t, older.id, 2_000, "click_short_link");
    await giveEarning(t, newer.id, 3_333, "offerWall");
    await giveEarning(t, newer.id, 5_000, "ptc_ads");
    // … gift codes do not.
    const code = await createGiftCode(t, operator, { amount: "50", claim_limit: 10 });
    const claimed = await t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
      method: "PATCH",
      json: { giftCode_state: code },
      cookie: await anotherSession(t, older.id),
    });
    expect(claimed.status).toBe(200);

    // 1000 + 200 from the older referee; 333 (333.3 rounded) + 500 from the newer.
    expect(await balances(t, referrer.id)).toEqual({ withdrawable: 2_033, deposit: 0 });
    const msg = await page(referrer);
    expect(msg.available_balance).toBe("2.033");
    expect(
      msg.referral_data.map((r: { userName: string; income: string }) => [r.userName, r.income]),
    ).toEqual([
      [idle.userName, "0.000"],
      [newer.userName, "0.833"],
      [older.userName, "1.200"],
    ]);
    for (const r of msg.referral_data) expect(new Date(r.date).toISOString()).toBe(r.date);
  });

  it("pays no referral income on referral income", async () => {
    const top = await newMember(t);
    const middle = await newMember(t, { referredBy: top.id });
    const bottom = await newMember(t, { referredBy: middle.id });
    await giveEarning(t, bottom.id, 100_000);
    expect(await balances(t, middle.id)).toEqual({ withdrawable: 10_000, deposit: 0 });
    expect(await balances(t, top.id)).toEqual({ withdrawable: 0, deposit: 0 });
    expect((await page(top)).referral_data).toEqual([
      expect.objectContaining({ userName: middle.userName, income: "0.000" }),
    ]);
  });

  /**
   * X and O (both referred by `referrer`, each with ₹100 of deposit) play a paid room of `entryFee`
   * milli-rupees, after `beforeGame`; X wins. Answers the room and X.
   */
  async function xWinsAGame(referrer: TestMember, entryFee: number, beforeGame = async () => {}) {
    const x = await newMember(t, { referredBy: referrer.id });
    const o = await newMember(t, { referredBy: referrer.id });
    await giveDeposit(t, x.id, 100);
    await giveDeposit(t, o.id, 100);
    await beforeGame();
    const g = gameDeps(t.deps);
    const { roomId } = await join(g, x.id, { practice: false, entryFee });
    expect((await join(g, o.id, { practice: false, entryFee })).roomId).toBe(roomId);
    for (const [who, row, col] of [
      [x, 0, 0],
      [o, 1, 0],
      [x, 0, 1],
      [o, 1, 1],
      [x, 0, 2],
    ] as const)
      await move(g, { roomId, userId: who.id, row, col });
    return { roomId, x };
  }

  const gameReferralEntries = (roomId: string) =>
    t.deps.db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.kind, REFERRAL_INCOME),
          eq(journalEntries.idempotencyKey, `referral:${prizeKey(roomId)}`),
        ),
      );

  it("pays referral income on a game's net winnings (prize − the winner's own fee), not on the prize", async () => {
    const referrer = await newMember(t);
    // Two accounts under one referrer play each other in the ₹10 room (₹18 prize).
    const before = (await balances(t, referrer.id)).withdrawable;
    const { roomId, x } = await xWinsAGame(referrer, 10_000);
    // The deposits each paid 10 % of ₹100 (task-wall earnings converted): ₹20.
    expect(await balances(t, x.id)).toMatchObject({ withdrawable: 18_000, deposit: 90_000 });
    // 10 % of ₹8 (₹18 − ₹10) = ₹0.800 exactly; on the gross prize it was ₹1.800.
    expect((await balances(t, referrer.id)).withdrawable - before).toBe(20_000 + 800);
    const [entry] = await gameReferralEntries(roomId);
    expect(entry).toMatchObject({ userId: referrer.id, relatedUserId: x.id });
    expect((await page(referrer)).referral_data).toContainEqual(
      expect.objectContaining({ userName: x.userName, income: "10.800" }),
    );
  });

  it("pays no referral income on a game whose prize does not exceed the winner's fee", async () => {
    await t.deps.db
      .insert(gameRoomTypes)
      .values({ id: "even-money", name: "Even money", entryFee: 7_000, prize: 7_000 });
    const referrer = await newMember(t);
    const before = (await balances(t, referrer.id)).withdrawable;
    const { roomId, x } = await xWinsAGame(referrer, 7_000);
    expect((await balances(t, x.id)).withdrawable).toBe(7_000);
    expect((await balances(t, referrer.id)).withdrawable - before).toBe(20_000);
    expect(await gameReferralEntries(roomId)).toEqual([]);
  });

  it("a referrer who owes repays from a game's referral income first, as from any referral income", async () => {
    const referrer = await newMember(t);
    const { x } = await xWinsAGame(referrer, 10_000, async () => {
      // A task-wall reversal took the referrer's ₹20 and left ₹0.500 owed.
      await t.deps.db.transaction(async (tx) => {
        await openDebtAccount(tx, referrer.id);
        await post(tx, {
          idempotencyKey: `test-reversal:${referrer.id}`,
          kind: TASK_WALL_REVERSAL,
          userId: referrer.id,
          lines: [
            { account: memberAccount(referrer.id, "withdrawable"), amount: -20_000 },
            { account: debtAccount(referrer.id), amount: -500 },
            { account: PLATFORM.offerWalls, amount: 20_500 },
          ],
        });
      });
    });
    expect((await balances(t, x.id)).withdrawable).toBe(18_000);
    // ₹0.800 of referral income: ₹0.500 repays the debt, ₹0.300 stays.
    expect((await balances(t, referrer.id)).withdrawable).toBe(300);
    expect(await memberDebt(t.deps.db, referrer.id)).toBe(0);
  });

  it("follows the operator's rate and cleans the page text", async () => {
    const res = await t.request("/adminRoute/settings", {
      method: "PATCH",
      json: { referral_rate_bp: 2500 },
      cookie: operator.cookie,
    });
    expect(res.body).toEqual({ success: true, msg: "Settings saved." });
    await setSetting(
      t.deps.db,
      "referral_page_text",
      '<p onclick="x()">Share <b>now</b></p><script>alert(1)</script>',
    );
    try {
      const referrer = await newMember(t);
      const referee = await newMember(t, { referredBy: referrer.id });
      await giveEarning(t, referee.id, 4_002);
      // 25 % of 4.002 = 1.0005, rounded half up to 1.001.
      expect(await balances(t, referrer.id)).toEqual({ withdrawable: 1_001, deposit: 0 });
      const msg = await page(referrer);
      expect(msg.other_data_referralRate).toEqual({
        referralRate: "0.25",
        referralPageText: "<p>Share <b>now</b></p>",
      });
    } finally {
      await t.request("/adminRoute/settings", {
        method: "PATCH",
        json: { referral_rate_bp: 1000 },
        cookie: operator.cookie,
      });
    }
  });
});
