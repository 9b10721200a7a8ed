import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  anotherSession,
  balances,
  createGiftCode,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { createMember } from "../../api/domain/accounts";
import { setSetting } from "../../api/domain/settings";

describe.each(drivers())("refer and earn (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
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
