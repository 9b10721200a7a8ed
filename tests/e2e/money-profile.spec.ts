import { test, expect, toast, jsEnabled } from "./fixtures";

test("a member binds their profile and payout method @no-js", async ({
  page,
  newMember,
  loginAs,
}, testInfo) => {
  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/profile");

  // Each payout method shows its details and minimum.
  const upi = page
    .locator("details")
    .filter({ has: page.locator('input[name="withdrawal_method"][value="UPI"]') });
  await expect(upi).toBeVisible();
  await expect(page.getByText("Minimum withdrawal ₹50.000").first()).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Asha Verma");
  await page.getByLabel("Address", { exact: true }).fill("12 MG Road");
  await page.getByLabel("City", { exact: true }).fill("Pune");
  await page.getByLabel("State", { exact: true }).fill("Maharashtra");
  await page.getByLabel("PIN code", { exact: true }).fill("411001");
  await page.getByLabel("Mobile Number", { exact: true }).fill("98765");
  await page.getByRole("button", { name: "Save Profile" }).click();
  if (jsEnabled(testInfo)) {
    await expect(page.getByText("Please enter a valid 10-digit Indian mobile number")).toBeVisible();
  } else {
    // The browser's own pattern check keeps the form here.
    await expect(page.getByLabel("Mobile Number", { exact: true })).toHaveJSProperty(
      "validity.patternMismatch",
      true,
    );
  }
  await page.getByLabel("Mobile Number", { exact: true }).fill("9876543210");
  // The billing details alone need no password.
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(toast(page)).toContainText("Profile Updated Successfully!");

  // Payout details change only with the current password (the server decides).
  await upi.locator("summary").click();
  await upi.getByLabel("UPI ID", { exact: true }).fill("asha@okaxis");
  await upi.getByRole("button", { name: "Save payout details" }).click();
  await expect(
    page.getByText("Please enter your current password to change your payout details."),
  ).toBeVisible();
  await upi.getByLabel("Current Password", { exact: true }).fill(member.password);
  await upi.getByRole("button", { name: "Save payout details" }).click();
  await expect(toast(page)).toContainText("Profile Updated Successfully!");
  // The billing save's toast may still be up: the method marked Current is this save's answer.
  await expect(upi.getByText("Current", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Asha Verma");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Pune");
  await expect(page.getByLabel("Mobile Number", { exact: true })).toHaveValue("9876543210");
  await expect(upi.getByText("Current", { exact: true })).toBeVisible();
  await expect(upi.getByLabel("UPI ID", { exact: true })).toHaveValue("asha@okaxis");

  // The withdraw page now knows the bound method.
  await page.goto("/member/withdraw");
  await expect(page.getByText("Payout method: UPI")).toBeVisible();
});
