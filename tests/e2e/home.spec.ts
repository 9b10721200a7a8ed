import type { Locator, Page, TestInfo } from "@playwright/test";
import {
  test,
  expect,
  toast,
  isPhone,
  jsEnabled,
  waitForHydration,
  expectFieldRejected,
  expectMessage,
  uniqueEmail,
  uniqueMobile,
  type ApiHelper,
} from "./fixtures";
import { contactFields, fillContact, type ContactValues } from "./contact-form";
import { COUNT_UP_MS, COUNT_UP_STEPS, CRORE, indianFigure, LAKH } from "../../app/utils/stats";

/* ------------------------------------------------------------------------------------------ helpers */

/** The visible text of a piece of server HTML: tags dropped, common entities decoded, spaces collapsed. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The texts of every `<tag>` element in a piece of server HTML. */
function tagTexts(html: string, tag: string): string[] {
  const re = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "gi");
  return [...html.matchAll(re)].map((m) => htmlText(m[1]!)).filter(Boolean);
}

/** The public top bar's links; on a phone they sit behind the Menu disclosure, which is opened first. */
async function topBar(page: Page, phone: boolean): Promise<Locator> {
  const header = page.getByRole("banner");
  if (phone) {
    await header.getByLabel("Menu", { exact: true }).click();
    return header.getByRole("navigation", { name: "Main (mobile)" });
  }
  return header.getByRole("navigation", { name: "Main" });
}

function faqSection(page: Page) {
  return page.locator("section#faq");
}

/* ------------------------------------------------------------------------------------ statistics */

type StatKey = "users" | "userCompletedTask" | "visitorsLast30Days" | "totalWithdrawalAmount";
type Stats = Record<StatKey, number>;

/** The home page's four figures, in page order, with the label each one is shown under. */
const STATS: { key: StatKey; label: string; prefix: string }[] = [
  { key: "users", label: "Registered Members", prefix: "" },
  { key: "userCompletedTask", label: "Tasks Completed", prefix: "" },
  { key: "visitorsLast30Days", label: "Visitors in the Last 30 Days", prefix: "" },
  { key: "totalWithdrawalAmount", label: "Total Withdrawn", prefix: "₹" },
];

async function apiStats(api: ApiHelper): Promise<Stats> {
  const res = await api.request("/userRoute/userWebstatisticsGet");
  expect(res.status).toBe(200);
  return res.body.msg as Stats;
}

/** The figure shown under `label` (its text, which is also what screen readers read). */
function statFigure(page: Page, label: string) {
  return page
    .getByTestId("stats")
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");
}

/**
 * The figures the page may show: the API's numbers as app/utils/stats.ts writes them, read just
 * before and just after the page was rendered (other tests sign members up and log them in
 * meanwhile, which can move a figure across a rounding step).
 */
function allowedFigures(before: Stats, after: Stats, key: StatKey, prefix: string): string[] {
  return [...new Set([before[key], after[key]].map((n) => `${prefix}${indianFigure(n)}`))];
}

/** '12,300+' → 12300; '4.8 lakh+' → 480000; '₹1.2 crore+' → 12000000. */
function parseFigure(text: string): number {
  const m = /^₹?([\d,]+(?:\.\d)?)(?: (lakh|crore))?\+$/.exec(text);
  if (!m) throw new Error(`not a statistics figure: ${JSON.stringify(text)}`);
  const unit = m[2] === "crore" ? CRORE : m[2] === "lakh" ? LAKH : 1;
  return Number(m[1]!.replaceAll(",", "")) * unit;
}

/* ------------------------------------------------------------------------------------------- tests */

