import { readFileSync } from "node:fs";
import {
  api,
  exclusively,
  expect,
  jsEnabled,
  loginOperatorPage,
  memberIdByEmail,
  operatorCookie,
  test,
  toast,
  waitForHydration,
} from "./fixtures";
import { bindPayout } from "./money-helpers";
import { DEFAULT_TAX_SETTINGS, type TaxSettings } from "../../shared/tax";

/**
 * The payer's tax (issue 44 §6): a member gives their PAN on the Tax page and withdraws, the
 * confirm step showing the amount, the tax deducted and what they receive, with scripts and
 * without; the owner downloads the quarter's CSV. The tax settings are site-wide: the tests that
 * change them run one at a time, and put the defaults (off) back.
 */

/** Adjustments of more than ₹800 in one payment are taxed 10 % with a PAN (a rule for this test). */
const TEST_SETTINGS: TaxSettings = {
  ...DEFAULT_TAX_SETTINGS,
  enabled: true,
  pan_required_above: 0,
  rules: {
    ...DEFAULT_TAX_SETTINGS.rules,
    adjustment: { basis: "payment", threshold: 800_000, rate_pan_bp: 1000, rate_no_pan_bp: 2000 },
  },
};

async function setTax(settings: TaxSettings) {
  const res = await api.request("/adminRoute/tax/settings", {
    method: "PATCH",
    json: settings,
    cookie: operatorCookie(),
  });
  expect(res.status).toBe(200);
}

test("a member gives a PAN and withdraws, seeing the amount, the tax and what they receive @no-js", async ({
  page,
  newMember,
  loginAs,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const member = await newMember();
  await bindPayout(member);
  const id = await memberIdByEmail(member.email);
  const credited = await api.request(`/adminRoute/members/${id}/adjustments`, {
    json: {
      direction: "credit",
      balance: "withdrawable",
      amount: "900",
      reason: "Contest prize",
      requestKey: `tax-e2e-${testInfo.project.name}-${Date.now()}`,
    },
    cookie: operatorCookie(),
  });
  expect(credited.status, JSON.stringify(credited.body)).toBe(200);

  await exclusively("tax-settings", async () => {
    await setTax(TEST_SETTINGS);
    try {
      await loginAs(page, member);
      await page.goto("/member/settings");
      await page.getByRole("link", { name: "Tax and PAN" }).click();
      await expect(page).toHaveURL(/\/member\/tax$/);
      if (js) await waitForHydration(page);
      await expect(page.getByTestId("pan-status")).toHaveText(
        "No PAN saved yet. Without a PAN, tax is deducted at a higher rate.",
      );
      await expect(page.getByTestId("tax-due")).toContainText("₹180.000");

      // A company's PAN (fourth letter C) passes the pattern and is refused by the server.
      await page.getByLabel("PAN", { exact: true }).fill("AAACB1234C");
      await page.getByRole("button", { name: "Save PAN" }).click();
      await expect(
        page.getByText("Please enter your own PAN: the fourth letter of a person's PAN is P."),
      ).toBeVisible();
      await page.getByLabel("PAN", { exact: true }).fill("abcpe1234f");
      await page.getByRole("button", { name: "Save PAN" }).click();
      await expect(toast(page)).toContainText("PAN saved.");
      await expect(page.getByTestId("pan-status")).toHaveText("Saved: ABCPE****F");
      await expect(page.getByTestId("tax-due")).toContainText("₹90.000");

      await page.goto("/member/withdraw");
      if (js) await waitForHydration(page);
      await page.getByLabel("Amount (₹)").fill("500");
      await page.getByRole("button", { name: "Withdraw Now" }).click();
      const split = page.getByTestId("withdraw-tax-split");
      await expect(split).toContainText("₹500.000");
      await expect(page.getByTestId("withdraw-tax")).toHaveText("₹90.000");
      await expect(page.getByTestId("withdraw-net")).toHaveText("₹410.000");
      await page.getByRole("button", { name: "Yes, Withdraw" }).click();
      await expect(toast(page)).toContainText("Withdrawal Successful");
      await expect(page.getByTestId("withdraw-record").first()).toContainText("₹410.000");

      await page.goto("/member/tax");
      await page
        .getByRole("link", { name: /quarter/ })
        .first()
        .click();
      await expect(page.getByTestId("tax-certificate")).toContainText("ABCPE****F");
      await expect(page.getByTestId("certificate-total-tax")).toHaveText("₹90.000");
    } finally {
      await setTax(DEFAULT_TAX_SETTINGS);
    }
  });
});

test("the owner downloads the quarter's tax statement", async ({ page }) => {
  await loginOperatorPage(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Tax", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Tax" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "member_id,member_name,pan,income_kind,gross_rupees,rate_percent,tax_rupees,withdrawal_id,withheld_on",
  );
  expect(download.suggestedFilename()).toMatch(/^tax-\d{4}-\d{2}-q[1-4]\.csv$/);
});
