import { randomInt } from "node:crypto";
import { test, expect, toast, jsEnabled, waitForHydration, type Member, testBudget } from "./fixtures";
import { bindPayout, operatorPage } from "./money-helpers";
import type { Page } from "@playwright/test";

async function requestWithdrawal(page: Page, rupees: string) {
  // With scripts on, type once the page is interactive: an amount typed mid-hydration can be reset.
  if (jsEnabled(test.info())) await waitForHydration(page);
  await page.getByLabel("Amount (₹)").fill(rupees);
  await page.getByRole("button", { name: "Withdraw Now" }).click();
}

function card(page: Page, name: string) {
  return page.getByRole("group", { name });
}

async function withdrawThroughTheUi(page: Page, member: Member) {
  await page.goto("/member/withdraw");
  await expect(card(page, "Withdrawable Balance")).toContainText("₹300.000");
  await expect(page.getByText("No withdrawals yet.")).toBeVisible();

  // The checks, in the spec's order: below the method's minimum, then above the balance.
  await requestWithdrawal(page, "10");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid Amount" })).toContainText("is ₹50.");
  await requestWithdrawal(page, "1000");
  await expect(page.getByRole("alert").filter({ hasText: "Insufficient Balance" })).toContainText("₹300.000");

  await requestWithdrawal(page, "120");
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, Withdraw" }).click();
  await expect(toast(page)).toContainText("Withdrawal Successful");

  await expect(card(page, "Withdrawable Balance")).toContainText("₹180.000");
  await expect(card(page, "Pending Withdrawn")).toContainText("₹120.000");
  const record = page.getByTestId("withdraw-record").first();
  await expect(record.getByTestId("status-badge")).toHaveText("Pending");
  await expect(record).toContainText("₹120.000");
  await expect(record).toContainText("UPI");
  await expect(record).toContainText(/Order Number: [0-9A-Z]{8,}/);
  expect(member.userName).toBeTruthy();
}

