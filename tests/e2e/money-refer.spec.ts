import { test, expect, jsEnabled, E2E_ORIGIN } from "./fixtures";

test("refer and earn shows the rate, the link and the referrals", async ({ page, newMember, loginAs }) => {
  const referrer = await newMember();
  await loginAs(page, referrer);
  await page.goto("/member/refer-and-earn");
  await expect(page.getByText("No referrals found")).toBeVisible();
  await expect(page.getByTestId("referral-percent")).toHaveText(/^\d+(\.\d+)?%$/);
  await expect(page.getByTestId("referral-link")).toContainText(
    `${E2E_ORIGIN}/signup/ref/${referrer.userName}`,
  );

  const referee = await newMember({ referBy: referrer.userName });
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: referee.userName });
  await expect(row).toContainText("₹0.000");
});

test("the copy button shows a tick for 2 seconds (without JavaScript the link is plain selectable text) @no-js", async ({
  page,
  context,
  newMember,
  loginAs,
}, testInfo) => {
  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/refer-and-earn");
  const link = page.getByTestId("referral-link");
  await expect(link).toContainText(`/signup/ref/${member.userName}`);
  if (!jsEnabled(testInfo)) {
    await expect(link.getByRole("button")).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => undefined);
  await link.getByRole("button", { name: "Copy referral link" }).click();
  await expect(link.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(link.getByRole("button", { name: "Copy referral link" })).toBeVisible({ timeout: 4000 });
});
