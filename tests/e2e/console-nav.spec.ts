import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { axeViolations } from "./axe";
import {
  E2E_ORIGIN,
  expect,
  handSessionTo,
  jsEnabled,
  msToNextStep,
  operatorCookie,
  submitLoginForm,
  test,
  testBudget,
  waitForHydration,
} from "./fixtures";
import { bindPayout } from "./money-helpers";
import { E2E_LOGIN_OPERATOR } from "../../playwright.config";
import { OPERATOR_SECTIONS, sectionsFor } from "../../app/utils/operator-sections";
import hi from "../../app/i18n/hi";

/**
 * Issue 45 §3 for owners: a console page reached signed out comes back after both sign-in steps;
 * an operator's member frame links to the console (only theirs); the console's sections sit in a
 * grouped sidebar (every one in view at 1280 px, folded behind "Menu" on a phone, with and without
 * scripts, a role seeing only its own); the member search finds by UPI id and says so.
 */

const menu = (page: Page) => page.getByRole("navigation", { name: "Operator menu" });

/** Nothing wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The login operator's authenticator code of the step starting `afterMs` from now. */
const loginCode = (afterMs = 0) =>
  generate({ secret: E2E_LOGIN_OPERATOR.totpSecret, epoch: Math.floor((Date.now() + afterMs) / 1000) });

test("a console page reached signed out comes back after the password and the authenticator code @no-js", async ({
  page,
}) => {
  // A code works once per 30-second step and auth.spec.ts signs this operator in too: a refused
  // code waits for the next step, at most twice.
  test.setTimeout(testBudget(3));
  const asked = "/admin/members?q=nobody%40example.com";
  await page.goto(asked);
  await expect(page).toHaveURL(`${E2E_ORIGIN}/login?redirectTo=${encodeURIComponent(asked)}`);
  await submitLoginForm(page, E2E_LOGIN_OPERATOR.email, E2E_LOGIN_OPERATOR.password);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  const code = page.getByLabel("Authenticator Code", { exact: true });
  const verify = page.getByRole("button", { name: "Verify" });
  for (let attempt = 0; ; attempt++) {
    await code.fill(await loginCode());
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"),
      ),
      verify.click(),
    ]);
    if (answer.status() < 400) break;
    expect(attempt, "a later step's code is accepted").toBeLessThan(2);
    await expect(page.getByText("Invalid code.")).toBeVisible();
    await page.waitForTimeout(msToNextStep());
  }
  await expect(page).toHaveURL(`${E2E_ORIGIN}${asked}`);
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search members" })).toHaveValue("nobody@example.com");
});

test.describe("the console link in the member frame", () => {
  test("shows for an operator, in English and in Hindi, and not for a member", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await handSessionTo(page, operatorCookie("support"));
    await page.goto("/member/dashboard");
    const link = page.getByTestId("console-link");
    await expect(link).toHaveText("Operator console");
    await expect(link).toHaveAttribute("href", "/admin");
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(`${E2E_ORIGIN}/admin`);
    await expect(menu(page).getByRole("link")).toHaveText(["Members", "Messages", "Rights Requests"]);

    await page.context().addCookies([{ name: "lang", value: "hi", url: E2E_ORIGIN }]);
    await page.goto("/member/dashboard");
    await expect(page.getByTestId("console-link")).toHaveText(hi.memberBar.console);
    expect(await axeViolations(page)).toEqual([]);

    await page.context().clearCookies();
    await loginAs(page, await newMember());
    await page.goto("/member/dashboard");
    await expect(page.getByTestId("available-balance")).toBeVisible();
    await expect(page.getByTestId("console-link")).toHaveCount(0);
    await expect(page.getByText("Operator console")).toHaveCount(0);
  });
});

test.describe("the console's sidebar", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("at 1280 px every section of the owner is in view, grouped, the current page marked", async ({
    page,
  }) => {
    await handSessionTo(page, operatorCookie());
    await page.goto("/admin/settings");
    const links = menu(page).getByRole("link");
    await expect(links).toHaveText(OPERATOR_SECTIONS.map((s) => s.label));
    for (const [i, s] of OPERATOR_SECTIONS.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", s.to);
      await expect(links.nth(i)).toBeInViewport();
      const box = (await links.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    }
    for (const group of ["Business", "Money", "Earning", "Site"])
      await expect(menu(page).getByRole("list", { name: group })).toBeVisible();
    await expect(menu(page).getByRole("list", { name: "Money" }).getByRole("link")).toHaveText([
      "Withdrawals",
      "Payouts",
      "Adjustments",
      "Gift Codes",
      "Payout Methods",
      "Tax",
      "Ledger Check",
    ]);
    await expect(menu(page).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(menu(page).locator("[aria-current=page]")).toHaveCount(1);
    // No "Menu" button on a wide screen.
    await expect(page.getByTestId("console-menu-phone")).toBeHidden();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a support operator sees only its sections, in the one group they fill", async ({ page }) => {
    await handSessionTo(page, operatorCookie("support"));
    await page.goto("/admin/messages");
    await expect(menu(page).getByRole("link")).toHaveText(sectionsFor(["support"]).map((s) => s.label));
    await expect(menu(page).getByRole("list")).toHaveCount(1);
    await expect(menu(page).getByRole("list", { name: "Business" })).toBeVisible();
    await expect(menu(page).getByText("Money", { exact: true })).toHaveCount(0);
    await expect(menu(page).getByRole("link", { name: "Messages" })).toHaveAttribute("aria-current", "page");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("the console's menu on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("is folded behind Menu, and opens with a tap, with and without scripts @no-js @phone", async ({
    page,
  }, testInfo) => {
    await handSessionTo(page, operatorCookie());
    await page.goto("/admin/members");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    // Folded: the sections are not shown until the operator asks.
    await expect(menu(page)).toBeHidden();
    const button = page.getByTestId("console-menu-phone").locator("summary");
    await expect(button).toBeVisible();
    await expect(button).toHaveText(/Menu/);
    await expectNoSidewaysScroll(page);
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/console-nav-360-closed-${testInfo.project.name}.png` });

    await button.click();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole("link")).toHaveText(OPERATOR_SECTIONS.map((s) => s.label));
    await expect(menu(page).getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
    await expectNoSidewaysScroll(page);
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/console-nav-360-open-${testInfo.project.name}.png`, fullPage: true });

    // A section chosen: its page, the menu folded again.
    await menu(page).getByRole("link", { name: "Gift Codes" }).click();
    await expect(page).toHaveURL(`${E2E_ORIGIN}/admin/gift-codes`);
    await expect(menu(page)).toBeHidden();
  });
});

test("the member search finds a member by UPI id in any case and says what found them", async ({
  page,
  newMember,
}) => {
  const member = await newMember();
  const upi = `${member.userName}.e2e@okaxis`;
  await bindPayout(member, "UPI", upi);
  await handSessionTo(page, operatorCookie("support"));
  await page.goto("/admin/members");
  await page.getByRole("searchbox", { name: "Search members" }).fill(upi.toUpperCase());
  await page.getByRole("combobox", { name: "Look in" }).selectOption("upi");
  await page.getByRole("button", { name: "Search" }).click();
  const rows = page.getByTestId("member-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(member.userName);
  await expect(rows.first().getByTestId("member-matched")).toHaveText("Found by UPI id");
  expect(await axeViolations(page)).toEqual([]);
});
