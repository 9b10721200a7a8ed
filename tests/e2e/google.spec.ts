import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, toast } from "./fixtures";

/**
 * Google sign-in against the local OpenID provider started by global setup (port 3199). Its login
 * page accepts any e-mail and password; its consent page grants the scopes. Everything is plain
 * links and forms, so the same flow runs with JavaScript off.
 */
const googleEmail = () => `g${randomBytes(5).toString("hex")}@example.test`;

/** The provider's own pages: sign in as `email`, then consent. */
async function completeProviderPages(page: Page, email: string) {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByRole("button", { name: "Continue" }).click();
}

/**
 * Issue 44: a new Google member is asked once for the privacy notice and their age (the consent
 * step), then goes on to the dashboard.
 */
async function completeConsentStep(page: Page) {
  await expect(page).toHaveURL(/\/member\/consent\?back=%2Fmember%2Fdashboard$/);
  await page.getByLabel("Date of birth", { exact: true }).fill("1992-03-04");
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
}

test.describe("Google sign-in", () => {
  test("Login With Google on /login lands on the dashboard", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: /Login With Google/i }).click();
    const email = googleEmail();
    await completeProviderPages(page, email);
    await expect(toast(page)).toContainText("Login Success!");
    await completeConsentStep(page);
    await expect(page).toHaveURL(/\/member\/dashboard$/);

    // The session is a real one, asked once: a second visit to a member page stays there.
    await page.goto("/member/dashboard");
    await expect(page).toHaveURL(/\/member\/dashboard$/);
  });

  test("Sign Up With Google needs the terms box", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: /Sign Up With Google/i }).click();
    await expect(page).toHaveURL(/\/signup$/);
    // With JavaScript the form says it in place; without, the server's answer carries it (toast and field error).
    await expect(page.getByText("You have to check I agree checkbox for registration").first()).toBeVisible();
  });

  test("Sign Up With Google with the terms box ticked lands on the dashboard", async ({ page }) => {
    await page.goto("/signup");
    await page
      .getByRole("checkbox", { name: /agree|terms/i })
      .first()
      .check();
    await page.getByRole("button", { name: /Sign Up With Google/i }).click();
    await completeProviderPages(page, googleEmail());
    await expect(toast(page)).toContainText("Login Success!");
    await completeConsentStep(page);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
  });

  test("Google sign-up for an e-mail registered with a password is sent to log in with it", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    await page.goto("/signup");
    await page
      .getByRole("checkbox", { name: /agree|terms/i })
      .first()
      .check();
    await page.getByRole("button", { name: /Sign Up With Google/i }).click();
    await completeProviderPages(page, m.email);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("You Already Registered Please Login With Password");
  });
});
