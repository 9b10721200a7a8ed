import type { Page } from "@playwright/test";
import { expect, expectMessage, jsEnabled, test, toast, waitForHydration, testBudget } from "./fixtures";
import {
  SAMPLE_AD_URL,
  SAMPLE_VIDEO_URL,
  convertToDeposit,
  createCampaign,
  uniqueTitle,
} from "./ptc-helpers";

/** The advertiser list and the four-step wizard (spec 2 §2, §5, §8), with and without scripts. */

function wizard(page: Page) {
  return page.getByRole("form", { name: "Create campaign" });
}

async function next(page: Page) {
  await wizard(page).getByRole("button", { name: "Next" }).click();
}

async function chooseType(page: Page, label: "Window" | "Iframe" | "Youtube") {
  if (jsEnabled(test.info())) await waitForHydration(page);
  await wizard(page).getByRole("radio", { name: label, exact: true }).check();
  await next(page);
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
}

/**
 * A required field left empty: once the page runs, the step answers in the spec's words; before
 * (and without) scripts the browser's own check stops the step at the field.
 */
async function expectRequired(page: Page, name: string, message: string) {
  if (jsEnabled(test.info())) return expectMessage(page, message);
  await expect(wizard(page).locator(`[name="${name}"]:invalid`).first()).toBeAttached();
  await expect(page.getByText(message, { exact: true })).toHaveCount(0);
}

async function fillInfo(page: Page, title: string, url: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel(/URL$/).fill(url);
  await page.getByLabel("Description", { exact: true }).fill(`${title} description`);
  await next(page);
}

async function fillReward(page: Page, views: string) {
  await expect(page.getByRole("group", { name: "Duration" })).toBeVisible();
  await page.getByRole("group", { name: "Duration" }).getByRole("radio").first().check();
  await page.getByLabel("Total Views", { exact: true }).fill(views);
  await next(page);
}

/** The wizard from the Create link to the submitted toast. */
async function createThroughWizard(page: Page, type: "Window" | "Iframe" | "Youtube", title: string) {
  await page.goto("/member/advertiser");
  await page.getByRole("link", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/advertiser\/create$/);
  await chooseType(page, type);
  await fillInfo(page, title, type === "Youtube" ? SAMPLE_VIDEO_URL : SAMPLE_AD_URL);
  if (type === "Iframe") {
    const preview = page.getByRole("dialog", { name: "Preview" });
    await expect(preview.frameLocator("iframe").getByRole("heading", { name: /Earn more/ })).toBeVisible();
    await preview.getByRole("button", { name: "Yes, it looks good" }).click();
  }
  await fillReward(page, "100");
  await expect(page.getByRole("definition").getByText(title, { exact: true })).toBeVisible();
  await wizard(page).getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/member\/advertiser$/);
  await expect(toast(page)).toContainText("Your campaign has been successfully submitted.");
  await expect(page.getByTestId("campaign-card").filter({ hasText: title })).toBeVisible();
}

