import type { Page } from "@playwright/test";
import type { Deps } from "../../api/deps";
import { imageChallengeToken } from "../../api/accounts/humanCheck";
import { IMAGE_TOKEN_COOKIE } from "../../shared/humanCheck";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import {
  expect,
  freshDetails,
  loginForm,
  signUpFields,
  submitLoginForm,
  submitSignUpForm,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

/**
 * The human check as members meet it, on a site of its own with it switched on (HUMAN_CHECK=altcha,
 * tests/e2e/servers.ts):
 * with scripts, the ALTCHA widget solves its proof of work in the browser; without them, the
 * server-rendered picture challenge stands in.
 */

const REQUIRED = "Please verify that you are a human!";

/** The human-check site's origin (the worker's `humanCheckSite`, started on first use). */
let HC = "";
test.beforeEach(({ humanCheckSite }) => {
  HC = humanCheckSite;
});
const LOADED_AT_KEY = "humanCheck.widgetLoadedAt";
const HOUR = 60 * 60 * 1000;

/** Resolves once the widget has put its answer into the page's form. */
async function humanCheckAnswered(page: Page) {
  await page.waitForFunction(
    () => [...document.forms].some((f) => Boolean(new FormData(f).get("altcha"))),
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Nobody can read the picture here, so the test answers a challenge whose word it chose: it
 * signs a token for that word with the server's secret (as the server does) and puts it in the
 * picture's cookie, in place of the one the picture set. Everything else is the real form and server.
 */
function pictureToken(word: string): string {
  return imageChallengeToken({ config: { sessionSecret: E2E_SESSION_SECRET } } as Deps, word);
}

async function answerPictureWith(page: Page, token: string) {
  // After the page's picture has loaded (the load event waits for images), or it would set its own token over ours.
  await page.waitForLoadState("load");
  await page.context().addCookies([{ name: IMAGE_TOKEN_COOKIE, value: token, url: HC }]);
}

test.describe("Human check with JavaScript: the ALTCHA widget", () => {
  test("replaces the picture, solves its proof of work, and lets a new member sign up and log in", async ({
    page,
  }) => {
    const me = freshDetails();
    await page.goto(`${HC}/signup`);
    await waitForHydration(page);
    await expect(page.locator("altcha-widget")).toBeAttached();
    await expect(page.getByRole("img", { name: "Picture of characters to type" })).toHaveCount(0);

    // Focusing the form starts the check; the answer is in place before the member is done typing.
    await signUpFields(page).name.focus();
    await humanCheckAnswered(page);
    await submitSignUpForm(page, me);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("user registered successfully!");

    await waitForHydration(page);
    await loginForm(page).getByLabel("Email or Username", { exact: true }).focus();
    await humanCheckAnswered(page);
    await submitLoginForm(page, me.email, me.password);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await expect(toast(page)).toContainText("Login Success!");
  });

  test.describe("in Hindi", () => {
    test.use({ locale: "hi-IN" });
    test("the widget speaks Hindi on a Hindi page, and English stays English", async ({ page }) => {
      await page.goto(`${HC}/login`);
      await waitForHydration(page);
      await expect(page.locator("altcha-widget")).toBeAttached();
      await expect(page.locator("altcha-widget")).toContainText("मैं रोबोट नहीं हूँ");
      await page.goto(`${HC}/language?set=en&back=/login`);
      await waitForHydration(page);
      await expect(page.locator("altcha-widget")).toContainText("I'm not a robot");
    });
  });

  test(`a form sent before the check has answered says '${REQUIRED}' and stays`, async ({ page }) => {
    // The challenge never arrives, so the widget cannot answer.
    await page.route("**/humanCheck/altcha-challenge", (route) => route.abort());
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/login")) posted = true;
    });
    await page.goto(`${HC}/login`);
    await waitForHydration(page);
    await expect(page.locator("altcha-widget")).toBeAttached();
    await submitLoginForm(page, "someone@example.com", "some-password-123");
    await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(posted).toBe(false);
  });

  test(`a form sent while the check is still working says '${REQUIRED}', then goes once it has answered`, async ({
    page,
  }) => {
    // The challenge is held back until the member has pressed Log In (a slow network).
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route("**/humanCheck/altcha-challenge", async (route) => {
      await released;
      await route.continue();
    });
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/login")) posts++;
    });
    await page.goto(`${HC}/login`);
    await waitForHydration(page);
    await expect(page.locator("altcha-widget")).toBeAttached();
    await submitLoginForm(page, "someone@example.com", "some-password-123");
    await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
    expect(posts).toBe(0);
    // The challenge arrives, the widget answers, and the same press is sent: no second one.
    release();
    await expect.poll(() => posts, { timeout: 15_000 }).toBe(1);
    await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toHaveCount(0);
  });

  test("the widget script is reused for 12 hours, then fetched anew", async ({ browser }) => {
    async function widgetVersion(
      storedAgoMs: number,
    ): Promise<{ stored: number; fetched: number; kept: number }> {
      const context = await browser.newContext();
      const stored = Date.now() - storedAgoMs;
      await context.addInitScript(
        ([key, value]) => {
          if (!sessionStorage.getItem("seeded")) {
            localStorage.setItem(key, value);
            sessionStorage.setItem("seeded", "1");
          }
        },
        [LOADED_AT_KEY, String(stored)] as const,
      );
      const page = await context.newPage();
      const script = page.waitForRequest((r) => /\/assets\/altcha[^/]*\.js\?v=\d+$/.test(r.url()));
      await page.goto(`${HC}/login`);
      const fetched = Number(new URL((await script).url()).searchParams.get("v"));
      const kept = Number(await page.evaluate((key) => localStorage.getItem(key), LOADED_AT_KEY));
      await context.close();
      return { stored, fetched, kept };
    }

    // Loaded an hour ago: the same script (same URL, from the browser's cache).
    const recent = await widgetVersion(1 * HOUR);
    expect(recent.fetched).toBe(recent.stored);
    expect(recent.kept).toBe(recent.stored);

    // Loaded more than 12 hours (43,200,000 ms) ago: a fresh copy, and the new time is remembered.
    const stale = await widgetVersion(12 * HOUR + 60_000);
    expect(stale.fetched).toBeGreaterThan(stale.stored + 12 * HOUR);
    expect(stale.kept).toBe(stale.fetched);
  });
});

