import { randomInt } from "node:crypto";
import { test, expect, toast, jsEnabled } from "./fixtures";
import { bindPayout, operatorPage, requestWithdrawalByApi } from "./money-helpers";

test("members who are not operators see 'Operators only'", async ({ page, newMember, loginAs }) => {
  const member = await newMember();
  await loginAs(page, member);
  const res = await page.goto("/admin/withdrawals");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Operators only" })).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Operators only" })).toBeVisible();
});

test("a visitor is sent to the login page", async ({ page }) => {
  await page.goto("/admin/withdrawals");
  // …and back to the page asked for once signed in (issue 45).
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fwithdrawals$/);
});

test("settling a withdrawal twice answers 'already settled'", async ({
  browser,
  newMember,
  giveBalance,
  operator,
}, testInfo) => {
  const member = await newMember();
  await giveBalance(member, 100);
  await bindPayout(member);
  await requestWithdrawalByApi(member, 60);

  const ops = await operatorPage(browser, jsEnabled(testInfo));
  await ops.goto("/admin/withdrawals");
  const row = ops.getByTestId("admin-withdrawal").filter({ hasText: member.userName });
  await expect(row).toContainText("₹60.000");

  // Someone else settles it while this page is open.
  const list = await operator.request("/adminRoute/withdrawals?status=Pending");
  const record = (list.body.msg.records as { _id: string; userName: string }[]).find(
    (r) => r.userName === member.userName,
  );
  expect(record).toBeTruthy();
  // (Without a payout provider, approving marks paid with the bank's reference: issue 42.)
  const settled = await operator.request(`/adminRoute/withdrawals/${record!._id}/settle`, {
    json: { action: "approve", utr: `SBIN${randomInt(10_000_000, 99_999_999)}` },
  });
  expect(settled.status).toBe(200);

  // This page still offers to settle it: rejecting it now is answered "already settled".
  await row.getByRole("textbox", { name: /^Remark for/ }).fill("Duplicate request");
  await row.getByRole("button", { name: /^Reject/ }).click();
  await expect(toast(ops)).toContainText("This withdrawal has already been settled.");
  await ops.context().close();
});

test("payout methods: add one, edit it, and see it in the audit log", async ({ browser }, testInfo) => {
  const ops = await operatorPage(browser, jsEnabled(testInfo));
  const name = `Bank ${Date.now().toString(36)}${testInfo.project.name}`;
  await ops.goto("/admin/payout-methods");
  const add = ops.getByRole("form", { name: "Add a payout method" });
  await add.getByLabel(/^Name \(/).fill(name);
  await add.getByLabel(/^Details \(/).fill("Account number and IFSC.");
  await add.getByLabel(/^Minimum withdrawal/).fill("250");
  await add.getByRole("button", { name: "Add Method" }).click();
  await expect(toast(ops)).toContainText("Payout method saved.");

  const edit = ops.getByRole("form", { name: `Payout method ${name}` });
  await expect(edit.getByLabel(/^Minimum withdrawal/)).toHaveValue("250");
  await edit.getByLabel(/^Minimum withdrawal/).fill("300");
  await edit.getByLabel(/^Active/).uncheck();
  await edit.getByRole("button", { name: `Save ${name}` }).click();
  await expect(toast(ops)).toContainText("Payout method saved.");
  await expect(
    ops.getByRole("form", { name: `Payout method ${name}` }).getByLabel(/^Minimum withdrawal/),
  ).toHaveValue("300");
  await expect(
    ops.getByRole("form", { name: `Payout method ${name}` }).getByLabel(/^Active/),
  ).not.toBeChecked();

  await ops.getByRole("link", { name: "Audit Log" }).click();
  await expect(ops.getByTestId("audit-entry").filter({ hasText: name }).first()).toBeVisible();
  await ops.context().close();
});

test("settings: the referral rate is shown and saved", async ({ browser }, testInfo) => {
  const ops = await operatorPage(browser, jsEnabled(testInfo));
  await ops.goto("/admin/settings");
  const rate = ops.getByLabel("Referral rate (%)");
  const current = await rate.inputValue();
  expect(current).toMatch(/^\d+(\.\d+)?$/);
  await rate.fill("75");
  await ops.getByRole("button", { name: "Save Settings" }).click();
  await expect(ops.getByText("The referral rate can be at most 50 %.")).toBeVisible();
  // Saved unchanged: other tests rely on the rate.
  await ops.getByLabel("Referral rate (%)").fill(current);
  await ops.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(ops)).toContainText("Settings saved.");
  await expect(ops.getByLabel("Referral rate (%)")).toHaveValue(current);
  await ops.context().close();
});

test("the ledger check page says the ledger balances", async ({ browser }, testInfo) => {
  const ops = await operatorPage(browser, jsEnabled(testInfo));
  await ops.goto("/admin");
  await ops.getByRole("link", { name: "Ledger Check" }).click();
  await expect(ops.getByTestId("ledger-status")).toHaveText("The ledger balances.");
  await expect(ops.getByText("₹0.000", { exact: true })).toBeVisible();
  await ops.context().close();
});
