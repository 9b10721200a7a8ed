import type { Db } from "../db/client";
import { createMember } from "../accounts/accounts";
import { DEMO_PRIVACY } from "../privacy/consent";
import { creditEarning } from "../ledger/earnings";
import { convertBalance } from "../withdrawals/conversions";
import { createCampaign } from "../ads/campaigns";
import { rupeesToMilli } from "../../shared/money";
import { DAY_MS } from "./random";

/** The demo advertiser and the ads a new member sees at once (called by ./seed in its transaction). */

/** Runs one active ad of each type, so a new member sees ads at once (it logs in like the demo member). */
export const DEMO_ADVERTISER = { email: "advertiser@example.com", name: "Demo Advertiser" } as const;
/**
 * The page the demo window and iframe ads show: one the site serves itself (the web tier's
 * `/ad-sample` route), absolute when PUBLIC_ORIGIN is known.
 */
export const AD_SAMPLE_PATH = "/ad-sample";
/** A public-domain film (Big Buck Bunny, Blender Foundation) for the demo YouTube ad. */
export const DEMO_YOUTUBE_URL = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";

/**
 * The demo advertiser: task-wall earnings converted to deposit, then one active campaign of each
 * type, created as the wizard's create call does (escrow and all).
 */
export async function seedAds(
  db: Db,
  passwordHash: string,
  joined: Date,
  publicOrigin: string | undefined,
  now: number,
) {
  const advertiser = await createMember(db, {
    name: DEMO_ADVERTISER.name,
    email: DEMO_ADVERTISER.email,
    mobileNumber: 9876512345,
    passwordHash,
    createdAt: joined,
    privacy: DEMO_PRIVACY,
  });
  await db.transaction((tx) =>
    creditEarning(tx, {
      userId: advertiser.id,
      source: "offerWall",
      amount: rupeesToMilli(200),
      idempotencyKey: "seed:advertiser:0",
      memo: "demo history",
      createdAt: new Date(now - 3 * DAY_MS),
    }),
  );
  await convertBalance(db, { userId: advertiser.id, rupees: 180, direction: "withdrawToDeposit" });
  const samplePage = `${(publicOrigin ?? "").replace(/\/+$/, "")}${AD_SAMPLE_PATH}`;
  const ads = [
    {
      type: "window",
      title: "Visit our sample page",
      url: samplePage,
      description: "A window ad: count down, claim, and the page opens in this tab.",
      durationSeconds: 10,
    },
    {
      type: "iframe",
      title: "Look at our sample page",
      url: samplePage,
      description: "An iframe ad: stay on the page until the timer is done.",
      durationSeconds: 10,
    },
    {
      type: "youtube",
      title: "Watch a short film",
      url: DEMO_YOUTUBE_URL,
      description: "A YouTube ad: keep the video playing until the timer is done.",
      durationSeconds: 15,
    },
  ] as const;
  for (const [i, ad] of ads.entries()) {
    await createCampaign(db, {
      userId: advertiser.id,
      draft: { ...ad, totalViews: 1000, intervalHours: 1, dailyLimit: null },
      requestId: `seed-demo-ad-${i}`,
      now: new Date(now - (3 - i) * 60_000),
    });
  }
}
