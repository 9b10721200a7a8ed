import type { Page, Response } from "@playwright/test";
import { expect, signUpMember, test, waitForHydration } from "./fixtures";

/**
 * The pages' response headers, and a real browser enforcing their Content-Security-Policy: every
 * inline script carries the answer's nonce, and nothing the pages do (hydration, the service
 * worker, the ALTCHA widget and its proof-of-work worker, live updates) is blocked.
 */

/** Collects the policy violations a page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

/** Checks a document's headers and that each inline script carries the header's nonce; returns the nonce. */
async function expectNoncedPage(page: Page, response: Response | null): Promise<string> {
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Not a production deployment here: no HSTS.
  expect(headers["strict-transport-security"]).toBeUndefined();
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((s) => (s as HTMLScriptElement).nonce),
  );
  expect(inline.length).toBeGreaterThan(0);
  expect(inline.every((n) => n === nonce)).toBe(true);
  return nonce!;
}

test.describe("Security headers and Content-Security-Policy", () => {
  test("public and member pages run under the policy without a violation, each answer with its own nonce", async ({
    page,
    loginAs,
  }) => {
    const violations = await watchViolations(page);
    const nonces = new Set<string>();
    for (const path of ["/", "/login", "/signup"]) {
      const response = await page.goto(path);
      await waitForHydration(page);
      nonces.add(await expectNoncedPage(page, response));
      expect(response!.headers()["cache-control"] ?? "").not.toContain("no-store");
    }
    // The service worker registers and runs under the policy too.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active)))).toBe(
      true,
    );

    const member = await signUpMember();
    await loginAs(page, member);
    for (const path of ["/member/dashboard", "/member/withdraw"]) {
      const response = await page.goto(path);
      await waitForHydration(page);
      nonces.add(await expectNoncedPage(page, response));
      expect(response!.headers()["cache-control"]).toBe("no-store");
    }
    // What client-side navigation fetches (the page's data): not cached either.
    const data = await page.request.get("/member/dashboard.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("no-store");
    // The router matches paths case-insensitively and after percent-decoding: those spellings
    // reach the member's pages too, and are not cached either.
    for (const path of ["/MEMBER/withdraw", "/%6Dember/withdraw", "/Member/Dashboard.data"]) {
      const other = await page.request.get(path, { maxRedirects: 0 });
      expect(other.status(), path).toBe(200);
      expect(other.headers()["cache-control"], path).toBe("no-store");
    }

    expect(nonces.size).toBe(5);
    expect(await violations()).toEqual([]);
  });

  test("API answers are never cached", async ({ page }) => {
    const res = await page.request.get("/checkLogin_for_navBar");
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("public pages go out compressed from the page cache, on a miss and on a hit", async ({
    page,
    humanCheckSite,
  }) => {
    // The human-check site keeps public pages 5 s; a query of its own makes the first answer a miss.
    const url = `${humanCheckSite}/?compressed=${Date.now()}`;
    for (const answer of ["miss", "hit"]) {
      const res = await page.request.get(url, { headers: { "accept-encoding": "gzip" } });
      expect(res.status(), answer).toBe(200);
      expect(res.headers()["content-encoding"], answer).toBe("gzip");
      expect(await res.text(), answer).toContain("</html>");
    }
  });

  test("the ALTCHA widget loads, and its worker solves the challenge, under the policy", async ({
    page,
    humanCheckSite,
  }) => {
    const violations = await watchViolations(page);
    // Twice: the second answer may come from the page cache, with a fresh nonce of its own.
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await page.goto(`${humanCheckSite}/login`);
      nonces.push(await expectNoncedPage(page, response));
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    await waitForHydration(page);
    await page.locator("altcha-widget").waitFor({ state: "attached" });
    await page.getByLabel("Email or Username", { exact: true }).focus();
    await page.waitForFunction(
      () => [...document.forms].some((f) => Boolean(new FormData(f).get("altcha"))),
      undefined,
      { timeout: 30_000 },
    );
    expect(await violations()).toEqual([]);
  });
});