test.describe("Home page: hero, statistics, sections, channel panel", () => {
  test("the hero's 'Start Earning Now' leads to /signup", async ({ page }) => {
    await page.goto("/");
    const start = page.getByRole("main").getByRole("link", { name: "Start Earning Now" });
    await expect(start).toHaveAttribute("href", "/signup");
    await start.click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("form", { name: "Sign Up" })).toBeVisible();
  });

  test("the hero's 'Learn More' scrolls to the FAQ section @no-js", async ({ page }, testInfo) => {
    await page.goto("/");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    await expect(faqSection(page)).not.toBeInViewport();
    await page.getByRole("main").getByRole("link", { name: "Learn More" }).click();
    await expect(faqSection(page)).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
    // With scripts the page scrolls in place, without changing the address.
    if (jsEnabled(testInfo)) await expect(page).toHaveURL(/\/$/);
  });

  test("with JavaScript the statistics count up (2000 ms, 50 steps) and end at the lakh/crore figure with a plus", async ({
    page,
    api,
  }) => {
    // Every change of the four figures, with its time, from the first byte of the page on.
    await page.addInitScript(() => {
      const w = window as unknown as { __statLog: { t: number; values: string[] }[] };
      w.__statLog = [];
      const record = () => {
        const dds = document.querySelectorAll('[data-testid="stats"] dd');
        if (!dds.length) return;
        const values = Array.from(dds, (d) => d.textContent ?? "");
        const last = w.__statLog.at(-1);
        if (!last || last.values.join("|") !== values.join("|"))
          w.__statLog.push({ t: performance.now(), values });
      };
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });

    const before = await apiStats(api);
    await page.goto("/");
    const after = await apiStats(api);

    type Log = { t: number; values: string[] }[];
    const readLog = () => page.evaluate(() => (window as unknown as { __statLog: Log }).__statLog);
    const allowed = STATS.map((s) => allowedFigures(before, after, s.key, s.prefix));
    const isZero = (v: string | undefined) => v === "0+" || v === "₹0+";
    const isFinal = (e: Log[number] | undefined) =>
      e !== undefined &&
      e.values.length === STATS.length &&
      e.values.every((v, i) => allowed[i]!.includes(v));

    // The figures restart from 0 once scripts run and end at the API's numbers in lakh and crore.
    await expect
      .poll(
        async () => {
          const log = await readLog();
          // Each figure went through 0 (each counts on its own timer: on a busy machine one may
          // take its first step in the same frame as another's reset, so all four need not be
          // 0 in one frame).
          const fromZero = STATS.every((_, i) => log.some((e) => isZero(e.values[i])));
          return fromZero && isFinal(log.at(-1)) ? "counted" : JSON.stringify(log.at(-1)?.values);
        },
        { message: `the figures should count up to ${JSON.stringify(allowed)}`, timeout: 15_000 },
      )
      .toBe("counted");
    // Nothing moves after the final figure.
    const settled = (await readLog()).length;
    await page.waitForTimeout(500);
    const log = await readLog();
    expect(log.length).toBe(settled);
    for (const [i, s] of STATS.entries())
      expect(allowed[i]).toContain(await statFigure(page, s.label).textContent());

    // Each figure's count starts from 0 after the page is shown...
    const took = STATS.map((s, i) => {
      const start = log.findIndex((e) => isZero(e.values[i]));
      const run = log.slice(start).map((e) => ({ t: e.t, v: e.values[i]! }));
      const steps = run.filter((e, j) => j === 0 || e.v !== run[j - 1]!.v);
      const seen = steps.map((e) => e.v);
      const numbers = seen.map(parseFigure);
      // ...rises step by step, never down, never past the final figure...
      for (let j = 1; j < numbers.length; j++) expect(numbers[j]).toBeGreaterThanOrEqual(numbers[j - 1]!);
      expect(allowed[i]).toContain(seen.at(-1));
      // ...in (at most) 50 steps: each step is a new figure for a number this large...
      expect(seen.length - 1, `${s.label}: ${seen.join(", ")}`).toBeLessThanOrEqual(COUNT_UP_STEPS);
      if (s.key === "totalWithdrawalAmount") expect(seen.length - 1).toBeGreaterThanOrEqual(30);
      else expect(seen.length - 1).toBeGreaterThanOrEqual(10);
      return steps.at(-1)!.t - steps[0]!.t;
    });
    // ...over about 2000 ms (40 ms a step; a slow machine may stretch it, never shorten it much;
    // a figure whose last steps round alike reaches its final figure a step or two early).
    expect(Math.max(...took)).toBeGreaterThan(COUNT_UP_MS * 0.8);
    expect(Math.max(...took)).toBeLessThan(COUNT_UP_MS * 3);
  });

  test("the statistics show the final figures in lakh/crore with a plus (rendered by the server)", async ({
    page,
    api,
  }, testInfo) => {
    const before = await apiStats(api);
    await page.goto("/");
    const after = await apiStats(api);
    const stats = page.getByTestId("stats");
    await expect(stats).toBeVisible();
    for (const s of STATS) {
      const allowed = allowedFigures(before, after, s.key, s.prefix);
      await expect(stats.getByText(s.label, { exact: true })).toBeVisible();
      const figure = statFigure(page, s.label);
      // No label over the figure: screen readers read the figure shown (accessibility.spec.ts).
      expect(await figure.getAttribute("aria-label")).toBeNull();
      if (!jsEnabled(testInfo)) {
        // Without JavaScript nothing counts: the final figure is the text, as delivered.
        expect(allowed).toContain((await figure.textContent()) ?? "");
      }
    }
    // The figure in the page's HTML is the final one too (the count-up only runs in the browser).
    const res = await page.request.get("/");
    const html = await res.text();
    const plain = html.replaceAll("<!-- -->", "");
    for (const s of STATS) {
      const shown = allowedFigures(before, after, s.key, s.prefix);
      expect(
        shown.some((f) => plain.includes(`>${f}</dd>`)),
        `${s.label}: ${shown.join(" or ")} in the HTML`,
      ).toBe(true);
    }
  });

  test("the server-defined sections show their titles and HTML messages", async ({ page, api }) => {
    const res = await api.request("/checkLogin_for_navBar?faq=true");
    expect(res.status).toBe(200);
    const sections = res.body.msg.other_data_homepage_Array as { title: string; message: string }[];
    expect(sections.length).toBeGreaterThan(0);

    await page.goto("/");
    const cards = page.getByTestId("home-section");
    await expect(cards).toHaveCount(sections.length);
    for (const [i, s] of sections.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { name: s.title, exact: true })).toBeVisible();
      // Each paragraph and list item of the message (block elements are not joined by spaces in the text).
      const blocks = [...tagTexts(s.message, "p"), ...tagTexts(s.message, "li")];
      for (const text of blocks.length ? blocks : [htmlText(s.message)])
        await expect(card).toContainText(text);
      // Rendered as HTML, not shown as markup.
      await expect(card).not.toContainText("<p>");
    }
    // The seeded HTML keeps its structure (a list, a link, bold text).
    const withLink = sections.findIndex((s) => s.message.includes('<a href="/payment-proof"'));
    if (withLink >= 0)
      await expect(cards.nth(withLink).locator('a[href="/payment-proof"]')).toHaveText("Payment Proof");
    const withList = sections.findIndex((s) => s.message.includes("<li>"));
    if (withList >= 0)
      await expect(cards.nth(withList).locator("li")).toHaveCount(
        tagTexts(sections[withList]!.message, "li").length,
      );
  });

  test("the channel panel shows its 'unavailable' state when no channel is configured", async ({
    page,
    api,
  }) => {
    const res = await api.request("/resources/channel");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false });

    await page.goto("/");
    const panel = page.getByTestId("channel-panel");
    await expect(panel.getByRole("heading", { name: "Our Video Channel" })).toBeVisible();
    await expect(panel.getByTestId("channel-unavailable")).toHaveText(
      "Channel stats are unavailable right now.",
    );
    await expect(panel.locator("dl")).toHaveCount(0);
    await expect(panel).not.toContainText(/error|NaN|undefined/i);
  });

  test("the channel panel refreshes every 60 s and keeps the 'unavailable' state", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    const panel = page.getByTestId("channel-panel");
    await expect(panel.getByTestId("channel-unavailable")).toBeVisible();
    // The panel's 60-s timer is set in an effect; moving the clock before it runs would skip it.
    await expect(panel).toHaveAttribute("data-refreshing", "on");
    const refresh = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/resources/channel"));
    await page.clock.fastForward(60_000);
    const response = await refresh;
    expect(response.status()).toBe(200);
    await expect(panel.getByTestId("channel-unavailable")).toHaveText(
      "Channel stats are unavailable right now.",
    );
    await expect(page.getByTestId("fallback-error")).toHaveCount(0);
  });
});

