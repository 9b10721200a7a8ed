import { axeViolations } from "./axe";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  loginOperatorPage,
  waitForHydration,
  type Member,
  type OperatorHelper,
} from "./fixtures";

/**
 * Manual adjustments in the console: the owner credits a fresh member through the form and its
 * server-rendered confirm step, and sees the balance change; a large amount waits for a second
 * operator (approval itself is covered by tests/integration/adjustments.test.ts: a second
 * operator here would need a second factor of its own). The confirm step works without
 * JavaScript at 360 px, and both pages pass axe-core.
 */

/** The member's id, found by the operator's search (by e-mail). */
async function memberId(operator: OperatorHelper, member: Member): Promise<string> {
  const res = await operator.request(`/adminRoute/members?by=email&q=${encodeURIComponent(member.email)}`);
  expect(res.status).toBe(200);
  const id = res.body.msg.records[0]?.id as string | undefined;
  expect(id).toBeTruthy();
  return id!;
}

async function fillAdjustment(
  page: Page,
  v: { direction: "Credit" | "Debit"; balance: "Withdrawable" | "Deposit"; amount: string; reason: string },
) {
  await page.getByRole("radio", { name: v.direction, exact: true }).check();
  await page.getByRole("radio", { name: v.balance, exact: true }).check();
  await page.getByLabel("Amount", { exact: true }).fill(v.amount);
  await page.getByLabel("Reason", { exact: true }).fill(v.reason);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("manual adjustments", () => {
  test("the owner credits a fresh member through the form and its confirm step; the balance changes", async ({
    page,
    newMember,
    operator,
  }) => {
    const member = await newMember();
    const id = await memberId(operator, member);
    await loginOperatorPage(page);
    await page.goto(`/admin/members/${id}/adjust`);
    await waitForHydration(page);
    await expect(page.getByTestId("balance-withdrawable")).toHaveText("₹0.000");

    await fillAdjustment(page, {
      direction: "Credit",
      balance: "Withdrawable",
      amount: "12.5",
      reason: "Missed task credit",
    });
    await expect(
      page.getByRole("heading", { name: `Credit ₹12.500 to ${member.userName}'s withdrawable balance?` }),
    ).toBeVisible();
    await expect(page.getByTestId("balance-withdrawable")).toHaveText("₹0.000");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Posted" }).first()).toBeVisible();
    await expect(page.getByTestId("balance-withdrawable")).toHaveText("₹12.500");
    await expect(page.getByTestId("member-adjustment").first()).toContainText("Missed task credit");

    // A debit larger than the balance is refused with the reason, and nothing changes.
    await fillAdjustment(page, {
      direction: "Debit",
      balance: "Withdrawable",
      amount: "20",
      reason: "Reversal",
    });
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Insufficient Balance" }).first()).toBeVisible();
    await expect(page.getByTestId("balance-withdrawable")).toHaveText("₹12.500");

    // Above the approval threshold: it waits for a second operator, nothing posted.
    const settings = await operator.request("/adminRoute/adjustments/settings");
    const threshold = Number(settings.body.msg.threshold);
    await page.goto(`/admin/members/${id}/adjust`);
    await fillAdjustment(page, {
      direction: "Credit",
      balance: "Deposit",
      amount: String(threshold + 1),
      reason: "Large goodwill credit",
    });
    await expect(page.getByText("it will wait for a second operator's approval")).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Waiting for a second operator's approval" }).first(),
    ).toBeVisible();
    await expect(page.getByTestId("balance-deposit")).toHaveText("₹0.000");

    // On the list, the requester's own pending row has no approve button.
    await page.goto("/admin/adjustments?status=pending");
    const row = page.getByTestId("adjustment").filter({ hasText: "Large goodwill credit" });
    await expect(row).toContainText("Waiting for another operator");
    await expect(row.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  });

  test("the adjust page and the adjustments page pass axe-core (form, confirm step, list)", async ({
    page,
    newMember,
    operator,
  }) => {
    const member = await newMember();
    const id = await memberId(operator, member);
    await loginOperatorPage(page);
    const found: Record<string, string[]> = {};
    await page.goto(`/admin/members/${id}/adjust`);
    await waitForHydration(page);
    found.form = await axeViolations(page);
    await fillAdjustment(page, { direction: "Credit", balance: "Deposit", amount: "3", reason: "Axe check" });
    await expect(page.getByRole("button", { name: "Confirm" })).toBeVisible();
    found.confirm = await axeViolations(page);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("balance-deposit")).toHaveText("₹3.000");
    found.posted = await axeViolations(page);
    for (const status of ["pending", "posted", "rejected"]) {
      await page.goto(`/admin/adjustments?status=${status}`);
      await waitForHydration(page);
      found[status] = await axeViolations(page);
    }
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  });
});

test.describe("manual adjustments without JavaScript at 360 px @no-js-only", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the confirm step is rendered by the server and posts the adjustment", async ({
    page,
    newMember,
    operator,
  }) => {
    const member = await newMember();
    const id = await memberId(operator, member);
    await loginOperatorPage(page);
    await page.goto(`/admin/members/${id}/adjust`);
    await fillAdjustment(page, {
      direction: "Credit",
      balance: "Withdrawable",
      amount: "4.25",
      reason: "No-JS credit",
    });
    await expect(
      page.getByRole("heading", { name: `Credit ₹4.250 to ${member.userName}'s withdrawable balance?` }),
    ).toBeVisible();
    await expect(page.locator('input[type="hidden"][name="intent"][value="confirm"]')).toHaveCount(1);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Posted" }).first()).toBeVisible();
    await expect(page.getByTestId("balance-withdrawable")).toHaveText("₹4.250");
    // Native validation: the Amount field carries the pattern and both fields are required.
    const amount = page.getByLabel("Amount", { exact: true });
    await expect(amount).toHaveAttribute("required", "");
    await expect(amount).toHaveAttribute("pattern", /\\d/);
    await expect(page.getByLabel("Reason", { exact: true })).toHaveAttribute("maxlength", "500");
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The list of posted adjustments and the threshold form fit the screen too.
    await page.goto("/admin/adjustments?status=posted");
    await expect(page.getByTestId("adjustment").filter({ hasText: "No-JS credit" })).toBeVisible();
    await expect(page.getByLabel("Threshold (₹)")).toHaveAttribute("required", "");
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
