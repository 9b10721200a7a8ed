import { axeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, loginOperatorPage, test, waitForHydration } from "./fixtures";

/**
 * The members console (issue 20 §1): an owner finds a member just signed up, opens their page,
 * moves between the lists by their tab links and adds a note; the note form without JavaScript
 * on a 360 px screen; axe-core on the search and the member page.
 */

/** Searches for `email` on /admin/members and opens the one result; answers the member's page path. */
async function openMember(page: Page, email: string, userName: string): Promise<string> {
  await page.goto("/admin/members");
  await page.getByLabel("Search members").fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByTestId("member-row");
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: userName }).click();
  await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(userName);
  return new URL(page.url()).pathname;
}

test.describe("the members console", () => {
  test("an owner finds a fresh member, opens the page, switches lists and adds a note @phone", async ({
    page,
    newMember,
  }) => {
    const member = await newMember();
    await loginOperatorPage(page);
    await page.goto("/admin/members");
    await waitForHydration(page);
    const path = await openMember(page, member.email, member.userName);

    await expect(page.getByTestId("restrictions")).toContainText("Withdrawals are not held.");
    await expect(page.getByTestId("restrictions")).toContainText("The account is not banned.");
    // The owner may use both action pages.
    await expect(page.getByRole("link", { name: "Sessions, hold, suspend, ban" })).toHaveAttribute(
      "href",
      `${path}/actions`,
    );
    await expect(page.getByRole("link", { name: "Adjust a balance" })).toHaveAttribute(
      "href",
      `${path}/adjust`,
    );

    const lists = page.getByRole("navigation", { name: "Member lists" });
    await expect(lists.getByRole("link", { name: /^Ledger/ })).toHaveAttribute("aria-current", "page");
    await lists.getByRole("link", { name: /^Referrals/ }).click();
    await expect(page).toHaveURL(/tab=referrals/);
    await expect(page.getByText("Nobody referred this member.")).toBeVisible();
    await lists.getByRole("link", { name: /^Withdrawals/ }).click();
    await expect(page).toHaveURL(/tab=withdrawals/);
    await expect(page.getByTestId("list-empty")).toHaveText("No withdrawals.");

    const text = `Asked about a missing credit ${Date.now()}.`;
    await page.getByLabel("Note", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page).toHaveURL(/tab=notes/);
    await expect(page.getByTestId("note-body").first()).toHaveText(text);
    await expect(lists.getByRole("link", { name: /^Notes/ })).toHaveText("Notes (1)");
  });

  test("the search and the member page pass axe-core", async ({ page, newMember }) => {
    const member = await newMember();
    await loginOperatorPage(page);
    await page.goto(`/admin/members?q=${encodeURIComponent(member.email)}`);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/admin/members?q=nobody-at-all%40e2e.test");
    await expect(page.getByTestId("members-empty")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const path = await openMember(page, member.email, member.userName);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${path}?tab=signins`);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("a note without JavaScript on a 360 px screen @no-js-only", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the note form posts, the page answers with the note, and nothing overflows", async ({
    page,
    newMember,
  }) => {
    const member = await newMember();
    await loginOperatorPage(page);
    await openMember(page, member.email, member.userName);
    const note = page.getByLabel("Note", { exact: true });
    await expect(note).toHaveAttribute("required", "");
    await expect(note).toHaveAttribute("maxlength", "2000");
    await note.fill("Checked the payout account by phone.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page).toHaveURL(/tab=notes/);
    await expect(page.getByTestId("note-body").first()).toHaveText("Checked the payout account by phone.");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