test.describe("Home page FAQ", () => {
  test("the FAQ accordion keeps one item open at a time @no-js", async ({ page, api }) => {
    const items = page.getByTestId("faq-item");
    let faq: { question: string; answer: string }[] = [];
    // The content editor's browser tests may add an item (last) and remove it while this runs:
    // the API's list and the page are read again until they agree.
    await expect(async () => {
      const res = await api.request("/checkLogin_for_navBar?faq=true");
      faq = res.body.msg.other_data_faqArray as { question: string; answer: string }[];
      expect(faq.length).toBeGreaterThan(2);
      await page.goto("/");
      await expect(items).toHaveCount(faq.length, { timeout: 2_000 });
    }).toPass();
    const open = page.locator('[data-testid="faq-item"][open]');
    await expect(open).toHaveCount(0);

    const first = items.nth(0);
    const second = items.nth(1);
    const answer = (i: number) => htmlText(faq[i]!.answer).slice(0, 60);
    await expect(first.getByText(answer(0))).toBeHidden();

    await first.getByText(faq[0]!.question, { exact: true }).click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByText(answer(0))).toBeVisible();
    await expect(open).toHaveCount(1);

    // Opening another closes the first.
    await second.getByText(faq[1]!.question, { exact: true }).click();
    await expect(second).toHaveAttribute("open", "");
    await expect(second.getByText(answer(1))).toBeVisible();
    await expect(first).not.toHaveAttribute("open", "");
    await expect(first.getByText(answer(0))).toBeHidden();
    await expect(open).toHaveCount(1);

    // Closing the open one leaves none open.
    await second.getByText(faq[1]!.question, { exact: true }).click();
    await expect(open).toHaveCount(0);
  });

  test("the top bar's FAQ link goes to / and scrolls to the FAQ section @no-js @phone", async ({
    page,
  }, testInfo) => {
    await page.goto("/contact-us");
    if (jsEnabled(testInfo)) await waitForHydration(page);
    const nav = await topBar(page, isPhone(testInfo));
    await nav.getByRole("link", { name: "FAQ", exact: true }).click();
    // With scripts: navigates to / itself and scrolls 300 ms later; without: the /#faq anchor.
    await expect(page).toHaveURL(jsEnabled(testInfo) ? /\/$/ : /\/#faq$/);
    await expect(faqSection(page)).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
  });

  test("with JavaScript the FAQ link scrolls after the 300 ms delay, not at once", async ({
    page,
  }, testInfo) => {
    // The time of the page's first scroll away from the top after arriving on /.
    await page.addInitScript(() => {
      const w = window as unknown as { __arrivedAt?: number; __scrolledAt?: number };
      const watch = () => {
        if (location.pathname === "/" && w.__arrivedAt === undefined) w.__arrivedAt = performance.now();
        if (location.pathname === "/" && window.scrollY > 200 && w.__scrolledAt === undefined)
          w.__scrolledAt = performance.now();
      };
      const observer = new MutationObserver(watch);
      document.addEventListener("DOMContentLoaded", () =>
        observer.observe(document.body, { subtree: true, childList: true }),
      );
      window.addEventListener("scroll", watch, { passive: true });
    });
    await page.goto("/contact-us");
    await waitForHydration(page);
    const nav = await topBar(page, isPhone(testInfo));
    await nav.getByRole("link", { name: "FAQ", exact: true }).click();
    await expect(faqSection(page)).toBeInViewport();
    const t = await page.evaluate(() => {
      const w = window as unknown as { __arrivedAt?: number; __scrolledAt?: number };
      return { arrived: w.__arrivedAt ?? null, scrolled: w.__scrolledAt ?? null };
    });
    expect(t.arrived).not.toBeNull();
    expect(t.scrolled).not.toBeNull();
    expect(t.scrolled! - t.arrived!).toBeGreaterThanOrEqual(250);
  });
});

