import {
  test,
  expect,
  toast,
  submitLoginForm,
  submitSignUpForm,
  signUpFields,
  loginForm,
  expectFieldRejected,
  expectMessage,
  freshDetails,
  logoutViaUi,
  waitForHydration,
  jsEnabled,
  msToNextStep,
  firstLink,
  E2E_ORIGIN,
  testBudget,
} from "./fixtures";
import type { Page, TestInfo } from "@playwright/test";
import { generate } from "otplib";
import { E2E_LOGIN_OPERATOR } from "../../playwright.config";

test.describe("Sign-up, login, dashboard, logout through the forms", () => {
  test("a visitor signs up, logs in, reaches the dashboard and logs out @no-js", async ({ page }) => {
    const me = freshDetails();
    await page.goto("/signup");
    await submitSignUpForm(page, me);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("user registered successfully!");

    await submitLoginForm(page, me.email, me.password);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await expect(toast(page)).toContainText("Login Success!");
    await expect(page.getByRole("main").getByText("PTC Ads")).toBeVisible();

    await logoutViaUi(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("LogOut success!");

    // The session is gone: member pages send the visitor to /login.
    await page.goto("/member/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the demo login printed by the server works", async ({ page }) => {
    await page.goto("/login");
    await submitLoginForm(page, "demo@example.com", "demo-password-123");
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await expect(toast(page)).toContainText("Login Success!");
  });

  test("login by username, with dots typed in the local part and surrounding spaces; Remember Me", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    const local = m.email.split("@")[0]!;
    const dotted = `${local.slice(0, 3)}.${local.slice(3, 6)}.${local.slice(6)}@e2e.test`;
    const sid = async () => (await page.context().cookies()).find((c) => c.name === "sid");

    await page.goto("/login");
    await submitLoginForm(page, `  ${dotted}  `, m.password, { remember: true });
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    // Remember Me: a cookie that outlives the browser (30 days).
    const remembered = await sid();
    expect(remembered?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    // Same account by its username (a remembered e-mail from the first login matches it too).
    await page.context().clearCookies();
    await page.goto("/login");
    await submitLoginForm(page, m.userName, m.password);
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    // Without Remember Me the cookie ends with the browser.
    expect((await sid())?.expires).toBe(-1);
  });
});

test.describe("Login form validation", () => {
  test("both fields are required", async ({ page }, testInfo) => {
    await page.goto("/login");
    // With scripts, a click before hydration meets only the browser's own check (no aria-invalid).
    if (jsEnabled(testInfo)) await waitForHydration(page);
    const form = loginForm(page);
    await form.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectFieldRejected(page, form.getByLabel("Email or Username", { exact: true }), testInfo);
    await expectFieldRejected(page, form.getByLabel("Password", { exact: true }), testInfo);
    // A blank identifier is refused the same way (it is trimmed).
    await form.getByLabel("Email or Username", { exact: true }).fill("   ");
    await form.getByLabel("Password", { exact: true }).fill("some-password");
    await form.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).not.toHaveURL(/dashboard/);
  });

  test("wrong password or unknown account: 'Invalid details'", async ({ page, newMember }) => {
    const m = await newMember();
    await page.goto("/login");
    await submitLoginForm(page, m.email, "not-the-password");
    await expect(toast(page)).toContainText("Invalid details");
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/login");
    // A fresh unknown address each time: the per-account throttle counts failures for it too.
    await submitLoginForm(
      page,
      `nobody-${Date.now()}${Math.random().toString(36).slice(2)}@e2e.test`,
      "whatever-password",
    );
    await expect(toast(page)).toContainText("Invalid details");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("account switching is restricted to the remembered account (JS rule)", async ({ page, newMember }) => {
    const remembered = "remembered.person@e2e.test";
    const m = await newMember();
    await page.goto("/login");
    await waitForHydration(page);
    await page.evaluate((e) => localStorage.setItem("user", e), remembered);
    await submitLoginForm(page, m.email, m.password);
    await expectMessage(page, `Account switching is restricted. Please log in with ${remembered}.`);
    await expect(page).toHaveURL(/\/login/);
  });

  test("'Invalid details' for the remembered account clears the stored keys (JS rule)", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    await page.goto("/login");
    await waitForHydration(page);
    await page.evaluate((e) => {
      localStorage.setItem("user", e);
      localStorage.setItem("userAlreadyRegistered", "true");
    }, m.email);
    await submitLoginForm(page, m.userName, "not-the-password");
    await expect(toast(page)).toContainText("Invalid details");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  });
});

/**
 * With scripts, the fields' aria-invalid marks are Conform's: a press before hydration is stopped
 * by the browser's own required check instead, and nothing marks the fields. Wait for React first.
 */
async function hydratedWithScripts(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await waitForHydration(page);
}

test.describe("Sign-up form validation", () => {
  test("every field and the terms box are required", async ({ page }, testInfo) => {
    await page.goto("/signup");
    await hydratedWithScripts(page, testInfo);
    const f = signUpFields(page);
    await f.submit.click();
    await expect(page).toHaveURL(/\/signup$/);
    for (const field of [f.name, f.mobile, f.email, f.password, f.confirm, f.terms]) {
      await expectFieldRejected(page, field, testInfo);
    }
  });

  test("the terms box alone still blocks a filled form", async ({ page }, testInfo) => {
    await page.goto("/signup");
    await hydratedWithScripts(page, testInfo);
    await submitSignUpForm(page, { ...freshDetails(), terms: false });
    await expect(page).toHaveURL(/\/signup$/);
    await expectFieldRejected(page, signUpFields(page).terms, testInfo);
  });

  test("mobile number must be exactly 10 digits", async ({ page }, testInfo) => {
    const MOBILE = "Please enter a valid 10-digit Indian mobile number";
    await page.goto("/signup");
    await hydratedWithScripts(page, testInfo);
    const mobile = signUpFields(page).mobile;
    // The field title the browser shows next to its own message.
    await expect(mobile).toHaveAttribute("title", MOBILE);
    for (const bad of ["98765", "98765abcde"]) {
      await submitSignUpForm(page, { ...freshDetails(), mobile: bad });
      await expect(page).toHaveURL(/\/signup$/);
      await expectFieldRejected(page, mobile, testInfo, MOBILE);
    }
  });

  test("passwords must match", async ({ page }) => {
    await page.goto("/signup");
    await submitSignUpForm(page, { ...freshDetails(), confirm: "something-else-1" });
    await expectMessage(page, "Password & confirm password do not match.");
    await expect(page).toHaveURL(/\/signup/);
  });

  test("an e-mail already registered: 'User Already Registered Please Login', then /login", async ({
    page,
    newMember,
  }) => {
    const m = await newMember();
    await page.goto("/signup");
    await submitSignUpForm(page, { ...freshDetails(), email: m.email });
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("User Already Registered Please Login");
  });

  test("a remembered account forbids signing up with another e-mail (JS rule)", async ({ page }) => {
    await page.goto("/signup");
    await waitForHydration(page);
    await page.evaluate(() => localStorage.setItem("user", "first.account@e2e.test"));
    await submitSignUpForm(page, freshDetails());
    await expectMessage(page, "Multiple accounts from the same IP address are not allowed.");
    await expect(page).toHaveURL(/\/signup/);
  });

  test("Google sign-up needs the terms box", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign Up With Google" }).click();
    await expectMessage(page, "You have to check I agree checkbox for registration");
  });
});

test.describe("Already logged in", () => {
  test("/login, /signup and /signup/ref/* send a member to the dashboard with 'You Already Logged In'", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const m = await newMember();
    await loginAs(page, m);
    for (const path of ["/login", "/signup", `/signup/ref/${m.userName}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${E2E_ORIGIN}/member/dashboard`);
      await expect(toast(page)).toContainText("You Already Logged In");
    }
  });
});

/** The login operator's authenticator code, or the one of the step starting `afterMs` from now. */
function loginCode(afterMs = 0): Promise<string> {
  return generate({
    secret: E2E_LOGIN_OPERATOR.totpSecret,
    epoch: Math.floor((Date.now() + afterMs) / 1000),
  });
}

test("an operator signs in with the password, then the authenticator code", async ({ page }) => {
  // This operator signs in only here (a code works once per 30-second step): only a run repeated
  // within the same step waits for the next one.
  test.setTimeout(testBudget(2));
  await page.goto("/login");
  await submitLoginForm(page, E2E_LOGIN_OPERATOR.email, E2E_LOGIN_OPERATOR.password);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "sid")).toBe(false);
  const code = page.getByLabel("Authenticator Code", { exact: true });
  const verify = page.getByRole("button", { name: "Verify" });

  const near = await Promise.all([-30_000, 0, 30_000].map((ms) => loginCode(ms)));
  await code.fill(["000000", "111111", "222222", "333333"].find((c) => !near.includes(c))!);
  await verify.click();
  await expect(page.getByText("Invalid code.")).toBeVisible();

  for (let attempt = 0; ; attempt++) {
    await code.fill(await loginCode());
    // The action answers a refused code with a 4xx, an accepted one with a redirect.
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"),
      ),
      verify.click(),
    ]);
    if (answer.status() < 400) break;
    expect(attempt, "the next step's code is accepted").toBe(0);
    await expect(page.getByText("Invalid code.")).toBeVisible();
    await page.waitForTimeout(msToNextStep());
  }
  await expect(page).toHaveURL(/\/member\/dashboard$/);
  await expect(toast(page)).toContainText("Login Success!");
});

test("the sign-up's verification link verifies the address once", async ({ page, newMember, mailbox }) => {
  const member = await newMember();
  const mail = await mailbox.waitFor(member.email, "Confirm your e-mail address");
  const link = firstLink(mail.text);
  expect(link).toContain("/verify-email/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("E-mail verified.");
  await page.goto(link);
  await expect(toast(page)).toContainText("Token Verification Failed!");
});
