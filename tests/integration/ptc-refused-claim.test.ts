import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adCheatLog, campaigns } from "../../api/db/schema";
import { AD_REFUSAL_MESSAGES } from "../../api/ads/messages";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  balances,
  campaignDraft,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  type TestMember,
} from "../support/money";

/**
 * A refused ad claim does not use up the ad (issue 45 §2): a view that was started and never
 * claimed (the View Ads page refused it in the browser: the member did not come back to the tab)
 * or whose claim the server refused (too early) leaves the ad listed and claimable; the refusal
 * says what to do; only a credited view counts as completed; duplicates still pay once.
 */
describe.each(drivers("both"))("a refused ad claim (%s)", (driver) => {
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
    await giveEarning(t, advertiser.id, 100_000);
    const res = await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 100, conversionType_state: "withdrawToDeposit" },
      cookie: advertiser.cookie,
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  async function create(): Promise<string> {
    const res = await t.request("/advertiserRoute/advertiserDataPost", {
      obj: campaignDraft(),
      cookie: advertiser.cookie,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    return res.body.msg._id as string;
  }
  async function start(m: TestMember, id: string): Promise<string> {
    const res = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
      obj: { btnName: id },
      cookie: m.cookie,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    return res.body.msg.viewToken as string;
  }
  const claim = (m: TestMember, id: string, viewToken: string) =>
    t.request("/userIncomeRoute/user_PTCAds_income_patch", {
      method: "PATCH",
      obj: { btnName: id, btnClickEarn: 0, viewToken },
      cookie: m.cookie,
    });
  async function home(m: TestMember) {
    const res = await t.request("/userIncomeRoute/user_PTCAds_home_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    const msg = res.body.msg as {
      PTCAds_campaignsData: { _id: string }[];
      completedClick: number;
      totalLinks: number;
      willCome_afterThis_time: string | null;
    };
    return { ...msg, ids: msg.PTCAds_campaignsData.map((a) => a._id) };
  }
  const delivered = async (id: string) =>
    (await t.deps.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.deliveredViews;
  const cheats = async (userId: string) =>
    (await t.deps.db.select().from(adCheatLog).where(eq(adCheatLog.userId, userId))).map((r) => r.reason);

  it("a view never claimed (refused in the browser) leaves the ad listed; viewing it again pays", async () => {
    const viewer = await newMember(t);
    const id = await create();
    await start(viewer, id);
    // The page refused the claim (the member did not come back to the tab): nothing was sent.
    tick(15_000);
    const after = await home(viewer);
    expect(after.ids).toContain(id);
    expect(after.completedClick).toBe(0);
    expect(after.willCome_afterThis_time).toBeNull();

    const again = await start(viewer, id);
    tick(10_000);
    const res = await claim(viewer, id, again);
    expect(res.body).toMatchObject({ success: true, msg: { amount: "0.030" } });
    const paid = await home(viewer);
    expect(paid.completedClick).toBe(1);
    // A real completion still takes the ad away for its interval.
    expect(paid.ids).not.toContain(id);
    expect(await delivered(id)).toBe(1);
    expect(await cheats(viewer.id)).toEqual([]);
  });

  it("a claim refused as too early says what to do, is logged, and leaves the view claimable", async () => {
    const viewer = await newMember(t);
    const id = await create();
    const token = await start(viewer, id);
    tick(4_000);
    const early = await claim(viewer, id, token);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      success: false,
      error_code: "ad_too_early",
      error_msg: AD_REFUSAL_MESSAGES.tooEarly,
    });
    expect(await cheats(viewer.id)).toEqual(["too_early"]);
    const refused = await home(viewer);
    expect(refused.ids).toContain(id);
    expect(refused.completedClick).toBe(0);
    expect(await delivered(id)).toBe(0);
    expect((await balances(t, viewer.id)).withdrawable).toBe(0);

    // The same view, once its timer has ended, is paid.
    tick(6_000);
    expect((await claim(viewer, id, token)).status).toBe(200);
    expect((await home(viewer)).completedClick).toBe(1);
    expect((await balances(t, viewer.id)).withdrawable).toBe(30);
  });

  it("a claim refused as too early, then the ad viewed afresh: the new view pays, once", async () => {
    const viewer = await newMember(t);
    const id = await create();
    const first = await start(viewer, id);
    tick(2_000);
    expect((await claim(viewer, id, first)).body.error_code).toBe("ad_too_early");
    expect((await home(viewer)).ids).toContain(id);
    const second = await start(viewer, id);
    tick(10_000);
    // The first view ended with the second's start; its claim is refused with words, not paid.
    expect((await claim(viewer, id, first)).body).toMatchObject({
      error_code: "ad_view_expired",
      error_msg: AD_REFUSAL_MESSAGES.expired,
    });
    expect((await claim(viewer, id, second)).status).toBe(200);
    expect((await home(viewer)).completedClick).toBe(1);
    expect(await delivered(id)).toBe(1);
  });

  it("parallel duplicate claims of one view, and of two racing views, still pay once", async () => {
    const viewer = await newMember(t);
    const id = await create();
    const token = await start(viewer, id);
    tick(10_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(viewer, id, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200))
      expect(a.body).toMatchObject({
        error_code: "ad_view_used",
        error_msg: AD_REFUSAL_MESSAGES.alreadyPaid,
      });
    expect((await balances(t, viewer.id)).withdrawable).toBe(30);
    expect(await delivered(id)).toBe(1);
    expect((await home(viewer)).completedClick).toBe(1);

    // Two starts racing leave two open views of one ad: claimed together, one pays.
    const other = await newMember(t);
    const ad = await create();
    const tokens = await Promise.all([start(other, ad), start(other, ad)]);
    tick(10_000);
    const both = await Promise.all(tokens.map((v) => claim(other, ad, v)));
    expect(both.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await balances(t, other.id)).withdrawable).toBe(30);
    expect(await delivered(ad)).toBe(1);
    expect((await home(other)).completedClick).toBe(1);
  });
});
