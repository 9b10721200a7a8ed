import { axeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, freshDetails, jsEnabled, test, toast, waitForHydration, testBudget } from "./fixtures";
import { bindPayout } from "./money-helpers";
import { adCard, advertiserWithCampaigns } from "./ptc-helpers";
import hi from "../../app/i18n/hi";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";

/**
 * The member's way through the site in Hindi (issue 23), with scripts on, off and on a 360 px phone
 * (the three projects): a Hindi browser (Accept-Language: hi-IN) gets Hindi before any script — a
 * sign-up whose validation message is Hindi, a withdrawal, an ad view and the game's lobby — with
 * nothing wider than the screen and no axe violation. The words are the catalogue's, so the test
 * follows a change of wording; what it checks is that the page shows them.
 */
test.use({ locale: "hi-IN" });

/** A catalogue text with its {{placeholders}} filled. */
const fill = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
/** A text of the API or the shared form rules, as a Hindi page shows it. */
const hindiOf = (english: string) => {
  const entry = HINDI_API_MESSAGES.find(([en]) => en === english);
  if (!entry) throw new Error(`no Hindi for ${english}`);
  return entry[1];
};

async function checkPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  // axe runs in the page's scripts: with them off it cannot; the same HTML is checked with them on.
  if (!jsEnabled(test.info())) return;
  expect(await axeViolations(page, { nameMismatch: false })).toEqual([]);
}

test.describe("in Hindi", () => {
  test("sign-up: Hindi labels and a Hindi validation message, then the account", async ({ page }) => {
    const s = hi.pub.signup;
    await page.goto("/signup");
    const form = page.getByRole("form", { name: s.form });
    await expect(page.getByRole("heading", { level: 1, name: s.heading })).toBeVisible();
    await checkPage(page);
    if (jsEnabled(test.info())) await waitForHydration(page);

    const me = freshDetails();
    await form.getByLabel(s.name, { exact: true }).fill(me.name);
    await form.getByLabel(s.mobileNumber, { exact: true }).fill(me.mobile);
    await form.getByLabel(s.email, { exact: true }).fill(me.email);
    await form.getByLabel(s.password, { exact: true }).fill(me.password);
    await form.getByLabel(hi.common.forms.confirmPassword, { exact: true }).fill("something-else-1");
    await form.getByRole("checkbox", { name: /उपयोग की शर्तों/ }).check();
    // Issue 44: the date of birth and the privacy notice's box, in Hindi too.
    await form.getByLabel(hi.privacy.signup.dateOfBirth, { exact: true }).fill("1990-01-15");
    await form.getByRole("checkbox", { name: hi.privacy.signup.accept }).check();
    await form.getByRole("button", { name: s.submit, exact: true }).click();
    // The mismatch, in Hindi: under the field (the form's rule) or as the server's toast.
    await expect(
      page
        .getByText(hindiOf("Passwords do not match. Please enter the same password in both fields."))
        .or(page.getByText(hindiOf("Password & confirm password do not match.")))
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/signup/);

    // The server's answer does not send passwords back: both are typed again.
    await form.getByLabel(s.password, { exact: true }).fill(me.password);
    await form.getByLabel(hi.common.forms.confirmPassword, { exact: true }).fill(me.password);
    await form.getByRole("button", { name: s.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText(s.success);
    await checkPage(page);
  });

  test("a withdrawal: the form, the confirm step and the answer in Hindi @no-js", async ({
    page,
    newMember,
    giveBalance,
    loginAs,
  }) => {
    test.setTimeout(testBudget(2));
    const w = hi.account.withdraw;
    const member = await newMember();
    await giveBalance(member, 300);
    await bindPayout(member);
    await loginAs(page, member);
    await page.goto("/member/withdraw");
    await expect(page.getByRole("group", { name: hi.account.shared.withdrawableBalance })).toContainText(
      "₹300.000",
    );
    await expect(page.getByText(w.noWithdrawals)).toBeVisible();
    await checkPage(page);

    if (jsEnabled(test.info())) await waitForHydration(page);
    await page.getByLabel(hi.account.shared.amountRupees).fill("120");
    await page.getByRole("button", { name: w.withdrawNow }).click();
    const dialog = page.getByRole("dialog", { name: hi.account.shared.areYouSure });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: w.confirm }).click();
    await expect(toast(page)).toContainText(w.successful);
    await expect(page.getByRole("group", { name: hi.account.shared.withdrawableBalance })).toContainText(
      "₹180.000",
    );
    const record = page.getByTestId("withdraw-record").first();
    await expect(record.getByTestId("status-badge")).toHaveText(hi.common.withdrawalStatus.Pending);
    await checkPage(page);
  });

  test("an ad view: the ad's tab and the credit in Hindi", async ({
    page,
    newMember,
    giveBalance,
    loginAs,
  }) => {
    test.setTimeout(testBudget(3));
    const p = hi.earn.ptc;
    const tabWords = hi.earn.adTab;
    const { titles } = await advertiserWithCampaigns(newMember, giveBalance, ["iframe"]);
    await loginAs(page, await newMember());
    await page.goto("/member/ptc-ads?tab=iframe");
    await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible();
    await checkPage(page);
    if (jsEnabled(test.info())) await waitForHydration(page);

    const opened = page.waitForEvent("popup");
    await adCard(page, titles.iframe).getByRole("button", { name: p.viewAd }).click();
    const tab = await opened;
    await tab.waitForURL(/\/member\/iframe/);
    await expect(tab.locator("html")).toHaveAttribute("lang", "hi-IN");
    if (jsEnabled(test.info())) {
      // The tab counts the ad down and reports to the page that opened it.
      await expect(tab.getByTestId("ad-countdown")).toHaveText(tabWords.done, { timeout: 15_000 });
      await expect(page.getByRole("alert").filter({ hasText: p.success })).toBeVisible();
    } else {
      // Without scripts the tab reloads itself until Claim Bonus, a form.
      await expect(tab.getByRole("button", { name: tabWords.claimBonus })).toBeVisible({ timeout: 15_000 });
      await tab.getByRole("button", { name: tabWords.claimBonus }).click();
      await tab.waitForURL(/\/member\/ptc-ads\?tab=iframe$/);
      await expect(toast(tab)).toContainText(tabWords.success);
    }
  });

  test("the game's lobby: its rooms and Join in Hindi", async ({ page, newMember, loginAs }) => {
    const l = hi.earn.games.lobby;
    await loginAs(page, await newMember());
    await page.goto("/member/betting-games/tic-tac-toe");
    await expect(page.getByRole("heading", { level: 1, name: l.heading })).toBeVisible();
    const practice = page.getByTestId("lobby-room").first();
    await expect(practice).toContainText(l.free);
    const join = practice.getByRole("button", { name: fill(l.joinRoom, { room: "Practice Room" }) });
    await expect(join).toBeVisible();
    await expect(page.getByRole("group", { name: hi.earn.games.depositBalance })).toContainText("₹0.000");
    await checkPage(page);

    // Join, the room and the socket's Hindi answer: betting-games.spec.ts, where the Practice
    // Room's joins run one after another (two files joining it at once match each other's members).
  });
});
