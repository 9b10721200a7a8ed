import type { BrowserContext, Page } from "@playwright/test";
import {
  test,
  expect,
  toast,
  jsEnabled,
  waitForHydration,
  loginForm,
  submitLoginForm,
  loginOperatorPage,
} from "./fixtures";

/* --------------------------------------------------------------------------------- network banner */

test.describe("Network banner", () => {
  test("offline: 'You are Offline' covers the page; back online: 'You are Online' for about 1.2 s", async ({
    page,
    context,
  }) => {
    await page.goto("/payment-proof");
    await waitForHydration(page);
    await expect(page.getByText("You are Offline")).toHaveCount(0);

    await context.setOffline(true);
    const offline = page.getByRole("alertdialog", { name: "You are Offline" });
    await expect(offline).toBeVisible();
    // It covers the whole page (a blocking overlay, not a strip).
    const box = await offline.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.x).toBeLessThanOrEqual(0);
    expect(box!.y).toBeLessThanOrEqual(0);
    expect(box!.width).toBeGreaterThanOrEqual(viewport.width);
    expect(box!.height).toBeGreaterThanOrEqual(viewport.height);
    // It stays while the connection is down.
    await page.waitForTimeout(1500);
    await expect(offline).toBeVisible();

    const backAt = Date.now();
    await context.setOffline(false);
    const online = page.getByTestId("network-online");
    await expect(online).toHaveText("You are Online");
    await expect(online).toBeVisible();
    await expect(offline).toHaveCount(0);
    // Gone by itself after about 1.2 s.
    await expect(online).toBeHidden({ timeout: 3000 });
    const shownFor = Date.now() - backAt;
    expect(shownFor).toBeGreaterThanOrEqual(1000);
    expect(shownFor).toBeLessThanOrEqual(3000);
  });
});

/* ------------------------------------------------------------------ service worker and offline page */

/** Waits until the page's service worker is active, and returns its script URL. */
async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.scriptURL ?? "";
  });
}

/**
 * Takes the context offline, and waits until the service worker's own requests fail too: the
 * browser applies the setting to a worker on its own, a moment after the pages (a navigation
 * right away could still reach the network through the worker, microsoft/playwright#2311).
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  const [worker] = context.serviceWorkers();
  expect(worker, "the page's service worker").toBeDefined();
  await expect
    .poll(() =>
      worker!.evaluate(() =>
        fetch("/healthz", { cache: "no-store" }).then(
          () => "online",
          () => "offline",
        ),
      ),
    )
    .toBe("offline");
}

/** Whether the worker's caches hold a copy of `path`. */
function cached(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (p) => (await caches.match(p)) !== undefined, path);
}

test.describe("Service worker and offline page", () => {
  test(
    "offline, an unvisited public page shows the offline page; a visited one comes from the cache",
    // What the service worker keeps is the same on every screen: not on the phone project.
    async ({ page, context }) => {
      await page.goto("/");
      await waitForHydration(page);
      expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
      // The offline page is stored when the worker installs.
      await expect.poll(() => cached(page, "/offline.html")).toBe(true);

      // A public page visited while online is kept (network first, then the copy is stored).
      await page.goto("/terms-of-use");
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
      await expect.poll(() => cached(page, "/terms-of-use")).toBe(true);

      await goOffline(context);

      // A public page never visited: the worker answers with the offline page.
      await page.goto("/dmca");
      await expect(page).toHaveTitle("You are Offline | Rupee Rewards");
      await expect(page.getByRole("heading", { level: 1, name: "You are Offline" })).toBeVisible();
      await expect(page.getByText("Check your internet connection, then try again.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();

      // The page visited before: its last copy.
      await page.goto("/terms-of-use");
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
      await expect(page.getByTestId("policy-content")).toContainText("Eligibility");

      // Back online, the real page again.
      await context.setOffline(false);
      await page.goto("/dmca");
      await expect(page.getByRole("heading", { level: 1, name: "DMCA Policy" })).toBeVisible();
    },
  );

  test(
    "member pages are never cached: offline they show the offline page, not the member's data",
    // What the service worker keeps is the same on every screen: not on the phone project.
    async ({ page, context, newMember, loginAs }) => {
      const m = await newMember();
      await loginAs(page, m);
      await page.goto("/member/dashboard");
      await waitForHydration(page);
      await serviceWorkerReady(page);
      // Visited again with the worker in charge: still not stored.
      await page.goto("/member/dashboard");
      await expect(page.getByRole("main").getByText("PTC Ads").first()).toBeVisible();
      await page.goto("/payment-proof");
      await expect.poll(() => cached(page, "/payment-proof")).toBe(true);
      expect(await cached(page, "/member/dashboard")).toBe(false);
      const keys = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        }
        return urls;
      });
      expect(keys.filter((u) => u.startsWith("/member") || u.endsWith(".data"))).toEqual([]);

      await goOffline(context);
      await page.goto("/member/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "You are Offline" })).toBeVisible();
      await expect(page.getByText(m.email)).toHaveCount(0);
      await context.setOffline(false);
    },
  );

  test(
    "operator console pages (members' messages and e-mails) are never cached either",
    // What the service worker keeps is the same on every screen: not on the phone project.
    async ({ page, context, operator }) => {
      // A message with a member's contact details, as the console lists it.
      const email = `private${Date.now()}@e2e.test`;
      const sent = await operator.request("/userMessageRoute/userMessageSave_post", {
        obj: {
          name: "Private Person",
          email_address: email,
          mobile_number: "9876543210",
          subject: "Private subject",
          message: "Private message",
          consent: true,
        },
      });
      expect(sent.status).toBe(200);

      await loginOperatorPage(page);
      await page.goto("/");
      await waitForHydration(page);
      await serviceWorkerReady(page);
      // Opened with the worker in charge.
      await page.goto("/admin/messages");
      await expect(page.getByText(email)).toBeVisible();
      await page.goto("/payment-proof");
      await expect.poll(() => cached(page, "/payment-proof")).toBe(true);
      expect(await cached(page, "/admin/messages")).toBe(false);

      await goOffline(context);
      await page.goto("/admin/messages");
      await expect(page.getByRole("heading", { level: 1, name: "You are Offline" })).toBeVisible();
      await expect(page.getByText(email)).toHaveCount(0);
      await context.setOffline(false);
    },
  );
});

