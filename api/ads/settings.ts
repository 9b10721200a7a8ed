import type { Db, Tx } from "../db/client";
import { campaignPricingSchema, type CampaignPricing } from "../../shared/campaign";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { getSetting, setSetting } from "../site/settings";

/** The ads' settings (the operator's): the price list per type and duration, the minimum total views and the viewer's share. */

export interface PtcSettings {
  pricing: CampaignPricing;
  minimumViews: number;
  memberShareBp: number;
}

export async function ptcSettings(db: Db | Tx): Promise<PtcSettings> {
  const [pricing, minimumViews, memberShareBp] = await Promise.all([
    getSetting(db, "ptc_pricing"),
    getSetting(db, "ptc_minimum_views"),
    getSetting(db, "ptc_member_share_bp"),
  ]);
  return { pricing, minimumViews, memberShareBp };
}

export const MINIMUM_VIEWS_MAX = 1_000_000;

/** The operator changes pricing, minimum views and the viewer's share; audited with the change. */
export async function updatePtcSettings(
  db: Db,
  actorUserId: string,
  patch: { pricing?: unknown; minimumViews?: number; memberShareBp?: number },
): Promise<PtcSettings> {
  let pricing: CampaignPricing | undefined;
  if (patch.pricing !== undefined) {
    const parsed = campaignPricingSchema.safeParse(patch.pricing);
    if (!parsed.success)
      throw new DomainError("invalid_input", parsed.error.issues[0]?.message ?? "Invalid pricing.");
    pricing = parsed.data;
  }
  const { minimumViews, memberShareBp } = patch;
  if (
    minimumViews !== undefined &&
    !(Number.isSafeInteger(minimumViews) && minimumViews >= 1 && minimumViews <= MINIMUM_VIEWS_MAX)
  )
    throw new DomainError(
      "invalid_input",
      `Minimum views must be a whole number from 1 to ${MINIMUM_VIEWS_MAX}.`,
    );
  if (
    memberShareBp !== undefined &&
    !(Number.isSafeInteger(memberShareBp) && memberShareBp >= 0 && memberShareBp <= 10_000)
  )
    throw new DomainError("invalid_input", "The member's share must be 0 to 10000 basis points.");
  return db.transaction(async (tx) => {
    const before = await ptcSettings(tx);
    if (pricing) await setSetting(tx, "ptc_pricing", pricing);
    if (minimumViews !== undefined) await setSetting(tx, "ptc_minimum_views", minimumViews);
    if (memberShareBp !== undefined) await setSetting(tx, "ptc_member_share_bp", memberShareBp);
    const after = await ptcSettings(tx);
    await recordAudit(tx, {
      actorUserId,
      action: "ptc_settings.update",
      target: "settings:ptc",
      before,
      after,
    });
    return after;
  });
}
