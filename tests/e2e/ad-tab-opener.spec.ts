import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, waitForHydration } from "./fixtures";
import { adCard, convertToDeposit, createCampaign, uniqueTitle } from "./ptc-helpers";

/**
 * A window ad's page is the advertiser's, on another origin: it must get no handle on the member's
 * View Ads tab (`window.opener`), or it could send that tab to a look-alike page (reverse
 * tabnabbing). The wait page cuts the link before it goes to the ad; member pages send
 * Cross-Origin-Opener-Policy: same-origin-allow-popups (the ads' own pages do not: server/headers.ts).
 */

/** The advertiser's site: its page tries to move the opener, then reports what it could see. */
function advertiserSite() {
  const seen = { reports: [] as string[], hijacked: 0 };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/report")) {
      seen.reports.push(url);
      res.end();
    } else if (url === "/fake-login") {
      seen.hijacked += 1;
      res.setHeader("content-type", "text/html");
      res.end("<!doctype html><title>Fake login</title><h1>Log in again</h1>");
    } else {
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><title>Advertiser</title><h1>Advertiser</h1><script>
        var had = window.opener != null;
        try { window.opener.location = location.origin + "/fake-login"; } catch (e) {}
        fetch("/report?opener=" + had);
      </script>`);
    }
  });
  return { server, seen };
}

test.describe("Window ads and the member's tab", () => {
  let site: ReturnType<typeof advertiserSite>;
  let adUrl: string;

  test.beforeAll(async () => {
    site = advertiserSite();
    await new Promise<void>((resolve) => site.server.listen(0, "127.0.0.1", resolve));
    adUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}/landing`;
  });
  test.afterAll(() => new Promise<void>((resolve) => site.server.close(() => resolve())));

  test("the advertiser's page cannot move the View Ads tab", async ({
    page,
    newMember,
    giveBalance,
    loginAs,
  }) => {
    const advertiser = await newMember();
    await giveBalance(advertiser, 30);
    const cookie = await convertToDeposit(advertiser, 30);
    const title = uniqueTitle("E2E opener ad");
    await createCampaign(cookie, "window", title, { url: adUrl });

    await page.clock.install();
    await loginAs(page, await newMember());
    // Member pages keep other sites' pages from holding them (the ads' own pages cut the link themselves).
    const dashboard = await page.goto("/member/dashboard");
    expect(dashboard?.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    await page.goto("/member/ptc-ads?tab=window");
    await waitForHydration(page);
    const viewsPage = page.url();

    const popup = page.waitForEvent("popup");
    await adCard(page, title).getByRole("button", { name: "View Ad" }).click();
    const tab = await popup;
    await tab.waitForURL(/\/member\/waitRedirecting\/?\?link=/);
    await page.clock.fastForward(5_000);
    await tab.getByRole("button", { name: "Claim Bonus" }).click();
    await tab.waitForURL(adUrl);

    // The ad's page ran and found no opener; the member's tab is where it was.
    await expect.poll(() => site.seen.reports).toEqual(["/report?opener=false"]);
    expect(site.seen.hijacked).toBe(0);
    expect(page.url()).toBe(viewsPage);
    await expect(page.getByRole("heading", { level: 1, name: "PTC Ads" })).toBeVisible();
  });
});
