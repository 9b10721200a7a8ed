import { expect, test } from "./fixtures";

/**
 * The betting hub (spec 2 §2, §3): the deposit balance, today's betting figures from
 * `user_betting_games_home_get`, Tic Tac Toe leading to its lobby, Ludo Game and WinGo Casino
 * shown as Coming Soon and disabled.
 */

test.describe("Betting games hub", () => {
  test("the balance, today's figures and the game cards", async ({ page, newMember, loginAs }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/betting-games");
    await expect(page.getByRole("heading", { level: 1, name: "Betting Games" })).toBeVisible();
    await expect(page.getByText("Coming soon", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹0.000");
    await expect(page.getByRole("group", { name: "Today's Betting" })).toContainText("₹0.000");
    await expect(page.getByRole("group", { name: "Win Amount" })).toContainText("₹0.000");
    await expect(page.getByRole("group", { name: "Profit" })).toContainText("₹0.000");

    const cards = page.getByTestId("game-card");
    await expect(cards).toHaveCount(3);
    for (const name of ["Ludo Game", "WinGo Casino"]) {
      const card = cards.filter({ hasText: name });
      await expect(card.getByRole("button", { name: "Coming Soon" })).toBeDisabled();
      await expect(card.getByRole("link")).toHaveCount(0);
    }
    // Nothing wider than the screen (a 360 px phone included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await cards.filter({ hasText: "Tic Tac Toe" }).getByRole("link", { name: "Play Tic Tac Toe" }).click();
    await expect(page).toHaveURL(/\/member\/betting-games\/tic-tac-toe$/);
  });

  test("signed out, the hub goes to the login page", async ({ page }) => {
    await page.goto("/member/betting-games");
    await expect(page).toHaveURL(/\/login/);
  });
});