test.describe("withdrawal", () => {
  test("a member withdraws and the operator approves it @no-js", async ({
    page,
    browser,
    newMember,
    giveBalance,
    loginAs,
  }, testInfo) => {
    // Several sign-ins (argon2) and form round trips.
    test.setTimeout(testBudget(2));
    const member = await newMember();
    await giveBalance(member, 300);
    await bindPayout(member);
    await loginAs(page, member);
    await withdrawThroughTheUi(page, member);

    const ops = await operatorPage(browser, jsEnabled(testInfo));
    await ops.goto("/admin/withdrawals");
    const row = ops.getByTestId("admin-withdrawal").filter({ hasText: member.userName });
    await expect(row).toContainText("₹120.000");
    await expect(row).toContainText(`${member.userName}@upi`);
    // Without a payout provider the operator pays by hand, then marks it paid with the bank's
    // reference, after a confirm step naming the member, the amount and the account (issue 42).
    await row.getByRole("button", { name: /^Mark paid by hand: [0-9A-F]+$/ }).click();
    const confirm = row.getByTestId("queue-confirm");
    await expect(confirm.getByTestId("mark-paid-summary")).toContainText(member.userName);
    await expect(confirm.getByTestId("mark-paid-summary")).toContainText("₹120.000");
    await expect(confirm.getByTestId("mark-paid-summary")).toContainText(`${member.userName}@upi`);
    const utr = `UTIB${randomInt(10_000_000, 99_999_999)}`;
    await confirm.getByLabel("Bank reference (UTR)").fill(utr);
    await confirm.getByRole("button", { name: /^Mark [0-9A-F]+ paid now$/ }).click();
    await expect(toast(ops)).toContainText(`Withdrawal marked paid (UTR ${utr}).`);
    await expect(ops.getByTestId("admin-withdrawal").filter({ hasText: member.userName })).toHaveCount(0);
    await ops.getByRole("link", { name: "Success", exact: true }).click();
    await expect(
      ops.getByTestId("admin-withdrawal").filter({ hasText: member.userName }).getByTestId("status-badge"),
    ).toHaveText("Success");
    await ops.context().close();

    await page.reload();
    await expect(page.getByTestId("withdraw-record").first().getByTestId("status-badge")).toHaveText(
      "Success",
    );
    await expect(page.getByTestId("withdraw-record").first()).toContainText(`UTR ${utr}`);
    await expect(card(page, "Pending Withdrawn")).toContainText("₹0.000");
    await expect(card(page, "Total Withdraw")).toContainText("₹120.000");
    await expect(card(page, "Withdrawable Balance")).toContainText("₹180.000");
  });

  test("a rejected withdrawal is refunded and shows the remark", async ({
    page,
    browser,
    newMember,
    giveBalance,
    loginAs,
  }, testInfo) => {
    // Several sign-ins (argon2) and form round trips.
    test.setTimeout(testBudget(2));
    const member = await newMember();
    await giveBalance(member, 300);
    await bindPayout(member);
    await loginAs(page, member);
    await withdrawThroughTheUi(page, member);

    const ops = await operatorPage(browser, jsEnabled(testInfo));
    await ops.goto("/admin/withdrawals?status=Pending");
    const row = ops.getByTestId("admin-withdrawal").filter({ hasText: member.userName });
    if (jsEnabled(testInfo)) {
      // The remark is required (without JavaScript the browser's own required check stops the form).
      // Before hydration only that native check would answer: wait for the page's scripts.
      await waitForHydration(ops);
      await row.getByRole("button", { name: /^Reject/ }).click();
      await expect(row).toContainText("A remark is required to reject.");
    }
    await row.getByLabel(/^Remark for/).fill("UPI ID not found");
    await row.getByRole("button", { name: /^Reject/ }).click();
    await expect(toast(ops)).toContainText("Withdrawal rejected and refunded.");
    await ops.context().close();

    await page.reload();
    const record = page.getByTestId("withdraw-record").first();
    await expect(record.getByTestId("status-badge")).toHaveText("Reject");
    await expect(record).toContainText("Remark: UPI ID not found");
    await expect(card(page, "Withdrawable Balance")).toContainText("₹300.000");
    await expect(card(page, "Pending Withdrawn")).toContainText("₹0.000");
    await expect(card(page, "Total Withdraw")).toContainText("₹0.000");
  });

  test("without payment details the member is sent to the profile page", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const member = await newMember();
    await loginAs(page, member);
    await page.goto("/member/withdraw");
    await requestWithdrawal(page, "100");
    const warning = page.getByRole("alert").filter({ hasText: "Bind Payment Info" });
    await expect(warning).toContainText("Please bind your payment information to proceed with withdrawals.");
    await expect(page).toHaveURL(/\/member\/profile$/, { timeout: 9000 });
  });

  test("cancelling the confirmation sends nothing; Clear resets the amount @no-js", async ({
    page,
    newMember,
    giveBalance,
    loginAs,
  }) => {
    const member = await newMember();
    await giveBalance(member, 100);
    await bindPayout(member);
    await loginAs(page, member);
    await page.goto("/member/withdraw");
    await requestWithdrawal(page, "60");
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByRole("button", { name: "No, Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("No withdrawals yet.")).toBeVisible();
    await expect(card(page, "Withdrawable Balance")).toContainText("₹100.000");

    const amount = page.getByLabel("Amount (₹)");
    await amount.fill("42");
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(amount).toHaveValue("0");
  });
});

test("a double-submitted confirmation makes one withdrawal", async ({
  page,
  newMember,
  giveBalance,
  loginAs,
}) => {
  const member = await newMember();
  await giveBalance(member, 200);
  await bindPayout(member);
  await loginAs(page, member);
  await page.goto("/member/withdraw");
  await requestWithdrawal(page, "70");
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  const requestId = await dialog.locator('input[name="request_id"]').inputValue();
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  // The same confirm form sent twice at once, as a double tap would.
  const send = () =>
    page.request.post("/member/withdraw", {
      form: { intent: "confirm", amount: "70", request_id: requestId },
      maxRedirects: 0,
    });
  const answers = await Promise.all([send(), send()]);
  for (const a of answers) expect(a.status()).toBeLessThan(400);
  await page.goto("/member/withdraw");
  await expect(page.getByTestId("withdraw-record")).toHaveCount(1);
  await expect(card(page, "Withdrawable Balance")).toContainText("₹130.000");
});