/* ------------------------------------------------------------------------------------- contact form */

const CONTACT_SUCCESS =
  "Thank you! Your message has been successfully received. We will be in touch with you shortly.";
const MOBILE_RULE = "Please enter a valid 10-digit Indian mobile number";

/** Opens `path`, waits for scripts when they run, and returns the contact form's fields. */
async function openContactForm(page: Page, path: string, testInfo: TestInfo) {
  await page.goto(path);
  if (jsEnabled(testInfo)) await waitForHydration(page);
  return contactFields(page);
}

function contactValues(testInfo: TestInfo, where: string): ContactValues {
  return {
    name: "Ravi Kumar",
    email: uniqueEmail("contact"),
    mobile: uniqueMobile(),
    subject: `Payout question ${where} ${testInfo.project.name} ${Date.now()}`,
    message: "My UPI withdrawal is still pending. Could you check it, please?",
    consent: true,
  };
}

interface StoredMessage {
  name: string;
  email: string;
  mobile_number: string;
  subject: string;
  message: string;
  userName: string | null;
}

for (const path of ["/", "/contact-us"]) {
  test.describe(`Contact form on ${path}`, () => {
    test("every field and the consent are required", async ({ page }, testInfo) => {
      const f = await openContactForm(page, path, testInfo);
      await f.send.click();
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : "/contact-us"}$`));
      await expectFieldRejected(page, f.name, testInfo, "Please enter your name.");
      await expectFieldRejected(page, f.email, testInfo, "Please enter your email address.");
      await expectFieldRejected(page, f.mobile, testInfo, MOBILE_RULE);
      await expectFieldRejected(page, f.subject, testInfo, "Please enter a subject.");
      await expectFieldRejected(page, f.message, testInfo, "Please enter your message.");
      await expectFieldRejected(
        page,
        f.consent,
        testInfo,
        "Please agree to the Terms of Use and the Privacy Policy.",
      );
      await expect(toast(page)).toHaveCount(0);
    });

    test("the mobile number must be exactly 10 digits @no-js", async ({ page, operator }, testInfo) => {
      const f = await openContactForm(page, path, testInfo);
      const v = { ...contactValues(testInfo, `mobile${path}`), mobile: "98765 4321" };
      await fillContact(page, v);
      await f.send.click();
      await expectFieldRejected(page, f.mobile, testInfo, MOBILE_RULE);
      if (!jsEnabled(testInfo)) {
        // The browser shows the rule's own words for the pattern...
        await expect(f.mobile).toHaveAttribute("title", MOBILE_RULE);
        // ...and the server applies it too, if a browser ignores the pattern.
        await f.mobile.evaluate((el) => el.removeAttribute("pattern"));
        await f.send.click();
        await expectMessage(page, MOBILE_RULE);
        await expect(toast(page)).toHaveCount(0);
      }
      // Nine digits are refused as well; ten are accepted.
      await f.mobile.fill("987654321");
      await f.send.click();
      await expectFieldRejected(page, contactFields(page).mobile, testInfo, MOBILE_RULE);
      const res = await operator.request("/adminRoute/messages");
      expect((res.body.msg.records as StoredMessage[]).some((m) => m.subject === v.subject)).toBe(false);
    });

    test("the consent checkbox is required", async ({ page }, testInfo) => {
      const f = await openContactForm(page, path, testInfo);
      await fillContact(page, { ...contactValues(testInfo, `consent${path}`), consent: false });
      await f.send.click();
      await expectFieldRejected(
        page,
        f.consent,
        testInfo,
        "Please agree to the Terms of Use and the Privacy Policy.",
      );
      await expect(toast(page)).toHaveCount(0);
    });

    test("a sent message shows the thank-you toast and reaches the operators", async ({
      page,
      operator,
    }, testInfo) => {
      const f = await openContactForm(page, path, testInfo);
      const v = contactValues(testInfo, path);
      await fillContact(page, v);
      await f.send.click();
      await expect(toast(page)).toContainText(CONTACT_SUCCESS);
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : "/contact-us"}$`));
      // The form starts empty again.
      await expect(contactFields(page).subject).toHaveValue("");

      // Operators read contact messages at GET /adminRoute/messages (docs/api/admin.md).
      const res = await operator.request("/adminRoute/messages");
      expect(res.status).toBe(200);
      const stored = (res.body.msg.records as StoredMessage[]).filter((m) => m.subject === v.subject);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        name: v.name,
        email: v.email,
        mobile_number: v.mobile,
        subject: v.subject,
        message: v.message,
        userName: null,
      });
    });
  });
}

