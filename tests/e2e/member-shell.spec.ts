import type { Page } from "@playwright/test";
import { test, expect, holdScripts, isPhone, waitForHydration } from "./fixtures";

/** The spec's side menu, in order, with where each item leads. LogOut opens the confirmation. */
const MENU: [label: string, href: string][] = [
  ["Home", "/"],
  ["Profile", "/member/profile"],
  ["Advertiser", "/member/advertiser"],
  ["Dashboard", "/member/dashboard"],
  ["Withdraw", "/member/withdraw"],
  ["Balance Converter", "/member/balance-converter"],
  ["Refer & Earn", "/member/refer-and-earn"],
  ["GiftCode", "/member/gift-code"],
  ["PTC Ads", "/member/ptc-ads"],
  ["Click Short Link", "/member/click-shorten-link"],
  ["Task Walls", "/member/task-wall"],
  ["Betting Games", "/member/betting-games"],
  ["Support", "/member/support"],
  ["Settings", "/member/settings"],
  ["LogOut", "/member/logout"],
];

function sideMenu(page: Page) {
  return page.getByRole("navigation", { name: "Member Menu" });
}

function menuToggle(page: Page) {
  return page.getByRole("button", { name: "Menu", exact: true });
}

/** On a phone the side menu starts collapsed (slid off the screen): open it first. */
async function openMenuIfCollapsed(page: Page, phone: boolean) {
  if (phone) {
    await waitForHydration(page);
    await menuToggle(page).click();
  }
  await expect(sideMenu(page)).toBeInViewport();
}

test.describe("Member shell", () => {
  test("a visitor is sent to /login from member pages", async ({ page }) => {
    for (const path of ["/member/dashboard", "/member/settings"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login/);
    }
  });

  test("the side menu 'Member Menu' has every item of the spec, in order", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    await openMenuIfCollapsed(page, isPhone(testInfo));
    const menu = sideMenu(page);
    const texts = (await menu.getByRole("link").allInnerTexts()).map((t) => t.trim());
    expect(texts).toEqual(MENU.map(([l]) => l));
    for (const [label, href] of MENU) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("top bar: 'Available Balance: ₹{amount}' links to withdraw; a Profile link", async ({
    page,
    newMember,
    loginAs,
    giveBalance,
  }) => {
    const m = await newMember();
    await giveBalance(m, 25);
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    const balance = page.getByRole("banner").getByRole("link", { name: "Available Balance: ₹25.000" });
    await expect(balance).toBeVisible();
    await expect(balance).toHaveAttribute("href", "/member/withdraw");
    await expect(page.locator('header a[href="/member/profile"]').first()).toBeVisible();
  });

  test("menu items lead to their pages", async ({ page, newMember, loginAs }, testInfo) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    await openMenuIfCollapsed(page, isPhone(testInfo));
    await sideMenu(page).getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page).toHaveURL(/\/member\/settings$/);
    await openMenuIfCollapsed(page, isPhone(testInfo));
    await sideMenu(page).getByRole("link", { name: "Refer & Earn", exact: true }).click();
    await expect(page).toHaveURL(/\/member\/refer-and-earn$/);
  });

  test(
    "on a phone the side menu collapses and opens with the toggle",
    { tag: "@phone-only" },
    async ({ page, newMember, loginAs }) => {
      const m = await newMember();
      await loginAs(page, m);
      await page.goto("/member/dashboard");
      await waitForHydration(page);
      await expect(sideMenu(page)).not.toBeInViewport();
      await menuToggle(page).click();
      await expect(sideMenu(page)).toBeInViewport();
      // Mobile menus close on an outside tap...
      await page.touchscreen.tap(340, 600);
      await expect(sideMenu(page)).not.toBeInViewport();
      // ...and after choosing an item.
      await menuToggle(page).click();
      await expect(sideMenu(page)).toBeInViewport();
      await sideMenu(page).getByRole("link", { name: "Settings", exact: true }).click();
      await expect(page).toHaveURL(/\/member\/settings$/);
      await expect(sideMenu(page)).not.toBeInViewport();
    },
  );

  test(
    "on a phone a menu opened before the scripts load stays open when they do",
    { tag: "@phone-only" },
    async ({ page, newMember, loginAs }) => {
      const m = await newMember();
      await loginAs(page, m);
      // A slow phone: the page is shown, its scripts are still on their way.
      const { release } = await holdScripts(page);
      await page.goto("/member/dashboard", { waitUntil: "commit" });
      // Before the scripts the toggle is a label for the menu's checkbox.
      await page.locator("header").getByText("Menu", { exact: true }).click();
      await expect(sideMenu(page)).toBeInViewport();
      release();
      await waitForHydration(page);
      await expect(sideMenu(page)).toBeInViewport();
      await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
      // React drives it now: a tap outside closes it.
      await page.touchscreen.tap(340, 600);
      await expect(sideMenu(page)).not.toBeInViewport();
    },
  );

  test(
    "on a 360 px phone no member page is wider than the screen, even with a six-digit balance",
    { tag: "@phone-only" },
    async ({ page, newMember, loginAs, giveBalance }) => {
      const m = await newMember();
      await giveBalance(m, 123456.789);
      await loginAs(page, m);
      for (const [label, href] of MENU) {
        if (href === "/" || label === "LogOut") continue;
        await page.goto(href);
        await expect(page.getByTestId("available-balance")).toContainText("₹1,23,456.789");
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${href} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    },
  );

  test("on a wide screen the side menu is open without any toggle", async ({ page, newMember, loginAs }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    await expect(sideMenu(page)).toBeInViewport();
    await expect(menuToggle(page)).toBeHidden();
  });
});
