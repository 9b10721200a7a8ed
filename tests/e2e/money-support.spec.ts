import { test, expect, toast, jsEnabled } from "./fixtures";
import { operatorPage } from "./money-helpers";

test("a support message reaches the operator with the member's account", async ({
  page,
  browser,
  newMember,
  loginAs,
}, testInfo) => {
  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/support");
  // Filled from the account.
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(member.email);
  const subject = `Withdrawal question ${Date.now()} ${testInfo.project.name}`;
  await page.getByLabel("Name", { exact: true }).fill(member.name);
  await page.getByLabel("Mobile Number", { exact: true }).fill(member.mobile);
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("When will my UPI payout arrive?");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page)).toContainText(
    "Thank you! Your message has been successfully received. We will be in touch with you shortly.",
  );

  const ops = await operatorPage(browser, jsEnabled(testInfo));
  await ops.goto("/admin/messages");
  const message = ops.getByTestId("admin-message").filter({ hasText: subject });
  await expect(message).toContainText("When will my UPI payout arrive?");
  await expect(message).toContainText(`member ${member.userName}`);
  await ops.context().close();
});
