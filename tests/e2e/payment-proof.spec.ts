import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const PAGE_SIZE = 10;

/** The proof table's body rows. */
function rows(page: Page) {
  return page.locator("table tbody tr");
}

test.describe("Payment proof", () => {
  test("table columns, 10 rows per page, page-number window and Prev/Next", async ({ page, api }) => {
    const data = await api.request("/checkLogin_for_navBar?paymentProof=true");
    expect(data.status).toBe(200);
    const proof = data.body.msg.paymentProof_data as {
      time: string;
      userName: string;
      withdrawal_method: string;
      balance: string;
    }[];
    // The demo seed holds enough paid withdrawals for three pages.
    expect(proof.length).toBeGreaterThan(2 * PAGE_SIZE);
    const totalPages = Math.ceil(proof.length / PAGE_SIZE);

    await page.goto("/payment-proof");
    const table = page.locator("table");
    for (const col of ["#", "Time", "User Name", "Withdrawal Method", "Balance"]) {
      await expect(table.getByRole("columnheader", { name: col, exact: true })).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    // Newest first, balances with 2 decimals.
    const first = proof[0]!;
    await expect(rows(page).first()).toContainText(first.userName);
    await expect(rows(page).first()).toContainText(first.withdrawal_method);
    await expect(rows(page).first()).toContainText(Number(first.balance).toFixed(2));
    await expect(rows(page).first()).not.toContainText(Number(first.balance).toFixed(3));

    const nav = page.getByRole("navigation", { name: "Pagination" });
    await expect(nav.getByRole("link", { name: "1", exact: true })).toHaveAttribute("aria-current", "page");
    for (let p = 1; p <= Math.min(5, totalPages); p++) {
      await expect(nav.getByRole("link", { name: String(p), exact: true })).toBeVisible();
    }
    // Prev is inert on the first page.
    await expect(nav.getByRole("link", { name: "Prev" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(nav.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(rows(page).first()).toContainText(proof[PAGE_SIZE]!.userName);
    await expect(rows(page).first().locator("td").first()).toHaveText(String(PAGE_SIZE + 1));

    await nav.getByRole("link", { name: String(totalPages), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${totalPages}`));
    await expect(rows(page)).toHaveCount(proof.length - (totalPages - 1) * PAGE_SIZE);
    // Next is inert on the last page.
    await expect(nav.getByRole("link", { name: "Next" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Prev" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${totalPages - 1}`));
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
  });

  test("an out-of-range page number is clamped, not an error", { tag: "@any-viewport" }, async ({ page }) => {
    const res = await page.goto("/payment-proof?page=999");
    expect(res?.status()).toBe(200);
    await expect(rows(page).first()).toBeVisible();
  });
});
