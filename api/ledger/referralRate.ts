import type { Db } from "../db/client";
import { getSetting, updateSettingAudited } from "../site/settings";
import type { SiteSettings } from "../../shared/contracts/operators";

/*
 * The referral rate: the share of each referee's earnings credited to their referrer, kept in
 * basis points in the site settings and shown as a decimal.
 */

/** "0.1" from 1000 basis points: the rate as the spec's client multiplies it by 100 to show a percentage. */
export function referralRateText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 10000);
  const frac = String(basisPoints % 10000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

/** The highest rate an operator may set: 50 %. */
export const REFERRAL_RATE_MAX_BP = 5000;

/** The rate for the operator's settings page. */
export async function referralSettings(db: Db): Promise<SiteSettings> {
  const bp = await getSetting(db, "referral_rate_bp");
  return { referral_rate_bp: bp, referralRate: referralRateText(bp) };
}

/** Sets the rate (audited, in the same transaction). */
export async function updateReferralRate(db: Db, actorUserId: string, basisPoints: number): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key: "referral_rate_bp",
    value: basisPoints,
    action: "settings.update",
  });
}
