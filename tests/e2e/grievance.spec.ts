import { axeViolations } from "./axe";
import { expect, jsEnabled, operatorCookie, api, test, waitForHydration } from "./fixtures";

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
  const saved = await api.request("/adminRoute/grievance/settings", {
    method: "PATCH",
    json: OFFICER,
    cookie: operatorCookie(),
  });
  expect(saved.status).toBe(200);

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Grievance Officer" }).click();
  await expect(page).toHaveURL(/\/grievance$/);
  if (jsEnabled(testInfo)) await waitForHydration(page);
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
  if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);

  const subject = `Grievance ${Date.now()}`;
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name", { exact: true }).fill("Asha Rao");
  await form.getByLabel("Email Address", { exact: true }).fill("asha@example.com");
  await form.getByLabel("Mobile Number", { exact: true }).fill("9876543210");
  await form.getByLabel("Subject", { exact: true }).fill(subject);
  await form.getByLabel("Message", { exact: true }).fill("My account was closed without a reason.");
  await form.getByRole("checkbox", { name: /I agree/ }).check();
  await form.getByRole("button", { name: "Send Message" }).click();

  const received = page.getByRole("alert").filter({ hasText: "Your grievance is received" });
  await expect(received).toBeVisible();
  await expect(received).toContainText(/Your reference: GRV-\d{6}\. Keep it to follow up\./);
  await expect(received).toContainText("We will resolve it by");
  const reference = (await received.innerText()).match(/GRV-\d{6}/)![0];
  if (jsEnabled(testInfo)) expect(await axeViolations(page)).toEqual([]);

  // The operators see it among the messages, with the same reference.
  const list = await api.request("/adminRoute/messages?status=open", { cookie: operatorCookie() });
  const mine = list.body.msg.records.find((m: { subject: string }) => m.subject === subject);
  expect(mine).toMatchObject({ kind: "grievance", grievance: { reference, overdue: false } });
});