/* ------------------------------------------------------------------------------- page entrance */

test.describe("Page entrance", () => {
  test("the server's page is not faded in again when the scripts take over; a page reached in the browser fades in", async ({
    page,
  }) => {
    /** The entrance animation the page's content has (computed: it stays after the animation ends). */
    const entrance = () => page.locator(".page-enter").evaluate((el) => getComputedStyle(el).animationName);
    await page.goto("/payment-proof");
    await waitForHydration(page);
    expect(await entrance()).toBe("none");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
    expect(await entrance()).toBe("page-in");
  });
});

/* --------------------------------------------------------------------------------- install prompt */

const INSTALL_PAGES = ["/", "/payment-proof", "/privacy-policy", "/terms-of-use", "/dmca"];
const NO_INSTALL_PAGES = ["/login", "/signup", "/contact-us"];

function installPrompt(page: Page) {
  return page.getByTestId("install-prompt");
}

test.describe("Install prompt", () => {
  test("the Install App button shows on /, /payment-proof and the policy pages, not on /login", async ({
    page,
  }) => {
    for (const path of INSTALL_PAGES) {
      await page.goto(path);
      await expect(installPrompt(page), path).toHaveCount(1);
      await expect(installPrompt(page).getByText("Install App", { exact: true }), path).toBeVisible();
    }
    for (const path of NO_INSTALL_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("main").first()).toBeVisible();
      await expect(installPrompt(page), path).toHaveCount(0);
    }
  });

  test("the member dashboard shows the Install App button; other member pages do not", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    await expect(installPrompt(page)).toHaveCount(1);
    await expect(installPrompt(page).getByText("Install App", { exact: true })).toBeVisible();
    await page.goto("/member/settings");
    await expect(page.getByRole("main").first()).toBeVisible();
    await expect(installPrompt(page)).toHaveCount(0);
  });

  test("without a browser install prompt, Install App shows the Add to Home Screen steps for Android and iPhone @no-js @phone", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const prompt = installPrompt(page);
    const steps = jsEnabled(testInfo)
      ? prompt.getByRole("region", { name: "Add to Home Screen" })
      : prompt.getByText("Add this app to your home screen").locator("..");
    if (jsEnabled(testInfo)) {
      await waitForHydration(page);
      const button = prompt.getByRole("button", { name: "Install App" });
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(steps).toHaveCount(0);
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
    } else {
      // Without JavaScript the button is a disclosure holding the same steps.
      await expect(steps).toBeHidden();
      await prompt.getByText("Install App", { exact: true }).click();
    }
    await expect(steps).toBeVisible();
    await expect(steps).toContainText("Add this app to your home screen");
    await expect(steps.getByText("Android (Chrome)")).toBeVisible();
    await expect(steps.getByText("Tap Add to Home screen (or Install app).")).toBeVisible();
    await expect(steps.getByText("iPhone (Safari)")).toBeVisible();
    await expect(steps.getByText("Scroll down and tap Add to Home Screen.")).toBeVisible();

    if (jsEnabled(testInfo)) {
      // Pressing again (or Close) hides them.
      await steps.getByRole("button", { name: "Close" }).click();
      await expect(steps).toHaveCount(0);
    }
  });
});

