import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import {
  E2E_ORIGIN,
  api,
  apiLogin,
  expect,
  jsEnabled,
  test,
  toast,
  waitForHydration,
  type Member,
} from "./fixtures";

/**
 * The member's small faults of issue 45 §2: the referral page's WhatsApp share and its rule, dialogs
 * whose backdrop covers the whole screen, toasts beside (not over) the header's balance, the daily
 * table at 360 px, the floating Install App button, and the password Show toggle without scripts.
 */

const DEMO = { email: "demo@example.com", password: "demo-password-123" };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

/** The referral rate the member's own API reports (the owner's setting), as the page writes it. */
async function referralPercent(member: Member): Promise<string> {
  const cookie = await apiLogin(member.email, member.password);
  const res = await fetch(`${E2E_ORIGIN}/userRoute/userReferral_record_get?page=1`, { headers: { cookie } });
  const body = (await res.json()) as { msg?: { other_data_referralRate?: { referralRate?: string } } };
  const rate = body.msg?.other_data_referralRate?.referralRate;
  if (!rate) throw new Error(`no referral rate: ${JSON.stringify(body)}`);
  return String(Math.round(Number(rate) * 10000) / 100);
}

/** What reaches a click at (x, y): true when it is the member header or inside it. */
function headerAt(page: Page, x: number, y: number): Promise<boolean> {
  return page.evaluate(([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest("header")), [x, y]);
}

test.describe("Refer & Earn", () => {
  test("a WhatsApp link shares the referral link in the member's words, and the page says what a referral earns @no-js", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const member = await newMember();
    await loginAs(page, member);
    await page.goto("/member/refer-and-earn");
    const link = `${E2E_ORIGIN}/signup/ref/${member.userName}`;
    const share = page.getByRole("link", { name: "Share on WhatsApp" });
    await expect(share).toHaveAttribute("target", "_blank");
    await expect(share).toHaveAttribute("rel", /noopener/);
    const href = new URL((await share.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://wa.me/");
    expect(href.searchParams.get("text")).toBe(`Join me on Rupee Rewards and earn rewards: ${link}`);
    // The rule comes from the owner's rate, never a number written in the page.
    const percent = await referralPercent(member);
    await expect(page.getByTestId("referral-rule")).toHaveText(
      `You earn ${percent}% of what the people you invite earn from ads, short links, task walls and game winnings, for as long as they earn. Gift codes, sign-up bonuses and referral income do not count.`,
    );
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);

    // In Hindi, the message is Hindi (the link itself unchanged).
    await page.context().addCookies([{ name: "lang", value: "hi", domain: "localhost", path: "/" }]);
    await page.goto("/member/refer-and-earn");
    const hindi = new URL((await page.getByTestId("whatsapp-share").getAttribute("href"))!);
    expect(hindi.searchParams.get("text")).toBe(`Rupee Rewards पर मेरे साथ जुड़ें और इनाम कमाएँ: ${link}`);
    await expect(page.getByTestId("whatsapp-share")).toHaveText("WhatsApp पर शेयर करें");
    await expect(page.getByTestId("referral-rule")).toContainText(`${percent}%`);
  });
});

test.describe("Dialogs and toasts", () => {
  test("a confirm dialog's backdrop covers the whole screen, the header included @phone", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await loginAs(page, await newMember());
    // A ConfirmDialog inside a page's spaced column (the lobby's Join).
    await page.goto("/member/betting-games/tic-tac-toe");
    await waitForHydration(page);
    await expect(page.getByTestId("ttt-lobby")).toHaveAttribute("data-live", "on");
    expect(await headerAt(page, 10, 10)).toBe(true);
    await page.getByRole("button", { name: "Join Practice Room" }).click();
    const join = page.getByRole("dialog", { name: "Join Practice Room?" });
    await expect(join).toBeVisible();
    expect(await headerAt(page, 10, 10)).toBe(false);
    const overlay = join.locator("..");
    expect((await boxOf(overlay)).y).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(join).toHaveCount(0);

    // LogOut's dialog: a click at the top corner lands on the backdrop, not on the header's Menu.
    await page.goto("/member/dashboard");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
    const logout = page.getByRole("dialog", { name: "Are you sure you want to log out?" });
    await expect(logout).toBeVisible();
    expect(await headerAt(page, 10, 10)).toBe(false);
    await page.mouse.click(10, 10);
    await expect(logout).toBeVisible();
    expect(
      await page.evaluate(() => document.elementFromPoint(10, 10)?.getAttribute("data-testid") ?? null),
    ).toBe("logout-dialog");
  });

  test("a toast never covers the header's balance @phone", async ({ page, newMember, loginAs }) => {
    await loginAs(page, await newMember());
    await page.goto("/member/dashboard");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
    await page.getByRole("button", { name: "Cancel" }).click();
    // Cancelling says so in a toast (the dialog's own words).
    await expect(toast(page)).toBeVisible();
    const balance = await boxOf(page.getByTestId("available-balance"));
    expect(overlaps(await boxOf(toast(page)), balance)).toBe(false);
    expect((await boxOf(toast(page))).y).toBeGreaterThanOrEqual(balance.y + balance.height);
  });
});

