import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { contactFields, fillContact } from "./contact-form";
import {
  api,
  exclusively,
  expect,
  jsEnabled,
  loginOperatorPage,
  operatorCookie,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

/**
 * The grievance officer (issue 44): linked from every page's footer, named with the owner's
 * details and clocks, and a grievance filed through the page's form — acknowledged at once with
 * its reference and resolution date, with scripts and without, and listed for the operators.
 */
const OFFICER = {
  name: "R. Sharma",
  email: "grievance@example.com",
  address: "12 MG Road, Bengaluru 560001",
  acknowledge_hours: 24,
  resolve_days: 15,
};

test("a visitor finds the grievance officer from the footer and files a grievance @no-js", async ({
  page,
}, testInfo) => {
  // The officer is a site-wide setting the owner's test below changes: one at a time.
  await exclusively("grievance-officer", () => visitorFiles(page, jsEnabled(testInfo)));
});

async function setOfficer(officer: typeof OFFICER) {
  const saved = await api.request("/adminRoute/grievance/settings", {
    method: "PATCH",
    json: officer,
    cookie: operatorCookie(),
  });
  expect(saved.status).toBe(200);
}

async function visitorFiles(page: Page, js: boolean) {
  await setOfficer(OFFICER);

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Grievance Officer" }).click();
  await expect(page).toHaveURL(/\/grievance$/);
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Grievance Officer" })).toBeVisible();
  await expect(
    page.getByText("We acknowledge every complaint within 24 hours and resolve it within 15 days."),
  ).toBeVisible();
  const officer = page.getByRole("region", { name: "Our grievance officer" });
  await expect(officer).toContainText(OFFICER.name);
  await expect(officer.getByRole("link", { name: OFFICER.email })).toHaveAttribute(
    "href",
    `mailto:${OFFICER.email}`,
  );
  await expect(officer).toContainText(OFFICER.address);
  if (js) expect(await axeViolations(page)).toEqual([]);

  const subject = `Grievance ${Date.now()}`;
  await fillContact(page, {
    name: "Asha Rao",
    email: "asha@example.com",
    mobile: "9876543210",
    subject,
    message: "My account was closed without a reason.",
    consent: true,
  });
  await contactFields(page).send.click();

  const received = page.getByRole("alert").filter({ hasText: "Your grievance is received" });
  await expect(received).toBeVisible();
  await expect(received).toContainText(/Your reference: GRV-\d{6}\. Keep it to follow up\./);
  await expect(received).toContainText("We will resolve it by");
  const reference = (await received.innerText()).match(/GRV-\d{6}/)![0];
  if (js) expect(await axeViolations(page)).toEqual([]);

  // The operators see it among the messages, with the same reference.
  const list = await api.request("/adminRoute/messages?status=open", { cookie: operatorCookie() });
  const mine = list.body.msg.records.find((m: { subject: string }) => m.subject === subject);
  expect(mine).toMatchObject({ kind: "grievance", grievance: { reference, overdue: false } });
}

test("the owner names the grievance officer in the console's settings; the page shows it @no-js", async ({
  page,
}, testInfo) => {
  await exclusively("grievance-officer", async () => {
    const address = `Desk ${Date.now()}, 12 MG Road, Bengaluru`;
    try {
      await loginOperatorPage(page);
      await page.goto("/admin/settings");
      if (jsEnabled(testInfo)) await waitForHydration(page);
      const form = page.getByRole("form", { name: "Grievance officer" });
      await form.getByLabel("Name", { exact: true }).fill("P. Iyer");
      await form.getByLabel("E-mail", { exact: true }).fill("officer@example.com");
      await form.getByLabel("Address", { exact: true }).fill(address);
      await form.getByLabel("Resolve within (days)").fill("10");
      await form.getByRole("button", { name: "Save Grievance Officer" }).click();
      await expect(toast(page)).toContainText("Grievance officer saved.");
      await expect(form.getByLabel("Address", { exact: true })).toHaveValue(address);

      await page.goto("/grievance");
      await expect(page.getByText("resolve it within 10 days.")).toBeVisible();
      const officer = page.getByRole("region", { name: "Our grievance officer" });
      await expect(officer).toContainText("P. Iyer");
      await expect(officer).toContainText(address);

      // More than the rule's 15 days is refused on the page, and nothing changes.
      await page.goto("/admin/settings");
      const again = page.getByRole("form", { name: "Grievance officer" });
      await again.evaluate((f: HTMLFormElement) => (f.noValidate = true));
      await again.getByLabel("Resolve within (days)").fill("16");
      await again.getByRole("button", { name: "Save Grievance Officer" }).click();
      await expect(page.getByText("Whole days from 1 to 15.")).toBeVisible();
      const read = await api.request("/userMessageRoute/grievance_officer");
      expect(read.body.msg).toMatchObject({ name: "P. Iyer", resolve_days: 10 });

      // A grievance reaches the console's messages with its reference and clock.
      const subject = `Console grievance ${Date.now()}`;
      const filed = await api.request("/userMessageRoute/grievance_post", {
        obj: {
          name: "Ravi",
          email_address: "ravi@example.com",
          mobile_number: "9876543210",
          subject,
          message: "A complaint.",
          consent: true,
        },
      });
      expect(filed.status).toBe(200);
      await page.goto("/admin/messages?status=open");
      // The message's own list item (the innermost one holding its link).
      const item = page.locator("li", { has: page.getByRole("link", { name: subject, exact: true }) }).last();
      await expect(item.getByTestId("grievance-reference")).toHaveText(
        `Grievance ${filed.body.msg.reference}`,
      );
      await expect(item).toContainText("resolve by");
      await item.getByRole("link", { name: subject }).click();
      await expect(page).toHaveURL(/\/admin\/messages\/\d+$/);
      // The thread is on screen (with scripts the address changes before the list gives way).
      await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
      await expect(page.getByTestId("grievance-reference")).toHaveText(
        `Grievance ${filed.body.msg.reference}`,
      );

      // The overview counts it among the open grievances.
      await page.goto("/admin");
      await expect(page.getByTestId("overview-grievances")).toContainText(/\d+ open; \d+ overdue\./);
    } finally {
      await setOfficer(OFFICER);
    }
  });
});
