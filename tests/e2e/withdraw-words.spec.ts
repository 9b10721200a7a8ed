import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, jsEnabled, test, testBudget, toast, waitForHydration, type Member } from "./fixtures";
import { bindPayout } from "./money-helpers";
import hi from "../../app/i18n/hi";

/**
 * The withdraw page's words (issue 45 §2), with and without scripts: ₹50.5 is answered with the
 * whole-rupee rule and stays typed; a minimum reads ₹50; the confirm step names the account it pays
 * to, masked; after the withdrawal the box is cleared and a status line says it is Pending and when
 * it is usually paid ("Withdrawal Successful" stays the toast's word).
 */

const WHOLE_RUPEES = "Withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.";

async function memberWithUpi(
  newMember: () => Promise<Member>,
  giveBalance: (m: Member, rupees: number) => Promise<void>,
) {
  const member = await newMember();
  await giveBalance(member, 300);
  await bindPayout(member, "UPI", `${member.userName}@okaxis`);
  return member;
}

async function submitAmount(page: Page, label: string, button: string, rupees: string) {
  await page.getByLabel(label).fill(rupees);
  await page.getByRole("button", { name: button }).click();
}

/** The masked account: its first two characters and its bank handle, never the whole id. */
function maskedAccount(member: Member): RegExp {
  return new RegExp(`${member.userName.slice(0, 2)}[^\\s@]*[*•][^\\s@]*@okaxis`);
}

test.describe("withdraw page's words", () => {
  test("₹50.5 gets the whole-rupee rule and stays typed; the confirm names the account; after success the box clears and the status says Pending @no-js", async ({
    page,
    newMember,
    giveBalance,
    loginAs,
  }, testInfo) => {
    test.setTimeout(testBudget(2));
    const member = await memberWithUpi(newMember, giveBalance);
    await loginAs(page, member);
    await page.goto("/member/withdraw");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    const amount = page.getByLabel("Amount (₹)");

    await submitAmount(page, "Amount (₹)", "Withdraw Now", "50.5");
    await expect(page.locator("#withdraw-amount-error")).toHaveText(WHOLE_RUPEES);
    await expect(amount).toHaveValue("50.5");
    await expect(page.getByRole("alert").filter({ hasText: "The minimum withdrawal for" })).toHaveCount(0);
    // axe runs in the page's scripts: with them on.
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);

    // A minimum in whole rupees.
    await submitAmount(page, "Amount (₹)", "Withdraw Now", "10");
    const invalid = page.getByRole("alert").filter({ hasText: "Invalid Amount" });
    await expect(invalid).toContainText("The minimum withdrawal for UPI is ₹50.");
    await expect(invalid).not.toContainText("₹50.000");
    await expect(amount).toHaveValue("10");

    // The confirm step names the account it pays to, masked.
    await submitAmount(page, "Amount (₹)", "Withdraw Now", "120");
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    const text = dialog.getByTestId("withdraw-confirm-text");
    await expect(text).toContainText("You are withdrawing ₹120.000 to UPI");
    await expect(text).toContainText(maskedAccount(member));
    await expect(text).not.toContainText(`${member.userName}@okaxis`);
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole("button", { name: "Yes, Withdraw" }).click();
    await expect(toast(page)).toContainText("Withdrawal Successful");
    const status = page.getByTestId("withdraw-pending-status");
    await expect(status).toContainText("Your withdrawal of ₹120.000 is Pending.");
    await expect(status).toContainText(/Withdrawals are usually paid within \d+ working days?\./);
    // The box is cleared: back to its empty state (0), the amount gone.
    await expect(page.getByLabel("Amount (₹)")).toHaveValue("0");
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);
  });

  test.describe("in Hindi", () => {
    test.use({ locale: "hi-IN" });

    test("the whole-rupee rule, the masked account and the Pending status, in Hindi", async ({
      page,
      newMember,
      giveBalance,
      loginAs,
    }) => {
      test.setTimeout(testBudget(2));
      const w = hi.account.withdraw;
      const label = hi.account.shared.amountRupees;
      const member = await memberWithUpi(newMember, giveBalance);
      await loginAs(page, member);
      await page.goto("/member/withdraw");
      await waitForHydration(page);

      await submitAmount(page, label, w.withdrawNow, "50.5");
      await expect(page.locator("#withdraw-amount-error")).toHaveText(
        "निकासी पूरे रुपयों में होती है। पूरे रुपयों में राशि डालें, जैसे 50।",
      );
      await expect(page.getByLabel(label)).toHaveValue("50.5");

      await submitAmount(page, label, w.withdrawNow, "60");
      const dialog = page.getByRole("dialog", { name: hi.account.shared.areYouSure });
      const text = dialog.getByTestId("withdraw-confirm-text");
      await expect(text).toContainText("₹60.000");
      await expect(text).toContainText(maskedAccount(member));
      await dialog.getByRole("button", { name: w.confirm }).click();
      await expect(toast(page)).toContainText(w.successful);
      const status = page.getByTestId("withdraw-pending-status");
      await expect(status).toContainText("आपकी ₹60.000 की निकासी लंबित है।");
      await expect(status).toContainText(/निकासी आमतौर पर \d+ कार्य (दिवस|दिवसों) में हो जाती है।/);
      await expect(page.getByLabel(label)).toHaveValue("0");
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
