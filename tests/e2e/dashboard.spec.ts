import type { Page } from "@playwright/test";
import { test, expect, jsEnabled, apiLogin, waitForHydration } from "./fixtures";

const TILES: [label: string, key: string, href: string][] = [
  ["PTC Ads", "ptc_ads", "/member/ptc-ads"],
  ["Click Shorten Link", "click_short_link", "/member/click-shorten-link"],
  ["TaskWalls", "offerWall", "/member/task-wall"],
  ["Referral Income", "referral_income", "/member/refer-and-earn"],
  ["Betting Games", "bettingGames", "/member/betting-games"],
];

function tile(page: Page, label: string, href: string) {
  return page.locator(`a[href="${href}"]`).filter({ hasText: label }).filter({ hasText: "₹" });
}

function monthSelect(page: Page) {
  return page.getByLabel("Month", { exact: true });
}

interface Dash {
  user_month_records: {
    monthKey: string;
    monthName: string;
    earningSources: Record<string, { income: string }>;
  }[];
  user_date_records: {
    monthKey: string;
    date: string;
    self_earnings: string;
    referral_earnings: string;
    Total_earnings: string;
  }[];
}

/** Chooses a month: with scripts the change alone reloads; without, the form's button sends it. */
async function chooseMonth(page: Page, monthKey: string, js: boolean) {
  await monthSelect(page).selectOption(monthKey);
  if (!js) await page.getByRole("button", { name: "Show", exact: true }).click();
}

test.describe("Dashboard", () => {
  test("a new member: heading, LogOut, five ₹0.000 tiles, announcements, month dropdown, empty table", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // LogOut next to the heading (with scripts it opens the dialog, without it the confirm page).
    await expect(page.getByRole("main").getByRole("link", { name: "LogOut", exact: true })).toBeVisible();
    for (const [label, , href] of TILES) {
      const t = tile(page, label, href);
      await expect(t).toHaveCount(1);
      await expect(t).toContainText("₹0.000");
    }
    await expect(page.getByRole("heading", { name: "Announcements" })).toBeVisible();
    // The current month is selected by default.
    const now = new Date();
    const ist = new Date(now.getTime() + 5.5 * 3600_000);
    const key = `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, "0")}`;
    await expect(monthSelect(page)).toHaveValue(key);
    const table = page.locator("table");
    for (const col of ["Date", "Self Earnings", "Referral Earnings", "Total Earnings"]) {
      await expect(table.getByRole("columnheader", { name: col })).toBeVisible();
    }
    await expect(page.getByText("No Earnings Yet! Start Now!")).toBeVisible();
  });

  test("tiles link to their pages", async ({ page, newMember, loginAs }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    await tile(page, "Referral Income", "/member/refer-and-earn").click();
    await expect(page).toHaveURL(/\/member\/refer-and-earn$/);
  });

  test("the month selector filters the tiles and the daily rows @no-js", async ({ page, api }, testInfo) => {
    const demo = { email: "demo@example.com", password: "demo-password-123" };
    const cookie = await apiLogin(demo.email, demo.password);
    const res = await api.request("/userRoute/userDataGet_dashboard", { cookie });
    expect(res.status).toBe(200);
    const dash = res.body.msg as Dash;
    // The demo seed spans more than one month.
    expect(dash.user_month_records.length).toBeGreaterThan(1);
    const [latest, older] = [dash.user_month_records[0]!, dash.user_month_records[1]!];

    await page.context().addCookies([
      {
        name: "sid",
        value: cookie.slice(4),
        domain: "localhost",
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    await page.goto("/member/dashboard");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    await expect(monthSelect(page)).toHaveValue(latest.monthKey);
    const checkMonth = async (month: Dash["user_month_records"][number]) => {
      for (const [label, key, href] of TILES) {
        await expect(tile(page, label, href)).toContainText(
          `₹${month.earningSources[key]?.income ?? "0.000"}`,
        );
      }
      const days = dash.user_date_records.filter((d) => d.monthKey === month.monthKey);
      const rows = page.locator("table tbody tr");
      if (days.length === 0) {
        await expect(page.getByText("No Earnings Yet! Start Now!")).toBeVisible();
      } else {
        await expect(rows).toHaveCount(days.length);
        await expect(rows.first()).toContainText(days[0]!.Total_earnings);
      }
    };
    await checkMonth(latest);
    await chooseMonth(page, older.monthKey, jsEnabled(testInfo));
    await expect(monthSelect(page)).toHaveValue(older.monthKey);
    await checkMonth(older);
  });

  test("a dashboard kept rendered is never stale and its scripts still run: a fresh nonce each view, a credit shows at once", async ({
    page,
    newMember,
    loginAs,
    giveBalance,
  }) => {
    const m = await newMember();
    await loginAs(page, m);
    const balance = page.getByTestId("available-balance");
    const nonces: string[] = [];
    const view = async () => {
      const res = await page.goto("/member/dashboard");
      expect(res?.status()).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(res!.headers()["content-security-policy"] ?? "")?.[1];
      expect(nonce).toBeTruthy();
      // Every inline script of the page carries this answer's nonce: the browser runs them all.
      const html = await res!.text();
      expect(new Set(html.match(/nonce="[^"]*"/g))).toEqual(new Set([`nonce="${nonce}"`]));
      nonces.push(nonce!);
      await waitForHydration(page);
    };
    await view();
    await expect(balance).toContainText("₹0.000");
    // The second and third views are answered from the kept page (the member's data has not changed).
    await view();
    await view();
    expect(new Set(nonces).size).toBe(3);
    // Hydrated from a kept page: LogOut opens its dialog (scripts at work), Cancel closes it.
    await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/member\/dashboard$/);

    await giveBalance(m, 7);
    await view();
    await expect(balance).toContainText("₹7.000");
  });
});
