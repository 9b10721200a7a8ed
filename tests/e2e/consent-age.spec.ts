import type { Page } from "@playwright/test";
import {
  api,
  apiLogin,
  expect,
  freshDetails,
  jsEnabled,
  loginPage,
  submitSignUpForm,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

/**
 * Consent and adults only (issue 44 §1, §3), with scripts and without: sign-up shows the privacy
 * notice before the account is made and records the member's choices; an under-18 is refused and
 * no account is made; an optional consent is withdrawn and given again from Settings; a member from
 * before the feature (the seed's) is asked for the notice and their age at their next visit, then
 * goes on to the page they asked for.
 */

const privacyOf = async (email: string, password: string) => {
  const cookie = await apiLogin(email, password);
  const res = await api.request("/userRoute/privacy_get", { cookie });
  expect(res.status).toBe(200);
  return res.body.msg as {
    notice_due: boolean;
    age_due: boolean;
    purposes: { purpose: string; granted: boolean }[];
  };
};

const granted = (state: Awaited<ReturnType<typeof privacyOf>>, purpose: string) =>
  state.purposes.find((p) => p.purpose === purpose)?.granted;

async function openSignUp(page: Page, js: boolean) {
  await page.goto("/signup");
  if (js) await waitForHydration(page);
}

test("sign-up shows the privacy notice and records consent per purpose @no-js", async ({
  page,
}, testInfo) => {
  await openSignUp(page, jsEnabled(testInfo));
  const notice = page.getByRole("region", { name: /Privacy notice/ });
  await expect(notice).toBeVisible();
  for (const title of ["Your account", "Payouts", "Fraud prevention", "Service e-mails"])
    await expect(notice.getByRole("heading", { name: new RegExp(`^${title} Required$`) })).toBeVisible();
  await expect(
    notice.getByRole("heading", { name: /Offers and announcements by e-mail Optional/ }),
  ).toBeVisible();
  await expect(notice).toContainText("We use no analytics or advertising trackers.");
  await expect(notice.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy-policy",
  );

  const me = freshDetails();
  await page.getByRole("checkbox", { name: /offers and announcements/ }).check();
  await submitSignUpForm(page, me);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page)).toContainText("user registered successfully!");

  const state = await privacyOf(me.email, me.password);
  expect(state.notice_due).toBe(false);
  expect(state.age_due).toBe(false);
  expect(granted(state, "account")).toBe(true);
  expect(granted(state, "marketing_mail")).toBe(true);
});

test("sign-up without the privacy box is not sent; an under-18 is refused and no account is made @no-js", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  await openSignUp(page, js);
  const me = freshDetails();
  // The browser's own check holds the form while the notice is not accepted.
  await submitSignUpForm(page, { ...me, privacy: false });
  await expect(page).toHaveURL(/\/signup$/);
  expect(
    await page
      .getByRole("checkbox", { name: /privacy notice/ })
      .evaluate((el: HTMLInputElement) => el.validity.valid),
  ).toBe(false);

  // Seventeen today.
  const seventeen = new Date();
  seventeen.setFullYear(seventeen.getFullYear() - 17);
  await page.reload();
  if (js) await waitForHydration(page);
  await submitSignUpForm(page, { ...me, dateOfBirth: seventeen.toISOString().slice(0, 10) });
  await expect(
    page.getByText("Sorry, you must be 18 years of age or older to use this site.").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  const login = await api.request("/userRoute/login", {
    obj: { email_userName: me.email, password: me.password, loginRemember_state: false },
  });
  expect(login.status).toBe(401);
});

