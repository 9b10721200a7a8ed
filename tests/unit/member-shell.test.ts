import { describe, expect, it } from "vitest";
import { dashboardView, type DashboardData } from "../../app/routes/member+/dashboard/dashboard";
import { memberPageTitle } from "../../app/routes/member+/$/member-pages";

const data: DashboardData = {
  userEmail: "ravi@example.com",
  user_month_records: [
    {
      monthKey: "2026-11",
      monthName: "November 2026",
      earningSources: {
        ptc_ads: { income: "1.500" },
        click_short_link: { income: "0.250" },
        offerWall: { income: "3.000" },
        referral_income: { income: "0.100" },
        bettingGames: { income: "0.000" },
      },
    },
    { monthKey: "2026-10", monthName: "October 2026", earningSources: { ptc_ads: { income: "9.999" } } },
  ],
  user_date_records: [
    {
      monthKey: "2026-11",
      monthName: "November 2026",
      date: "2026-11-21",
      self_earnings: "1.000",
      referral_earnings: "0.100",
      Total_earnings: "1.100",
    },
    {
      monthKey: "2026-11",
      monthName: "November 2026",
      date: "2026-11-20",
      self_earnings: "3.750",
      referral_earnings: "0.000",
      Total_earnings: "3.750",
    },
    {
      monthKey: "2026-10",
      monthName: "October 2026",
      date: "2026-10-31",
      self_earnings: "9.999",
      referral_earnings: "0.000",
      Total_earnings: "9.999",
    },
  ],
  other_data_announcementsArray: [
    { announcementTime: "2026-11-21T10:00:00.000Z", announcementMessage: "<b>Hi</b>" },
  ],
};

describe("dashboardView", () => {
  it("selects the first (newest) month by default", () => {
    const v = dashboardView(data, null);
    expect(v.month).toBe("2026-11");
    expect(v.months).toEqual([
      { key: "2026-11", name: "November 2026" },
      { key: "2026-10", name: "October 2026" },
    ]);
    expect(v.tiles.map((t) => [t.label, t.income, t.to])).toEqual([
      ["PTC Ads", "1.500", "/member/ptc-ads"],
      ["Click Shorten Link", "0.250", "/member/click-shorten-link"],
      ["TaskWalls", "3.000", "/member/task-wall"],
      ["Referral Income", "0.100", "/member/refer-and-earn"],
      ["Betting Games", "0.000", "/member/betting-games"],
    ]);
    expect(v.days.map((d) => d.date)).toEqual(["2026-11-21", "2026-11-20"]);
    expect(v.announcements).toEqual([{ time: "2026-11-21T10:00:00.000Z", html: "<b>Hi</b>" }]);
  });

  it("filters tiles and days by the chosen month; missing sources stay empty for the 0.000 fallback", () => {
    const v = dashboardView(data, "2026-10");
    expect(v.month).toBe("2026-10");
    expect(v.tiles[0]?.income).toBe("9.999");
    expect(v.tiles[1]?.income).toBeUndefined();
    expect(v.days).toEqual([{ date: "2026-10-31", self: "9.999", referral: "0.000", total: "9.999" }]);
  });

  it("falls back to the first month for a month that is not listed", () => {
    expect(dashboardView(data, "1999-01").month).toBe("2026-11");
    expect(dashboardView(data, "").month).toBe("2026-11");
  });

  it("matches days by month name when keys are absent", () => {
    const v = dashboardView(
      {
        user_month_records: [{ monthName: "May 2026", earningSources: {} }],
        user_date_records: [
          { monthName: "May 2026", date: "2026-05-02" },
          { monthName: "April 2026", date: "2026-04-30" },
        ],
      },
      null,
    );
    expect(v.month).toBe("May 2026");
    expect(v.days.map((d) => d.date)).toEqual(["2026-05-02"]);
  });

  it("copes with an empty answer", () => {
    const v = dashboardView({}, "2026-11");
    expect(v).toEqual({
      months: [],
      month: "",
      tiles: expect.any(Array),
      days: [],
      announcements: [],
    });
    expect(v.tiles.every((t) => t.income === undefined)).toBe(true);
  });
});

describe("memberPageTitle", () => {
  it("knows every member page the spec lists", () => {
    for (const [path, title] of [
      ["ptc-ads", "PTC Ads"],
      ["click-shorten-link", "Click Short Link"],
      ["task-wall", "Task Walls"],
      ["task-wall/https%3A%2F%2Fwall.example%2Fx", "Task Walls"],
      ["task-wall/https://wall.example/x", "Task Walls"],
      ["betting-games", "Betting Games"],
      ["betting-games/tic-tac-toe", "Betting Games"],
      ["betting-games/tic-tac-toe/play/cm9vbS0x", "Betting Games"],
      ["advertiser", "Advertiser"],
      ["advertiser/create", "Advertiser"],
      ["waitRedirecting/", "PTC Ads"],
      ["iframe", "PTC Ads"],
      ["youtube", "PTC Ads"],
      ["last-page/abc123", "Click Short Link"],
      ["support", "Support"],
      ["settings", "Settings"],
    ] as const) {
      expect(memberPageTitle(path), path).toBe(title);
    }
  });

  it("has no page for paths the spec does not list", () => {
    for (const path of [
      "",
      "nope",
      "ptc-ads/extra",
      "advertiser/edit",
      "settings/x",
      "last-page",
      "betting-games/ludo",
    ]) {
      expect(memberPageTitle(path), path).toBeNull();
    }
  });
});
