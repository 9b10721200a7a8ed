import type { Page } from "@playwright/test";
import { expect, handSessionTo, memberIdByEmail, operatorCookie, test, testBudget } from "./fixtures";
import { sitePages, urlFor, type Audience } from "./site-pages";

/**
 * The phone project's sweep (issue 43): every page of the site (read from the build's route table,
 * tests/e2e/site-pages.ts) laid out on a 360 px phone, as a visitor, a member and the owner, in
 * English and — for the members' and visitors' pages — in Hindi, whose words run longer: none
 * scrolls sideways. The flows themselves run in the js project; this checks the widths of all.
 */

/** Opens every page of `audience` and answers those wider than the screen, with by how much. */
async function tooWide(page: Page, audience: Audience, memberId: string): Promise<string[]> {
  const found: string[] = [];
  for (const sitePage of (await sitePages()).filter((p) => p.audience === audience)) {
    const url = urlFor(sitePage, memberId);
    const res = await page.goto(url);
    expect(res?.status() ?? 0, url).toBeLessThan(500);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) {
      // Name the element reaching furthest right, so the failure says what to fix.
      const widest = await page.evaluate(() => {
        let best = { right: 0, what: "" };
        for (const el of Array.from(document.body.querySelectorAll("*"))) {
          const right = el.getBoundingClientRect().right;
          if (right > best.right)
            best = { right, what: `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120) };
        }
        return best.what;
      });
      found.push(`${url} scrolls sideways by ${overflow} px (widest: ${widest})`);
    }
  }
  return found;
}

async function inHindi(page: Page) {
  await page.goto("/language?set=hi&back=/");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
}

test.describe("every page fits a 360 px phone @phone-only", () => {
  test.describe.configure({ timeout: testBudget(3) });

  test("the visitors' pages, in English and in Hindi", async ({ page }) => {
    const wide = await tooWide(page, "public", "");
    await inHindi(page);
    wide.push(...(await tooWide(page, "public", "")).map((w) => `hi: ${w}`));
    expect(wide).toEqual([]);
  });

  test("the members' pages, in English and in Hindi", async ({ page, newMember, loginAs }) => {
    const member = await newMember();
    await loginAs(page, member);
    const wide = await tooWide(page, "member", "");
    await inHindi(page);
    wide.push(...(await tooWide(page, "member", "")).map((w) => `hi: ${w}`));
    expect(wide).toEqual([]);
  });

  test("the operators' console", async ({ page, newMember }) => {
    const member = await newMember();
    const id = await memberIdByEmail(member.email);
    await handSessionTo(page, operatorCookie());
    expect(await tooWide(page, "operator", id)).toEqual([]);
  });
});
