import { test, expect } from "./fixtures";

/**
 * Hindi beside English (issue 23), the first part: the language is chosen on the server — the
 * switch's cookie, else the browser's Accept-Language — before any script, `<html lang>` says
 * which, the shell (top bar, menu, footer) speaks it, and the English / हिन्दी switch is a plain
 * link that works without JavaScript. The kept public pages are kept per language.
 */
test.describe("language", () => {
  test.use({ locale: "hi-IN" });

  test("a Hindi browser gets Hindi; the switch changes it and is remembered", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("अपने खाली समय में असली पैसे कमाएँ");
    await expect(footer.getByRole("link", { name: "गोपनीयता नीति" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "English" })).toBeVisible();

    await footer.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(footer).toContainText("Earn real money in your free time");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    // Remembered: the next page is English too, whatever the browser asks for.
    await page.goto("/contact-us");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");

    await page.getByRole("contentinfo").getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  });

  test("a member's menu and top bar speak Hindi, and the switch is in the menu", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const member = await newMember();
    await loginAs(page, member);
    await page.goto("/member/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    // On a phone the menu is a drawer: open it (a label without scripts, a button with them).
    if (page.viewportSize()!.width < 1024)
      await page.locator("header").getByText("मेन्यू", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "सदस्य मेन्यू" });
    for (const item of ["डैशबोर्ड", "निकासी", "शेष परिवर्तन", "PTC विज्ञापन", "टास्क वॉल", "सहायता"])
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeAttached();
    await expect(page.getByTestId("available-balance")).toContainText("उपलब्ध शेष:");
    // The switch beside the menu: English for this member from now on.
    await page.locator("#member-side-menu").getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByTestId("available-balance")).toContainText("Available Balance:");
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  });

  test("in Hindi the top bar fits a 360 px phone @phone-only", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await page.getByTestId("mobile-menu").locator("summary").click();
    await expect(
      page.getByRole("navigation", { name: "मुख्य (मोबाइल)" }).getByRole("link", { name: "होम" }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test("the kept public pages are kept per language", async ({ request, humanCheckSite }) => {
  // The human-check site keeps anonymous pages for a few seconds: each language gets its own.
  for (const [accept, lang] of [
    ["en-IN", "en-IN"],
    ["hi-IN", "hi-IN"],
    ["en-IN", "en-IN"],
    ["hi-IN", "hi-IN"],
  ] as const) {
    const res = await request.get(`${humanCheckSite}/`, { headers: { "Accept-Language": accept } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain(`<html lang="${lang}"`);
  }
});
