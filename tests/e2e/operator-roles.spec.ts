import { test, operatorCookie, expect, E2E_ORIGIN, handSessionTo } from "./fixtures";

/**
 * The console by role: a support operator (created with `--role support` beside the owner) sees
 * only Members, Messages and Rights Requests, and a page or a form of another role is refused by the server, not just hidden.
 */
test.describe("the console for a support operator", () => {
  test("opens on its sections, shows only those, and cannot reach or use the payout queue", async ({
    page,
  }) => {
    const cookie = operatorCookie("support");
    await handSessionTo(page, cookie);

    // /admin is the owner's overview: this operator sees the sections their roles open, unredirected.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Your sections" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Operator menu" });
    await expect(menu.getByRole("link")).toHaveText(["Members", "Messages", "Rights Requests"]);

    const res = await page.goto("/admin/withdrawals");
    expect(res?.status()).toBe(403);
    await expect(page.getByTestId("role-refused")).toContainText("Your operator role does not allow this.");

    // A settle posted the way the queue's form posts it: refused by the API behind the page.
    const post = await page.request.post(`${E2E_ORIGIN}/admin/withdrawals`, {
      form: { intent: "approve", id: "0123456789abcdef01234567" },
      headers: { origin: E2E_ORIGIN, cookie },
    });
    expect(post.status()).toBe(403);
  });
});