/* ------------------------------------------------------------------------------------ policy pages */

const POLICIES = [
  { path: "/privacy-policy", flag: "privacy_policy", field: "privacy_policy_data", title: "Privacy Policy" },
  { path: "/terms-of-use", flag: "terms_of_use", field: "terms_of_use_data", title: "Terms of Use" },
  { path: "/dmca", flag: "dmca", field: "dmca_data", title: "DMCA Policy" },
] as const;

async function policyHtml(api: ApiHelper, flag: string, field: string): Promise<string> {
  const res = await api.request(`/checkLogin_for_navBar?${flag}=true`);
  expect(res.status).toBe(200);
  const html = res.body.msg[field] as string;
  expect(html.length).toBeGreaterThan(100);
  return html;
}

async function expectPolicyContent(page: Page, html: string) {
  const content = page.getByTestId("policy-content");
  const headings = [...tagTexts(html, "h2"), ...tagTexts(html, "h3")];
  expect(headings.length).toBeGreaterThan(0);
  for (const h of headings)
    await expect(content.getByRole("heading", { name: h, exact: true })).toBeVisible();
  const firstParagraph = tagTexts(html, "p")[0]!;
  await expect(content).toContainText(firstParagraph);
  await expect(content).not.toContainText("<p>");
  await expect(content).not.toContainText("This page is being updated.");
}

test.describe("Policy pages", () => {
  for (const p of POLICIES) {
    test(`${p.path} shows the server's HTML`, async ({ page, api }) => {
      const html = await policyHtml(api, p.flag, p.field);
      await page.goto(p.path);
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
      await expectPolicyContent(page, html);
    });
  }

  for (const [alias, target] of [
    ["/terms", POLICIES[1]],
    ["/privacy", POLICIES[0]],
  ] as const) {
    test(`${alias} leads to ${target.path} and the same content`, async ({ page, api }) => {
      const html = await policyHtml(api, target.flag, target.field);
      await page.goto(alias);
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: target.title })).toBeVisible();
      await expectPolicyContent(page, html);
      // A permanent redirect, not a copy of the page under a second address.
      const res = await page.request.get(alias, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(new URL(res.headers()["location"]!, "http://x").pathname).toBe(target.path);
    });
  }
});
