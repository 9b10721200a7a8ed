import { test, expect } from "./fixtures";

test.describe("404 page", () => {
  test("an unknown path answers 404 with 'Page Not Found' and a link home", async ({ page }) => {
    const res = await page.goto("/no/such/page-here");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    const home = page.locator('main a[href="/"]').first();
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown member path is also a 404, not a crash", async ({ page }) => {
    const res = await page.goto("/member/no-such-area");
    // A visitor may be sent to /login first; a 404 or the login page are both fine, a 500 is not.
    expect(res?.status()).toBeLessThan(500);
  });
});