test.describe("Phone layout", () => {
  test("the dashboard's daily table fits 360 px: it scrolls down only @phone-only", async ({
    page,
    loginAs,
  }) => {
    await loginAs(page, DEMO);
    await page.goto("/member/dashboard");
    const table = page.getByTestId("daily-earnings");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const widths = await table.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      table: el.querySelector("table")!.scrollWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.table).toBeLessThanOrEqual(360);
    expect(widths.page).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the floating Install App button never covers the page's end when scrolled @no-js @phone", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto("/");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    const button = page.getByTestId("install-prompt");
    await expect(button).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (jsEnabled(testInfo)) {
      // With scripts it steps aside once the page is scrolled, and comes back at the top.
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(button).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      return;
    }
    // Without scripts it stays, over the strip left for it below the footer: no text under it.
    const box = await boxOf(button);
    const texts = await page.locator("footer a, footer p, footer li, footer button, footer h2").all();
    for (const text of texts) {
      const b = await text.boundingBox();
      if (b) expect(overlaps(box, b), (await text.textContent()) ?? "").toBe(false);
    }
  });
});

test.describe("Support threads", () => {
  test("each thread's reply form has its own name; the member's page and the operator's thread pass axe @phone", async ({
    page,
    browser,
    newMember,
    loginAs,
    operator,
  }) => {
    const member = await newMember();
    const cookie = await apiLogin(member.email, member.password);
    for (const subject of ["First question", "Second question"]) {
      const sent = await sendMessage("/userMessageRoute/userMessageSave_post", cookie, member, subject);
      expect(sent).toBe(200);
    }
    const mine = await fetch(`${E2E_ORIGIN}/userMessageRoute/my-messages?page=1`, { headers: { cookie } });
    const records = ((await mine.json()) as { msg: { records: { id: number; subject: string }[] } }).msg
      .records;
    const first = records.find((r) => r.subject === "First question")!;
    const replied = await operator.request(`/adminRoute/messages/${first.id}/reply`, {
      json: { body: "We are looking into it." },
    });
    expect(replied.status).toBe(200);

    await loginAs(page, member);
    await page.goto("/member/support");
    await waitForHydration(page);
    await expect(page.getByRole("form", { name: /^Reply to “First question” of / })).toHaveCount(1);
    await expect(page.getByRole("form", { name: /^Reply to “Second question” of / })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    const ops = await browser.newPage({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
    await ops
      .context()
      .addCookies([
        { name: "sid", value: operator.cookie.slice("sid=".length), domain: "localhost", path: "/" },
      ]);
    await ops.goto(`/admin/messages/${first.id}`);
    await expect(ops.getByTestId("thread-reply")).toContainText("We are looking into it.");
    expect(await axeViolations(ops)).toEqual([]);
    await ops.close();
  });
});

/** Sends the contact form's message as the signed-in member (the support page's form). */
async function sendMessage(path: string, cookie: string, member: Member, subject: string): Promise<number> {
  const res = await api.request(path, {
    obj: {
      name: member.name,
      email_address: member.email,
      mobile_number: member.mobile,
      subject,
      message: `About ${subject.toLowerCase()}.`,
      consent: true,
    },
    cookie,
  });
  return res.status;
}

test.describe("Password fields", () => {
  test("the password Show toggle is there only when it works @no-js", async ({ page }, testInfo) => {
    await page.goto("/login");
    const password = page.getByRole("form", { name: "Login" }).getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    const show = page.getByRole("button", { name: "Show password" });
    if (!jsEnabled(testInfo)) {
      await expect(show).toHaveCount(0);
      return;
    }
    await waitForHydration(page);
    await password.fill("secret-words");
    await show.click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    expect(await axeViolations(page)).toEqual([]);
  });
});
