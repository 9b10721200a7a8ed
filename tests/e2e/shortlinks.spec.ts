import type { Page } from "@playwright/test";
import { apiLogin, expect, jsEnabled, test, toast, waitForHydration, testBudget } from "./fixtures";
import {
  claimShortLink,
  completeShortLink,
  createShortLink,
  linkCard,
  refreshTarget,
  setShortLinkTimings,
  slSummary,
  startShortLink,
  tokenOfShortUrl,
  untilShortLinkClaimable,
  type TestLink,
} from "./shortlink-helpers";

/**
 * Short links (spec 2 §2, §4, §8): the list, the built-in shortener's interstitial and the end
 * page, with scripts (the pages' 5 s and 10 s waits on Playwright's clock) and without them
 * (self-refreshing pages and forms). Each test has its own member and its own links.
 */

test.beforeAll(async () => {
  await setShortLinkTimings();
});

const LIST = "/member/click-shorten-link";

/** After one claim of `link`: its card counts it, and so do today's earnings and the dashboard's tile. */
async function expectCounted(page: Page, link: TestLink) {
  await expect(linkCard(page, link.name).getByRole("button", { name: "Start 1/2" })).toBeEnabled();
  await expect(slSummary(page, "Today Earnings")).toContainText(`₹${link.amount}`);
  await page.goto("/member/dashboard");
  const tile = page
    .locator(`a[href="${LIST}"]`)
    .filter({ hasText: "Click Shorten Link" })
    .filter({ hasText: "₹" });
  await expect(tile).toContainText(`₹${link.amount}`);
}