/* ---------------------------------------------------------------------------------------- toasts */

test.describe("Toasts", () => {
  test("a toast shows, is still there at about 2 s and closes by itself after about 3 s", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/dashboard");
    if (jsEnabled(testInfo)) {
      // With scripts: the confirmation dialog's Cancel raises the toast in the browser.
      await waitForHydration(page);
      await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    } else {
      // Without: the confirm page's Cancel comes back to the dashboard with a server-rendered toast.
      await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
      await expect(page).toHaveURL(/\/member\/logout$/);
      const main = page.getByRole("main");
      await main
        .getByRole("button", { name: "Cancel" })
        .or(main.getByRole("link", { name: "Cancel" }))
        .click();
      await expect(page).toHaveURL(/\/member\/dashboard$/);
    }
    const t = toast(page);
    await expect(t).toBeVisible();
    const shownAt = Date.now();
    await expect(t).toContainText("LogOut canceled");
    // Still there at about 2 s...
    await page.waitForTimeout(Math.max(0, 1800 - (Date.now() - shownAt)));
    await expect(t).toBeVisible({ timeout: 100 });
    // ...gone by itself within 3–6 s, with nothing pressed.
    await expect(t).toBeHidden({ timeout: 6000 - (Date.now() - shownAt) });
    const lasted = Date.now() - shownAt;
    expect(lasted).toBeGreaterThanOrEqual(2000);
    expect(lasted).toBeLessThanOrEqual(6000);
  });

  test("a toast from the server shows after a redirect (with or without JavaScript) @no-js", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    await page.goto("/login");
    await submitLoginForm(page, m.email, m.password);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    const t = toast(page);
    await expect(t).toContainText("Login Success!");
    await expect(t).toHaveAttribute("role", "status");
    // Closes by itself: hidden well before the page is left.
    await expect(t).toBeHidden({ timeout: 6000 });
  });
});

/* ------------------------------------------------------------------------------- busy overlay */

test.describe("Processing overlay", () => {
  test("while the login call runs: 'Processing...' covers the page and the Login button is disabled", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held = false;
    await page.route(
      (url) => url.pathname.startsWith("/login"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        held = true;
        // Hold the call until the test has looked at the busy page (or 10 s at most).
        await Promise.race([released, new Promise((r) => setTimeout(r, 10_000))]);
        await route.continue();
      },
    );
    await page.goto("/login");
    await waitForHydration(page);
    await submitLoginForm(page, m.email, m.password);

    const overlay = page.getByRole("alertdialog", { name: "Processing" });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText("Processing...", { exact: true })).toBeVisible();
    const button = loginForm(page).getByRole("button", { name: "Login", exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
    expect(held).toBe(true);
    // It blocks the page: the overlay is what a click in the middle of the screen reaches.
    const viewport = page.viewportSize()!;
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="alertdialog"]') !== null,
      { x: viewport.width / 2, y: viewport.height - 20 },
    );
    expect(hit).toBe(true);

    release();
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await expect(overlay).toHaveCount(0);
    await expect(toast(page)).toContainText("Login Success!");
  });
});

test.describe("Fallback error screen", () => {
  // Requests the service worker answers would bypass the broken script put in place below.
  test.use({ serviceWorkers: "block" });

  test("a page that cannot render shows 'Upgrade Your Browser' and 'Something went wrong.'", async ({
    page,
  }) => {
    // The payment-proof page's script fails as it would in a browser too old to run it.
    await page.route("**/assets/payment-proof-*.js", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: 'export default function PaymentProof() { throw new Error("unsupported"); }',
      }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } };
      return w.__remixRouter.navigate("/payment-proof");
    });
    const screen = page.getByTestId("fallback-error");
    await expect(screen.getByRole("heading", { name: "Upgrade Your Browser" })).toBeVisible();
    await expect(screen.getByText("Something went wrong.", { exact: true })).toBeVisible();
    // A way out and a support contact.
    await expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expect(screen.getByRole("link", { name: "Chat with Support" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
  });
});
