import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const PAGE_SIZE = 10;

/** The proof table's body rows. */
function rows(page: Page) {
  return page.locator("table tbody tr");
}

test.describe("Payment proof", () => {
  test("table columns, 10 rows per page, page-number window and Prev/Next", async ({ page, api }) => {
    type Proof = { time: string; userName: string; withdrawal_method: string; balance: string };
    const proofPage = async (n: number) => {
      const data = await api.request(`/checkLogin_for_navBar?paymentProof=true&page=${n}`);
      expect(data.status).toBe(200);
      return data.body.msg as {
        paymentProof_data: Proof[];
        paymentProof_pagination: { totalRecords: number; totalPages: number };
      };
    };
    /**
     * The first row's user name on page `n` as the page shows it. Other workers' tests pay
     * withdrawals while this one runs, and the newest come first: the page must match the list
     * as read just before or just after it was shown.
     */
    const expectFirstRowOf = async (n: number, before: Proof) => {
      const after = (await proofPage(n)).paymentProof_data[0]!;
      const shown = (await rows(page).first().locator("td").nth(2).textContent())?.trim();
      expect([before.userName, after.userName]).toContain(shown);
      return shown === before.userName ? before : after;
    };
    const firstPage = await proofPage(1);
    const { totalRecords, totalPages } = firstPage.paymentProof_pagination;
    // The demo seed holds enough paid withdrawals for three pages.
    expect(totalRecords).toBeGreaterThan(2 * PAGE_SIZE);
    expect(firstPage.paymentProof_data).toHaveLength(PAGE_SIZE);

    await page.goto("/payment-proof");
    const table = page.locator("table");
    for (const col of ["#", "Time", "User Name", "Withdrawal Method", "Balance"]) {
      await expect(table.getByRole("columnheader", { name: col, exact: true })).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    // Newest first, balances with 2 decimals.
    const first = await expectFirstRowOf(1, firstPage.paymentProof_data[0]!);
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

    const secondFirst = (await proofPage(2)).paymentProof_data[0]!;
    await nav.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(nav.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await expectFirstRowOf(2, secondFirst);
    await expect(rows(page).first().locator("td").first()).toHaveText(String(PAGE_SIZE + 1));

    // The last page's rows, for the count read just before or just after it was shown.
    const lastRows = (total: number) => Math.min(PAGE_SIZE, total - (totalPages - 1) * PAGE_SIZE);
    const totalBefore = (await proofPage(1)).paymentProof_pagination.totalRecords;
    await nav.getByRole("link", { name: String(totalPages), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${totalPages}`));
    await expect(rows(page).first()).toBeVisible();
    const totalAfter = (await proofPage(1)).paymentProof_pagination.totalRecords;
    expect([lastRows(totalBefore), lastRows(totalAfter)]).toContain(await rows(page).count());
    // Next is inert on the last page.
    await expect(nav.getByRole("link", { name: "Next" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Prev" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${totalPages - 1}`));
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
  });

  test("an out-of-range page number is clamped, not an error", async ({ page }) => {
    const res = await page.goto("/payment-proof?page=999");
    expect(res?.status()).toBe(200);
    await expect(rows(page).first()).toBeVisible();
  });
});
