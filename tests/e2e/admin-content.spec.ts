import { randomBytes } from "node:crypto";
import { axeViolations } from "./axe";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  handSessionTo,
  operatorCookie,
  loginOperatorPage,
  toast,
  waitForHydration,
  type OperatorHelper,
  testBudget,
} from "./fixtures";

/**
 * The content editor (/admin/content, issue 20 §2). No operator with the content role alone
 * exists in these runs, so the owner edits; the support operator is refused. Setup goes through
 * the API; every item a test makes is removed again (the home page's own tests count the FAQ).
 */

const tag = () => randomBytes(3).toString("hex");

async function addFaq(operator: OperatorHelper, question: string): Promise<number> {
  const res = await operator.request("/adminRoute/content/faq", {
    json: { question, answer: "<p>Made by the content editor's test.</p>" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg.id as number;
}

async function publicQuestions(operator: OperatorHelper): Promise<string[]> {
  const res = await operator.request("/checkLogin_for_navBar?faq=true");
  return (res.body.msg.other_data_faqArray as { question: string }[]).map((f) => f.question);
}

/** The FAQ page of the console that holds the item (the list is paged by 20). */
async function openFaqItem(page: Page, question: string) {
  for (let p = 1; p <= 10; p++) {
    await page.goto(`/admin/content/faq?page=${p}`);
    const item = page.getByTestId("content-item").filter({ hasText: question });
    if (await item.count()) return item;
  }
  throw new Error(`FAQ item not found: ${question}`);
}

test.describe("the content editor", () => {
  test("the owner edits an FAQ item with a preview that shows the cleaned HTML, and the home page shows it at once", async ({
    page,
    operator,
  }) => {
    const question = `E2E question ${tag()}?`;
    const id = await addFaq(operator, question);
    try {
      await loginOperatorPage(page);
      const item = await openFaqItem(page, question);
      await waitForHydration(page);
      await item.getByRole("link", { name: `Edit ${question}` }).click();
      const form = page.getByRole("form", { name: "Edit an FAQ item" });
      const edited = `${question} Edited`;
      await form.getByLabel("Question").fill(edited);
      await form
        .getByLabel("Answer")
        .fill(
          '<p>Safe <strong>bold</strong> text <a href="javascript:alert(1)">link</a></p><script>window.__ran = 1</script><img src="https://example.com/x.png" alt="x" onerror="window.__ran = 2">',
        );
      await form.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByTestId("content-preview");
      await expect(preview).toContainText("Safe bold text");
      await expect(preview.locator("script")).toHaveCount(0);
      await expect(preview.locator("[onerror]")).toHaveCount(0);
      await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
      await expect(preview.locator("strong")).toHaveText("bold");
      // The form kept what was typed.
      await expect(page.getByRole("form", { name: "Edit an FAQ item" }).getByLabel("Question")).toHaveValue(
        edited,
      );
      expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();

      await page
        .getByRole("form", { name: "Edit an FAQ item" })
        .getByRole("button", { name: "Save" })
        .click();
      await expect(toast(page)).toContainText("FAQ item saved.");

      // A visitor (no session) sees the change on the home page at once.
      const visitor = await page.context().browser()!.newPage();
      await visitor.goto("/");
      const faqItem = visitor.getByTestId("faq-item").filter({ hasText: edited });
      await expect(faqItem).toHaveCount(1);
      await faqItem.getByText(edited, { exact: true }).click();
      await expect(faqItem).toContainText("Safe bold text");
      await expect(faqItem.locator("script, [onerror]")).toHaveCount(0);
      await visitor.close();
    } finally {
      await operator.request(`/adminRoute/content/faq/${id}`, { method: "DELETE" });
    }
  });

  test("delete asks first, then the item is gone from the public FAQ", async ({ page, operator }) => {
    const question = `E2E delete me ${tag()}?`;
    const id = await addFaq(operator, question);
    try {
      await loginOperatorPage(page);
      const item = await openFaqItem(page, question);
      await waitForHydration(page);
      await item.getByRole("button", { name: `Delete ${question}` }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this for good?" });
      await expect(dialog).toContainText(question);
      // Nothing is deleted until confirmed.
      expect(await publicQuestions(operator)).toContain(question);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("FAQ item deleted.");
      await expect(page.getByTestId("content-item").filter({ hasText: question })).toHaveCount(0);
      expect(await publicQuestions(operator)).not.toContain(question);
    } finally {
      await operator.request(`/adminRoute/content/faq/${id}`, { method: "DELETE" });
    }
  });

  test("a support operator is refused the content editor by the server", async ({ page }) => {
    const cookie = operatorCookie("support");
    await handSessionTo(page, cookie);
    for (const path of ["/admin/content", "/admin/content/faq", "/admin/content/texts"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Not for your role" })).toBeVisible();
      await expect(page.getByTestId("role-refused")).toContainText("Your operator role does not allow this.");
    }
    await expect(
      page.getByRole("navigation", { name: "Operator menu" }).getByRole("link", { name: "Content" }),
    ).toHaveCount(0);
  });
});

const CONTENT_PAGES = [
  "/admin/content",
  "/admin/content/announcements",
  "/admin/content/faq",
  "/admin/content/home",
  "/admin/content/policies",
  "/admin/content/instructions",
  "/admin/content/texts",
];

test.describe("the content editor's accessibility", () => {
  for (const width of [1280, 360]) {
    test(`every content page passes axe-core at ${width} px, with nothing wider than the screen`, async ({
      page,
    }) => {
      test.setTimeout(testBudget(2));
      await page.setViewportSize({ width, height: 800 });
      await loginOperatorPage(page);
      const found: Record<string, string[]> = {};
      for (const path of CONTENT_PAGES) {
        await page.goto(path);
        await waitForHydration(page);
        const v = await axeViolations(page);
        if (v.length) found[path] = v;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found[path] = [...(found[path] ?? []), `wider than the screen by ${overflow}px`];
      }
      // The confirm step and a preview are part of the pages too.
      await page.goto("/admin/content/faq");
      await waitForHydration(page);
      await page.getByRole("form", { name: "Add an FAQ item" }).getByLabel("Question").fill("Axe?");
      await page.getByRole("form", { name: "Add an FAQ item" }).getByLabel("Answer").fill("<p>Preview</p>");
      await page
        .getByRole("form", { name: "Add an FAQ item" })
        .getByRole("button", { name: "Preview" })
        .click();
      await expect(page.getByTestId("content-preview")).toContainText("Preview");
      const withPreview = await axeViolations(page);
      if (withPreview.length) found["faq with preview"] = withPreview;
      expect(found).toEqual({});
    });
  }
});

test.describe("the content editor without JavaScript at 360 px", { tag: "@no-js-only" }, () => {
  test("an instructions item is added with a preview, and removed after the server's confirm step", async ({
    page,
    operator,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginOperatorPage(page);
    const text = `E2E step ${tag()}`;
    await page.goto("/admin/content/instructions");
    const add = page.getByRole("form", { name: "Add an item to PTC Ads" });
    await add.getByLabel("New PTC Ads item (HTML)").fill(`<p>${text}</p><script>alert(1)</script>`);
    await add.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("content-preview")).toContainText(text);
    await page
      .getByRole("form", { name: "Add an item to PTC Ads" })
      .getByRole("button", { name: "Add Item" })
      .click();
    await expect(toast(page)).toContainText("Instructions saved.");
    const list = page.getByRole("list", { name: "PTC Ads instructions" });
    const item = list.getByRole("listitem").filter({ hasText: text });
    await expect(item).toHaveCount(1);
    const member = await operator.request("/adminRoute/content/instructions");
    const ptc = (member.body.msg.lists as { key: string; items: string[] }[]).find(
      (l) => l.key === "ptc_instructions",
    )!;
    expect(ptc.items.at(-1)).toBe(`<p>${text}</p>`);

    await item.getByRole("button", { name: /^Delete/ }).click();
    // The server's confirm step: the same page with the dialog rendered, nothing removed yet.
    const dialog = page.getByRole("dialog", { name: "Delete this for good?" });
    await expect(dialog).toContainText(text);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Instructions saved.");
    await expect(page.getByRole("list", { name: "PTC Ads instructions" }).getByText(text)).toHaveCount(0);
  });
});
