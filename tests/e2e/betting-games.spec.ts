import { randomBytes } from "node:crypto";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import type { Socket } from "socket.io-client";
import {
  E2E_ORIGIN,
  api,
  expect,
  loginOperatorPage,
  loginPage,
  test,
  toast,
  waitForHydration,
  type Member,
  type OperatorHelper,
  testBudget,
} from "./fixtures";
import { operatorPage } from "./money-helpers";
import { convertToDeposit } from "./ptc-helpers";
import { ask, memberSocket } from "../support/sockets";
import { formatRupees, milliToRupeeString, parseRupees } from "../../shared/money";
import hi from "../../app/i18n/hi";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";

// The Practice Room is shared by everyone: its tests run one after another so no two of them
// match each other's members.
test.describe.configure({ mode: "serial" });

/**
 * Paid room types of a test's own. Games match members by room type, so each paid-room test makes
 * a type whose entry fee no other type has (disabled ones keep theirs) and closes it at the end.
 * Only this file makes room types, one test at a time, so the lowest free fee is free when used.
 */
interface PaidType {
  id: string;
  name: string;
  /** Milli-rupees. */
  fee: number;
  prize: number;
}

/** The lowest entry fee (milli-rupees) from `fromMilli` up that no room type has. */
async function freeFee(operator: OperatorHelper, fromMilli: number): Promise<number> {
  const res = await operator.request("/adminRoute/gameRoomTypes");
  const taken = new Set(
    (res.body.msg.records as { entry_fee: string }[]).map((t) => parseRupees(t.entry_fee)),
  );
  let fee = fromMilli;
  while (taken.has(fee)) fee += 1;
  return fee;
}

/** A paid type named `prefix …` with the lowest free fee from `fromMilli`, the prize 1.8 fees. */
async function createPaidType(
  operator: OperatorHelper,
  prefix: string,
  fromMilli: number,
): Promise<PaidType> {
  const fee = await freeFee(operator, fromMilli);
  const prize = Math.floor((fee * 9) / 5);
  const name = `${prefix} ${randomBytes(3).toString("hex")}`;
  const res = await operator.request("/adminRoute/gameRoomTypes", {
    json: { name, entry_fee: milliToRupeeString(fee), prize: milliToRupeeString(prize), sort_order: 900 },
  });
  expect(res.status).toBe(200);
  return { id: res.body.msg.roomType.id, name, fee, prize };
}

async function closePaidType(operator: OperatorHelper, type: { id: string }) {
  const res = await operator.request(`/adminRoute/gameRoomTypes/${type.id}`, {
    method: "PATCH",
    json: { enabled: false },
  });
  expect(res.status).toBe(200);
}

