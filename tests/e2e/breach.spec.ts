import {
  api,
  expect,
  jsEnabled,
  loginOperatorPage,
  loginPage,
  mailbox,
  memberIdByEmail,
  operatorCookie,
  signUpMember,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

/**
 * The breach notice (issue 44 §5): the owner writes it in English and Hindi for a list of members,
 * sees it behind a server-rendered confirm step and sends it; the member gets the mail and sees
 * the notice on their dashboard until they dismiss it; the owner records when the Board was told.
 * With scripts and without.
 */

/** India time to the minute, as a datetime-local input takes it. */
const istInput = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16);

test("the owner sends a breach notice through the confirm step; the member sees it on the dashboard @no-js", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const member = await signUpMember();
  const id = await memberIdByEmail(member.email);
  const subject = `Breach ${Date.now()} ${js ? "js" : "no-js"}`;

  await loginOperatorPage(page);
  await page.goto("/admin/breach");
  if (js) await waitForHydration(page);
  const form = page.getByRole("form", { name: "Compose a breach notice" });
  await form.getByLabel("Discovered at (India time)").fill(istInput(new Date(Date.now() - 60 * 60_000)));
  await form.getByLabel("Subject (English)").fill(subject);
  await form.getByLabel("Notice (English)").fill("Someone read members' e-mail addresses on 28 November.");
  await form.getByLabel("Subject (Hindi)").fill(`उल्लंघन ${subject}`);
  await form.getByLabel("Notice (Hindi)").fill("28 नवंबर को किसी ने सदस्यों के ई-मेल पते पढ़े।");
  await form.getByRole("radio", { name: "These members" }).check();
  await form.getByLabel(/Member ids/).fill(id);
  await form.getByRole("button", { name: "Preview" }).click();

  const confirm = page.getByTestId("breach-confirm");
  await expect(confirm.getByRole("heading", { name: "Send this notice to 1 member?" })).toBeVisible();
  await expect(confirm).toContainText("28 नवंबर");
  await confirm.getByRole("button", { name: "Send Notice" }).click();
  await expect(toast(page)).toContainText("Breach notice sent.");

  // The incident, with the Board's clock running; the owner records the notice to the Board.
  const incident = page.locator("li", { hasText: subject });
  await expect(incident).toContainText("mailed 1 of 1");
  await expect(incident).toContainText("Board notice due by");
  await incident.getByLabel("Board notified at (India time)").fill(istInput(new Date()));
  await incident.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Board notice time saved.");
  await expect(page.locator("li", { hasText: subject })).toContainText("Board notified");

  // The member's mail and dashboard.
  const mail = await mailbox.waitFor(member.email, subject);
  expect(mail.text).toContain("It is not a marketing mail.");
  await page.context().clearCookies();
  await loginPage(page, member);
  await page.goto("/member/dashboard");
  if (js) await waitForHydration(page);
  const notices = page.getByRole("region", { name: "Important notice about your data" });
  await expect(notices).toContainText(subject);
  await expect(notices).toContainText("Someone read members' e-mail addresses on 28 November.");
  await notices.getByRole("button", { name: "Dismiss" }).click();
  await expect(toast(page)).toContainText("Notice dismissed.");
  await expect(page.getByRole("region", { name: "Important notice about your data" })).toHaveCount(0);

  const left = await api.request("/adminRoute/breach/notices", { cookie: operatorCookie() });
  const record = left.body.msg.records.find((r: { subject_en: string }) => r.subject_en === subject);
  expect(record).toMatchObject({ recipients: 1, mailed: 1, board_overdue: false });
});

test("the owner sets a retention period and runs the job on a 360 px screen @no-js", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginOperatorPage(page);
  await page.goto("/admin/retention");
  if (jsEnabled(testInfo)) await waitForHydration(page);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  const sessions = page.getByLabel("Sessions (days)");
  const before = await sessions.inputValue();
  await sessions.fill(before === "31" ? "30" : "31");
  await page.getByRole("button", { name: "Save Retention" }).click();
  await expect(toast(page)).toContainText("Retention saved.");
  await expect(page.getByLabel("Sessions (days)")).toHaveValue(before === "31" ? "30" : "31");
  await page.getByRole("button", { name: "Run Now" }).click();
  await expect(toast(page)).toContainText(/Retention run: \d+ deleted\./);
  await expect(page.getByTestId("run-sign_ins")).toBeVisible();
  expect(await fits()).toBe(true);
  await page.goto("/admin/breach");
  expect(await fits()).toBe(true);
});
