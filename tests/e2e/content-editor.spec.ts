import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import {
  test,
  expect,
  jsEnabled,
  loginOperatorPage,
  toast,
  waitForHydration,
  type OperatorHelper,
  testBudget,
} from "./fixtures";

/**
 * The Markdown editor of announcements and policy pages (issue 45 §3): English and Hindi side by
 * side, Preview renders both on the server without saving, Save keeps the Markdown as typed, items
 * without Hindi are marked, and a Hindi member's dashboard shows the Hindi rendered. Setup through
 * the API; every announcement a test makes is deleted again. Policy pages are only previewed here
 * (other specs read them).
 */

const tag = () => randomBytes(3).toString("hex");

const english = (t: string) =>
  [
    `## Offer ${t}`,
    "",
    "Earn **double** today: read [the rules](https://example.com/rules).",
    "",
    "- Watch ads",
    "- Claim",
  ].join("\n");
const hindi = (t: string) =>
  [
    `## ऑफ़र ${t}`,
    "",
    "आज **दोगुना** कमाएँ: [नियम](https://example.com/niyam) पढ़ें।",
    "",
    "- विज्ञापन देखें",
    "- दावा करें",
  ].join("\n");

interface Announcement {
  id: number;
  message: string;
  message_hi?: string;
}

async function announcements(operator: OperatorHelper): Promise<Announcement[]> {
  const res = await operator.request("/adminRoute/content/announcements");
  expect(res.status).toBe(200);
  return res.body.msg.records as Announcement[];
}

