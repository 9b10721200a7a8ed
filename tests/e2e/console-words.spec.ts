import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import {
  test,
  expect,
  api,
  loginOperatorPage,
  memberIdByEmail,
  waitForHydration,
  testBudget,
  E2E_ORIGIN,
  type Member,
} from "./fixtures";

/**
 * Console words for people (issue 45 §3) in the browser: an audit entry reads as a sentence whose
 * names open their console pages; the member page's ledger names its counterpart accounts; the
 * risk list says "Suggested: ban"; no amount wraps at 360 px; the owner's payout time shows on
 * the settings page and in the withdraw page's instructions. State is set up through the API.
 */

/** Every console amount on the page sits on one line: its box is no taller than one line of its text. */
async function expectAmountsOnOneLine(page: Page) {
  const amounts = page.getByTestId("amount");
  const count = await amounts.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const { height, line, text } = await amounts.nth(i).evaluate((el) => {
      const style = getComputedStyle(el);
      const lh = parseFloat(style.lineHeight);
      return {
        height: el.getBoundingClientRect().height,
        line: Number.isFinite(lh) ? lh : parseFloat(style.fontSize) * 1.5,
        text: el.textContent,
      };
    });
    expect(height, `${text} wraps`).toBeLessThanOrEqual(line + 1);
  }
}

/** Logs `m` in through the API from the browser whose device cookie is `device`. */
async function loginFrom(m: Member, device: string): Promise<void> {
  const res = await api.request("/userRoute/login", {
    obj: { email_userName: m.email, password: m.password, loginRemember_state: false },
    cookie: `device_id=${device}`,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
}

test.describe("console words for people", () => {
  test("an audit entry is a sentence whose member link opens the member; the ledger names its accounts; amounts stay on one line at 360 px @phone", async ({
    page,
    newMember,
    giveBalance,
    operator,
  }) => {
    test.setTimeout(testBudget(2));
    const m = await newMember();
    const id = await memberIdByEmail(m.email, operator.cookie);
    await giveBalance(m, 123456.5);
    const held = await operator.request(`/adminRoute/members/${id}/hold`, {
      json: { reason: "Checking a payout" },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);

    await loginOperatorPage(page);
    await page.goto("/admin/audit");
    await waitForHydration(page);
    const sentence = page
      .getByTestId("audit-sentence")
      // The risk checks may hold this large balance too ("The automatic risk checks held…"): the owner's entry.
      .filter({ hasText: `(owner) held the withdrawals of ${m.userName}` })
      .first();
    await expect(sentence).toBeVisible();
    await expect(sentence).toContainText("(owner) held the withdrawals of");
    await expect(sentence).not.toContainText(`member:${id}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `/tmp/console-words-audit-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
    await sentence.getByRole("link", { name: m.userName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${id}$`));

    await page.goto(`/admin/members/${id}?tab=ledger`);
    await waitForHydration(page);
    const account = page.getByTestId("ledger-account").filter({ hasText: "Promotions (platform)" }).first();
    await expect(account).toBeVisible();
    await expect(account).toHaveAttribute("title", "platform:promotions");
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `/tmp/console-words-ledger-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await waitForHydration(page);
    await expectAmountsOnOneLine(page);
    await expect(page.getByTestId("balance-withdrawable")).toHaveText("₹1,23,456.500");
    const balance = await page.getByTestId("balance-withdrawable").evaluate((el) => {
      const s = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, line: parseFloat(s.lineHeight) };
    });
    expect(balance.height).toBeLessThanOrEqual(balance.line + 1);
  });

  test("the risk list says what a score suggests: Suggested: ban", async ({ page, newMember, operator }) => {
    test.setTimeout(testBudget(2));
    const before = await operator.request("/adminRoute/risk/settings");
    const policy = before.body.msg.policy;
    // Low thresholds for this test only: one shared device reaches the ban step.
    const low = { ...policy, thresholds: { flag: 1, hold: 2, suspend: 3, ban: 4 } };
    expect((await operator.request("/adminRoute/risk/settings", { method: "PATCH", json: low })).status).toBe(
      200,
    );
    try {
      const a = await newMember();
      const b = await newMember();
      const device = randomBytes(16).toString("base64url");
      await loginFrom(a, device);
      await loginFrom(b, device);
      await loginOperatorPage(page);
      await page.goto("/admin/risk");
      await waitForHydration(page);
      const row = page.getByTestId("risk-row").filter({ hasText: b.userName }).first();
      await expect(row.getByTestId("risk-level")).toHaveText("Suggested: ban");
      await expect(page.getByTestId("risk-level").filter({ hasText: /^Ban$/ })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: `/tmp/console-words-risk-${page.viewportSize()?.width}.png`,
        fullPage: true,
      });
    } finally {
      await operator.request("/adminRoute/risk/settings", { method: "PATCH", json: policy });
    }
  });

  // One owner setting, so one project only (the projects share the server): the js one, with axe.
  test("the payout time: set on the settings page, read in the withdraw page's instructions in English and Hindi", async ({
    page,
    browser,
    newMember,
    loginAs,
    operator,
  }) => {
    test.setTimeout(testBudget(2));
    const was = (await operator.request("/adminRoute/settings/payout_time")).body.msg.payout_working_days;
    const days = was === 4 ? 5 : 4;
    await loginOperatorPage(page);
    await page.goto("/admin/settings");
    await expect(page.getByTestId("payout-time-en")).toHaveText(`within ${was} working days`);
    await page.getByLabel("Working days to pay a withdrawal").fill(String(days));
    await page.getByRole("button", { name: "Save Payout Time" }).click();
    await expect(page.getByTestId("payout-time-en")).toHaveText(`within ${days} working days`);
    await expect(page.getByTestId("payout-time-hi")).toHaveText(`${days} कार्य दिवसों में`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `/tmp/console-words-settings-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });

    const context = await browser.newContext({ baseURL: E2E_ORIGIN, locale: "en-IN" });
    try {
      const m = await newMember();
      const member = await context.newPage();
      await loginAs(member, m);
      await member.goto("/member/withdraw");
      await expect(member.getByText(`within ${days} working days`, { exact: false })).toBeVisible();
      expect(await axeViolations(member)).toEqual([]);
      await context.addCookies([{ name: "lang", value: "hi", url: E2E_ORIGIN }]);
      await context.setExtraHTTPHeaders({ "Accept-Language": "hi-IN" });
      await member.reload();
      await expect(member.getByText(`${days} कार्य दिवसों में`, { exact: false })).toBeVisible();
      expect(await axeViolations(member)).toEqual([]);
      await member.setViewportSize({ width: 360, height: 740 });
    } finally {
      await context.close();
      await operator.request("/adminRoute/settings/payout_time", {
        method: "PATCH",
        json: { payout_working_days: was },
      });
    }
  });
});