test.describe("Short links", () => {
  test("the whole flow through the built-in shortener, with scripts", async ({
    page,
    newMember,
    loginAs,
  }) => {
    test.setTimeout(testBudget(2));
    const link = await createShortLink({ amount: "0.050", clicksPerDay: 2 });
    const m = await newMember();
    const cookie = await loginAs(page, m);
    await page.clock.install();
    await page.goto(LIST);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Click Short Link" })).toBeVisible();
    const card = linkCard(page, link.name);
    await expect(card).toContainText("₹0.050");
    await expect(card).toContainText("30 s");
    const completedBefore = Number(
      await slSummary(page, "Completed").getByTestId("sl-completed").innerText(),
    );

    await card.getByRole("button", { name: "Start 0/2" }).click();
    // The built-in shortener's interstitial: a 5 s wait, then Continue.
    await page.waitForURL(/\/s\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Your link is almost ready" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    const token = await tokenOfShortUrl(page.url());
    await page.clock.fastForward(5_000);
    await page.getByRole("link", { name: "Continue" }).click();

    // The end page: no navigation bar, a 10 s wait, then Claim Your Earnings.
    await page.waitForURL(new RegExp(`/member/last-page/${token}$`));
    await expect(page.getByRole("navigation", { name: "Member Menu" })).toHaveCount(0);
    const claim = page.getByRole("button", { name: "Claim Your Earnings" });
    await expect(claim).toBeDisabled();
    await expect(page.getByTestId("last-page-countdown")).toContainText("Please wait 10 seconds");
    await untilShortLinkClaimable(cookie, token);
    await page.clock.fastForward(10_000);
    await expect(claim).toBeEnabled();
    await claim.click();
    await expect(page.getByTestId("claimed-amount")).toHaveText("₹0.050");
    await expect(page.getByText("Congratulations! ₹0.050 has been added to your balance.")).toBeVisible();

    // After 3 s, back on the list with the counters grown.
    await page.clock.fastForward(3_000);
    await page.waitForURL(new RegExp(`${LIST}$`));
    await expect(slSummary(page, "Completed")).toContainText(String(completedBefore + 1));
    await expectCounted(page, link);
  });

  test("the whole flow without scripts: forms and self-refreshing pages @no-js-only", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const link = await createShortLink({ amount: "0.070", clicksPerDay: 2 });
    const m = await newMember();
    const cookie = await loginAs(page, m);
    await page.goto(LIST);
    await linkCard(page, link.name).getByRole("button", { name: "Start 0/2" }).click();

    // The form's answer leads to the interstitial, which reloads itself when its wait is over.
    await page.waitForURL(/\/s\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Your link is almost ready" })).toBeVisible();
    const interstitial = await refreshTarget(page);
    expect(interstitial.seconds).toBe(5);
    await page.goto(interstitial.url!);
    await page.getByRole("link", { name: "Continue" }).click();

    await page.waitForURL(/\/member\/last-page\/[^/?]+$/);
    const token = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByRole("navigation", { name: "Member Menu" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Claim Your Earnings" })).toBeDisabled();
    const wait = await refreshTarget(page);
    expect(wait.seconds).toBe(10);
    await untilShortLinkClaimable(cookie, token);
    await page.goto(wait.url!);
    await page.getByRole("button", { name: "Claim Your Earnings" }).click();
    await expect(page.getByTestId("claimed-amount")).toHaveText("₹0.070");
    await expect(page.getByText("Congratulations! ₹0.070 has been added to your balance.")).toBeVisible();
    const back = await refreshTarget(page);
    expect(back).toEqual({ seconds: 3, url: expect.stringMatching(new RegExp(`${LIST}$`)) });

    await page.getByRole("link", { name: "Back to Short Links" }).click();
    await expectCounted(page, link);
  });

  test("filters, How to Complete, and a disabled card with its countdown after the daily limit", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const cheap: TestLink = await createShortLink({
      amount: "0.011",
      clicksPerDay: 1,
      howToComplete: "/member/support",
    });
    const dear: TestLink = await createShortLink({ amount: "0.987", clicksPerDay: 3 });
    const m = await newMember();
    const cookie = await apiLogin(m.email, m.password);
    await completeShortLink(cookie, cheap);
    await loginAs(page, m);
    const js = jsEnabled(testInfo);
    if (js) await page.clock.install();
    await page.goto(LIST);

    // The used link: disabled, 1/1, the time until its allowance renews (next midnight in India).
    const used = linkCard(page, cheap.name);
    await expect(used.getByRole("button", { name: "Start 1/1" })).toBeDisabled();
    const countdown = used.getByTestId("short-link-countdown");
    await expect(countdown).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(used.getByRole("link", { name: "How to Complete" })).toHaveAttribute("target", "_blank");
    await expect(used.getByRole("link", { name: "How to Complete" })).toHaveAttribute(
      "href",
      "/member/support",
    );
    if (js) {
      // With scripts the countdown ticks.
      await waitForHydration(page);
      const before = await countdown.innerText();
      await page.clock.fastForward(3_000);
      await expect(countdown).not.toHaveText(before);
    }
    await expect(linkCard(page, dear.name).getByRole("button", { name: "Start 0/3" })).toBeEnabled();

    const filters = page.getByRole("navigation", { name: "Short link filters" });
    const names = async () => page.getByTestId("short-link").getByRole("heading").allInnerTexts();
    await filters.getByRole("link", { name: "Available", exact: true }).click();
    await expect(page).toHaveURL(/filter=available/);
    await expect(linkCard(page, cheap.name)).toHaveCount(0);
    await expect(linkCard(page, dear.name)).toHaveCount(1);

    await filters.getByRole("link", { name: "Completed", exact: true }).click();
    await expect(page).toHaveURL(/filter=completed/);
    await expect(linkCard(page, cheap.name)).toHaveCount(1);
    await expect(linkCard(page, dear.name)).toHaveCount(0);

    await filters.getByRole("link", { name: "High to Low", exact: true }).click();
    await expect(page).toHaveURL(/filter=high-to-low/);
    // Both cards before reading the order: without scripts the new document may still be arriving.
    await expect(linkCard(page, dear.name)).toHaveCount(1);
    await expect(linkCard(page, cheap.name)).toHaveCount(1);
    let order = await names();
    expect(order.indexOf(dear.name)).toBeLessThan(order.indexOf(cheap.name));

    await filters.getByRole("link", { name: "Low to High", exact: true }).click();
    await expect(page).toHaveURL(/filter=low-to-high/);
    await expect(linkCard(page, cheap.name)).toHaveCount(1);
    await expect(linkCard(page, dear.name)).toHaveCount(1);
    order = await names();
    expect(order.indexOf(cheap.name)).toBeLessThan(order.indexOf(dear.name));

    await filters.getByRole("link", { name: "All", exact: true }).click();
    await expect(linkCard(page, dear.name)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();
  });

  test("a refused claim: 'Request failed. Please try again.' with the server's reason", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const link = await createShortLink();
    const m = await newMember();
    const cookie = await loginAs(page, m);
    const js = jsEnabled(testInfo);
    const { token } = await startShortLink(cookie, link);
    await untilShortLinkClaimable(cookie, token);
    if (js) await page.clock.install();
    await page.goto(`/member/last-page/${token}${js ? "" : "?waited=1"}`);
    if (js) {
      await waitForHydration(page);
      await page.clock.fastForward(10_000);
    }
    // Claimed meanwhile (another tab): the page's claim is refused.
    expect((await claimShortLink(cookie, token)).status).toBe(200);
    await page.getByRole("button", { name: "Claim Your Earnings" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Request failed. Please try again." });
    await expect(alert).toContainText("This short link was already claimed or is not valid.");
    await expect(page.getByRole("link", { name: "Back to Short Links" })).toBeVisible();
  });

  test("the end page without its token: 'Invalid Request', 'Unique token is missing.'", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/last-page");
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(toast(page)).toContainText("Invalid Request");
    await expect(toast(page)).toContainText("Unique token is missing.");
  });

  test("an unknown short code is a 404 page", async ({ page }) => {
    const res = await page.goto("/s/no-such-code");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Link not found" })).toBeVisible();
  });

  test("the sound toggle shares the View Ads preference", async ({ page, newMember, loginAs }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto(LIST);
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === "ptcAds_sound_off");
    await page.getByRole("button", { name: "Sound" }).click();
    await expect.poll(async () => Boolean(await cookie())).toBe(true);
    await page.goto("/member/ptc-ads");
    await expect(page.getByRole("button", { name: "Sound" })).toHaveAttribute("aria-pressed", "false");
    await page.goto(LIST);
    await page.getByRole("button", { name: "Sound" }).click();
    await expect.poll(async () => Boolean(await cookie())).toBe(false);
  });
});