test.describe("Advertiser", () => {
  test("an advertiser converts to deposit and creates a window, an iframe and a YouTube campaign @no-js", async ({
    page,
    newMember,
    giveBalance,
    loginAs,
  }) => {
    test.setTimeout(testBudget(4));
    const advertiser = await newMember();
    await giveBalance(advertiser, 40);
    await loginAs(page, advertiser);
    // The converter page moves withdrawable balance to the deposit balance.
    await page.goto("/member/balance-converter");
    if (jsEnabled(test.info())) await waitForHydration(page);
    await page.getByRole("radio", { name: "Withdraw to Deposit" }).check();
    await page.getByLabel("Amount (₹)").fill("30");
    await page.getByRole("button", { name: "Convert Now" }).click();
    await page
      .getByRole("dialog", { name: "Are you sure?" })
      .getByRole("button", { name: "Yes, Convert" })
      .click();
    await expect(toast(page)).toContainText("Success! Your balance has been successfully converted.");

    await page.goto("/member/advertiser");
    await expect(page.getByText("There is no data")).toBeVisible();
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹30.000");

    const titles = {
      Window: uniqueTitle("Wizard window"),
      Iframe: uniqueTitle("Wizard iframe"),
      Youtube: uniqueTitle("Wizard youtube"),
    };
    for (const type of ["Window", "Iframe", "Youtube"] as const)
      await createThroughWizard(page, type, titles[type]);

    // 100 views each at the shortest durations: ₹5 + ₹4 + ₹6 escrowed.
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹15.000");
    await expect(page.getByRole("group", { name: "Total campaigns" })).toContainText("3");
    await expect(page.getByRole("group", { name: "Active" })).toContainText("3");
    await expect(page.getByRole("group", { name: "Remaining views" })).toContainText("300");
    // Filters: type and title search.
    await page.getByRole("navigation", { name: "Type" }).getByRole("link", { name: "iframe" }).click();
    await expect(page.getByTestId("campaign-card")).toHaveCount(1);
    await expect(page.getByTestId("campaign-card")).toContainText(titles.Iframe);
    await page.goto("/member/advertiser");
    await page.getByRole("searchbox", { name: "Search by title" }).fill(titles.Youtube);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("campaign-card")).toHaveCount(1);
    await expect(page.getByTestId("campaign-card")).toContainText(titles.Youtube);
  });

  test("the wizard's messages, the iframe preview and the Insufficient Balance dialog", async ({
    page,
    newMember,
    loginAs,
  }) => {
    test.setTimeout(testBudget(3));
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/advertiser/create");
    await expect(page.getByRole("list", { name: "Steps" })).toContainText("Type");
    await chooseType(page, "Youtube");
    await next(page);
    await expectRequired(page, "step_2_title", "Title is a required field");
    await expectRequired(page, "step_2_url", "URL is a required field");
    await expectRequired(page, "step_2_description", "Description is a required field");
    await fillInfo(page, "Video", "https://example.com/video");
    await expectMessage(page, "Please enter a valid YouTube video URL");
    await page.getByRole("button", { name: "Prev" }).click();
    await chooseType(page, "Iframe");
    await fillInfo(page, "Frame", "not a link");
    await expectMessage(page, "Please enter a valid URL");
    await fillInfo(page, "Frame", SAMPLE_AD_URL);
    await page
      .getByRole("dialog", { name: "Preview" })
      .getByRole("button", { name: "No, it's not loading" })
      .click();
    await expectMessage(page, "This URL does not allow embedding in iframe or failed to load.");
    await fillInfo(page, "Frame", SAMPLE_AD_URL);
    await page
      .getByRole("dialog", { name: "Preview" })
      .getByRole("button", { name: "Yes, it looks good" })
      .click();

    // Step 3: the interval slider shows 13 when unset; the rules in order.
    await expect(page.getByLabel(/Interval \(hours\)/)).toHaveValue("13");
    await next(page);
    await expectRequired(page, "step_3_duration", "Duration is a required field");
    await page.getByRole("group", { name: "Duration" }).getByRole("radio").first().check();
    await page.getByLabel("Total Views", { exact: true }).fill("");
    await next(page);
    await expectRequired(page, "step_3_total_views", "Total Views is a required field");
    await page.getByLabel("Total Views", { exact: true }).fill("5");
    await next(page);
    await expectMessage(page, "Minimum 100 Total View Allowed");
    await page.getByLabel("Total Views", { exact: true }).fill("100");
    await page.getByRole("checkbox", { name: "Enable Per Day Limit" }).check();
    await next(page);
    await expectMessage(page, "Per Day Limit is a required field");
    await page.getByLabel("Per Day Limit", { exact: true }).fill("500");
    await next(page);
    await expectMessage(page, "Per Day Limit must not be greater than total views");
    await page.getByLabel("Per Day Limit", { exact: true }).fill("50");
    await next(page);
    await expect(page.getByTestId("subtotal")).toHaveText("₹4.000");

    // No deposit: the dialog; Top Up is not available; Convert Balance leads to the converter.
    await wizard(page).getByRole("button", { name: "Create" }).click();
    const dialog = page.getByRole("dialog", { name: "Insufficient Balance" });
    await expect(dialog).toContainText(
      "Deposit balance is insufficient. Would you like to convert your withdrawal balance to deposit balance or top up your balance?",
    );
    await dialog.getByRole("button", { name: "Top Up" }).click();
    await expectMessage(page, "The deposit feature is currently unavailable");
    await page
      .getByRole("dialog", { name: "Insufficient Balance" })
      .getByRole("link", { name: "Convert Balance" })
      .click();
    await expect(page).toHaveURL(/\/member\/balance-converter$/);
  });

  test("pause, activate and delete with the refund", async ({ page, newMember, giveBalance, loginAs }) => {
    test.setTimeout(testBudget(2));
    const advertiser = await newMember();
    await giveBalance(advertiser, 10);
    const cookie = await convertToDeposit(advertiser, 10);
    const title = uniqueTitle("Lifecycle");
    await createCampaign(cookie, "window", title);
    await loginAs(page, advertiser);
    await page.goto("/member/advertiser");
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹5.000");
    const card = page.getByTestId("campaign-card").filter({ hasText: title });
    await expect(card.getByTestId("campaign-status")).toHaveText("active");
    await expect(card.getByTestId("campaign-views")).toHaveText("0 / 100");
    await card.getByText("View Info").click();
    await expect(card).toContainText(`${title} description`);

    await card.getByRole("button", { name: "Pause" }).click();
    await expect(toast(page)).toContainText("Campaign paused successfully!");
    await expect(card.getByTestId("campaign-status")).toHaveText("paused");
    await expect(page.getByRole("group", { name: "Paused" })).toContainText("1");
    await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Active" }).click();
    await expect(page.getByText("There is no data")).toBeVisible();
    await page.goto("/member/advertiser");

    await card.getByRole("button", { name: "Activate" }).click();
    await expect(toast(page)).toContainText("Campaign activated successfully!");
    await expect(card.getByTestId("campaign-status")).toHaveText("active");

    await card.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Are you sure?" })
      .getByRole("button", { name: "Yes, Delete" })
      .click();
    await expect(toast(page)).toContainText("Campaign deleted successfully!");
    await expect(page.getByText("There is no data")).toBeVisible();
    await expect(page.getByRole("group", { name: "Deposit Balance" })).toContainText("₹10.000");
    await expect(page.getByRole("group", { name: "Total campaigns" })).toContainText("0");
  });
});
