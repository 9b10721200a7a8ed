import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adCheatLog, adViews, auditLog, campaigns } from "../../api/db/schema";
import { PLATFORM, accountBalance, campaignEscrowAccount, memberAccount } from "../../api/ledger/ledger";
import { setSetting } from "../../api/site/settings";
import { AD_REFUSAL_MESSAGES } from "../../api/ads/messages";
import { encodeObj } from "../../shared/obj.server";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  balances,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
  campaignDraft,
} from "../support/money";

/**
 * Ads end to end through the API: create with escrow, the single-use claim, races on one token and
 * on a campaign's last view, delete racing claims, the time rules (the API's clock is moved, never
 * waited for), interval and per-day limit, pause and delete, referral income, the cheat log.
 */
describe.each(drivers("both"))("PTC ads (%s)", (driver) => {
  let t: TestApi;
  let advertiser: TestMember;
  let clock = Date.parse("2026-03-10T06:00:00Z");
  const tick = (ms: number) => {
    clock += ms;
  };
  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    advertiser = await newMember(t);
    // ₹500 of deposit: withdrawable earned, converted.
    await giveEarning(t, advertiser.id, 500_000);
    const res = await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 500, conversionType_state: "withdrawToDeposit" },
      cookie: advertiser.cookie,
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const draft = campaignDraft;

  async function create(over: Record<string, unknown> = {}, who = advertiser) {
    const res = await t.request("/advertiserRoute/advertiserDataPost", {
      obj: draft(over),
      cookie: who.cookie,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    return res.body.msg._id as string;
  }
  const start = (m: TestMember, id: string) =>
    t.request("/userIncomeRoute/user_PTCAds_view_start", { obj: { btnName: id }, cookie: m.cookie });
  const claim = (m: TestMember, id: string, viewToken: string, extra: Record<string, unknown> = {}) =>
    t.request("/userIncomeRoute/user_PTCAds_income_patch", {
      method: "PATCH",
      obj: { btnName: id, btnClickEarn: 1000, viewToken, ...extra },
      cookie: m.cookie,
    });
  async function started(m: TestMember, id: string): Promise<string> {
    const res = await start(m, id);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    return res.body.msg.viewToken as string;
  }
  const campaign = async (id: string) =>
    (await t.deps.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  const escrow = (id: string) => accountBalance(t.deps.db, campaignEscrowAccount(id));
  const cheats = async (userId: string) =>
    (await t.deps.db.select().from(adCheatLog).where(eq(adCheatLog.userId, userId))).map((r) => r.reason);
  /** A refusal: its code, and the member's words for its reason (issue 45 §2). */
  const refused = (error_code: string, error_msg: string) => ({ success: false, error_code, error_msg });

  it("create moves price × views from deposit to the campaign's escrow, once per request id", async () => {
    const before = await balances(t, advertiser.id);
    const d = draft({ step_3_total_views: 150, request_id: "create-once" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request("/advertiserRoute/advertiserDataPost", { obj: d, cookie: advertiser.cookie }),
      ),
    );
    for (const a of answers)
      expect(a.body).toMatchObject({
        success: true,
        msg: { message: "Your campaign has been successfully submitted." },
      });
    const ids = new Set(answers.map((a) => a.body.msg._id));
    expect(ids.size).toBe(1);
    const id = [...ids][0] as string;
    expect(await escrow(id)).toBe(150 * 50);
    expect((await balances(t, advertiser.id)).deposit).toBe(before.deposit - 7_500);
    expect(await campaign(id)).toMatchObject({
      price: 50,
      memberAmount: 30,
      totalViews: 150,
      status: "active",
    });
  });

  it("create refuses with the spec's messages and an insufficient deposit", async () => {
    const post = (over: Record<string, unknown>) =>
      t.request("/advertiserRoute/advertiserDataPost", { obj: draft(over), cookie: advertiser.cookie });
    expect((await post({ step_3_total_views: 99 })).body).toMatchObject({
      success: false,
      error_code: "invalid_input",
      error_msg: "Total Views must be greater or equel to 100",
    });
    expect((await post({ selectedOption_state: "youtube" })).body.error_msg).toBe(
      "Please enter a valid YouTube video URL",
    );
    expect((await post({ step_3_duration: "20-0.080" })).body.error_msg).toBe("Duration is a required field");
    const poor = await newMember(t);
    const res = await t.request("/advertiserRoute/advertiserDataPost", { obj: draft(), cookie: poor.cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: "insufficient_balance", error_msg: "Insufficient Balance" });
    expect(await t.deps.db.select().from(campaigns).where(eq(campaigns.advertiserId, poor.id))).toHaveLength(
      0,
    );
  });

  it("a view credits the server's amounts once the duration has passed; btnClickEarn is ignored", async () => {
    const referrer = await newMember(t);
    const viewer = await newMember(t, { referredBy: referrer.id });
    const id = await create();
    const home = await t.request("/userIncomeRoute/user_PTCAds_home_get", { cookie: viewer.cookie });
    expect(home.body.msg.PTCAds_campaignsData).toContainEqual(
      expect.objectContaining({
        _id: id,
        campaignType: "window",
        step_3_duration_for_user: 10,
        step_3_amount_for_user: "0.030",
      }),
    );
    const s = await start(viewer, id);
    expect(s.body.msg).toMatchObject({
      campaignType: "window",
      step_3_duration_for_user: 10,
      claimableAt: new Date(clock + 10_000).toISOString(),
      link: `/member/waitRedirecting/?link=${encodeURIComponent("https://example.com/landing")}&view=${s.body.msg.viewToken}`,
    });
    const token = s.body.msg.viewToken as string;
    const view = await t.request(`/userIncomeRoute/user_PTCAds_view_get?view=${token}`, {
      cookie: viewer.cookie,
    });
    expect(view.body.msg).toMatchObject({
      consumed: false,
      secondsLeft: 10,
      step_2_url: "https://example.com/landing",
    });
    expect(
      (await t.request(`/userIncomeRoute/user_PTCAds_view_get?view=${token}`, { cookie: referrer.cookie }))
        .status,
    ).toBe(404);
    // an open view leaves the ad listed: only a credited view counts (issue 45 §2)
    const open = await t.request("/userIncomeRoute/user_PTCAds_home_get", { cookie: viewer.cookie });
    expect(open.body.msg.PTCAds_campaignsData.map((a: { _id: string }) => a._id)).toContain(id);

    tick(10_000);
    const revenue = await accountBalance(t.deps.db, PLATFORM.revenue);
    const res = await claim(viewer, id, token, { btnClickEarn: 99999 });
    expect(res.body).toEqual({
      success: true,
      msg: { userAvailableBalance: "0.030", amount: "0.030", today_PTCAdsIncome: "0.030" },
    });
    expect((await balances(t, referrer.id)).withdrawable).toBe(3); // 10 % of 30
    expect(await accountBalance(t.deps.db, PLATFORM.revenue)).toBe(revenue + 20);
    expect(await escrow(id)).toBe(99 * 50);
    expect((await campaign(id)).deliveredViews).toBe(1);
    const after = await t.request("/userIncomeRoute/user_PTCAds_home_get", { cookie: viewer.cookie });
    expect(after.body.msg).toMatchObject({ completedClick: 1, today_PTCAdsIncome: "0.030" });
    expect(after.body.msg.PTCAds_campaignsData.map((a: { _id: string }) => a._id)).not.toContain(id);
    expect(after.body.msg.willCome_afterThis_time).toBe(new Date(clock + 24 * 3600_000).toISOString());
    // the same token again
    expect((await claim(viewer, id, token)).body).toMatchObject(
      refused("ad_view_used", AD_REFUSAL_MESSAGES.alreadyPaid),
    );
    expect(await cheats(viewer.id)).toEqual(["reused_token"]);
  });

  it("30 parallel claims of one token credit once", async () => {
    const viewer = await newMember(t);
    const id = await create();
    const token = await started(viewer, id);
    tick(10_000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => claim(viewer, id, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) expect(a.body.error_code).toBe("ad_view_used");
    expect((await balances(t, viewer.id)).withdrawable).toBe(30);
    expect((await campaign(id)).deliveredViews).toBe(1);
    expect(await cheats(viewer.id)).toHaveLength(29);
  });

  it("one member's open views of a campaign claimed in parallel: one is credited, the rest fall inside its interval", async () => {
    const viewer = await newMember(t);
    const id = await create();
    // A start ends the member's earlier open view of the campaign; starts racing each other can
    // leave several open. That state, made directly: four views, none ended.
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push(await started(viewer, id));
    const first = (await t.deps.db.select().from(adViews).where(eq(adViews.token, tokens[3]!)))[0]!;
    await t.deps.db
      .update(adViews)
      .set({ expiresAt: first.expiresAt })
      .where(and(eq(adViews.userId, viewer.id), eq(adViews.campaignId, id)));
    tick(10_000);
    const answers = await Promise.all(tokens.map((token) => claim(viewer, id, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) expect(a.body.error_code).toBe("ad_interval");
    expect((await balances(t, viewer.id)).withdrawable).toBe(30);
    expect((await campaign(id)).deliveredViews).toBe(1);
    expect(await escrow(id)).toBe(99 * 50);
  });

  it("many members claiming a campaign's last view: exactly one is credited and it completes", async () => {
    await setSetting(t.deps.db, "ptc_minimum_views", 1);
    try {
      const id = await create({ step_3_total_views: 1 });
      const viewers = await Promise.all(Array.from({ length: 12 }, () => newMember(t)));
      const tokens: string[] = [];
      for (const v of viewers) tokens.push(await started(v, id));
      tick(10_000);
      const answers = await Promise.all(viewers.map((v, i) => claim(v, id, tokens[i]!)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((a) => a.status !== 200))
        expect(a.body.error_code).toBe("ad_campaign_unavailable");
      expect(await campaign(id)).toMatchObject({ deliveredViews: 1, status: "completed" });
      expect(await escrow(id)).toBe(0);
    } finally {
      await setSetting(t.deps.db, "ptc_minimum_views", 100);
    }
  });

  it("delete racing claims: escrow never negative, refund + delivered × price = subtotal", async () => {
    const id = await create({ step_3_total_views: 100 });
    const viewers = await Promise.all(Array.from({ length: 10 }, () => newMember(t)));
    const tokens: string[] = [];
    for (const v of viewers) tokens.push(await started(v, id));
    tick(10_000);
    const depositBefore = (await balances(t, advertiser.id)).deposit;
    const [del, ...claims] = await Promise.all([
      t.request("/advertiserRoute/advertiserCampaign_paused_active_patch", {
        method: "PATCH",
        json: undefined,
        rawBody: JSON.stringify({ encryptedObj: encObj({ clientMsg: "delete", _id: id }) }),
        cookie: advertiser.cookie,
      }),
      ...viewers.map((v, i) => claim(v, id, tokens[i]!)),
    ]);
    expect(del!.body).toMatchObject({ success: true, msg: { message: "Campaign deleted successfully!" } });
    const c = await campaign(id);
    expect(c.status).toBe("deleted");
    const credited = claims.filter((a) => a.status === 200).length;
    expect(c.deliveredViews).toBe(credited);
    expect(await escrow(id)).toBe(0);
    expect(Number(c.refund) + c.deliveredViews * 50).toBe(100 * 50);
    expect((await balances(t, advertiser.id)).deposit).toBe(depositBefore + Number(c.refund));
    expect(del!.body.msg.userDepositBalance).toBe(((depositBefore + Number(c.refund)) / 1000).toFixed(3));
  });

  it("refuses a claim before the duration, after the expiry, inside the interval and over the daily limit", async () => {
    const viewer = await newMember(t);
    const id = await create({ step_3_interval_in_hours: 1 });
    const early = await started(viewer, id);
    tick(9_000);
    expect((await claim(viewer, id, early)).body).toMatchObject(
      refused("ad_too_early", AD_REFUSAL_MESSAGES.tooEarly),
    );
    tick(1_000);
    expect((await claim(viewer, id, early)).status).toBe(200);

    // inside the interval: a second view cannot start, nor can an older open token be claimed
    expect((await start(viewer, id)).body).toMatchObject(
      refused("ad_interval", AD_REFUSAL_MESSAGES.interval),
    );
    tick(3600_000);
    const late = await started(viewer, id);
    tick(10_000 + 30 * 60_000);
    expect((await claim(viewer, id, late)).body).toMatchObject(
      refused("ad_view_expired", AD_REFUSAL_MESSAGES.expired),
    );
    expect(await cheats(viewer.id)).toEqual(expect.arrayContaining(["too_early", "interval", "expired"]));

    // the daily limit: 2 a day, counted per IST day
    const limited = await create({ step_3_enableLimit: true, step_3_limitViewsPerDay: 2 });
    const three = await Promise.all(Array.from({ length: 3 }, () => newMember(t)));
    const tokens: string[] = [];
    for (const v of three) tokens.push(await started(v, limited));
    tick(10_000);
    expect((await claim(three[0]!, limited, tokens[0]!)).status).toBe(200);
    expect((await claim(three[1]!, limited, tokens[1]!)).status).toBe(200);
    expect((await claim(three[2]!, limited, tokens[2]!)).body).toMatchObject(
      refused("ad_daily_limit", AD_REFUSAL_MESSAGES.dailyLimit),
    );
    expect(await cheats(three[2]!.id)).toEqual(["daily_limit"]);
    const home = await t.request("/userIncomeRoute/user_PTCAds_home_get", { cookie: three[2]!.cookie });
    expect(home.body.msg.PTCAds_campaignsData.map((a: { _id: string }) => a._id)).not.toContain(limited);
  });

  it("paused and deleted campaigns credit nothing; the advertiser's own campaign is refused", async () => {
    const viewer = await newMember(t);
    const id = await create();
    const token = await started(viewer, id);
    tick(10_000);
    const change = (clientMsg: string) =>
      t.request("/advertiserRoute/advertiserCampaign_paused_active_patch", {
        method: "PATCH",
        rawBody: JSON.stringify({ encryptedObj: encObj({ clientMsg, _id: id }) }),
        cookie: advertiser.cookie,
      });
    expect((await change("paused")).body.msg.message).toBe("Campaign paused successfully!");
    expect((await claim(viewer, id, token)).body).toMatchObject(
      refused("ad_campaign_unavailable", AD_REFUSAL_MESSAGES.unavailable),
    );
    expect((await change("active")).body.msg.message).toBe("Campaign activated successfully!");
    expect((await change("delete")).body.msg.message).toBe("Campaign deleted successfully!");
    expect((await claim(viewer, id, token)).body.error_code).toBe("ad_campaign_unavailable");
    // the token was never consumed: each refusal names the campaign's state, not the token
    expect((await cheats(viewer.id)).sort()).toEqual(["campaign_deleted", "campaign_paused"]);
    expect((await balances(t, viewer.id)).withdrawable).toBe(0);
    expect(await escrow(id)).toBe(0);

    const own = await create();
    expect((await start(advertiser, own)).body).toMatchObject(
      refused("ad_campaign_unavailable", AD_REFUSAL_MESSAGES.ownAd),
    );
    expect(await cheats(advertiser.id)).toContain("own_campaign");
    const list = await t.request("/userIncomeRoute/user_PTCAds_home_get", { cookie: advertiser.cookie });
    expect(list.body.msg.PTCAds_campaignsData.map((a: { _id: string }) => a._id)).not.toContain(own);
    // another member's campaign cannot be changed
    const other = await newMember(t);
    const res = await t.request("/advertiserRoute/advertiserCampaign_paused_active_patch", {
      method: "PATCH",
      rawBody: JSON.stringify({ encryptedObj: encObj({ clientMsg: "delete", _id: own }) }),
      cookie: other.cookie,
    });
    expect(res.status).toBe(404);
  });

  it("a token is the member's and the campaign's own", async () => {
    const viewer = await newMember(t);
    const thief = await newMember(t);
    const a = await create();
    const b = await create();
    const token = await started(viewer, a);
    tick(10_000);
    expect((await claim(thief, a, token)).body).toMatchObject(
      refused("ad_view_used", AD_REFUSAL_MESSAGES.notYours),
    );
    expect((await claim(viewer, b, token)).body.error_code).toBe("ad_view_used");
    expect((await claim(viewer, a, "no-such-token-at-all")).body.error_code).toBe("ad_view_used");
    expect(await cheats(thief.id)).toEqual(["another_members_token"]);
    expect((await claim(viewer, a, token)).status).toBe(200);
  });

  it("lists the advertiser's campaigns with counters, filters and pages of 6", async () => {
    const who = await newMember(t);
    await giveEarning(t, who.id, 100_000);
    await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 100, conversionType_state: "withdrawToDeposit" },
      cookie: who.cookie,
    });
    const ids = [];
    for (let i = 0; i < 7; i++) {
      tick(1_000);
      ids.push(await create({ step_2_title: i === 3 ? "Special 50%_deal" : `Plain ${i}` }, who));
    }
    await t.request("/advertiserRoute/advertiserCampaign_paused_active_patch", {
      method: "PATCH",
      rawBody: JSON.stringify({ encryptedObj: encObj({ clientMsg: "paused", _id: ids[0] }) }),
      cookie: who.cookie,
    });
    const get = (q: string) => t.request(`/advertiserRoute/advertiserDataGet${q}`, { cookie: who.cookie });
    const all = await get("");
    expect(all.body.msg).toMatchObject({
      total_campaigns: 7,
      active_campaigns: 6,
      paused_campaigns: 1,
      remaining_views: 700,
      userDepositBalance: "65.000",
      pagination: { page: 1, pageSize: 6, totalRecords: 7, totalPages: 2 },
    });
    expect(all.body.msg.advertiserData).toHaveLength(6);
    expect(all.body.msg.advertiserData[0]).toMatchObject({
      _id: ids[6],
      status: "active",
      step_4_subTotal: "5.000",
      spend: "0.000",
      step_3_enableLimit: false,
    });
    expect((await get("?page=2")).body.msg.advertiserData).toHaveLength(1);
    expect((await get("?status=paused")).body.msg.advertiserData.map((c: { _id: string }) => c._id)).toEqual([
      ids[0],
    ]);
    expect((await get("?search=50%25_")).body.msg.advertiserData.map((c: { _id: string }) => c._id)).toEqual([
      ids[3],
    ]);
    expect((await get("?search=%25")).body.msg.advertiserData.map((c: { _id: string }) => c._id)).toEqual([
      ids[3],
    ]);
    expect((await get("?type=iframe")).body.msg.advertiserData).toEqual([]);
    const data = await t.request("/advertiserRoute/advertiserCreateDataGet", { cookie: who.cookie });
    expect(data.body.msg).toMatchObject({
      PTCAds_total_minimum_Views: 100,
      PTCAds_pricing: {
        window: [
          { time: 10, price: "0.050" },
          { time: 15, price: "0.075" },
        ],
      },
      userDepositBalance: "65.000",
    });
  });

  it("operators set pricing, pause and reject with refund, read views and the cheat log, all audited", async () => {
    const operator = await newOperator(t);
    const member = await newMember(t);
    expect((await t.request("/adminRoute/ptcSettings", { cookie: member.cookie })).status).toBe(403);
    const saved = await t.request("/adminRoute/ptcSettings", {
      method: "PATCH",
      json: { ptc_member_share_bp: 5000, ptc_minimum_views: 50 },
      cookie: operator.cookie,
    });
    expect(saved.body.msg).toMatchObject({ ptc_member_share_bp: 5000, ptc_minimum_views: 50 });
    const bad = await t.request("/adminRoute/ptcSettings", {
      method: "PATCH",
      json: { ptc_pricing: { window: [] } },
      cookie: operator.cookie,
    });
    expect(bad.status).toBe(400);
    const id = await create({ step_3_total_views: 50 });
    expect((await campaign(id)).memberAmount).toBe(25);
    const viewer = await newMember(t);
    const token = await started(viewer, id);
    tick(10_000);
    expect((await claim(viewer, id, token)).status).toBe(200);
    expect(
      (await t.request(`/adminRoute/campaigns/${id}/pause`, { method: "POST", cookie: operator.cookie }))
        .status,
    ).toBe(200);
    const depositBefore = (await balances(t, advertiser.id)).deposit;
    const rejected = await t.request(`/adminRoute/campaigns/${id}/reject`, {
      method: "POST",
      cookie: operator.cookie,
    });
    expect(rejected.body.msg).toMatchObject({ refund: "2.450" });
    expect((await balances(t, advertiser.id)).deposit).toBe(depositBefore + 49 * 50);
    expect(await campaign(id)).toMatchObject({ status: "rejected", refund: 2_450 });
    const views = await t.request(`/adminRoute/campaigns/${id}/views`, { cookie: operator.cookie });
    expect(views.body.msg.records).toEqual([expect.objectContaining({ userId: viewer.id, amount: "0.025" })]);
    const list = await t.request("/adminRoute/campaigns?status=rejected", { cookie: operator.cookie });
    expect(list.body.msg.records.map((r: { _id: string }) => r._id)).toContain(id);
    const log = await t.request("/adminRoute/adCheatLog", { cookie: operator.cookie });
    expect(log.body.msg.records.length).toBeGreaterThan(0);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.actorUserId, operator.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "campaign.pause",
      "campaign.reject",
      "ptc_settings.update",
    ]);
    await setSetting(t.deps.db, "ptc_member_share_bp", 6000);
    await setSetting(t.deps.db, "ptc_minimum_views", 100);
  });

  it("starting again closes the member's open view of that campaign", async () => {
    const viewer = await newMember(t);
    const id = await create();
    const first = await started(viewer, id);
    const second = await started(viewer, id);
    tick(10_000);
    expect((await claim(viewer, id, first)).body.error_code).toBe("ad_view_expired");
    expect((await claim(viewer, id, second)).status).toBe(200);
    const open = await t.deps.db
      .select()
      .from(adViews)
      .where(and(eq(adViews.userId, viewer.id), eq(adViews.campaignId, id)));
    expect(open).toHaveLength(2);
    expect(await accountBalance(t.deps.db, memberAccount(viewer.id, "withdrawable"))).toBe(30);
  });

  function encObj(value: unknown): string {
    return encodeObjForTest(t, value);
  }
});

function encodeObjForTest(t: TestApi, value: unknown): string {
  return encodeObj(t.deps.config.objSecret, value);
}
