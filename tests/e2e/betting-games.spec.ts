import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The Practice Room is shared by everyone: its tests run one after another so no two of them
// match each other's members.
test.describe.configure({ mode: "serial" });

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

/**
 * The tic-tac-toe lobby (spec 2 §2, §5, §7): the rooms over the socket with the Practice Room
 * first, Join with its confirmation, the low-balance refusal, Resume, and live counts.
 */
test.describe("Tic-tac-toe lobby", () => {
  const LOBBY = "/member/betting-games/tic-tac-toe";

  test("rooms, Low Balance, joining the Practice Room and Resume @needs-js @wide-only", async ({
    browser,
    page,
    newMember,
    loginAs,
  }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto(LOBBY);
    await expect(page.getByRole("heading", { level: 1, name: "Tic Tac Toe" })).toBeVisible();
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    const rooms = page.getByTestId("lobby-room");
    await expect(rooms.first()).toContainText("Practice Room");
    await expect(rooms.first()).toContainText("Free");
    // The seeded paid types (the paid-rooms switch is on in local runs).
    const paid = rooms.filter({ hasText: "₹10.000" });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText("₹18.000");
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹0.000");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // No deposit balance: a paid room is refused before anything is sent.
    await paid.getByRole("button", { name: /^Join / }).click();
    const low = page.getByRole("dialog", { name: "Low Balance" });
    await expect(low).toContainText("Your balance is too low to join this room.");
    await low.getByRole("button", { name: "Close" }).click();
    await expect(low).toHaveCount(0);

    // A second member watches the counts change live.
    const other = await newMember();
    const ctx = await browser.newContext();
    const watcher = await ctx.newPage();
    await loginAs(watcher, other);
    await watcher.goto(LOBBY);
    await expect(watcher.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    const watchedPractice = watcher.getByTestId("lobby-room").first();
    const waitingBefore = Number(
      (await watchedPractice.getByTestId("room-waiting").innerText()).split("/")[0],
    );

    // Join asks first; Cancel leaves nothing joined.
    const practice = rooms.first();
    await practice.getByRole("button", { name: "Join Practice Room" }).click();
    const confirm = page.getByRole("dialog", { name: "Join Practice Room?" });
    await expect(confirm).toContainText("free");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await practice.getByRole("button", { name: "Join Practice Room" }).click();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/member\/betting-games\/tic-tac-toe\/play\/[^/?]+\?type=/);
    const url = new URL(page.url());
    expect(Buffer.from(decodeURIComponent(url.searchParams.get("type") ?? ""), "base64").toString()).toBe(
      "Practice Room",
    );

    await expect(watchedPractice.getByTestId("room-waiting")).toHaveText(`${waitingBefore + 1}/2`);
    await ctx.close();

    // Back in the lobby the member's seat is resumed, not joined again.
    await page.goto(LOBBY);
    const resume = page.getByRole("link", { name: "Resume Practice Room" });
    await expect(resume).toBeVisible();
    await resume.click();
    await expect(page).toHaveURL(url.pathname + url.search);
    // The room's Cancel ends the search (no seat is left waiting for the next test).
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Opponent search canceled.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/tic-tac-toe$/);
  });

  test("without JavaScript the lobby says the rooms need it @no-js-only", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await loginAs(page, await newMember());
    await page.goto(LOBBY);
    await expect(page.getByRole("heading", { level: 1, name: "Tic Tac Toe" })).toBeVisible();
    await expect(page.getByTestId("lobby-no-js")).toBeVisible();
  });
});

/** The room (spec 2 §2, §4): two members play the Practice Room to a win over the socket. */
test.describe("Tic-tac-toe room", () => {
  async function joinPractice(page: Page) {
    await page.goto("/member/betting-games/tic-tac-toe");
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    await page.getByRole("button", { name: "Join Practice Room" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/tic-tac-toe\/play\//);
    await expect(page.getByTestId("ttt-room")).toHaveAttribute("data-live", "on");
  }

  test("two members play the Practice Room to a win @needs-js @wide-only", async ({
    browser,
    page,
    newMember,
    loginAs,
  }) => {
    await loginAs(page, await newMember());
    await joinPractice(page);
    // Joins of the Practice Room by other tests may match first: whoever is waiting last waits.
    const ctx = await browser.newContext();
    const other = await ctx.newPage();
    await loginAs(other, await newMember());
    let first = page;
    if ((await page.getByTestId("room-status").innerText()) === "Waiting For Opponent") {
      await expect(page.getByTestId("room-timer")).toHaveText(/^\d+s$/);
      await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
    }
    await joinPractice(other);
    await expect(other.getByTestId("room-status")).toHaveText(/Your Turn|Opponent's Turn/);
    if (!(await page.getByTestId("room-status").innerText()).match(/Turn/)) first = other;
    await expect(first.getByTestId("room-status")).toHaveText(/Your Turn|Opponent's Turn/);
    const x = (await first.getByTestId("room-status").innerText()) === "Your Turn" ? first : other;
    const o = x === first ? other : first;
    await expect(o.getByTestId("room-status")).toHaveText("Opponent's Turn");
    await expect(o.getByTestId("player-panel")).toHaveCount(2);

    const moves: [typeof x, number, number][] = [
      [x, 1, 1],
      [o, 2, 1],
      [x, 1, 2],
      [o, 2, 2],
      [x, 1, 3],
    ];
    for (const [who, r, c] of moves) {
      await expect(who.getByTestId("room-status")).toHaveText("Your Turn");
      const cell = who.getByRole("button", { name: `Row ${r}, column ${c}` });
      await cell.click();
      await expect(cell).toHaveText(who === x ? "X" : "O");
      const seen = (who === x ? o : x).getByRole("button", { name: `Row ${r}, column ${c}` });
      await expect(seen).toHaveText(who === x ? "X" : "O");
    }
    await expect(x.getByTestId("room-status")).toHaveText("You Won!");
    await expect(o.getByTestId("room-status")).toHaveText("You Lost!");
    // Back after 5 s.
    await expect(x).toHaveURL(/\/tic-tac-toe$/, { timeout: 10_000 });
    await ctx.close();
  });
});
