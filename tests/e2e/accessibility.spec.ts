import { axeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration, testBudget, loginOperatorPage, memberIdByEmail } from "./fixtures";
import { sitePages, urlFor, type Audience } from "./site-pages";

/**
 * Accessibility of every member and console page (axe-core's WCAG 2.x A/AA rules, in Debian's
 * Chromium) at 1280 and 360 px, and the confirm dialog by keyboard. Scripts on only (js project):
 * the rules are about what the member meets with them; the pages' structure is the same without.
 */

const DEMO = { email: "demo@example.com", password: "demo-password-123" };

/**
 * Every member page and every console page of the build (tests/e2e/site-pages.ts), scanned in turn:
 * a new page is scanned without a line written for it. Member pages as the demo member (two
 * months of earnings: the dashboard's table scrolls), console pages as the owner, whose member page
 * shows the demo member.
 */
async function checkPages(
  page: Page,
  audience: Audience,
  memberId: string,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const sitePage of (await sitePages()).filter((p) => p.audience === audience)) {
    const url = urlFor(sitePage, memberId);
    await page.goto(url);
    await waitForHydration(page);
    const v = await axeViolations(page);
    if (v.length) found[url] = v;
  }
  return found;
}

test.describe("Accessibility", () => {
  // Each test opens and scans every page of an audience: on a busy machine, several minutes.
  test.describe.configure({ timeout: testBudget(8) });

  for (const width of [1280, 360]) {
    test(`the member pages pass axe-core at ${width} px`, async ({ page, loginAs }) => {
      await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
      await loginAs(page, DEMO);
      expect(await checkPages(page, "member", "")).toEqual({});
    });

    test(`the console pages pass axe-core at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
      const memberId = await memberIdByEmail(DEMO.email);
      await loginOperatorPage(page);
      expect(await checkPages(page, "operator", memberId)).toEqual({});
    });
  }
});

test.describe("Accessibility by keyboard and screen reader", () => {
  test("a dialog keeps Tab inside, closes on Escape, and lists its buttons in the order shown (360 px)", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await loginAs(page, await newMember());
    await page.goto("/member/betting-games/tic-tac-toe");
    await waitForHydration(page);
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    // Join asks first (nothing is joined until Confirm): the dialog under test.
    const join = page.getByRole("button", { name: "Join Practice Room" });
    await join.click();
    const dialog = page.getByRole("dialog", { name: "Join Practice Room?" });
    await expect(dialog).toBeVisible();
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

    // Tab and Shift+Tab go round the dialog's controls and never leave it.
    const controls = dialog.locator("a[href], button");
    const count = await controls.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDialog(), `Shift+Tab ${i + 1}`).toBe(true);
    }

    // The order in the page's source is the order on screen (top to bottom, then left to right).
    const boxes = await controls.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent?.trim(), top: Math.round(r.top), left: Math.round(r.left) };
      }),
    );
    const onScreen = [...boxes].sort((a, b) => a.top - b.top || a.left - b.left);
    expect(onScreen.map((b) => b.text)).toEqual(boxes.map((b) => b.text));

    // Escape closes it like Cancel, and the focus goes back to Join.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(join).toBeFocused();
  });

  test("the home page's figures read as shown, during the count-up too", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // Stop the count-up part-way (it takes 2000 ms from hydration). The margin is wide: a busy
    // machine may spend a few hundred ms between reading the page's clock and pausing it, and a
    // pause in the page's past is refused.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1200);
    const shown = await page.getByTestId("stats").locator("dd").allTextContents();
    expect(shown).toHaveLength(4);
    // What screen readers get: Chromium's own accessibility tree (no name over the figure, or the
    // figure itself), and the text in it.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value?: string }; name?: { value?: string } }[];
    };
    const names = nodes.filter((n) => n.role?.value === "definition").map((n) => n.name?.value ?? "");
    expect(names).toHaveLength(4);
    names.forEach((name, i) => expect(["", shown[i]], `figure ${i + 1}`).toContain(name));
    for (const [i, figure] of (await page.getByTestId("stats").locator("dd").all()).entries())
      expect(await figure.ariaSnapshot()).toBe(`- definition: ${shown[i]}`);
  });
});
