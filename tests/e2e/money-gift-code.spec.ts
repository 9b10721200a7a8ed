import { test, expect, toast, jsEnabled, testBudget } from "./fixtures";
import { operatorPage } from "./money-helpers";

test("the operator creates a gift code and a member claims it once @wide-only", async ({
  page,
  browser,
  newMember,
  loginAs,
}, testInfo) => {
  // Several sign-ins (argon2) and form round trips.
  test.setTimeout(testBudget(2));
  const code = `GIFT${Date.now().toString(36).toUpperCase()}${testInfo.project.name.replace(/\W/g, "").toUpperCase()}`;
  const ops = await operatorPage(browser, jsEnabled(testInfo));
  await ops.goto("/admin/gift-codes");
  await ops.getByLabel("Code", { exact: true }).fill(code);
  await ops.getByLabel("Amount (₹)", { exact: true }).fill("25.5");
  await ops.getByLabel("Claim limit", { exact: true }).fill("2");
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 16);
  await ops.getByLabel("Expiry (IST)", { exact: true }).fill(tomorrow);
  await ops.getByRole("button", { name: "Create Gift Code" }).click();
  await expect(toast(ops)).toContainText("Gift code created.");
  await expect(ops.getByRole("row").filter({ hasText: code })).toContainText("0/2");

  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/gift-code");
  await expect(page.getByText("No gift codes claimed yet.")).toBeVisible();

  // A blank code is ignored: no call, no message.
  await page.getByLabel("Gift Code", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Claim Bonus" }).click();
  await expect(page.getByText("No gift codes claimed yet.")).toBeVisible();
  await expect(page.getByText("Please enter a gift code.")).toHaveCount(0);
  await expect(toast(page)).toHaveCount(0);

  await page.getByLabel("Gift Code", { exact: true }).fill(code.toLowerCase());
  await page.getByRole("button", { name: "Claim Bonus" }).click();
  await expect(toast(page)).toContainText("Gift code claimed!");
  await expect(page.getByRole("group", { name: "Available Balance" })).toContainText("₹25.500");
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("₹25.500");

  await page.getByLabel("Gift Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Claim Bonus" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "You have already claimed this gift code." }),
  ).toBeVisible();

  await ops.reload();
  await expect(ops.getByRole("row").filter({ hasText: code })).toContainText("1/2");
  await ops.context().close();
});
