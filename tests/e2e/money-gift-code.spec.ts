import { test, expect, toast, jsEnabled, testBudget, api } from "./fixtures";
import { memberCookie, operatorPage } from "./money-helpers";

test("the operator creates a gift code and a member claims it once", async ({
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
  // The server-rendered confirm step names what the code can cost at most.
  await expect(ops.getByRole("heading", { name: `Create gift code ${code}?` })).toBeVisible();
  await expect(ops.getByTestId("gift-code-total")).toHaveText("₹51.000");
  await ops.getByRole("button", { name: "Confirm" }).click();
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

  // Disabled (after a confirm step): no further claims, the claim made stays.
  await ops.getByRole("button", { name: `Disable ${code}` }).click();
  await ops.getByRole("button", { name: "Yes, disable" }).click();
  await expect(toast(ops)).toContainText("Gift code disabled");
  await expect(ops.getByRole("row").filter({ hasText: code })).toContainText("Disabled");
  const other = await newMember();
  const refused = await api.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
    method: "PATCH",
    json: { giftCode_state: code },
    cookie: await memberCookie(other),
  });
  expect(refused.body).toMatchObject({ success: false, error_msg: "Invalid gift code." });
  await ops.context().close();
});

test("a gift code above the threshold waits a day, and any owner cancels it on the overview", async ({
  browser,
}, testInfo) => {
  test.setTimeout(testBudget(2));
  const code = `BIG${Date.now().toString(36).toUpperCase()}${testInfo.project.name.replace(/\W/g, "").toUpperCase()}`;
  const ops = await operatorPage(browser, jsEnabled(testInfo));
  await ops.goto("/admin/gift-codes");
  await ops.getByLabel("Code", { exact: true }).fill(code);
  await ops.getByLabel("Amount (₹)", { exact: true }).fill("100");
  await ops.getByLabel("Claim limit", { exact: true }).fill("200");
  const tomorrow = new Date(Date.now() + 72 * 3600_000).toISOString().slice(0, 16);
  await ops.getByLabel("Expiry (IST)", { exact: true }).fill(tomorrow);
  await ops.getByRole("button", { name: "Create Gift Code" }).click();
  await expect(ops.getByTestId("gift-code-total")).toHaveText("₹20,000.000");
  await expect(ops.getByText("That is above the gift-code threshold")).toBeVisible();
  await ops.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(ops)).toContainText("above the gift-code threshold");
  await expect(ops.getByRole("row").filter({ hasText: code })).toContainText("Opens");

  await ops.goto("/admin");
  const waiting = ops.getByTestId("scheduled-raises").getByRole("listitem").filter({ hasText: code });
  await expect(waiting).toContainText("Gift code");
  await waiting.getByRole("button", { name: /^Cancel/ }).click();
  await expect(toast(ops)).toContainText("Cancelled: the limit stays as it is.");
  await expect(ops.getByTestId("scheduled-raises").getByText(code)).toHaveCount(0);
  await ops.goto("/admin/gift-codes");
  await expect(ops.getByRole("row").filter({ hasText: code })).toContainText("Disabled");
  await ops.context().close();
});
