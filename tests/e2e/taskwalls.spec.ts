import type { Page } from "@playwright/test";
import { expectSoundToggleRemembered } from "./sound";
import { api, apiLogin, expect, jsEnabled, test, waitForHydration, type Member } from "./fixtures";

/**
 * Task walls (spec 2 §2, §7): the list, the viewer that frames only configured walls, and the
 * demo network's Complete inside the frame — seen live over the socket with scripts, and after a
 * reload without them. The demo wall is seeded by the default install (1 point = ₹0.001).
 */

const DEMO_WALL = "Demo Wall";

function summary(page: Page, label: "Today Earnings" | "Total TaskWalls" | "Completed") {
  return page.getByRole("group", { name: label });
}

function demoFrame(page: Page) {
  return page.frameLocator(`iframe[title="${DEMO_WALL}"]`);
}

/** The member's task-wall data from the API (the demo wall's link carries the member's id). */
async function wallsOf(member: Member) {
  const cookie = await apiLogin(member.email, member.password);
  const res = await api.request("/userIncomeRoute/user_offerWall_get", { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg as {
    offerWallData_after_replace: { offerWallName: string; offerWallApiLink: string }[];
    total_offerWall: number;
  };
}

/** Opens the list and presses Start on the demo wall. */
async function openDemoWall(page: Page) {
  await page.goto("/member/task-wall");
  await page.getByRole("link", { name: `Start ${DEMO_WALL}` }).click();
  await expect(page).toHaveURL(/\/member\/task-wall\/%2Fdemo-wall%3Fuser_id%3D/);
  await expect(page.getByRole("heading", { level: 1, name: DEMO_WALL })).toBeVisible();
}

/** Presses Complete on the demo network's first open offer; answers the reward it shows. */
async function completeFirstOffer(page: Page): Promise<string> {
  const offer = demoFrame(page).getByTestId("demo-offer").first();
  const reward = (await offer.getByText(/^₹\d+\.\d{3}$/).innerText()).trim();
  await offer.getByRole("button", { name: /^Complete / }).click();
  await expect(demoFrame(page).getByTestId("demo-result")).toHaveText(
    `Offer completed: ${reward} is on its way.`,
  );
  return reward;
}

test.describe("Task walls", () => {
  test("the list, Start, the framed demo wall and the sound toggle", async ({
    page,
    newMember,
    loginAs,
  }, testInfo) => {
    const m = await newMember();
    await loginAs(page, m);
    await page.goto("/member/task-wall");
    await expect(page.getByRole("heading", { level: 1, name: "Task Walls" })).toBeVisible();
    await expect(summary(page, "Today Earnings")).toContainText("₹0.000");
    await expect(summary(page, "Completed")).toContainText("0");
    // Every enabled wall counts (the operator's test may add one meanwhile).
    await expect(summary(page, "Total TaskWalls")).toContainText(/[1-9]/);
    await expect(page.getByTestId("task-wall").filter({ hasText: DEMO_WALL })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();

    await openDemoWall(page);
    const frame = page.locator(`iframe[title="${DEMO_WALL}"]`);
    await expect(frame).toBeVisible();
    // 1000 px (to the pixel: read while the page still fades in, the box is a hair off).
    expect((await frame.boundingBox())?.height).toBeCloseTo(1000, 0);
    await expect(demoFrame(page).getByText("Demo Offers", { exact: true })).toBeVisible();
    await expect(demoFrame(page).getByTestId("demo-offer").first()).toBeVisible();
    // The spinner goes once the frame has loaded (without scripts it is never drawn).
    await expect(page.getByTestId("task-wall-spinner")).toHaveCount(0);
    // Nothing wider than the screen (a 360 px phone included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Sound: on by default; off is remembered in the viewer's own cookie.
    if (jsEnabled(testInfo)) await waitForHydration(page);
    await expectSoundToggleRemembered(page, "taskWall_sound_off");
    await expect(page.getByRole("heading", { level: 1, name: DEMO_WALL })).toBeVisible();
  });

  test("Complete inside the frame updates the viewer without a reload, and the dashboard's tile", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await loginAs(page, await newMember());
    await openDemoWall(page);
    await waitForHydration(page);
    // The socket has asked for the balance and registered for the pushes.
    await expect(page.getByTestId("task-wall-viewer")).toHaveAttribute("data-live", "on");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const reward = await completeFirstOffer(page);
    await expect(summary(page, "Today Earnings")).toContainText(reward);
    await expect(summary(page, "Completed")).toContainText("1");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    // The offer is done for this member.
    await expect(demoFrame(page).getByText("Completed", { exact: true })).toHaveCount(1);

    await page.goto("/member/dashboard");
    await expect(
      page
        .locator('a[href="/member/task-wall"]')
        .filter({ hasText: "TaskWalls" })
        .filter({ hasText: reward }),
    ).toHaveCount(1);
  });

  test("without scripts: Complete in the frame, a reload shows the new figures @no-js-only", async ({
    page,
    newMember,
    loginAs,
  }) => {
    await loginAs(page, await newMember());
    await openDemoWall(page);
    await expect(summary(page, "Completed")).toContainText("0");
    const reward = await completeFirstOffer(page);
    await page.reload();
    await expect(summary(page, "Today Earnings")).toContainText(reward);
    await expect(summary(page, "Completed")).toContainText("1");
    await expect(demoFrame(page).getByText("Completed", { exact: true })).toHaveCount(1);
  });

  test("the viewer refuses an address that is not a configured wall's", async ({
    page,
    newMember,
    loginAs,
  }) => {
    const [m, other] = [await newMember(), await newMember()];
    const otherLink = (await wallsOf(other)).offerWallData_after_replace.find(
      (w) => w.offerWallName === DEMO_WALL,
    )!.offerWallApiLink;
    await loginAs(page, m);
    for (const address of ["https://evil.example/phish?user_id=1", otherLink, "/member/dashboard"]) {
      const res = await page.goto(`/member/task-wall/${encodeURIComponent(address)}`);
      expect(res?.status(), address).toBe(404);
      await expect(page.getByRole("heading", { name: "Task wall not found." })).toBeVisible();
      await expect(page.locator("iframe")).toHaveCount(0);
    }
  });
});
