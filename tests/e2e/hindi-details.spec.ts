import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, test, waitForHydration, type ApiHelper } from "./fixtures";
import en from "../../app/i18n/en";
import hi from "../../app/i18n/hi";
import { FIELD_MESSAGES } from "../../shared/fields";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";
import { formatTime } from "../../shared/time";
import { indianFigure } from "../../app/utils/stats";
import type { PublicStatistics } from "../../shared/contracts/content";

/**
 * The app's own details in both languages (issue 45 §1, "Also: …"): the home figures in lakh and
 * crore, input hints in the page's language, one term for the password's repeat, dates in the
 * member's language and every page's title ending with the site's name. Each language is a browser
 * of that language (Accept-Language); the expected words are the catalogue's.
 */

const SITE = "Rupee Rewards";
const LANGUAGES = [
  { code: "en", locale: "en-IN", words: en },
  { code: "hi", locale: "hi-IN", words: hi },
] as const;

/** A shared rule's English message as the language's page shows it. */
function shown(code: "en" | "hi", english: string): string {
  if (code === "en") return english;
  const entry = HINDI_API_MESSAGES.find(([text]) => text === english);
  if (!entry) throw new Error(`no Hindi for ${english}`);
  return entry[1];
}

const ENGLISH_MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b/;

/** Public pages and member pages, each with its title in the catalogue (area.key of `titles`). */
const PUBLIC_PAGES: [path: string, title: string][] = [
  ["/", "pub.home"],
  ["/login", "pub.login"],
  ["/signup", "pub.signUp"],
  ["/contact-us", "pub.contactUs"],
  ["/payment-proof", "pub.paymentProof"],
  ["/privacy-policy", "pub.privacyPolicy"],
  ["/terms-of-use", "pub.termsOfUse"],
  ["/dmca", "pub.dmca"],
  ["/forgot-password", "pub.forgotPassword"],
  ["/grievance", "pub.grievance"],
  ["/no-such-page", "common.notFound"],
];
const MEMBER_PAGES: [path: string, title: string][] = [
  ["/member/dashboard", "account.dashboard"],
  ["/member/profile", "account.profile"],
  ["/member/withdraw", "account.withdraw"],
  ["/member/balance-converter", "account.balanceConverter"],
  ["/member/refer-and-earn", "account.referAndEarn"],
  ["/member/gift-code", "account.giftCode"],
  ["/member/support", "account.support"],
  ["/member/settings", "account.settings"],
  ["/member/ptc-ads", "earn.ptcAds"],
  ["/member/click-shorten-link", "earn.clickShortLink"],
  ["/member/task-wall", "earn.taskWalls"],
  ["/member/advertiser", "adv.advertiser"],
];

function titleOf(words: typeof en, key: string): string {
  const [area, name] = key.split(".") as [keyof typeof en, string];
  const titles = (words[area] as unknown as { titles: Record<string, string> }).titles;
  return `${titles[name]} | ${SITE}`;
}

