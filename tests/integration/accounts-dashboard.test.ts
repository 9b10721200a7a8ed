import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { announcements, sessions } from "../../api/db/schema";
import { creditEarning, type EarningSource } from "../../api/ledger/earnings";
import { PLATFORM, memberAccount, post } from "../../api/ledger/ledger";
import { dashboardTag } from "../../api/accounts/dashboard";
import { SIGN_UP_PRIVACY } from "../support/privacy";

const IST_MS = 330 * 60 * 1000;
const istDate = (d: Date) => new Date(d.getTime() + IST_MS).toISOString().slice(0, 10);
const istMonthKey = (d: Date) => istDate(d).slice(0, 7);
/** The instant `months` IST calendar months before now, on the 10th at noon IST. */
function monthsAgo(months: number): Date {
  const ist = new Date(Date.now() + IST_MS);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - months, 10, 12) - IST_MS);
}
const NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const monthName = (key: string) => `${NAMES[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`;

let seq = 0;
describe.each(drivers("one"))("dashboard (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  async function newMember(referBy?: string) {
    seq += 1;
    const email = `dash${seq}@example.com`;
    const password = "dashboard-pass-1";
    const up = await t.request("/userRoute/signUp", {
      obj: {
        name: `Dash ${seq}`,
        mobile_number: 9000000000 + seq,
        email_address: email,
        password,
        ...SIGN_UP_PRIVACY,
        ...(referBy ? { refer_by: referBy } : {}),
      },
    });
    expect(up.status).toBe(200);
    const res = await t.request("/userRoute/login", {
      obj: { email_userName: email, password, loginRemember_state: false },
    });
    const cookie = sessionCookie(res.setCookie);
    const dash = await t.request("/userRoute/userDataGet_dashboard", { cookie });
    return { email, cookie, userName: dash.body.msg.userName as string };
  }

  async function userId(email: string): Promise<string> {
    const { users } = await import("../../api/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  async function earn(uid: string, source: EarningSource, amount: number, createdAt: Date) {
    seq += 1;
    // Game winnings really come out of the game escrow; here the funding account stands in for the stakes.
    await t.deps.db.transaction((tx) =>
      creditEarning(tx, {
        userId: uid,
        source,
        amount,
        idempotencyKey: `test:${seq}`,
        createdAt,
        fundingAccount: PLATFORM.earningsFunding,
      }),
    );
  }

  const dashboard = async (cookie: string) => {
    const res = await t.request("/userRoute/userDataGet_dashboard", { cookie });
    expect(res.status).toBe(200);
    return res.body.msg;
  };

  it("shows the current month with zero incomes and no days for a new member", async () => {
    const m = await newMember();
    const msg = await dashboard(m.cookie);
    const key = istMonthKey(new Date());
    expect(msg.userEmail).toBe(m.email);
    expect(msg.userAvailableBalance).toBe("0.000");
    expect(msg.user_month_records).toEqual([
      {
        monthKey: key,
        monthName: monthName(key),
        earningSources: {
          ptc_ads: { income: "0.000" },
          click_short_link: { income: "0.000" },
          offerWall: { income: "0.000" },
          referral_income: { income: "0.000" },
          bettingGames: { income: "0.000" },
        },
      },
    ]);
    expect(msg.user_date_records).toEqual([]);
  });

  it("sums ledger earnings per month and source and per IST day, with the referrer's income on their own dashboard", async () => {
    const referrer = await newMember();
    const referee = await newMember(referrer.userName);
    const rid = await userId(referee.email);

    const thisMonth = monthsAgo(0);
    // 19:00 UTC is 00:30 IST the next day: the entry belongs to the next IST date.
    const lateUtc = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth(), 5, 19, 0));
    const lastMonth = monthsAgo(1);
    const threeAgo = monthsAgo(3);
    const tooOld = monthsAgo(13);

    await earn(rid, "ptc_ads", 1500, thisMonth);
    await earn(rid, "ptc_ads", 250, thisMonth);
    await earn(rid, "click_short_link", 2000, lateUtc);
    await earn(rid, "offerWall", 10_000, thisMonth);
    await earn(rid, "bettingGames", 18_000, lastMonth);
    await earn(rid, "ptc_ads", 7, threeAgo);
    await earn(rid, "ptc_ads", 99_000, tooOld);
    // Money that is not an earning (a gift code) moves the balance but not the dashboard's incomes.
    await t.deps.db.transaction((tx) =>
      post(tx, {
        idempotencyKey: `gift:${rid}`,
        kind: "gift_code",
        userId: rid,
        createdAt: thisMonth,
        lines: [
          { account: PLATFORM.promotions, amount: -5000 },
          { account: memberAccount(rid, "withdrawable"), amount: 5000 },
        ],
      }),
    );

    const msg = await dashboard(referee.cookie);
    // 1500 + 250 + 2000 + 10000 + 18000 + 7 + 99000 + 5000 milli-rupees
    expect(msg.userAvailableBalance).toBe("135.757");
    const months = msg.user_month_records as {
      monthKey: string;
      monthName: string;
      earningSources: Record<string, { income: string }>;
    }[];
    expect(months.map((r) => r.monthKey)).toEqual([
      istMonthKey(thisMonth),
      istMonthKey(lastMonth),
      istMonthKey(threeAgo),
    ]);
    expect(months[0]!.monthName).toBe(monthName(istMonthKey(thisMonth)));
    expect(months[0]!.earningSources).toEqual({
      ptc_ads: { income: "1.750" },
      click_short_link: { income: "2.000" },
      offerWall: { income: "10.000" },
      referral_income: { income: "0.000" },
      bettingGames: { income: "0.000" },
    });
    expect(months[1]!.earningSources.bettingGames).toEqual({ income: "18.000" });
    expect(months[2]!.earningSources.ptc_ads).toEqual({ income: "0.007" });

    const days = msg.user_date_records as {
      date: string;
      self_earnings: string;
      referral_earnings: string;
      Total_earnings: string;
    }[];
    const lateDay = istDate(lateUtc);
    expect(lateDay).toBe(`${lateUtc.toISOString().slice(0, 8)}06`);
    expect(days.map((d) => d.date)).toEqual(
      [...new Set([istDate(thisMonth), lateDay, istDate(lastMonth), istDate(threeAgo)])].sort().reverse(),
    );
    expect(days.find((d) => d.date === lateDay)).toMatchObject({
      monthKey: lateDay.slice(0, 7),
      monthName: monthName(lateDay.slice(0, 7)),
      self_earnings: "2.000",
      referral_earnings: "0.000",
      Total_earnings: "2.000",
    });
    expect(days.find((d) => d.date === istDate(thisMonth))).toMatchObject({
      self_earnings: "11.750",
      Total_earnings: "11.750",
    });

    // The referrer earns 10 % of every earning, on the same days, as referral income.
    const ref = await dashboard(referrer.cookie);
    expect(ref.user_month_records[0].earningSources).toEqual({
      ptc_ads: { income: "0.000" },
      click_short_link: { income: "0.000" },
      offerWall: { income: "0.000" },
      referral_income: { income: "1.375" },
      bettingGames: { income: "0.000" },
    });
    expect(ref.user_month_records[1].earningSources.referral_income).toEqual({ income: "1.800" });
    expect(ref.user_date_records.find((d: { date: string }) => d.date === istDate(thisMonth))).toMatchObject({
      self_earnings: "0.000",
      referral_earnings: "1.175",
      Total_earnings: "1.175",
    });
    // 1375 + 1800 + 1 (10 % of 7, rounded half up) + 9900 (the old one still counts in the balance)
    expect(ref.userAvailableBalance).toBe("13.076");
  });

  it("lists announcements newest first with their HTML sanitized", async () => {
    const m = await newMember();
    await t.deps.db.insert(announcements).values([
      { message: "<p>Older</p>", createdAt: new Date("2026-01-01T10:00:00Z") },
      {
        message:
          '<p onclick="steal()">Newer <script>alert(1)</script><a href="javascript:alert(1)">x</a><b>bold</b></p>',
        createdAt: new Date("2026-02-01T10:00:00Z"),
      },
    ]);
    const msg = await dashboard(m.cookie);
    expect(msg.other_data_announcementsArray).toEqual([
      {
        announcementTime: "2026-02-01T10:00:00.000Z",
        announcementMessage: "<p>Newer <a>x</a><b>bold</b></p>",
      },
      { announcementTime: "2026-01-01T10:00:00.000Z", announcementMessage: "<p>Older</p>" },
    ]);
  });

  it("answers the session flags without a valid cookie", async () => {
    const none = await t.request("/userRoute/userDataGet_dashboard");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, jwtMiddleware_token_not_found_error: true });
    const bad = await t.request("/userRoute/userDataGet_dashboard", { cookie: "sid=not-a-session" });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, jwtMiddleware_error: true });
  });

  it("checks the session once per page view: the layout's and the page's reads share it, an action drops it", async () => {
    const m = await newMember();
    const page = (id: string, method = "GET") => ({
      cookie: m.cookie,
      method,
      headers: { "x-internal-token": t.deps.internalToken, "x-page-request": id },
    });
    // The layout's read and the page's read of one page view.
    const layout = await t.request("/userRoute/userpassword_and_email_get", page("view-1"));
    expect(layout.body.msg).toEqual({
      email_address: m.email,
      available_balance: "0.000",
      privacy_due: false,
    });
    // The session ends between the two reads: the page view still answers as one consistent whole…
    await t.deps.db.delete(sessions);
    const sameView = await t.request("/userRoute/userDataGet_dashboard", page("view-1"));
    expect(sameView.status).toBe(200);
    // …but the next page view, a call without the web tier's token, and any call after a
    // state-changing one in the same view check it afresh.
    expect((await t.request("/userRoute/userDataGet_dashboard", page("view-2"))).status).toBe(401);
    const outside = await t.request("/userRoute/userDataGet_dashboard", {
      cookie: m.cookie,
      headers: { "x-page-request": "view-1" },
    });
    expect(outside.status).toBe(401);
    await t.request("/userRoute/userpassword_and_email_patch", { ...page("view-1", "PATCH"), obj: {} });
    expect((await t.request("/userRoute/userDataGet_dashboard", page("view-1"))).status).toBe(401);
  });

  describe("conditional reads: the entity tag versions everything the dashboard shows", () => {
    const read = (cookie: string, tag?: string, method = "GET") =>
      t.request("/userRoute/userDataGet_dashboard", {
        cookie,
        method,
        headers: tag ? { "if-none-match": tag } : {},
      });
    const tagOf = async (cookie: string) => {
      const res = await read(cookie);
      expect(res.status).toBe(200);
      const tag = res.headers.get("etag");
      expect(tag).toMatch(/^W\/"[^"]+"$/);
      return tag!;
    };

    it("answers 304 without a body to the current tag, and HEAD with the tag alone", async () => {
      const m = await newMember();
      const tag = await tagOf(m.cookie);
      const again = await read(m.cookie, tag);
      expect(again.status).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.get("etag")).toBe(tag);
      expect(again.headers.get("cache-control")).toBe("no-store");
      // A list of tags, the strong form of the same tag, and * match too.
      expect((await read(m.cookie, `W/"other", ${tag}`)).status).toBe(304);
      expect((await read(m.cookie, tag.slice(2))).status).toBe(304);
      expect((await read(m.cookie, "*")).status).toBe(304);
      const head = await read(m.cookie, undefined, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body).toBe("");
      expect(head.headers.get("etag")).toBe(tag);
      // A stale or malformed tag gets the whole answer.
      for (const stale of ['W/"nope"', "garbage", '""', ","]) {
        const full = await read(m.cookie, stale);
        expect(full.status).toBe(200);
        expect(full.body.msg.userEmail).toBe(m.email);
      }
    });

    it("changes with every earning, every balance movement (even back to the same balance), the member's row and the announcements", async () => {
      const m = await newMember();
      const uid = await userId(m.email);
      const seen = [await tagOf(m.cookie)];
      const expectNewTag = async () => {
        const tag = await tagOf(m.cookie);
        expect(seen).not.toContain(tag);
        // The tag it replaced no longer matches: the full, new answer is sent.
        expect((await read(m.cookie, seen.at(-1))).status).toBe(200);
        seen.push(tag);
      };

      await earn(uid, "ptc_ads", 1000, new Date());
      await expectNewTag();
      expect((await dashboard(m.cookie)).userAvailableBalance).toBe("1.000");

      // Out and back in: the balance is what it was, the answer's history is not.
      for (const [key, amount] of [
        ["out", -1000],
        ["in", 1000],
      ] as const) {
        await t.deps.db.transaction((tx) =>
          post(tx, {
            idempotencyKey: `tag-${key}:${uid}`,
            kind: "gift_code",
            userId: uid,
            lines: [
              { account: memberAccount(uid, "withdrawable"), amount },
              { account: PLATFORM.promotions, amount: -amount },
            ],
          }),
        );
      }
      await expectNewTag();
      expect((await dashboard(m.cookie)).userAvailableBalance).toBe("1.000");

      const { users } = await import("../../api/db/schema");
      const { eq } = await import("drizzle-orm");
      await t.deps.db.update(users).set({ name: "Renamed" }).where(eq(users.id, uid));
      await expectNewTag();

      await t.deps.db.insert(announcements).values({ message: "<p>New</p>" });
      await expectNewTag();
      await t.deps.db.update(announcements).set({ message: "<p>Edited</p>" });
      await expectNewTag();
      await t.deps.db.delete(announcements);
      await expectNewTag();

      // Reads change nothing: the tag stays.
      expect(await tagOf(m.cookie)).toBe(seen.at(-1));
    });

    it("follows the IST calendar day (the months offered change with it)", () => {
      const m = { id: "m1", rowVersion: "10.11", contentVersion: "4.12" };
      // 18:30 UTC is midnight IST.
      const morning = dashboardTag(m, new Date("2026-11-23T00:30:00Z"));
      expect(dashboardTag(m, new Date("2026-11-23T18:29:00Z"))).toBe(morning);
      expect(dashboardTag(m, new Date("2026-11-23T18:31:00Z"))).not.toBe(morning);
    });

    it("never matches another member's tag, and checks the session before anything else", async () => {
      const a = await newMember();
      const b = await newMember();
      const tagA = await tagOf(a.cookie);
      expect(await tagOf(b.cookie)).not.toBe(tagA);
      expect((await read(b.cookie, tagA)).status).toBe(200);
      const none = await read("", tagA);
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ jwtMiddleware_token_not_found_error: true });
      const ended = await read("sid=not-a-session", "*");
      expect(ended.status).toBe(401);
      expect(ended.body).toMatchObject({ jwtMiddleware_error: true });
    });
  });
});
