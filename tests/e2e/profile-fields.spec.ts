import type { Page } from "@playwright/test";
import { test, expect, toast, jsEnabled, api, apiLogin, type Member } from "./fixtures";
import { axeViolations } from "./axe";

/**
 * Issue 45 §2 (profile): the payout details have their own forms — a UPI id changes without an
 * address or a PIN code; a bank account is entered as account number (twice), IFSC (with the
 * bank's name from the packaged list) and holder's name, each with its own native rule and
 * message; the PIN code field and its message say the same thing. With and without scripts.
 */

const BANK = "Bank Transfer (IMPS)";
/** A payout method's disclosure, by the method's name (its label may be Hindi). */
const methodCard = (page: Page, name: string) =>
  page.locator("details").filter({ has: page.locator(`input[name="withdrawal_method"][value="${name}"]`) });

async function open(page: Page, name: string) {
  const card = methodCard(page, name);
  if ((await card.getAttribute("open")) === null) await card.locator("summary").click();
  return card;
}

test("a UPI id changes without an address or a PIN code; PIN code is the field's and the message's name @no-js", async ({
  page,
  newMember,
  loginAs,
}, testInfo) => {
  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/profile");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");

  const upi = await open(page, "UPI");
  const field = upi.getByLabel("UPI ID", { exact: true });
  await expect(field).toHaveAttribute("required", "");
  await field.fill("asha at okaxis");
  await upi.getByLabel("Current Password", { exact: true }).fill(member.password);
  await upi.getByRole("button", { name: "Save payout details" }).click();
  if (jsEnabled(testInfo))
    await expect(upi.getByText("Please enter a valid UPI ID, like name@okaxis.")).toBeVisible();
  else await expect(field).toHaveJSProperty("validity.patternMismatch", true);

  await field.fill("Asha.V@okaxis");
  await upi.getByRole("button", { name: "Save payout details" }).click();
  await expect(toast(page)).toContainText("Profile Updated Successfully!");
  await page.reload();
  const saved = methodCard(page, "UPI");
  await expect(saved).toHaveAttribute("open", "");
  await expect(saved.getByText("Current", { exact: true })).toBeVisible();
  await expect(saved.getByLabel("UPI ID", { exact: true })).toHaveValue("asha.v@okaxis");
  // The address was never asked for.
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");

  // The billing form's PIN code: the label and the message name the same thing.
  const pin = page.getByLabel("PIN code", { exact: true });
  await pin.fill("12345");
  await page.getByRole("button", { name: "Save Profile" }).click();
  if (jsEnabled(testInfo))
    await expect(page.getByText("Please enter a valid 6-digit PIN code.")).toBeVisible();
  else await expect(pin).toHaveJSProperty("validity.patternMismatch", true);
  await expect(page.getByText(/zip/i)).toHaveCount(0);
  if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);
});

test("a bank account in its own fields: IFSC checked and named, the number masked once saved @no-js", async ({
  page,
  newMember,
  loginAs,
}, testInfo) => {
  const member = await newMember();
  await loginAs(page, member);
  await page.goto("/member/profile");
  const bank = await open(page, BANK);
  const ifsc = bank.getByLabel("IFSC", { exact: true });
  await bank.getByLabel("Account number", { exact: true }).fill("501002345678");
  await bank.getByLabel("Account number again", { exact: true }).fill("501002345678");
  await ifsc.fill("HDFC1234567");
  await bank.getByLabel("Account holder's name", { exact: true }).fill("Asha Verma");
  await bank.getByLabel("Current Password", { exact: true }).fill(member.password);
  await bank.getByRole("button", { name: "Save payout details" }).click();
  if (jsEnabled(testInfo))
    await expect(bank.getByText("Please enter a valid IFSC: 11 characters, like SBIN0001234.")).toBeVisible();
  else await expect(ifsc).toHaveJSProperty("validity.patternMismatch", true);

  // The bank's name from the IFSC: as typed with scripts, by the button without.
  await ifsc.fill("hdfc0001234");
  if (!jsEnabled(testInfo)) {
    await bank.getByRole("button", { name: "Check IFSC" }).click();
    // The typed values are kept (all but the password).
    await expect(methodCard(page, BANK).getByLabel("Account holder's name", { exact: true })).toHaveValue(
      "Asha Verma",
    );
  }
  const card = methodCard(page, BANK);
  await expect(card.getByTestId("ifsc-bank")).toHaveText("Bank: HDFC Bank");

  await card.getByLabel("Current Password", { exact: true }).fill(member.password);
  await card.getByRole("button", { name: "Save payout details" }).click();
  await expect(toast(page)).toContainText("Profile Updated Successfully!");
  await page.reload();
  const saved = methodCard(page, BANK);
  await expect(saved.getByText("Paid to now: ********5678 · HDFC0001234 · Asha Verma")).toBeVisible();
  await expect(saved.getByLabel("Account number", { exact: true })).toHaveValue("");
  await expect(saved.getByLabel("IFSC", { exact: true })).toHaveValue("HDFC0001234");
  await expect(saved.getByTestId("ifsc-bank")).toHaveText("Bank: HDFC Bank");
  await expect(page.getByText("501002345678")).toHaveCount(0);
  if (jsEnabled(testInfo)) {
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await saved.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

async function bindText(member: Member, text: string) {
  const cookie = await apiLogin(member.email, member.password);
  const res = await api.request("/userRoute/userProfileData_patch", {
    method: "PATCH",
    cookie,
    obj: {
      name: member.name,
      address: "12 MG Road",
      city: "Pune",
      state: "Maharashtra",
      zip_code: "411001",
      mobile_number: member.mobile,
      withdrawal_method: BANK,
      withdrawal_account_information: text,
      current_password: member.password,
    },
  });
  expect(res.status).toBe(200);
}

test("an older one-line bank account still shows, and the member is asked to enter it again", async ({
  page,
  newMember,
  loginAs,
}) => {
  const member = await newMember();
  await bindText(member, "my HDFC savings account, ask me");
  await loginAs(page, member);
  await page.goto("/member/profile");
  await expect(
    page.getByText(
      "Your bank details were saved as one line of text (“my HDFC savings account, ask me”). Please enter them again in the fields below.",
    ),
  ).toBeVisible();
  await expect(methodCard(page, BANK)).toHaveAttribute("open", "");
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("in Hindi", () => {
  test.use({ locale: "hi-IN" });
  test("the bank form's labels and messages are Hindi, PIN code named the same in both", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const member = await newMember();
    await loginAs(page, member);
    await page.goto("/member/profile");
    await expect(page.getByLabel("PIN कोड", { exact: true })).toBeVisible();
    const bank = await open(page, BANK);
    await bank.getByLabel("IFSC", { exact: true }).fill("SBIN1234");
    await bank.getByLabel("खाता संख्या", { exact: true }).fill("123");
    await bank.getByRole("button", { name: "भुगतान की जानकारी सेव करें" }).click();
    await expect(bank.getByText("कृपया सही IFSC डालें: 11 अक्षर, जैसे SBIN0001234।")).toBeVisible();
    await expect(bank.getByText("कृपया खाता संख्या डालें: 9 से 18 अंक।")).toBeVisible();
    await bank.getByLabel("IFSC", { exact: true }).fill("sbin0001234");
    await expect(bank.getByTestId("ifsc-bank")).toHaveText("बैंक: State Bank of India");
    expect(await axeViolations(page)).toEqual([]);
  });
});
