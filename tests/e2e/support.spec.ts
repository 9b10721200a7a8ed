import { axeViolations } from "./axe";
import {
  test,
  expect,
  toast,
  apiLogin,
  api,
  mailbox,
  handSessionTo,
  operatorCookie,
  waitForHydration,
} from "./fixtures";

/**
 * Support that answers: the support operator answers a member's message from the console with a
 * canned reply (mailed, and shown on the member's support page), and a member files a
 * missing-credit report for a wall they opened, which the operator sees beside their postbacks.
 */

/** The support operator's session, signed in once for the run by global setup. */
const supportSession = async () => operatorCookie("support");

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("support", () => {
  test("the support operator answers a member's message with a canned reply; the member sees it", async ({
    page,
    browser,
    newMember,
    loginAs,
  }) => {
    const member = await newMember();
    const memberCookie = await apiLogin(member.email, member.password);
    const subject = `Payout question ${unique()}`;
    const sent = await api.request("/userMessageRoute/userMessageSave_post", {
      obj: {
        name: member.name,
        email_address: member.email,
        mobile_number: member.mobile,
        subject,
        message: "My withdrawal is still pending. <b>Why?</b>",
        consent: true,
      },
      cookie: memberCookie,
    });
    expect(sent.status).toBe(200);

    const cookie = await supportSession();
    const cannedTitle = `Payout delay ${unique()}`;
    const cannedBody = `Withdrawals are paid within 3 working days. Ref ${unique()}.`;
    const created = await api.request("/adminRoute/canned-replies", {
      json: { title: cannedTitle, body: cannedBody },
      cookie,
    });
    expect(created.status).toBe(200);

    // The console at a phone's width.
    const ops = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await handSessionTo(ops, cookie);
    await ops.goto("/admin/messages?status=open");
    await waitForHydration(ops);
    const listed = ops.getByTestId("admin-message").filter({ hasText: subject });
    await expect(listed).toContainText(`member ${member.userName}`);
    await expect(listed.getByRole("link", { name: member.userName, exact: true })).toHaveAttribute(
      "href",
      /^\/admin\/members\/[^/]+$/,
    );
    expect(await axeViolations(ops)).toEqual([]);

    await listed.getByRole("link", { name: subject }).click();
    await expect(ops.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    // Plain text: the message's markup is shown, never rendered.
    await expect(ops.getByTestId("thread-message")).toHaveText("My withdrawal is still pending. <b>Why?</b>");
    await ops.getByLabel("Canned reply").selectOption({ label: cannedTitle });
    await ops.getByRole("button", { name: "Use" }).click();
    await expect(ops.getByLabel("Your reply")).toHaveValue(cannedBody);
    expect(await axeViolations(ops)).toEqual([]);
    await ops.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(ops)).toContainText("Reply sent.");
    await expect(ops.getByTestId("thread-reply")).toContainText(cannedBody);
    await expect(ops.getByTestId("message-status")).toHaveText("Answered");

    const mail = await mailbox.waitFor(member.email, `Re: ${subject}`);
    expect(mail.text).toContain(cannedBody);
    await ops.close();

    await loginAs(page, member);
    await page.goto("/member/support");
    const mine = page.getByTestId("my-message").filter({ hasText: subject });
    await expect(mine.getByTestId("message-status")).toHaveText("Answered");
    await expect(mine.getByTestId("my-reply")).toContainText(cannedBody);
    // The member's follow-up reopens it.
    await mine.getByLabel("Your reply").fill("Thank you, it arrived.");
    await mine.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(page)).toContainText("Your reply has been sent.");
    await expect(
      page.getByTestId("my-message").filter({ hasText: subject }).getByTestId("message-status"),
    ).toHaveText("Open");
  });

  test("a member files a missing-credit report for a wall they opened; the operator sees it with the postbacks", async ({
    page,
    browser,
    newMember,
    loginAs,
  }) => {
    const member = await newMember();
    await loginAs(page, member);
    await page.goto("/member/support");
    await waitForHydration(page);
    await expect(page.getByTestId("no-walls-opened")).toContainText(
      "You have not opened a task wall in the last 30 days",
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/member/task-wall");
    await page.getByRole("link", { name: "Start Demo Wall" }).click();
    await expect(page).toHaveURL(/\/member\/task-wall\/.+/);

    await page.goto("/member/support");
    await waitForHydration(page);
    const offer = `Install the game ${unique()}`;
    await page.getByLabel("Task wall").selectOption({ index: 0 });
    await expect(page.getByLabel("Task wall")).toContainText("Demo Wall");
    await page.getByLabel("Offer name").fill(offer);
    const anHourAgoIst = new Date(Date.now() - 60 * 60 * 1000 + 330 * 60 * 1000).toISOString().slice(0, 16);
    await page.getByLabel("Completed at (IST)").fill(anHourAgoIst);
    await page.getByLabel("Details (optional)").fill("Reached level 5, no points.");
    await page.getByRole("button", { name: "Send report" }).click();
    const filed = page.getByTestId("filed-report");
    await expect(filed).toContainText("Your missing-credit report has been received.");
    await expect(filed.getByTestId("message-status")).toHaveText("Open");
    await expect(filed).toContainText("We answer missing-credit reports within 48 hours.");
    expect(await axeViolations(page)).toEqual([]);

    const ops = await browser.newPage();
    await handSessionTo(ops, await supportSession());
    await ops.goto("/admin/messages?status=open");
    await ops.getByRole("link", { name: `Missing credit: ${offer} on Demo Wall` }).click();
    await expect(ops.getByRole("heading", { name: /postbacks for Demo Wall/ })).toBeVisible();
    await expect(ops.getByText("Reached level 5, no points.")).toBeVisible();
    await expect(ops.getByTestId("no-postbacks")).toBeVisible();
    await ops.close();
  });
});

