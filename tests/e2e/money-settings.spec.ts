import { test, expect, toast, jsEnabled, api, apiLogin, firstLink, E2E_ORIGIN, testBudget } from "./fixtures";

// Sessions and mailed links are the server's rules, the same on any screen: js and no-js run these,
// the phone does not (member-shell.spec.ts checks these pages at 360 px).
test("a password change ends the member's other sessions", async ({
  page,
  browser,
  newMember,
  loginAs,
}, testInfo) => {
  // Several sign-ins (argon2) and form round trips.
  test.setTimeout(testBudget(2));
  const member = await newMember();
  await loginAs(page, member);
  const other = await browser.newContext({ baseURL: E2E_ORIGIN, javaScriptEnabled: jsEnabled(testInfo) });
  const otherPage = await other.newPage();
  await loginAs(otherPage, member);
  await otherPage.goto("/member/dashboard");
  await expect(otherPage).toHaveURL(/\/member\/dashboard$/);

  await page.goto("/member/settings");
  const current = page.getByLabel("Current Password", { exact: true });
  const next = page.getByLabel("New Password", { exact: true });
  const confirm = page.getByLabel("Confirm Password", { exact: true });
  const send = page.getByRole("button", { name: "Change Password" });

  await current.fill(member.password);
  await next.fill("another-password-1");
  await confirm.fill("another-password-2");
  await send.click();
  await expect(page.getByText("New password and confirm password not match.")).toBeVisible();

  await current.fill(member.password);
  await next.fill(member.password);
  await confirm.fill(member.password);
  await send.click();
  await expect(page.getByText("New password must differ from the current password.")).toBeVisible();

  await current.fill("not-my-password");
  await next.fill("another-password-1");
  await confirm.fill("another-password-1");
  await send.click();
  await expect(page.getByText("Current password is incorrect.")).toBeVisible();

  await current.fill(member.password);
  await next.fill("another-password-1");
  await confirm.fill("another-password-1");
  await send.click();
  await expect(toast(page)).toContainText("Password changed successfully.");

  // This session goes on; the other one is over.
  await page.goto("/member/settings");
  await expect(page).toHaveURL(/\/member\/settings$/);
  await otherPage.goto("/member/dashboard");
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  const login = await api.request("/userRoute/login", {
    obj: { email_userName: member.email, password: member.password, loginRemember_state: false },
  });
  expect(login.status).toBe(401);
  await apiLogin(member.email, "another-password-1");
});

test("an e-mail change is confirmed through the mailed link", async ({
  page,
  newMember,
  loginAs,
  mailbox,
}) => {
  // Several sign-ins (argon2) and form round trips.
  test.setTimeout(testBudget(2));
  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/settings");
  const newEmail = page.getByLabel("New Email", { exact: true });
  const confirmEmail = page.getByLabel("Confirm New Email", { exact: true });
  const send = page.getByRole("button", { name: "Change Email" });
  // The server hides the password field's value in its answer, so it is filled before each try.
  const password = page.getByLabel("Your Current Password", { exact: true });

  await newEmail.fill(member.email);
  await confirmEmail.fill(member.email);
  await password.fill(member.password);
  await send.click();
  await expect(
    page.getByText("The new email is already in use. Please choose a different email."),
  ).toBeVisible();

  const address = `changed${Date.now()}${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await newEmail.fill(address);
  await confirmEmail.fill(`x${address}`);
  await password.fill(member.password);
  await send.click();
  await expect(page.getByText("new Email and confirm Email not match.")).toBeVisible();

  // A wrong current password changes nothing.
  await newEmail.fill(address);
  await confirmEmail.fill(address);
  await password.fill("not-my-password-1");
  await send.click();
  await expect(page.getByText("Current password is incorrect.")).toBeVisible();

  await newEmail.fill(address);
  await confirmEmail.fill(address);
  await password.fill(member.password);
  await send.click();
  await expect(toast(page)).toContainText("A verification link has been sent to your new email address.");

  // A second request inside the wait is refused with a countdown.
  await page.getByLabel("New Email", { exact: true }).fill(`again-${address}`);
  await page.getByLabel("Confirm New Email", { exact: true }).fill(`again-${address}`);
  await page.getByLabel("Your Current Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(toast(page)).toContainText("Please wait before trying again.");
  await expect(toast(page)).toContainText(/Time remaining: \d\d:\d\d/);

  const mail = await mailbox.waitFor(address, "Confirm your new e-mail");
  const link = firstLink(mail.text);
  expect(link).toContain("/email-verification/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Email updated successfully.");
  // The old address was told about the request and about the change.
  await mailbox.waitFor(member.email, "e-mail address was requested");
  await mailbox.waitFor(member.email, "e-mail address was changed");

  await apiLogin(address, member.password);
});