/** A new member with `rupees` (whole) in the deposit balance, nothing withdrawable; `apiCookie` is an API session. */
async function depositMember(
  newMember: () => Promise<Member>,
  giveBalance: (m: Member, rupees: number) => Promise<void>,
  rupees: number,
): Promise<Member & { apiCookie: string }> {
  const m = await newMember();
  await giveBalance(m, rupees);
  return { ...m, apiCookie: await convertToDeposit(m, rupees) };
}

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

  test("rooms, Low Balance, joining the Practice Room and Resume", async ({
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

    // From here the page's socket never connects (a slow network): Resume and the room's Cancel
    // must still work, Cancel by posting its form (no seat is left waiting for the next test).
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    // Back in the lobby the member's seat is resumed, not joined again.
    await page.goto(LOBBY);
    await waitForHydration(page);
    const resume = page.getByRole("link", { name: "Resume Practice Room" });
    await expect(resume).toBeVisible();
    await resume.click();
    await expect(page).toHaveURL(url.pathname + url.search);
    await waitForHydration(page);
    await expect(page.getByTestId("ttt-room")).not.toHaveAttribute("data-live", "on");
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

/**
 * The room in Hindi (issue 23): Join's confirm step, the waiting room and the socket's answer to
 * Cancel in Hindi. It joins the Practice Room, so it lives here, one after the other game tests.
 */
test.describe("Tic-tac-toe in Hindi", () => {
  test.use({ locale: "hi-IN" });
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

  test("Join, its confirm step, the waiting room and the search canceled in Hindi", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const l = hi.earn.games.lobby;
    await loginAs(page, await newMember());
    await page.goto("/member/betting-games/tic-tac-toe");
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await page
      .getByTestId("lobby-room")
      .first()
      .getByRole("button", { name: fill(l.joinRoom, { room: "Practice Room" }) })
      .click();
    const confirm = page.getByRole("dialog", { name: fill(l.confirmTitle, { room: "Practice Room" }) });
    await expect(confirm).toContainText(l.practiceTerms);
    await confirm.getByRole("button", { name: l.confirm }).click();
    await expect(page).toHaveURL(/\/member\/betting-games\/tic-tac-toe\/play\//);
    await expect(page.getByText(hi.earn.games.room.waiting)).toBeVisible();
    await expect(page.getByTestId("ttt-room")).toHaveAttribute("data-live", "on");
    // Cancel ends the search; the socket's answer is shown in Hindi.
    await page.getByRole("button", { name: hi.earn.games.room.cancel }).click();
    const canceled = HINDI_API_MESSAGES.find(([en]) => en === "Opponent search canceled.")?.[1];
    expect(canceled).toBeTruthy();
    await expect(page.getByText(canceled!, { exact: true })).toBeVisible();
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

  test("two members play the Practice Room to a win", async ({ browser, page, newMember, loginAs }) => {
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
 * The operators' games page (/admin/games): room types (a new one reaches the lobby, refusals in
 * the API's words, a disabled one leaves it), the paid-rooms switch behind its confirm step (a
 * waiting member refunded, then on again), live and recent games with their settlement lines, and
 * the audit log. The switch and the room types are shared by every game test: these run on the
 * js project, one after another, and the switch is always turned back on.
 */
test.describe("Operators: games", () => {
  const ADMIN = "/admin/games";
  const LOBBY = "/member/betting-games/tic-tac-toe";

  /** Whatever a test did, paid rooms end up on (the other game tests need them). */
  async function paidRoomsOn(operator: OperatorHelper) {
    const now = await operator.request("/adminRoute/gamePaidRooms");
    if (now.body.msg?.on !== true)
      await operator.request("/adminRoute/gamePaidRooms", { method: "PATCH", json: { on: true } });
  }

  const depositOf = async (cookie: string) =>
    (await api.request("/userIncomeRoute/user_betting_games_home_get", { cookie })).body.msg
      .deposit_amount as string;

  test("room types: a new one reaches the lobby, refusals in the API's words, disabled it leaves", async ({
    browser,
    page,
    operator,
    newMember,
    loginAs,
  }) => {
    const ops = await operatorPage(browser, true);
    await ops.goto("/admin");
    await ops.getByRole("navigation", { name: "Operator menu" }).getByRole("link", { name: "Games" }).click();
    await expect(ops).toHaveURL(ADMIN);
    await expect(ops.getByRole("heading", { level: 1, name: "Games" })).toBeVisible();
    const table = ops.getByRole("table", { name: "Room types" });
    await expect(table.getByTestId("room-type").filter({ hasText: "Bronze Room" })).toContainText("₹10.000");

    const feeMilli = await freeFee(operator, 1000);
    const fee = milliToRupeeString(feeMilli);
    const prize = milliToRupeeString(Math.floor((feeMilli * 3) / 2));
    const name = `E2E Room ${randomBytes(3).toString("hex")}`;
    const add = ops.getByRole("form", { name: "New room type" });
    await add.getByLabel("Name", { exact: true }).fill(name);
    await add.getByLabel("Entry fee (₹)").fill(fee);
    await add.getByLabel("Prize (₹)").fill(prize);
    await add.getByLabel("Sort order").fill("900");
    await add.getByRole("button", { name: "Add Room Type" }).click();
    await expect(toast(ops)).toContainText("Room type saved.");
    const row = table.getByTestId("room-type").filter({ hasText: name });
    await expect(row).toContainText(`₹${fee}`);
    await expect(row).toContainText(`₹${prize}`);
    await expect(row.getByRole("cell").nth(3)).toHaveText("Yes");
    await expect(row.getByRole("cell").nth(4)).toHaveText("900");

    // The member's lobby lists it.
    await loginAs(page, await newMember());
    await page.goto(LOBBY);
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    const room = page.getByTestId("lobby-room").filter({ hasText: name });
    await expect(room).toContainText(`₹${fee}`);
    await expect(room).toContainText(`₹${prize}`);

    // Refusals: the browser's rule, then the API's (its words, next to the fee or above the form).
    await add.getByLabel("Name", { exact: true }).fill(`${name} copy`);
    await add.getByLabel("Entry fee (₹)").fill("1.2345");
    await add.getByLabel("Prize (₹)").fill("1");
    await add.getByRole("button", { name: "Add Room Type" }).click();
    await expect(add.getByText("Rupees with up to 3 decimals, e.g. 10 or 12.500.")).toBeVisible();
    await add.getByLabel("Entry fee (₹)").fill(fee);
    await add.getByRole("button", { name: "Add Room Type" }).click();
    await expect(add.getByRole("alert")).toHaveText(
      "Another room type has this entry fee: members join a type by its fee.",
    );
    await expect(add.getByLabel("Entry fee (₹)")).toHaveAttribute("aria-invalid", "true");
    const otherFee = await freeFee(operator, 1000);
    await add.getByLabel("Entry fee (₹)").fill(milliToRupeeString(otherFee));
    await add.getByLabel("Prize (₹)").fill(milliToRupeeString(otherFee * 2 + 1));
    await add.getByRole("button", { name: "Add Room Type" }).click();
    await expect(add.getByRole("alert")).toHaveText("The prize must not exceed the two players' entry fees.");
    await expect(table.getByTestId("room-type").filter({ hasText: `${name} copy` })).toHaveCount(0);

    // Edit: disabled, it leaves the lobby.
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = ops.getByRole("form", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Entry fee (₹)")).toHaveValue(fee);
    await edit.getByLabel(/^Enabled/).uncheck();
    await edit.getByRole("button", { name: "Save Room Type" }).click();
    await expect(toast(ops)).toContainText("Room type saved.");
    await expect(edit).toHaveCount(0);
    await expect(row.getByRole("cell").nth(3)).toHaveText("No");
    await page.goto(LOBBY);
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    await expect(page.getByTestId("lobby-room").first()).toContainText("Practice Room");
    await expect(page.getByTestId("lobby-room").filter({ hasText: "Bronze Room" })).toHaveCount(1);
    await expect(page.getByTestId("lobby-room").filter({ hasText: name })).toHaveCount(0);

    // Both changes are in the audit log.
    const href = await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href");
    const id = new URLSearchParams(href!.split("?")[1]!.split("#")[0]).get("edit")!;
    await ops.goto("/admin/audit");
    // The sentence links the room type; its raw id is the link's title (issue 45's audit in words).
    const entries = ops
      .getByTestId("audit-entry")
      .filter({ has: ops.locator(`[title="game_room_type:${id}"]`) });
    await expect(entries.filter({ hasText: "games.room_type.create" })).toHaveCount(1);
    await expect(entries.filter({ hasText: "games.room_type.update" })).toHaveCount(1);
    await ops.context().close();
  });

  test("paid rooms off after the confirm step: a waiting member is refunded, paid types leave the lobby; on again", async ({
    browser,
    page,
    operator,
    newMember,
    loginAs,
    giveBalance,
  }) => {
    const type = await createPaidType(operator, "E2E Switch", 1000);
    const member = await depositMember(newMember, giveBalance, 10);
    const cookie = member.apiCookie;
    const ops = await operatorPage(browser, true);
    try {
      // The member waits in the new paid room (joined from the lobby page, over its socket).
      await loginAs(page, member);
      await page.goto(LOBBY);
      await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
      await page.getByRole("button", { name: `Join ${type.name}` }).click();
      await page
        .getByRole("dialog", { name: `Join ${type.name}?` })
        .getByRole("button", { name: "Confirm" })
        .click();
      await expect(page).toHaveURL(/\/tic-tac-toe\/play\//);
      await expect(page.getByTestId("room-status")).toHaveText("Waiting For Opponent");
      const roomId = Buffer.from(
        decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!),
        "base64",
      ).toString();
      expect(await depositOf(cookie)).toBe(milliToRupeeString(10_000 - type.fee));

      await ops.goto(ADMIN);
      const state = ops.getByTestId("paid-rooms-state");
      await expect(state).toHaveText("On");
      await expect(ops.getByRole("region", { name: "Paid rooms" })).toContainText(
        "Promotion and Regulation of Online Gaming Act, 2025",
      );
      const live = ops
        .getByRole("list", { name: "Live games" })
        .getByTestId("admin-game")
        .filter({ hasText: roomId });
      await expect(live.getByTestId("game-status")).toHaveText("Waiting");

      // Off: first the confirm step (Cancel changes nothing), then the refund.
      await ops.getByRole("button", { name: "Turn Paid Rooms Off" }).click();
      const confirmOff = ops.getByRole("dialog", { name: "Turn paid rooms off?" });
      await expect(confirmOff).toContainText(
        "Players waiting in paid rooms will be refunded their entry fee",
      );
      await confirmOff.getByRole("button", { name: "Cancel" }).click();
      await expect(confirmOff).toHaveCount(0);
      await expect(state).toHaveText("On");
      await ops.getByRole("button", { name: "Turn Paid Rooms Off" }).click();
      await confirmOff.getByRole("button", { name: "Turn Off" }).click();
      await expect(toast(ops)).toContainText(
        /Paid rooms are off\. \d+ waiting players? (was|were) refunded\./,
      );
      const refunded = Number(/(\d+) waiting/.exec((await toast(ops).textContent()) ?? "")![1]);
      expect(refunded).toBeGreaterThanOrEqual(1);
      await expect(state).toHaveText("Off");
      await expect.poll(() => depositOf(cookie)).toBe("10.000");

      // The member's lobby: only the Practice Room, with the notice.
      await page.goto(LOBBY);
      await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
      await expect(page.getByText("Paid rooms are closed. The Practice Room is open.")).toBeVisible();
      await expect(page.getByTestId("lobby-room")).toHaveCount(1);
      await expect(page.getByTestId("lobby-room")).toContainText("Practice Room");

      // The refunded game, with its fee and refund lines.
      const ended = ops
        .getByRole("list", { name: "Recent games" })
        .getByTestId("admin-game")
        .filter({ hasText: roomId });
      await expect(ended.getByTestId("game-status")).toHaveText("Cancelled");
      await expect(ended.getByTestId("game-end-reason")).toHaveText("Paid rooms switched off");
      const lines = ended.getByTestId("settlement-line");
      await expect(lines).toHaveCount(4);
      await expect(
        lines.filter({ hasText: "game_refund" }).filter({ hasText: member.userName }),
      ).toContainText(`₹${milliToRupeeString(type.fee)}`);
      await expect(lines.filter({ hasText: "game_fee" }).filter({ hasText: member.userName })).toContainText(
        `-₹${milliToRupeeString(type.fee)}`,
      );

      // On again, after its own confirm step.
      await ops.getByRole("button", { name: "Turn Paid Rooms On" }).click();
      const confirmOn = ops.getByRole("dialog", { name: "Turn paid rooms on?" });
      await expect(confirmOn).toBeVisible();
      await confirmOn.getByRole("button", { name: "Turn On" }).click();
      await expect(toast(ops)).toContainText("Paid rooms are on.");
      await expect(state).toHaveText("On");
      await page.goto(LOBBY);
      await expect(page.getByTestId("lobby-room").filter({ hasText: type.name })).toHaveCount(1);

      // Both switches are in the audit log, newest first.
      await ops.goto("/admin/audit");
      const audits = ops.getByTestId("audit-entry").filter({ hasText: "games.paid_rooms" });
      await expect(audits.first()).toContainText('"on": true');
      await expect(audits.nth(1)).toContainText('"on": false');
    } finally {
      await paidRoomsOn(operator);
      await closePaidType(operator, type);
      await ops.context().close();
    }
  });

  test("a live game and a finished one with their settlement lines", async ({
    browser,
    operator,
    newMember,
    giveBalance,
  }) => {
    const type = await createPaidType(operator, "E2E Live", 1000);
    const a = await depositMember(newMember, giveBalance, 10);
    const b = await depositMember(newMember, giveBalance, 10);
    const sockets: Socket[] = [];
    const ops = await operatorPage(browser, true);
    try {
      const sa = await memberSocket(E2E_ORIGIN, a.apiCookie, sockets);
      const sb = await memberSocket(E2E_ORIGIN, b.apiCookie, sockets);
      const joined = await ask(sa, "join_req_for_ticTacToe", { type: milliToRupeeString(type.fee) });
      expect(joined).toMatchObject({ success: true });
      const roomId = joined.msg.userRoom_id as string;

      await ops.goto(ADMIN);
      const liveGame = ops
        .getByRole("list", { name: "Live games" })
        .getByTestId("admin-game")
        .filter({ hasText: roomId });
      await expect(liveGame.getByTestId("game-status")).toHaveText("Waiting");
      await expect(liveGame).toContainText(type.name);
      await expect(liveGame.getByTestId("game-player")).toHaveCount(1);
      await expect(liveGame.getByTestId("game-player")).toContainText(a.userName);
      await expect(liveGame.getByTestId("settlement-line")).toHaveCount(2);

      // The opponent arrives: Refresh shows the game in play.
      expect(await ask(sb, "join_req_for_ticTacToe", { type: milliToRupeeString(type.fee) })).toMatchObject({
        success: true,
        msg: { userRoom_id: roomId },
      });
      await ops.getByRole("link", { name: "Refresh" }).click();
      await expect(liveGame.getByTestId("game-status")).toHaveText("Playing");
      await expect(liveGame.getByTestId("game-player")).toHaveCount(2);
      await expect(liveGame.getByTestId("game-player").filter({ hasText: b.userName })).toContainText("O");
      await expect(liveGame.getByTestId("settlement-line").filter({ hasText: "game_fee" })).toHaveCount(4);

      // X (the first to join) wins along the top row.
      const moves: [Socket, number, number][] = [
        [sa, 0, 0],
        [sb, 1, 0],
        [sa, 0, 1],
        [sb, 1, 1],
        [sa, 0, 2],
      ];
      for (const [s, row, col] of moves)
        expect(await ask(s, "tic_tac_toe_make_move", { decodedRoomId: roomId, row, col })).toMatchObject({
          success: true,
        });

      await ops.getByRole("link", { name: "Refresh" }).click();
      await expect(liveGame).toHaveCount(0);
      const done = ops
        .getByRole("list", { name: "Recent games" })
        .getByTestId("admin-game")
        .filter({ hasText: roomId });
      await expect(done.getByTestId("game-status")).toHaveText("Finished");
      await expect(done.getByTestId("game-winner")).toHaveText(`${a.userName} (X)`);
      await expect(done.getByTestId("game-end-reason")).toHaveText("Three in a line");
      const lines = done.getByTestId("settlement-line");
      await expect(lines).toHaveCount(8);
      const feeMilli = type.fee;
      const prizeMilli = type.prize;
      await expect(
        lines.filter({ hasText: "bettingGames" }).filter({ hasText: `${a.userName} · withdrawable` }),
      ).toContainText(`₹${milliToRupeeString(type.prize)}`);
      await expect(
        lines.filter({ hasText: "game_revenue" }).filter({ hasText: "platform:revenue" }),
      ).toContainText(`₹${milliToRupeeString(2 * feeMilli - prizeMilli)}`);
      await expect(
        lines.filter({ hasText: "game_fee" }).filter({ hasText: `${b.userName} · deposit` }),
      ).toContainText(`-₹${milliToRupeeString(type.fee)}`);
    } finally {
      for (const s of sockets) s.disconnect();
      await closePaidType(operator, type);
      await ops.context().close();
    }
  });

  test("without JavaScript, on a phone, the switch's confirm step is the server's page", async ({
    browser,
    operator,
  }) => {
    const ctx = await browser.newContext({
      baseURL: E2E_ORIGIN,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 640 },
      locale: "en-IN",
      timezoneId: "Asia/Kolkata",
    });
    const ops = await ctx.newPage();
    await loginOperatorPage(ops);
    try {
      await ops.goto(ADMIN);
      await expect(ops.getByRole("heading", { level: 1, name: "Games" })).toBeVisible();
      // Nothing wider than the phone: wide tables scroll inside their own box.
      expect(await ops.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const state = ops.getByTestId("paid-rooms-state");
      await expect(state).toHaveText("On");

      await ops.getByRole("button", { name: "Turn Paid Rooms Off" }).click();
      const confirmOff = ops.getByRole("dialog", { name: "Turn paid rooms off?" });
      await expect(confirmOff).toContainText("will be refunded");
      await confirmOff.getByRole("button", { name: "Cancel" }).click();
      await expect(confirmOff).toHaveCount(0);
      await expect(state).toHaveText("On");

      await ops.getByRole("button", { name: "Turn Paid Rooms Off" }).click();
      await confirmOff.getByRole("button", { name: "Turn Off" }).click();
      await expect(toast(ops)).toContainText("Paid rooms are off.");
      await expect(state).toHaveText("Off");
      await ops.getByRole("button", { name: "Turn Paid Rooms On" }).click();
      await ops
        .getByRole("dialog", { name: "Turn paid rooms on?" })
        .getByRole("button", { name: "Turn On" })
        .click();
      await expect(toast(ops)).toContainText("Paid rooms are on.");
      await expect(state).toHaveText("On");
    } finally {
      await paidRoomsOn(operator);
      await ctx.close();
    }
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

  // It opens its own contexts without scripts, so it runs on the js project only, like every game
  // test here (the no-js project would run it at the same time as the js one).
  test("two members join through the confirm step and play a paid room to a win", async ({
    browser,
    newMember,
    loginAs,
    operator,
    giveBalance,
  }) => {
    test.setTimeout(testBudget(3));

    // A type of the test's own, its fee near ₹1 (each member has ₹2 of deposit).
    const { id: typeId, name, fee, prize } = await createPaidType(operator, "No Script Room", 1001);

    const contexts = [];
    try {
      /** A member's page without scripts, logged in, with ₹2 of deposit balance. */
      const player = async () => {
        const m = await depositMember(newMember, giveBalance, 2);
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
      // A page from the server is painted at once: no fade-in to flicker on every 2 s reload.
      expect(await x.locator("main").evaluate((m) => getComputedStyle(m).animationName)).toBe("none");
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
      await closePaidType(operator, { id: typeId });
    }
  });
});

/**
 * Real play in paid rooms (spec 2 §4, §7, §8; docs/api/games.md): each test makes its own room
 * type with an entry fee no other test uses, so only its own members meet, funds them through a
 * gift code and the converter (fees come from the deposit balance), and closes the type at the
 * end. The room's finish effects are read from `<html>`: `data-game-finish`, `data-confetti`
 * (set once the confetti was fired) and `data-last-sound` (set by the site's sound helper).
 */
test.describe("Tic-tac-toe: real play", () => {
  const LOBBY = "/member/betting-games/tic-tac-toe";
  const HUB = "/member/betting-games";

  /** The member's page in a context of its own, the clock under the test's control. */
  async function playerPage(
    browser: Browser,
    member: Member,
    options: BrowserContextOptions = {},
  ): Promise<Page> {
    const page = await (await browser.newContext(options)).newPage();
    await page.clock.install();
    await loginPage(page, member);
    return page;
  }

  /** Lobby → Join → Confirm → the room, live. */
  async function joinPaid(page: Page, type: PaidType, tap = false) {
    await page.goto(LOBBY);
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    const join = page.getByRole("button", { name: `Join ${type.name}`, exact: true });
    const confirm = page.getByRole("dialog", { name: `Join ${type.name}?` }).getByRole("button", {
      name: "Confirm",
    });
    if (tap) {
      await join.tap();
      await confirm.tap();
    } else {
      await join.click();
      await confirm.click();
    }
    await expect(page).toHaveURL(/\/tic-tac-toe\/play\/[^/?]+\?type=/);
    await expect(page.getByTestId("ttt-room")).toHaveAttribute("data-live", "on");
  }

  /** Two members in a game of `type`: the first waits, the second starts it; X is whoever moves. */
  async function startGame(a: Page, b: Page, type: PaidType, tap = false) {
    await joinPaid(a, type, tap);
    await expect(a.getByTestId("room-status")).toHaveText("Waiting For Opponent");
    await joinPaid(b, type, tap);
    for (const p of [a, b])
      await expect(p.getByTestId("room-status")).toHaveText(/Your Turn|Opponent's Turn/);
    const x = (await a.getByTestId("room-status").innerText()) === "Your Turn" ? a : b;
    const o = x === a ? b : a;
    await expect(o.getByTestId("room-status")).toHaveText("Opponent's Turn");
    return { x, o };
  }

  function cell(page: Page, row: number, col: number) {
    return page.getByRole("button", { name: `Row ${row}, column ${col}`, exact: true });
  }

  /**
   * Plays X and O in turn (1-based cells), each move seen on both boards. When the moves end the
   * game (`ends`), the page that makes the last move has its clock paused just before it, so the 5 s back to the lobby start on a clock
   * only the test moves (expectBackAfterFiveSeconds), however long the checks in between take.
   */
  async function play(
    x: Page,
    o: Page,
    moves: [number, number][],
    { tap = false, ends = true }: { tap?: boolean; ends?: boolean } = {},
  ) {
    for (const [i, [r, c]] of moves.entries()) {
      const [who, other, symbol] = i % 2 === 0 ? [x, o, "X"] : [o, x, "O"];
      await expect(who.getByTestId("room-status")).toHaveText("Your Turn");
      if (ends && i === moves.length - 1)
        await who.clock.pauseAt((await who.evaluate(() => Date.now())) + 2_000);
      if (tap) await cell(who, r, c).tap();
      else await cell(who, r, c).click();
      await expect(cell(who, r, c)).toHaveText(symbol);
      await expect(cell(other, r, c)).toHaveText(symbol);
    }
  }

  const html = (page: Page) => page.locator("html");

  /**
   * Spec 2 §4: 5 s after the end the member is back where they came from, the lobby. The page
   * that made the last move (its clock paused since: `play`) is moved on (not before 5 s, then at
   * once); the other's simply runs.
   */
  async function expectBackAfterFiveSeconds(page: Page) {
    await page.clock.fastForward(3_000);
    await expect(page).toHaveURL(/\/play\//);
    await page.clock.fastForward(2_500);
    await page.clock.resume();
    await expectBackInLobby(page);
  }

  async function expectBackInLobby(page: Page) {
    await expect(page).toHaveURL(new RegExp(`${LOBBY}$`), { timeout: 8_000 });
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
  }

  async function expectHub(page: Page, f: { deposit: number; betting: number; win: number }) {
    await page.goto(HUB);
    const profit = f.win - f.betting;
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText(formatRupees(f.deposit));
    await expect(page.getByRole("group", { name: "Today's Betting" })).toContainText(formatRupees(f.betting));
    await expect(page.getByRole("group", { name: "Win Amount" })).toContainText(formatRupees(f.win));
    await expect(page.getByRole("group", { name: profit < 0 ? "Loss" : "Profit" })).toContainText(
      formatRupees(profit),
    );
  }

  test("a paid room played to a win: the result, confetti and sounds, then the balances", async ({
    browser,
    operator,
    newMember,
    giveBalance,
  }) => {
    test.setTimeout(testBudget(3));
    const type = await createPaidType(operator, "Play", 30_000);
    try {
      const funds = 100;
      const [ma, mb] = await Promise.all([
        depositMember(newMember, giveBalance, funds),
        depositMember(newMember, giveBalance, funds),
      ]);
      const a = await playerPage(browser, ma);
      const b = await playerPage(browser, mb);
      const { x, o } = await startGame(a, b, type);
      await expect(html(x)).not.toHaveAttribute("data-game-finish");

      await play(x, o, [
        [1, 1],
        [2, 1],
        [1, 2],
        [2, 2],
        [1, 3],
      ]);
      await expect(x.getByTestId("room-status")).toHaveText("You Won!");
      await expect(o.getByTestId("room-status")).toHaveText("You Lost!");
      await expect(html(x)).toHaveAttribute("data-game-finish", "won");
      await expect(html(x)).toHaveAttribute("data-confetti", "shown");
      await expect(html(x)).toHaveAttribute("data-last-sound", "game-won");
      await expect(html(o)).toHaveAttribute("data-game-finish", "lost");
      await expect(html(o)).toHaveAttribute("data-last-sound", "game-lost");
      await expect(html(o)).not.toHaveAttribute("data-confetti");
      // The board takes no more moves.
      await expect(cell(o, 3, 3)).toBeDisabled();

      await expectBackAfterFiveSeconds(x);
      await expectBackInLobby(o);
      // In the lobby: the fee went from the deposit, the prize to the winner's withdrawable balance.
      await expect(x.getByRole("group", { name: "Deposit Balance" })).toContainText(
        formatRupees(funds * 1000 - type.fee),
      );
      await expect(x.getByRole("group", { name: "Available Balance" })).toContainText(
        formatRupees(type.prize),
      );
      await expect(o.getByRole("group", { name: "Available Balance" })).toContainText("₹0.000");

      await expectHub(x, { deposit: funds * 1000 - type.fee, betting: type.fee, win: type.prize });
      await expectHub(o, { deposit: funds * 1000 - type.fee, betting: type.fee, win: 0 });
      // The prize is an earning of the month: the dashboard's Betting Games tile.
      await x.goto("/member/dashboard");
      const tile = x.locator(`a[href="${HUB}"]`).filter({ hasText: "Betting Games" });
      await expect(tile.getByTestId("tile-income")).toHaveText(formatRupees(type.prize));
      await x.context().close();
      await o.context().close();
    } finally {
      await closePaidType(operator, type);
    }
  });

  test("a search cancelled: the countdown, Cancel, the refund toast and the deposit back", async ({
    browser,
    operator,
    newMember,
    giveBalance,
  }) => {
    const type = await createPaidType(operator, "Play", 30_000);
    try {
      const funds = 100;
      const page = await playerPage(browser, await depositMember(newMember, giveBalance, funds));
      await joinPaid(page, type);
      await expect(page.getByTestId("room-status")).toHaveText("Waiting For Opponent");
      // The opponent wait counts down from 120 s.
      const timer = page.getByTestId("room-timer");
      await expect(timer).toHaveText(/^\d+s$/);
      const first = parseInt(await timer.innerText(), 10);
      expect(first).toBeGreaterThan(100);
      expect(first).toBeLessThanOrEqual(120);
      await page.clock.fastForward(3_000);
      await expect.poll(async () => parseInt(await timer.innerText(), 10)).toBeLessThan(first);
      // The board waits too.
      await expect(cell(page, 2, 2)).toBeDisabled();

      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(toast(page)).toContainText("Opponent search canceled. Entry fee refunded.");
      await expect(page).toHaveURL(new RegExp(`${LOBBY}$`));
      await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText(
        formatRupees(funds * 1000),
      );
      // Nothing is left joined: the room type offers Join again, not Resume.
      await expect(page.getByRole("button", { name: `Join ${type.name}`, exact: true })).toBeVisible();
      await expectHub(page, { deposit: funds * 1000, betting: 0, win: 0 });
      await page.context().close();
    } finally {
      await closePaidType(operator, type);
    }
  });

  test("a paid room played to a draw: the draw on both, its sound, both fees refunded", async ({
    browser,
    operator,
    newMember,
    giveBalance,
  }) => {
    test.setTimeout(testBudget(3));
    const type = await createPaidType(operator, "Play", 30_000);
    try {
      const funds = 100;
      const [ma, mb] = await Promise.all([
        depositMember(newMember, giveBalance, funds),
        depositMember(newMember, giveBalance, funds),
      ]);
      const { x, o } = await startGame(await playerPage(browser, ma), await playerPage(browser, mb), type);
      // X O X / X O O / O X X: the board fills with no line.
      await play(x, o, [
        [1, 1],
        [1, 2],
        [1, 3],
        [2, 2],
        [2, 1],
        [3, 1],
        [3, 2],
        [2, 3],
        [3, 3],
      ]);
      for (const p of [x, o]) {
        await expect(p.getByTestId("room-status")).toHaveText("It's a Draw!");
        await expect(html(p)).toHaveAttribute("data-game-finish", "draw");
        await expect(html(p)).toHaveAttribute("data-last-sound", "game-draw");
        await expect(html(p)).not.toHaveAttribute("data-confetti");
      }
      await expectBackAfterFiveSeconds(x);
      for (const p of [x, o]) {
        await expectBackInLobby(p);
        await expect(p.getByRole("group", { name: "Deposit Balance" })).toContainText(
          formatRupees(funds * 1000),
        );
        await expectHub(p, { deposit: funds * 1000, betting: 0, win: 0 });
        await p.context().close();
      }
    } finally {
      await closePaidType(operator, type);
    }
  });

  test("a game on a phone: played with taps, nothing wider than the screen, cells of 44 px at least", async ({
    browser,
    operator,
    newMember,
    giveBalance,
  }) => {
    test.setTimeout(testBudget(3));
    const type = await createPaidType(operator, "Play", 30_000);
    try {
      const phone: BrowserContextOptions = {
        viewport: { width: 360, height: 640 },
        screen: { width: 360, height: 640 },
        isMobile: true,
        hasTouch: true,
      };
      const [ma, mb] = await Promise.all([
        depositMember(newMember, giveBalance, 100),
        depositMember(newMember, giveBalance, 100),
      ]);
      const a = await playerPage(browser, ma, phone);
      const b = await playerPage(browser, mb, phone);
      const { x, o } = await startGame(a, b, type, true);
      for (const p of [x, o]) {
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        for (let r = 1; r <= 3; r++)
          for (let c = 1; c <= 3; c++) {
            const box = await cell(p, r, c).boundingBox();
            expect(box!.width).toBeGreaterThanOrEqual(44);
            expect(box!.height).toBeGreaterThanOrEqual(44);
          }
      }
      // O wins down the middle column.
      await play(
        x,
        o,
        [
          [1, 1],
          [1, 2],
          [3, 3],
          [2, 2],
          [2, 1],
          [3, 2],
        ],
        { tap: true },
      );
      await expect(o.getByTestId("room-status")).toHaveText("You Won!");
      await expect(x.getByTestId("room-status")).toHaveText("You Lost!");
      await expect(html(o)).toHaveAttribute("data-confetti", "shown");
      for (const p of [x, o])
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectBackAfterFiveSeconds(o);
      await a.context().close();
      await b.context().close();
    } finally {
      await closePaidType(operator, type);
    }
  });

  /**
   * Spec 2 §4, §7: offline, the room says 'Reconnecting...'; back online it rejoins and play goes
   * on; the room tries 20 times, 2 s apart, then says 'Reconnection failed. Please try again
   * later.' (well before the 120 s notice). Going offline leaves an open WebSocket as it is, so
   * the member's clock is moved past the socket's ping timeout (25 + 20 s) to lose it.
   */
  /**
   * How often the reconnection polls move the clock: an offline attempt fails within a few
   * milliseconds, so a quarter second lets each one end before the next move (Playwright's default
   * steps reach a second, which made this test 25 s of waiting).
   */
  const RETRY_POLL = [250];

  test("the room loses its connection: Reconnecting..., the rejoin, and the end of the retries", async ({
    browser,
    operator,
    newMember,
    giveBalance,
  }) => {
    test.setTimeout(testBudget(3));
    const type = await createPaidType(operator, "Play", 30_000);
    try {
      const [ma, mb] = await Promise.all([
        depositMember(newMember, giveBalance, 100),
        depositMember(newMember, giveBalance, 100),
      ]);
      const { x, o } = await startGame(await playerPage(browser, ma), await playerPage(browser, mb), type);
      const notice = x.locator("p[role=alert]");
      const xPanel = o.getByRole("group", { name: "Player X" });
      const losePingTimeout = () => x.clock.fastForward(46_000);

      await x.context().setOffline(true);
      await losePingTimeout();
      await expect(notice).toHaveText("Reconnecting...");
      await expect(toast(x)).toContainText("WebSocket connection failed. Please try again.");
      // The opponent sees X disconnected, with the time left to come back.
      await expect(xPanel.getByLabel("Disconnected")).toBeVisible();
      await expect(xPanel).toContainText(/Reconnect in \d+s/);

      // Online again: the next attempt connects and the room is joined again.
      await x.context().setOffline(false);
      await expect
        .poll(
          async () => {
            await x.clock.fastForward(2_000);
            return notice.count();
          },
          { intervals: RETRY_POLL },
        )
        .toBe(0);
      await expect(xPanel.getByLabel("Connected")).toBeVisible();
      await play(x, o, [[1, 1]], { ends: false });

      // Offline for good: 20 attempts 2 s apart, then the room gives up.
      await x.context().setOffline(true);
      await losePingTimeout();
      await expect(notice).toHaveText("Reconnecting...");
      let waitedMs = 0;
      await expect
        .poll(
          async () => {
            await x.clock.fastForward(2_000);
            waitedMs += 2_000;
            return notice.innerText();
          },
          { timeout: 40_000, intervals: RETRY_POLL },
        )
        .toBe("Reconnection failed. Please try again later.");
      // Each attempt waits for the one before to fail: 20 of them need 19 moves of the clock at least.
      expect(waitedMs).toBeGreaterThanOrEqual(19 * 2_000);
      expect(waitedMs).toBeLessThan(100_000);
      // It has stopped trying: back online, nothing connects.
      await x.context().setOffline(false);
      await x.clock.fastForward(10_000);
      await expect(notice).toHaveText("Reconnection failed. Please try again later.");
      await expect(xPanel.getByLabel("Disconnected")).toBeVisible();
      await x.context().close();
      await o.context().close();
    } finally {
      await closePaidType(operator, type);
    }
  });
});
