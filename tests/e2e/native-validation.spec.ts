import { test, expect, type Member, testBudget } from "./fixtures";
import { bindPayout, operatorPage, requestWithdrawalByApi } from "./money-helpers";
import type { Page } from "@playwright/test";

/**
 * Before (and without) scripts, the browser's own checks are the only ones that run: no form may
 * carry `novalidate`, and the fields carry their schema's `required` / `pattern` rules.
 */
async function expectNativeRules(page: Page, path: string, rules: Record<string, "required" | "pattern">) {
  await page.goto(path);
  await expect(page.locator("form").first()).toBeAttached();
  await expect(page.locator("form[novalidate]"), `a form on ${path} switches native checks off`).toHaveCount(
    0,
  );
  for (const [selector, attribute] of Object.entries(rules))
    await expect(page.locator(selector).first(), `${selector} on ${path}`).toHaveAttribute(attribute);
}

test.describe("native validation without JavaScript @no-js-only", () => {
  let member: Member;

  test.beforeEach(async ({ newMember, giveBalance }) => {
    member = await newMember();
    await giveBalance(member, 300);
    await bindPayout(member);
  });

  test("member forms keep the browser's checks", async ({ page, loginAs }) => {
    test.setTimeout(testBudget(2));
    await loginAs(page, member);
    await expectNativeRules(page, "/member/profile", { 'input[name="name"]': "required" });
    await expectNativeRules(page, "/member/withdraw", { "#withdraw-amount": "required" });
    await expectNativeRules(page, "/member/balance-converter", { "#convert-amount": "required" });
    await expectNativeRules(page, "/member/settings", {
      "#change-password input[type=password]": "required",
      '#change-email input[type="email"]': "required",
    });
    await expectNativeRules(page, "/member/gift-code", {});
    await expectNativeRules(page, "/member/support", { 'input[name="email_address"]': "required" });
    // The campaign wizard: each step's fields, and Prev never blocked by them.
    await expectNativeRules(page, "/member/advertiser/create", {
      'input[name="selectedOption_state"]': "required",
    });
    await page.getByLabel("Window").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Title")).toHaveAttribute("required");
    await expect(page.locator("form[novalidate]")).toHaveCount(0);
    for (const name of ["step_2_url", "step_2_description"])
      await expect(page.locator(`[name="${name}"]`)).toHaveAttribute("required");
    await expect(page.getByRole("button", { name: "Prev" })).toHaveAttribute("formnovalidate");
  });

  test("an empty withdrawal amount is stopped by the browser", async ({ page, loginAs }) => {
    await loginAs(page, member);
    await page.goto("/member/withdraw");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    const amount = page.getByLabel("Amount (₹)");
    await amount.fill("");
    await page.getByRole("button", { name: "Withdraw Now" }).click();
    await expect(page.locator("#withdraw-amount:invalid")).toHaveCount(1);
    await expect(page.getByRole("dialog", { name: "Are you sure?" })).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("operator forms keep the browser's checks", async ({ browser }) => {
    test.setTimeout(testBudget(2));
    // A pending withdrawal, so the payout queue shows its reject form.
    await requestWithdrawalByApi(member, 100);
    const ops = await operatorPage(browser, false);
    await expectNativeRules(ops, "/admin/settings", { 'input[name="referral_rate"]': "required" });
    await expectNativeRules(ops, "/admin/gift-codes", { 'input[name="code"]': "required" });
    await expectNativeRules(ops, "/admin/payout-methods", { 'input[name="name"]': "required" });
    await expectNativeRules(ops, "/admin/withdrawals", { '[name="remark"]': "required" });
    await ops.context().close();
  });

  test("public forms keep the browser's checks", async ({ page }) => {
    await expectNativeRules(page, "/login", { 'input[name="email_userName"]': "required" });
    await expectNativeRules(page, "/signup", { 'input[name="mobile_number"]': "pattern" });
    await expectNativeRules(page, "/forgot-password", { 'input[name="email_address"]': "required" });
    await expectNativeRules(page, "/contact-us", { 'input[name="mobile_number"]': "pattern" });
  });
});