/** The `<title>` of a page as the server renders it for these cookies (a member's, or none) and language. */
async function serverTitle(client: APIRequestContext, path: string, locale: string): Promise<string> {
  const res = await client.get(path, { headers: { "accept-language": locale }, maxRedirects: 0 });
  expect(res.status(), path).toBeLessThan(path === "/no-such-page" ? 500 : 300);
  const m = /<title>([^<]*)<\/title>/.exec(await res.text());
  return (m?.[1] ?? "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"');
}

async function stats(api: ApiHelper): Promise<PublicStatistics> {
  const res = await api.request("/userRoute/userWebstatisticsGet");
  expect(res.status).toBe(200);
  return res.body.msg as PublicStatistics;
}

async function axeClean(page: Page, code: "en" | "hi") {
  // Hindi labels name their controls in Hindi; axe's experimental name check reads Latin only.
  expect(await axeViolations(page, { nameMismatch: code === "en" })).toEqual([]);
}

for (const { code, locale, words } of LANGUAGES) {
  test.describe(`the app's own details in ${code === "en" ? "English" : "Hindi"}`, () => {
    test.use({ locale });

    test("home figures in lakh and crore", async ({ page, api }) => {
      // Reduced motion: the figures do not count, so the final one is read at once.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const before = await stats(api);
      await page.goto("/");
      const after = await stats(api);
      await waitForHydration(page);
      const units = { lakh: words.common.stats.lakh, crore: words.common.stats.crore };
      const figures = page.getByTestId("stats").locator("dd");
      const keys = ["users", "userCompletedTask", "visitorsLast30Days", "totalWithdrawalAmount"] as const;
      for (const [i, key] of keys.entries()) {
        const prefix = key === "totalWithdrawalAmount" ? "₹" : "";
        const allowed = [
          ...new Set([before[key], after[key]].map((n) => `${prefix}${indianFigure(n, units)}`)),
        ];
        expect(allowed).toContain(await figures.nth(i).textContent());
      }
      // The demo's figures: ₹25 lakh and more withdrawn, 4.8 lakh and more tasks; never K, M or B.
      await expect(figures.nth(3)).toHaveText(new RegExp(`^₹\\d+(\\.\\d)? ${units.lakh}\\+$`));
      await expect(figures.nth(1)).toHaveText(new RegExp(`^\\d(\\.\\d)? ${units.lakh}\\+$`));
      for (const text of await figures.allTextContents()) expect(text).not.toMatch(/\d[KMB]\+/);
      await axeClean(page, code);
    });

    test("sign-up: the mobile number's hint and the Confirm Password field in the page's language", async ({
      page,
    }) => {
      await page.goto("/signup");
      const form = page.getByRole("form", { name: words.pub.signup.form });
      const mobile = form.getByLabel(words.pub.signup.mobileNumber, { exact: true });
      await expect(mobile).toHaveAttribute("title", shown(code, FIELD_MESSAGES.mobile));
      await expect(form.getByLabel(words.common.forms.confirmPassword, { exact: true })).toBeVisible();
      // The browser's own message for a number of the wrong form carries the hint.
      await waitForHydration(page);
      await mobile.fill("12345");
      const message = await mobile.evaluate((input: HTMLInputElement) => {
        input.checkValidity();
        return { mismatch: input.validity.patternMismatch, title: input.title };
      });
      expect(message).toEqual({ mismatch: true, title: shown(code, FIELD_MESSAGES.mobile) });
      await axeClean(page, code);
    });

    test("member pages: dates, hints, the confirm term and every title", async ({
      page,
      request,
      newMember,
      giveBalance,
      loginAs,
    }) => {
      const member = await newMember();
      await giveBalance(member, 5); // a gift code claimed: a dated row on the gift-code page
      await loginAs(page, member);

      await page.goto("/member/gift-code");
      const time = page.locator("main time").first();
      const at = (await time.getAttribute("datetime"))!;
      await expect(time).toHaveText(formatTime(at, code));
      if (code === "hi") {
        await expect(time).not.toHaveText(ENGLISH_MONTH);
        await expect(time).toHaveText(/[\u0900-\u097F]/);
      } else await expect(time).toHaveText(ENGLISH_MONTH);
      await axeClean(page, code);

      await page.goto("/member/profile");
      await expect(page.locator('input[name="zip_code"]')).toHaveAttribute(
        "title",
        shown(code, FIELD_MESSAGES.pinCode),
      );

      await page.goto("/member/settings");
      await expect(page.getByLabel(words.common.forms.confirmPassword, { exact: true })).toBeVisible();
      await expect(page.getByText(/Re-enter Password|Confirm New Password|दोबारा डालें/)).toHaveCount(0);
      await axeClean(page, code);
      // In a real browser the document's title too.
      await expect(page).toHaveTitle(titleOf(words, "account.settings"));

      // The public pages as a visitor gets them (a member is sent from /login to the dashboard).
      const pages = [
        ...PUBLIC_PAGES.map(([path, key]) => [request, path, key] as const),
        ...MEMBER_PAGES.map(([path, key]) => [page.request, path, key] as const),
      ];
      for (const [client, path, key] of pages) {
        const title = await serverTitle(client, path, locale);
        expect(title, path).toBe(titleOf(words, key));
        expect(title.endsWith(`| ${SITE}`), path).toBe(true);
        expect(title.split(SITE).length - 1, `${path}: the site's name once`).toBe(1);
        // A Hindi page's title is Hindi where the catalogue has one, never the English title.
        if (code === "hi" && titleOf(en, key) !== titleOf(hi, key))
          expect(title, path).not.toBe(titleOf(en, key));
      }
    });
  });
}