async function addAnnouncement(operator: OperatorHelper, message: string, messageHi?: string) {
  const res = await operator.request("/adminRoute/content/announcements", {
    json: { message, ...(messageHi ? { message_hi: messageHi } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg.id as number;
}

const remove = (operator: OperatorHelper, id: number) =>
  operator.request(`/adminRoute/content/announcements/${id}`, { method: "DELETE" });

/** The rendered English and Hindi of `english(t)`/`hindi(t)` in a preview or a page. */
async function expectRendered(page: Page, t: string) {
  const en = page.getByTestId("content-preview");
  await expect(en.getByRole("heading", { level: 2, name: `Offer ${t}` })).toBeVisible();
  await expect(en.locator("strong")).toHaveText("double");
  await expect(en.getByRole("link", { name: "the rules" })).toHaveAttribute(
    "href",
    "https://example.com/rules",
  );
  await expect(en.locator("li")).toHaveText(["Watch ads", "Claim"]);
  const hi = page.getByTestId("content-preview-hi");
  await expect(hi.locator('[lang="hi"]')).toHaveCount(1);
  await expect(hi.getByRole("heading", { level: 2, name: `ऑफ़र ${t}` })).toBeVisible();
  await expect(hi.getByRole("link", { name: "नियम" })).toHaveAttribute("href", "https://example.com/niyam");
  await expect(hi.locator("li")).toHaveText(["विज्ञापन देखें", "दावा करें"]);
}

test.describe("the Markdown content editor", () => {
  test("the operator previews an announcement in English and Hindi (nothing saved), then saves it @no-js", async ({
    page,
    operator,
  }, testInfo) => {
    test.setTimeout(testBudget(2));
    const t = tag();
    await loginOperatorPage(page);
    await page.goto("/admin/content/announcements");
    const form = () => page.getByRole("form", { name: "Add an announcement" });
    await form().getByLabel("Message — English").fill(english(t));
    await form().getByLabel("संदेश — Hindi (optional)").fill(hindi(t));
    await form().getByRole("button", { name: "Preview" }).click();

    await expectRendered(page, t);
    // What was typed is kept, and nothing was saved.
    await expect(form().getByLabel("Message — English")).toHaveValue(english(t));
    await expect(form().getByLabel("संदेश — Hindi (optional)")).toHaveValue(hindi(t));
    expect((await announcements(operator)).some((a) => a.message.includes(t))).toBe(false);
    if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);

    await form().getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText("Announcement added.");
    const saved = (await announcements(operator)).find((a) => a.message.includes(t));
    expect(saved).toBeDefined();
    try {
      // Kept as typed (the browser's line ends made \n).
      expect(saved!.message).toBe(english(t));
      expect(saved!.message_hi).toBe(hindi(t));
      const item = page.getByTestId("content-item").filter({ hasText: `Offer ${t}` });
      await expect(item).toHaveCount(1);
      await expect(item.getByRole("heading", { name: `Offer ${t}` })).toBeVisible();
      await expect(item.getByTestId("no-hindi-yet")).toHaveCount(0);

      // The editor gets the Markdown back, not HTML.
      await item.getByRole("link", { name: /^Edit/ }).click();
      const edit = page.getByRole("form", { name: "Edit an announcement" });
      await expect(edit.getByLabel("Message — English")).toHaveValue(english(t));
      await expect(edit.getByLabel("संदेश — Hindi (optional)")).toHaveValue(hindi(t));
    } finally {
      await remove(operator, saved!.id);
    }
  });

  test("what has no Hindi yet is marked; English and Hindi sit side by side, stacked at 360 px; a policy previews in both", async ({
    page,
    operator,
  }) => {
    test.setTimeout(testBudget(2));
    const t = tag();
    const id = await addAnnouncement(operator, `English only ${t}`);
    try {
      await loginOperatorPage(page);
      await page.goto("/admin/content/announcements");
      await waitForHydration(page);
      const item = page.getByTestId("content-item").filter({ hasText: `English only ${t}` });
      await expect(item.getByTestId("no-hindi-yet")).toHaveText("No Hindi yet");

      const form = page.getByRole("form", { name: "Add an announcement" });
      const en = form.getByLabel("Message — English");
      const hi = form.getByLabel("संदेश — Hindi (optional)");
      const side = async () => {
        const [a, b] = [(await en.boundingBox())!, (await hi.boundingBox())!];
        return { sameRow: Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width, stacked: b.y > a.y + a.height };
      };
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await side()).toEqual({ sameRow: true, stacked: false });
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await side()).toEqual({ sameRow: false, stacked: true });
      await form.locator("summary", { hasText: "Formatting help" }).click();
      await expect(form.getByTestId("markdown-help")).toContainText("**bold**");
      expect(await axeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    } finally {
      await remove(operator, id);
    }

    // Policy pages: each marked exactly when it has no Hindi; Preview renders both, saves nothing.
    await page.setViewportSize({ width: 1280, height: 900 });
    const before = (await operator.request("/adminRoute/content/policies")).body.msg.records as {
      slug: string;
      title: string;
      html: string;
      html_hi: string;
    }[];
    await page.goto("/admin/content/policies");
    await waitForHydration(page);
    for (const p of before) {
      const section = page.getByRole("region", { name: new RegExp(`^${p.title}`) });
      await expect(section.getByTestId("no-hindi-yet")).toHaveCount(p.html_hi ? 0 : 1);
      await expect(section.getByLabel(`${p.title} — English`)).toHaveValue(p.html);
    }
    const terms = page.getByRole("form", { name: "Terms of Use" });
    await terms.getByLabel("Terms of Use — English").fill(english(t));
    await terms.getByLabel("Terms of Use — Hindi (optional)").fill(hindi(t));
    await terms.getByRole("button", { name: "Preview" }).click();
    await expectRendered(page, t);
    await expect(
      page.getByRole("form", { name: "Terms of Use" }).getByLabel("Terms of Use — English"),
    ).toHaveValue(english(t));
    expect(await axeViolations(page)).toEqual([]);
    expect((await operator.request("/adminRoute/content/policies")).body.msg.records).toEqual(before);
  });
});

test.describe("a Hindi reader's dashboard", () => {
  test.use({ locale: "hi-IN" });

  test("shows the announcement's Hindi, rendered from Markdown @phone", async ({
    page,
    operator,
    newMember,
    loginAs,
  }) => {
    const t = tag();
    const id = await addAnnouncement(operator, english(t), hindi(t));
    try {
      const m = await newMember();
      await loginAs(page, m);
      await page.goto("/member/dashboard");
      const section = page.locator('section[aria-labelledby="announcements-title"]');
      const item = section.getByRole("listitem").filter({ hasText: `ऑफ़र ${t}` });
      await expect(item.getByRole("heading", { name: `ऑफ़र ${t}` })).toBeVisible();
      await expect(item.locator("strong")).toHaveText("दोगुना");
      await expect(item.getByRole("link", { name: "नियम" })).toHaveAttribute(
        "href",
        "https://example.com/niyam",
      );
      await expect(item.locator("li")).toHaveText(["विज्ञापन देखें", "दावा करें"]);
      await expect(section).not.toContainText(`Offer ${t}`);
      await expect(section).not.toContainText("##");
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await remove(operator, id);
    }
  });
});
