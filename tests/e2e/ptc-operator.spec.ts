import { test, expect, toast, jsEnabled, api, apiLogin, exclusively, waitForHydration } from "./fixtures";
import { operatorPage } from "./money-helpers";
import { setTestPricing } from "./ptc-helpers";

/**
 * The operator's side of ads: pricing, every campaign with pause and reject-with-refund, a
 * campaign's view log and the cheat log. The advertiser and the viewer act through the API.
 */
test("an operator prices ads, pauses and rejects a campaign with its refund, and reads the view and cheat logs", async ({
  browser,
  newMember,
  giveBalance,
}, testInfo) => {
  const advertiser = await newMember();
  await giveBalance(advertiser, 30);
  const adCookie = await apiLogin(advertiser.email, advertiser.password);
  const converted = await api.request("/userAmount/userBalanceConvertPatch", {
    method: "PATCH",
    cookie: adCookie,
    obj: { balanceToConvert: 20, conversionType_state: "withdrawToDeposit" },
  });
  expect(converted.status).toBe(200);
  const title = `Operator test ${Date.now().toString(36)}`;
  const created = await api.request("/advertiserRoute/advertiserDataPost", {
    cookie: adCookie,
    obj: {
      selectedOption_state: "iframe",
      step_2_title: title,
      step_2_url: "https://example.com/landing",
      step_2_description: "A landing page",
      step_3_duration: "20-0.080",
      step_3_total_views: 100,
      step_3_interval_in_hours: 24,
      step_3_enableLimit: false,
      step_3_limitViewsPerDay: "",
      step_4_subTotal: "8.000",
      request_id: `op-${title}`,
    },
  });
  expect(created.body, JSON.stringify(created.body)).toMatchObject({ success: true });
  const campaignId = created.body.msg._id as string;
  const deposit = async () =>
    (await api.request("/advertiserRoute/advertiserDataGet", { cookie: adCookie })).body.msg
      .userDepositBalance;
  expect(await deposit()).toBe("12.000");

  // A viewer starts a view and claims it at once: refused as too early, and logged.
  const viewer = await newMember();
  const viewerCookie = await apiLogin(viewer.email, viewer.password);
  const started = await api.request("/userIncomeRoute/user_PTCAds_view_start", {
    cookie: viewerCookie,
    obj: { btnName: campaignId },
  });
  expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
  const early = await api.request("/userIncomeRoute/user_PTCAds_income_patch", {
    method: "PATCH",
    cookie: viewerCookie,
    obj: { btnName: campaignId, viewToken: started.body.msg.viewToken, btnClickEarn: 1 },
  });
  expect(early.body).toMatchObject({
    success: false,
    error_code: "ad_too_early",
    error_msg:
      "The ad's timer has not ended yet. Keep the ad open until the timer ends, then come back to this tab.",
  });

  const ops = await operatorPage(browser, jsEnabled(testInfo));

  // Pricing: the form shows the current lists; a change is saved and shown back. The js and
  // no-js runs of this test would see each other's change: the block holds the pricing lock,
  // and puts the test pricing (set once by global setup) back before it lets go.
  await exclusively("ptc-pricing", async () => {
    await ops.goto("/admin/ads");
    // A textarea filled before React hydrates it is put back to its server value (React 18), so
    // the test types once the page is live, as an operator whose scripts have loaded would.
    if (jsEnabled(testInfo)) await waitForHydration(ops);
    const windowList = ops.getByLabel(/^Window durations/);
    const before = await windowList.inputValue();
    expect(before).toBe("2 0.050\n15 0.075");
    try {
      await windowList.fill(`${before}\n45 0.300`);
      await ops.getByRole("button", { name: "Save Ad Settings" }).click();
      await expect(toast(ops)).toContainText("Ad settings saved.");
      await expect(ops.getByLabel(/^Window durations/)).toHaveValue(`${before}\n45 0.300`);
      await ops.getByLabel(/^Window durations/).fill(`${before}\nbad line`);
      await ops.getByRole("button", { name: "Save Ad Settings" }).click();
      await expect(ops.getByText(/One duration a line/)).toBeVisible();
    } finally {
      await setTestPricing();
    }
  });

  // The campaign list: pause, then reject with its refund after a confirm step.
  await ops.goto("/admin/campaigns?status=active");
  const card = ops.getByTestId("admin-campaign").filter({ hasText: title });
  await expect(card).toContainText("0/100");
  await card.getByRole("button", { name: `Pause ${title}` }).click();
  await expect(toast(ops)).toContainText("Campaign paused successfully!");
  await ops.goto("/admin/campaigns?status=paused");
  await card.getByRole("button", { name: `Reject and refund ${title}` }).click();
  const dialog = ops.getByRole("dialog", { name: "Reject this campaign?" });
  await expect(dialog).toContainText(title);
  await dialog.getByRole("button", { name: "Reject and refund" }).click();
  await expect(toast(ops)).toContainText("Campaign rejected and refunded.");
  expect(await deposit()).toBe("20.000");
  await ops.goto("/admin/campaigns?status=rejected");
  await expect(card).toContainText("Rejected");
  await expect(card).toContainText("₹8.000");

  // The view log lists the viewer's view; the cheat log the early claim.
  await card.getByRole("link", { name: "View log" }).click();
  await expect(ops.getByTestId("ad-view").filter({ hasText: viewer.userName })).toContainText("Not claimed");
  await ops.goto("/admin/ad-cheat-log");
  await expect(
    ops.getByTestId("cheat-entry").filter({ hasText: viewer.userName }).filter({ hasText: title }),
  ).toContainText("too_early");

  // Every operator change is in the audit log.
  await ops.goto("/admin/audit");
  for (const action of ["campaign.pause", "campaign.reject"])
    await expect(
      ops.getByTestId("audit-entry").filter({ hasText: action }).filter({ hasText: campaignId }),
    ).toHaveCount(1);
  await expect(
    ops.getByTestId("audit-entry").filter({ hasText: "ptc_settings.update" }).first(),
  ).toBeVisible();
  await ops.context().close();
});