// What members without scripts get: only the no-js project runs these.
test.describe("Human check without JavaScript: the picture challenge", { tag: "@no-js-only" }, () => {
  test(`a wrong answer is refused with '${REQUIRED}'; the right one signs up and logs in`, async ({
    page,
  }) => {
    const me = freshDetails();
    const image = page.waitForResponse((r) => new URL(r.url()).pathname === "/humanCheck/image.svg");
    await page.goto(`${HC}/signup`);
    const picture = page.getByRole("img", { name: "Picture of characters to type" });
    await expect(picture).toBeVisible();
    // The picture really loaded (an SVG of the characters), and set its token.
    const imageResponse = await image;
    expect(imageResponse.status()).toBe(200);
    expect(await imageResponse.headerValue("content-type")).toMatch(/^image\/svg\+xml/);
    const cookies = await page.context().cookies(HC);
    expect(cookies.find((c) => c.name === IMAGE_TOKEN_COOKIE)?.httpOnly).toBe(true);
    const answer = page.getByLabel("Type the characters in the picture");

    await answer.fill("wrong");
    await submitSignUpForm(page, me);
    await expect(page.getByText(REQUIRED).first()).toBeAttached();
    await expect(page).toHaveURL(/\/signup$/);

    await answerPictureWith(page, pictureToken("pk7rs"));
    await answer.fill("pk7rs");
    await submitSignUpForm(page, me);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("user registered successfully!");

    await answerPictureWith(page, pictureToken("mn4tz"));
    await page.getByLabel("Type the characters in the picture").fill("mn4tz");
    await submitLoginForm(page, me.email, me.password);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await expect(toast(page)).toContainText("Login Success!");
  });

  test("a picture's answer works once: sending the same form again is refused", async ({ page }) => {
    const me = freshDetails();
    await page.goto(`${HC}/signup`);
    // One token for both sends.
    const token = pictureToken("wx3hk");
    await answerPictureWith(page, token);
    await page.getByLabel("Type the characters in the picture").fill("wx3hk");
    await submitSignUpForm(page, me);
    await expect(page).toHaveURL(/\/login$/);

    await page.goto(`${HC}/signup`);
    await answerPictureWith(page, token);
    await page.getByLabel("Type the characters in the picture").fill("wx3hk");
    await submitSignUpForm(page, { ...freshDetails(), name: "Second Try" });
    await expect(page.getByText(REQUIRED).first()).toBeAttached();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a site with no ads yet: View Ads says 'No ads available right now.' on every tab", async ({
    page,
  }) => {
    // This server seeds no demo content and no test creates ads on it.
    const me = freshDetails();
    await page.goto(`${HC}/signup`);
    await answerPictureWith(page, pictureToken("ad5no"));
    await page.getByLabel("Type the characters in the picture").fill("ad5no");
    await submitSignUpForm(page, me);
    await expect(page).toHaveURL(/\/login$/);
    await answerPictureWith(page, pictureToken("ad6no"));
    await page.getByLabel("Type the characters in the picture").fill("ad6no");
    await submitLoginForm(page, me.email, me.password);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    for (const tab of ["window", "iframe", "youtube"]) {
      await page.goto(`${HC}/member/ptc-ads?tab=${tab}`);
      await expect(page.getByText("No ads available right now.")).toBeVisible();
    }
  });
});
