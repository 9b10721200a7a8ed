import { axeViolations } from "./axe";
import { test, expect, E2E_ORIGIN, handSessionTo, loginOperatorPage, operatorCookie } from "./fixtures";

/**
 * The console's overview at /admin (issue 20 §4): the owner sees the business of the seeded month
 * as figures, charts drawn on the server (SVG) with their tables, and switches the range by links;
 * an operator of another role sees the sections their roles open, with no figures.
 */

test.describe("the overview", () => {
  test("the owner opens /admin on the overview: charts, tables, liabilities, the ledger verdict; the range links switch the days", async ({
    page,
  }) => {
    await loginOperatorPage(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const charts = page.getByTestId("overview-chart");
    await expect(charts).toHaveCount(4);
    for (const name of [
      "Earnings paid to members by channel, per day",
      "Sign-ups and active members, per day",
      "Withdrawals per day (amount)",
      "Advertiser spend and platform revenue, per day",
    ]) {
      await expect(page.getByRole("img", { name })).toBeVisible();
      await expect(page.getByRole("figure", { name })).toBeVisible();
    }
    // Seven days by default: a row per day in each chart's table.
    const range = page.getByRole("navigation", { name: "Days shown" });
    await expect(range.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    const earnings = page.getByRole("table", { name: "Earnings paid to members by channel, per day" });
    await page
      .getByRole("figure", { name: /Earnings paid/ })
      .getByText("Figures")
      .click();
    await expect(earnings.locator("tbody tr")).toHaveCount(7);
    await expect(page.getByTestId("liabilities")).toContainText("Total owed");
    await expect(page.getByTestId("liabilities")).toContainText("₹");
    await expect(page.getByTestId("ledger-verdict")).toContainText("The ledger balances");
    await expect(page.getByTestId("overview-figures")).toContainText(
      /waiting; the oldest for \d+ (day|hour|minute)/,
    );

    await range.getByRole("link", { name: "30 days" }).click();
    await expect(page).toHaveURL(/\/admin\?range=30$/);
    await expect(range.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    // The disclosure stays as the operator left it (open): the table now has a row per day of 30.
    await expect(earnings.locator("tbody tr")).toHaveCount(30);

    await range.getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL(/\/admin\?range=today$/);
    await expect(range.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("figure", { name: /Sign-ups/ }).locator("table tbody tr")).toHaveCount(1);

    expect(await axeViolations(page)).toEqual([]);
  });

  test("a support operator on /admin sees 'Your sections', stays there, and sees no figures", async ({
    page,
  }) => {
    await handSessionTo(page, operatorCookie("support"));
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    const sections = page.getByTestId("your-sections");
    await expect(sections.getByRole("heading", { name: "Your sections" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/admin/messages");
    await expect(page.getByTestId("overview-chart")).toHaveCount(0);
    await expect(page.getByTestId("liabilities")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("₹");
    expect(await axeViolations(page, { nameMismatch: false })).toEqual([]);
  });
});

test("without JavaScript at 360 px the charts are SVG in the server's HTML and fit the screen @no-js-only", async ({
  page,
}) => {
  const cookie = operatorCookie();
  const html = await (await page.request.get(`${E2E_ORIGIN}/admin?range=30`, { headers: { cookie } })).text();
  expect(html.match(/<svg[^>]*viewBox="0 0 360 200"/g)?.length).toBe(4);
  expect(html.match(/<table/g)?.length).toBeGreaterThanOrEqual(5);

  await page.setViewportSize({ width: 360, height: 640 });
  await loginOperatorPage(page);
  await page.goto("/admin?range=30");
  const chart = page.getByRole("img", { name: "Withdrawals per day (amount)" });
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});
