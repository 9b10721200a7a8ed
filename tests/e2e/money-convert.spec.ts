import { test, expect, toast, waitForHydration, jsEnabled, testBudget } from "./fixtures";
import type { Page } from "@playwright/test";

function card(page: Page, name: string) {
  return page.getByRole("group", { name });
}

async function convert(
  page: Page,
  direction: "Withdraw to Deposit" | "Deposit to Withdraw" | null,
  rupees: string,
) {
  // With scripts on, type once the page is interactive: an amount typed mid-hydration can be reset.
  if (jsEnabled(test.info())) await waitForHydration(page);
  if (direction) await page.getByRole("radio", { name: direction }).check();
  await page.getByLabel("Amount (₹)").fill(rupees);
  await page.getByRole("button", { name: "Convert Now" }).click();
}

test("a conversion each way, the second with the 5 % charge @no-js", async ({
  page,
  newMember,
  giveBalance,
  loginAs,
}) => {
  // Several sign-ins (argon2) and form round trips.
  test.setTimeout(testBudget(2));
  const member = await newMember();
  await giveBalance(member, 200);
  await loginAs(page, member);
  await page.goto("/member/balance-converter");
  await expect(card(page, "Withdrawable Balance")).toContainText("₹200.000");
  await expect(card(page, "Deposit Balance")).toContainText("₹0.000");
  await expect(page.getByText("No Balance Convert Yet")).toBeVisible();

  // The page's checks: a direction first, then a positive amount, then the source balance.
  await convert(page, null, "10");
  await expect(page.getByText("* Please Select one of them")).toBeVisible();
  await convert(page, "Withdraw to Deposit", "0");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid Amount" })).toContainText(
    "Invalid Amount: Please enter a valid positive amount to convert.",
  );
  await convert(page, "Deposit to Withdraw", "10");
  await expect(page.getByRole("alert").filter({ hasText: "Insufficient Balance" })).toContainText(
    "Your requested amount exceeds your deposit balance of ₹0.000. Please enter a valid amount.",
  );

  await convert(page, "Withdraw to Deposit", "100");
  let dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog.getByTestId("convert-summary")).toContainText("Amount₹100.000");
  await expect(dialog.getByTestId("convert-summary")).toContainText("Charge₹0.000");
  await expect(dialog.getByTestId("convert-summary")).toContainText("Amount after charge₹100.000");
  await dialog.getByRole("button", { name: "Yes, Convert" }).click();
  await expect(toast(page)).toContainText("Success! Your balance has been successfully converted.");
  await expect(card(page, "Withdrawable Balance")).toContainText("₹100.000");
  await expect(card(page, "Deposit Balance")).toContainText("₹100.000");

  await convert(page, "Deposit to Withdraw", "55");
  dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog.getByTestId("convert-summary")).toContainText("Amount₹55.000");
  await expect(dialog.getByTestId("convert-summary")).toContainText("Charge₹2.750");
  await expect(dialog.getByTestId("convert-summary")).toContainText("Amount after charge₹52.250");
  await dialog.getByRole("button", { name: "Yes, Convert" }).click();
  await expect(toast(page)).toContainText("Success! Your balance has been successfully converted.");
  await expect(card(page, "Withdrawable Balance")).toContainText("₹152.250");
  await expect(card(page, "Deposit Balance")).toContainText("₹45.000");

  // History: newest first, received = balance − charges, upper-case order number.
  const records = page.getByTestId("convert-record");
  await expect(records).toHaveCount(2);
  await expect(records.nth(0)).toContainText("Deposit to Withdraw");
  await expect(records.nth(0)).toContainText("Charges₹2.750");
  await expect(records.nth(0)).toContainText("Received₹52.250");
  await expect(records.nth(0)).toContainText(/Order Number[0-9A-Z]{8,}/);
  await expect(records.nth(1)).toContainText("Withdraw to Deposit");
  await expect(records.nth(1)).toContainText("Received₹100.000");
});
