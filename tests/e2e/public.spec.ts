import type { Page } from "@playwright/test";
import { test, expect, holdScripts, isPhone, waitForHydration } from "./fixtures";

/** The public top bar; on a phone its links sit behind the Menu disclosure, which is opened first. */
async function topBar(page: Page, phone: boolean) {
  const header = page.getByRole("banner");
  if (phone) {
    await header.getByLabel("Menu", { exact: true }).click();
    return header.getByRole("navigation", { name: "Main (mobile)" }).locator("..");
  }
  return header;
}

test.describe("Public top bar and footer", () => {
  test("a visitor sees Home, FAQ, Contact Us, Payments Proof, Login and Sign Up @phone", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const header = await topBar(page, isPhone(testInfo));
    for (const name of ["Home", "FAQ", "Contact Us", "Payments Proof", "Login", "Sign Up"]) {
      await expect(header.getByRole("link", { name, exact: true }).first()).toBeVisible();
    }
    await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Payments Proof", exact: true }).first()).toHaveAttribute(
      "href",
      "/payment-proof",
    );
    await expect(header.getByRole("link", { name: "Contact Us", exact: true }).first()).toHaveAttribute(
      "href",
      "/contact-us",
    );
  });

  test("a menu opened before the scripts load stays open when they do @phone-only", async ({ page }) => {
    // A slow phone: the page is shown, its scripts are still on their way.
    const { release } = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const header = page.getByRole("banner");
    await header.getByLabel("Menu", { exact: true }).click();
    const mobileNav = header.getByRole("navigation", { name: "Main (mobile)" });
    await expect(mobileNav.getByRole("link", { name: "FAQ", exact: true })).toBeVisible();
    release();
    await waitForHydration(page);
    await expect(mobileNav.getByRole("link", { name: "FAQ", exact: true })).toBeVisible();
    // After a navigation it closes.
    await mobileNav.getByRole("link", { name: "Payments Proof", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-proof$/);
    await expect(mobileNav).toBeHidden();
  });

  test("a logged-in visitor sees a Dashboard button instead of Login and Sign Up", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/payment-proof");
    const header = await topBar(page, isPhone(testInfo));
    await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "href",
      "/member/dashboard",
    );
    await expect(header.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Sign Up", exact: true })).toHaveCount(0);
  });

  test("the footer: rating 4.3 out of 5, policy links, contact, FAQ and the 2025 copyright", async ({
    page,
  }) => {
    await page.goto("/payment-proof");
    const footer = page.locator("footer").last();
    await expect(footer).toContainText("4.3");
    for (const href of ["/privacy-policy", "/terms-of-use", "/dmca", "/contact-us"]) {
      await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
    }
    await expect(footer.getByRole("link", { name: /faq/i }).first()).toBeAttached();
    await expect(footer).toContainText("2025");
  });

  test("the home page hero links Start Earning Now to /signup", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Start Earning Now" })).toHaveAttribute("href", "/signup");
    await expect(
      page.getByRole("link", { name: "Learn More" }).or(page.getByRole("button", { name: "Learn More" })),
    ).toBeVisible();
  });
});
