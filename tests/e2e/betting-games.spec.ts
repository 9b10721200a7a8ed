import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { convertToDeposit } from "./ptc-helpers";
import { formatRupees, milliToRupeeString } from "../../shared/money";

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

  test("without JavaScript the lobby lists the rooms and Join is a form @no-js-only", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await loginAs(page, await newMember());
    await page.goto(LOBBY);
    await expect(page.getByRole("heading", { level: 1, name: "Tic Tac Toe" })).toBeVisible();
    const practice = page.getByTestId("lobby-room").first();
    await expect(practice).toContainText("Practice Room");
    await expect(
      practice.locator('form[method="post"]').getByRole("button", { name: "Join Practice Room" }),
    ).toBeVisible();
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹0.000");
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

/**
 * Without JavaScript (spec 2: the lobby's Join is a form, the room's board a form of nine buttons
 * that reloads itself every 2 s while it is not the member's turn): two members of a room type of
 * their own (so no other test's members can be matched with them) join through the server's
 * confirm step and play to a win; the balances move; a member without deposit is told Low Balance.
 */
test.describe("Tic-tac-toe without JavaScript", () => {
  const LOBBY = "/member/betting-games/tic-tac-toe";

  test("two members join through the confirm step and play a paid room to a win @wide-only", async ({
    browser,
    newMember,
    loginAs,
    operator,
    giveBalance,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "it opens its own contexts without scripts: once is enough");
    test.setTimeout(90_000);

    // An entry fee no other room type has: ₹1.001–₹1.999, the prize 1.8 fees.
    let fee = 0;
    let prize = 0;
    let typeId = "";
    const name = `No Script Room ${randomBytes(3).toString("hex")}`;
    for (let attempt = 0; !typeId; attempt++) {
      fee = 1000 + ((Date.now() + attempt * 7919) % 999) + 1;
      prize = Math.floor((fee * 18) / 10);
      const created = await operator.request("/adminRoute/gameRoomTypes", {
        json: { name, entry_fee: milliToRupeeString(fee), prize: milliToRupeeString(prize), sort_order: 999 },
      });
      if (created.status === 200) typeId = created.body.msg.roomType.id;
      else if (created.body?.error_code !== "duplicate" || attempt >= 5)
        throw new Error(`room type: ${created.status} ${JSON.stringify(created.body)}`);
    }

    const contexts = [];
    try {
      /** A member's page without scripts, logged in, with ₹2 of deposit balance. */
      const player = async () => {
        const m = await newMember();
        await giveBalance(m, 2);
        await convertToDeposit(m, 2);
        const ctx = await browser.newContext({ javaScriptEnabled: false });
        contexts.push(ctx);
        const page = await ctx.newPage();
        await loginAs(page, m);
        return page;
      };
      const x = await player();
      const o = await player();

      /** Join from the lobby: the form, then the server's confirmation step. */
      const join = async (page: Page) => {
        await page.goto(LOBBY);
        await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹2.000");
        await page.getByRole("button", { name: `Join ${name}` }).click();
        const confirm = page.getByRole("dialog", { name: `Join ${name}?` });
        await expect(confirm).toContainText(
          `The entry fee of ${formatRupees(fee)} is taken from your deposit balance. The winner receives ${formatRupees(prize)}.`,
        );
        return confirm;
      };

      // Cancel is a link back: nothing joined.
      await (await join(x)).getByRole("link", { name: "Cancel" }).click();
      await expect(x).toHaveURL(new RegExp(`${LOBBY}$`));
      await expect(x.getByRole("dialog")).toHaveCount(0);
      await expect(x.getByRole("group", { name: "Deposit Balance" })).toContainText("₹2.000");

      await (await join(x)).getByRole("button", { name: "Confirm" }).click();
      await expect(x).toHaveURL(/\/tic-tac-toe\/play\/[^/?]+\?type=/);
      const status = (page: Page) => page.getByTestId("room-status");
      await expect(status(x)).toHaveText("Waiting For Opponent");
      await expect(x.getByTestId("room-timer")).toHaveText(/^\d+s$/);
      await expect(x.getByRole("button", { name: "Cancel" })).toBeVisible();
      await expect(x.getByRole("button", { name: "Row 1, column 1" })).toBeDisabled();

      await (await join(o)).getByRole("button", { name: "Confirm" }).click();
      await expect(status(o)).toHaveText("Opponent's Turn");
      await expect(o.getByTestId("player-panel")).toHaveCount(2);
      // The waiting page reloads itself: the game has started.
      await expect(status(x)).toHaveText("Your Turn");

      const moves: [Page, number, number][] = [
        [x, 2, 2],
        [o, 3, 2],
        [x, 2, 3],
        [o, 3, 3],
        [x, 2, 1],
      ];
      for (const [i, [who, r, c]] of moves.entries()) {
        const other = who === x ? o : x;
        const symbol = who === x ? "X" : "O";
        const label = `Row ${r}, column ${c}`;
        await expect(status(who)).toHaveText("Your Turn");
        await expect(other.getByRole("button", { name: label })).toBeDisabled();
        await who.getByRole("button", { name: label }).click();
        await expect(who.getByRole("button", { name: label })).toHaveText(symbol);
        if (i < moves.length - 1) {
          await expect(status(who)).toHaveText("Opponent's Turn");
          await expect(other.getByRole("button", { name: label })).toHaveText(symbol);
        }
      }
      await expect(status(x)).toHaveText("You Won!");
      await expect(status(o)).toHaveText("You Lost!");
      // After the end each page goes back to the lobby by itself.
      await expect(x).toHaveURL(new RegExp(`${LOBBY}$`), { timeout: 10_000 });
      await expect(o).toHaveURL(new RegExp(`${LOBBY}$`), { timeout: 10_000 });

      // The fee left the deposit balances; the prize is the winner's withdrawable balance.
      const left = formatRupees(2000 - fee);
      await expect(x.getByRole("group", { name: "Available Balance" })).toContainText(formatRupees(prize));
      await expect(o.getByRole("group", { name: "Available Balance" })).toContainText("₹0.000");
      for (const [page, won] of [
        [x, true],
        [o, false],
      ] as const) {
        await page.goto("/member/betting-games");
        await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText(left);
        await expect(page.getByRole("group", { name: "Today's Betting" })).toContainText(formatRupees(fee));
        await expect(page.getByRole("group", { name: "Win Amount" })).toContainText(
          formatRupees(won ? prize : 0),
        );
        await expect(page.getByRole("group", { name: won ? "Profit" : "Loss" })).toContainText(
          formatRupees(won ? prize - fee : -fee),
        );
      }

      // No deposit: the lobby's form answers Low Balance, and Close leads back.
      const poor = await browser.newContext({ javaScriptEnabled: false });
      contexts.push(poor);
      const p = await poor.newPage();
      await loginAs(p, await newMember());
      await p.goto(LOBBY);
      await p.getByRole("button", { name: `Join ${name}` }).click();
      const low = p.getByRole("dialog", { name: "Low Balance" });
      await expect(low).toContainText("Your balance is too low to join this room.");
      await low.getByRole("link", { name: "Close" }).click();
      await expect(p).toHaveURL(new RegExp(`${LOBBY}$`));
      await expect(p.getByRole("dialog")).toHaveCount(0);
    } finally {
      for (const ctx of contexts) await ctx.close();
      await operator.request(`/adminRoute/gameRoomTypes/${typeId}`, {
        method: "PATCH",
        json: { enabled: false },
      });
    }
  });
});