test("a member withdraws marketing mails in Settings and gives them again @no-js", async ({
  page,
  newMember,
}) => {
  const m = await newMember();
  await loginPage(page, m);
  await page.goto("/member/settings");
  const section = page.getByRole("region", { name: "Privacy" });
  const item = (title: string) =>
    section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const marketing = item("Offers and announcements by e-mail");
  await expect(marketing).toContainText("Not given");
  await expect(marketing).toContainText(
    "Withdrawing stops: We stop sending you offers and announcements by e-mail.",
  );
  // A required purpose: withdrawn only by closing the account.
  const account = item("Your account");
  await expect(account.getByRole("link", { name: "Your data" })).toHaveAttribute("href", "/member/my-data");
  await expect(account.getByRole("button")).toHaveCount(0);

  await marketing.getByRole("button", { name: "Give consent" }).click();
  await expect(toast(page)).toContainText("Your choice is saved.");
  await expect(marketing).toContainText("Given");
  expect(granted(await privacyOf(m.email, m.password), "marketing_mail")).toBe(true);

  await marketing.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(marketing).toContainText("Not given");
  expect(granted(await privacyOf(m.email, m.password), "marketing_mail")).toBe(false);

  // The notice itself, on its own page: its heading is the page's.
  await section.getByRole("link", { name: "Read the privacy notice" }).click();
  await expect(page).toHaveURL(/\/privacy-notice$/);
  await expect(page.getByRole("heading", { level: 1, name: /Privacy notice/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /Privacy notice/ })).toContainText("Your account");
});

test("a member from before the notice is asked at their next visit, then goes on to their page @no-js", async ({
  page,
}, testInfo) => {
  // Seed members made before consent existed (api/seed/activity.ts): one per project.
  const email = jsEnabled(testInfo) ? "aarav.reddy1@example.com" : "isha.bose2@example.com";
  await loginPage(page, { email, password: "demo-password-123" });
  await page.goto("/member/withdraw");
  await expect(page).toHaveURL(/\/member\/consent\?back=%2Fmember%2Fwithdraw$/);
  await expect(page.getByText("Please read our privacy notice and accept it to continue.")).toBeVisible();
  await expect(page.getByRole("region", { name: /Privacy notice/ })).toBeVisible();
  if (jsEnabled(testInfo)) await waitForHydration(page);

  await page.getByLabel("Date of birth", { exact: true }).fill("1988-07-21");
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page).toHaveURL(/\/member\/withdraw$/);

  // Asked once: the next page opens at once.
  await page.goto("/member/settings");
  await expect(page).toHaveURL(/\/member\/settings$/);
  const state = await privacyOf(email, "demo-password-123");
  expect([state.notice_due, state.age_due]).toEqual([false, false]);
});

test("a member from before who answers under 18 is signed out and can no longer earn or withdraw @no-js", async ({
  page,
}, testInfo) => {
  // Seed members made before consent existed (api/seed/activity.ts): one per project.
  const email = jsEnabled(testInfo) ? "kabir.iyer3@example.com" : "meera.gupta4@example.com";
  const password = "demo-password-123";
  await loginPage(page, { email, password });
  await page.goto("/member/dashboard");
  await expect(page).toHaveURL(/\/member\/consent\?back=%2Fmember%2Fdashboard$/);
  if (jsEnabled(testInfo)) await waitForHydration(page);

  const fifteen = new Date();
  fifteen.setFullYear(fifteen.getFullYear() - 15);
  await page.getByLabel("Date of birth", { exact: true }).fill(fifteen.toISOString().slice(0, 10));
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page).toHaveURL(/\/adults-only$/);
  await expect(page.getByRole("heading", { level: 1, name: "This site is for adults only" })).toBeVisible();
  await expect(page.getByRole("link", { name: "grievance officer", exact: true })).toHaveAttribute(
    "href",
    "/grievance",
  );

  // Signed out.
  await page.goto("/member/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  // Signing in again: not asked again, and the account neither earns nor withdraws.
  const cookie = await apiLogin(email, password);
  const restrictions = await api.request("/userRoute/userRestrictions_get", { cookie });
  expect(restrictions.body.msg).toMatchObject({ earningSuspended: true, withdrawalsHeld: true });
  const state = await api.request("/userRoute/privacy_get", { cookie });
  expect([state.body.msg.notice_due, state.body.msg.age_due]).toEqual([false, false]);
});