test.describe("support without JavaScript @no-js-only", () => {
  test("at 360 px an operator picks a canned reply, sends it and closes the message", async ({ browser }) => {
    const subject = `No-script question ${unique()}`;
    const sent = await api.request("/userMessageRoute/userMessageSave_post", {
      obj: {
        name: "Ravi Kumar",
        email_address: `ravi.${unique()}@example.com`,
        mobile_number: "9876543210",
        subject,
        message: "Is the site free to join?",
        consent: true,
      },
    });
    expect(sent.status).toBe(200);
    // The owner's session from global setup: a second sign-in of the support operator in another
    // worker would race its one-time code.
    const cookie = operatorCookie();
    const cannedTitle = `Free to join ${unique()}`;
    const cannedBody = `Yes, joining is free. Ref ${unique()}.`;
    expect(
      (
        await api.request("/adminRoute/canned-replies", {
          json: { title: cannedTitle, body: cannedBody },
          cookie,
        })
      ).status,
    ).toBe(200);

    const ops = await browser.newPage({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    await handSessionTo(ops, cookie);
    await ops.goto("/admin/messages?status=open");
    await ops.getByRole("link", { name: subject }).click();
    await ops.getByLabel("Canned reply").selectOption({ label: cannedTitle });
    await ops.getByRole("button", { name: "Use" }).click();
    await expect(ops.getByLabel("Your reply")).toHaveValue(cannedBody);
    await ops.getByRole("button", { name: "Send reply" }).click();
    await expect(ops.getByTestId("thread-reply")).toContainText(cannedBody);
    await expect(ops.getByTestId("message-status")).toHaveText("Answered");
    await ops.getByRole("button", { name: "Close" }).click();
    await expect(ops.getByTestId("message-status")).toHaveText("Closed");
    await expect(ops.getByRole("button", { name: "Reopen" })).toBeVisible();
    const width = await ops.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await ops.close();
  });
});
