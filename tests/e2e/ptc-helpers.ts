import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ORIGIN, api, apiLogin, expect, operatorCookie, type Member } from "./fixtures";

/**
 * Short durations for the ads' tests: the server enforces them, so the tests wait as long as a
 * member would, and no longer. Prices stay the defaults'.
 */
export const TEST_PRICING = {
  window: [
    { time: 2, price: "0.050" },
    { time: 15, price: "0.075" },
  ],
  iframe: [
    { time: 2, price: "0.040" },
    { time: 20, price: "0.080" },
  ],
  youtube: [
    { time: 2, price: "0.060" },
    { time: 30, price: "0.120" },
  ],
};

/**
 * The operator sets the test pricing (the admin API; audited like any operator change). Global
 * setup calls it once; a test that changes the pricing restores it before it lets go of the
 * "ptc-pricing" lock (exclusively below).
 */
export async function setTestPricing(): Promise<void> {
  const res = await api.request("/adminRoute/ptcSettings", {
    method: "PATCH",
    cookie: operatorCookie(),
    json: { ptc_pricing: TEST_PRICING },
  });
  if (res.status !== 200) throw new Error(`pricing failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Moves `rupees` of the member's withdrawable balance to the deposit balance (the API's converter). */
export async function convertToDeposit(member: Member, rupees: number): Promise<string> {
  const cookie = await apiLogin(member.email, member.password);
  const res = await api.request("/userAmount/userBalanceConvertPatch", {
    method: "PATCH",
    cookie,
    obj: { balanceToConvert: rupees, conversionType_state: "withdrawToDeposit" },
  });
  if (res.status !== 200) throw new Error(`convert failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookie;
}

export type AdKind = "window" | "iframe" | "youtube";

export const SAMPLE_AD_URL = `${E2E_ORIGIN}/ad-sample`;
export const SAMPLE_VIDEO_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString("hex")}`;
}

/** A campaign made through the API (the wizard has its own test), 100 views at the shortest duration. */
export async function createCampaign(
  cookie: string,
  kind: AdKind,
  title: string,
  opts: { views?: number; url?: string } = {},
): Promise<string> {
  const option = TEST_PRICING[kind][0]!;
  const res = await api.request("/advertiserRoute/advertiserDataPost", {
    cookie,
    obj: {
      selectedOption_state: kind,
      step_2_title: title,
      step_2_url: opts.url ?? (kind === "youtube" ? SAMPLE_VIDEO_URL : SAMPLE_AD_URL),
      step_2_description: `${title} description`,
      step_3_duration: `${option.time}-${option.price}`,
      step_3_total_views: opts.views ?? 100,
      step_3_interval_in_hours: 24,
      step_3_enableLimit: false,
      step_4_subTotal: "0",
      request_id: randomBytes(8).toString("hex"),
    },
  });
  if (res.status !== 200) throw new Error(`campaign failed: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.msg._id);
}

/** An advertiser with a deposit balance and one campaign of each kind named, ready to be viewed. */
export async function advertiserWithCampaigns(
  newMember: () => Promise<Member>,
  giveBalance: (m: Member, r: number) => Promise<void>,
  kinds: AdKind[],
): Promise<{ advertiser: Member; cookie: string; titles: Record<AdKind, string> }> {
  const advertiser = await newMember();
  await giveBalance(advertiser, 30);
  const cookie = await convertToDeposit(advertiser, 30);
  const titles = {} as Record<AdKind, string>;
  for (const kind of kinds) {
    titles[kind] = uniqueTitle(`E2E ${kind} ad`);
    await createCampaign(cookie, kind, titles[kind]);
  }
  return { advertiser, cookie, titles };
}

/** An ad's card on the View Ads page. */
export function adCard(page: Page, title: string) {
  return page.getByTestId("ptc-ad").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The member switches to another tab and back (what the window ad's grace waits for). */
export async function leaveAndReturn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: "hidden" | "visible") => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    };
    set("hidden");
    set("visible");
  });
}

/** The view's server state, read with the member's own session. */
export async function viewState(cookie: string, viewToken: string) {
  const res = await api.request(
    `/userIncomeRoute/user_PTCAds_view_get?view=${encodeURIComponent(viewToken)}`,
    {
      cookie,
    },
  );
  return res.body?.msg as { secondsLeft: number; claimableAt: string; consumed: boolean } | undefined;
}

/** Waits (as a member would) until the server accepts the view's claim. */
export async function untilClaimable(cookie: string, viewToken: string): Promise<void> {
  await expect
    .poll(async () => Date.parse((await viewState(cookie, viewToken))?.claimableAt ?? "") <= Date.now(), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** The member's View Ads data from the API. */
export async function homeData(cookie: string) {
  const res = await api.request("/userIncomeRoute/user_PTCAds_home_get", { cookie });
  return res.body.msg as {
    today_PTCAdsIncome: string;
    completedClick: number;
    PTCAds_campaignsData: { _id: string; step_2_title: string; step_3_amount_for_user: string }[];
  };
}
