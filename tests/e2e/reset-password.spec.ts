import type { Page } from "@playwright/test";
import {
  test,
  expect,
  toast,
  expectFieldRejected,
  expectMessage,
  requestPasswordReset,
  submitLoginForm,
  firstLink,
  E2E_ORIGIN,
} from "./fixtures";

const MISMATCH = "Passwords do not match. Please enter the same password in both fields.";

function resetFields(page: Page) {
  return {
    first: page.getByLabel("New Password", { exact: true }),
    second: page.getByLabel("Confirm Password", { exact: true }),
  };
}

// The mail, the link and the wait are the server's, the same on any screen: js and no-js only
// (the pages' 360 px layout is checked by the phone project's other tests).
test.describe("Password reset by mail", () => {
  test("forgot-password form → mail → link → new password → login with it", async ({
    page,
    newMember,
    mailbox,
  }) => {
    const m = await newMember();
    await requestPasswordReset(page, m.email);
    await expectMessage(page, "Password reset link sent successfully.");

    const mail = await mailbox.waitFor(m.email, "Reset your password");
    const link = firstLink(mail.text);
    expect(link).toMatch(new RegExp(`^${E2E_ORIGIN}/password-reset-form/[^/\\s]+$`));

    await page.goto(link);
    await expect(page).toHaveURL(link);
    const { first, second } = resetFields(page);
    const newPassword = "brand-new-password-456";
    await first.fill(newPassword);
    await second.fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Password reset successfully.");

    // The old password no longer works; the new one does.
    await page.goto("/login");
    await submitLoginForm(page, m.email, m.password);
    await expect(toast(page)).toContainText("Invalid details");
    await page.goto("/login");
    await submitLoginForm(page, m.email, newPassword);
    await expect(page).toHaveURL(/\/member\/dashboard$/);

    // The link is single-use.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Token Verification Failed!");
  });

  test("an unregistered address gets the same answer and no mail", async ({ page, mailbox }) => {
    const email = `ghost${Date.now()}@e2e.test`;
    await requestPasswordReset(page, email);
    await expectMessage(page, "Password reset link sent successfully.");
    await expect(mailbox.waitFor(email, "", { timeout: 1500 })).rejects.toThrow();
  });

  test("a second request inside the wait shows the message and a 'Try again after' countdown", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    await requestPasswordReset(page, m.email);
    await expectMessage(page, "Password reset link sent successfully.");
    await requestPasswordReset(page, m.email);
    await expectMessage(page, "A reset link was already sent. Please check your inbox.");
    await expectMessage(page, /Try again after/);
  });
});

test.describe("Forgot-password and reset form validation", () => {
  test("forgot password: 'Email is required!'", async ({ page }, testInfo) => {
    await requestPasswordReset(page, "");
    await expectFieldRejected(
      page,
      page.getByLabel("Email", { exact: true }),
      testInfo,
      "Email is required!",
    );
  });

  test("an invalid token sends the visitor to /login with 'Token Verification Failed!'", async ({ page }) => {
    await page.goto("/password-reset-form/not-a-real-token");
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Token Verification Failed!");
  });

  test("reset form: both fields required, must match, at least 8 characters", async ({
    page,
    newMember,
    mailbox,
  }, testInfo) => {
    const m = await newMember();
    await requestPasswordReset(page, m.email);
    await expectMessage(page, "Password reset link sent successfully.");
    const link = firstLink((await mailbox.waitFor(m.email, "")).text);
    await page.goto(link);
    const { first, second } = resetFields(page);
    const submit = page.getByRole("button", { name: "Reset Password" });

    await submit.click();
    await expectFieldRejected(page, first, testInfo);
    await expectFieldRejected(page, second, testInfo);

    await first.fill("first-password-1");
    await second.fill("second-password-2");
    await submit.click();
    await expectMessage(page, MISMATCH);

    await first.fill("short");
    await second.fill("short");
    await submit.click();
    await expectFieldRejected(page, first, testInfo, "Password must be at least 8 characters long.");
    await expect(page).toHaveURL(link);

    // None of that used up the token: a valid password still goes through.
    await first.fill("finally-valid-pass");
    await second.fill("finally-valid-pass");
    await submit.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Password reset successfully.");
  });
});
