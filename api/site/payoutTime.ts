import type { Db, Tx } from "../db/client";
import { getSetting, updateSettingAudited } from "./settings";
import { PAYOUT_TIME_MAX_DAYS, fillPayoutTime, payoutTimeWords } from "../../shared/payoutTime";
import type { PayoutTimeSetting } from "../../shared/contracts/operators";

/**
 * The payout time (issue 45 §3): one owner setting, in working days, that fills `{payout_time}`
 * wherever the site says how long a payout takes (the withdraw page's instructions, the canned
 * replies support sends). Changing it is audited.
 */

/** The stored number of working days, the default when it is unset or not a whole number in range. */
export async function payoutWorkingDays(db: Db | Tx): Promise<number> {
  const v = await getSetting(db, "payout_working_days");
  return Number.isInteger(v) && v >= 1 && v <= PAYOUT_TIME_MAX_DAYS ? v : 3;
}

export async function payoutTimeSetting(db: Db | Tx): Promise<PayoutTimeSetting> {
  const days = await payoutWorkingDays(db);
  return { payout_working_days: days, en: payoutTimeWords(days, "en"), hi: payoutTimeWords(days, "hi") };
}

export async function updatePayoutTime(db: Db, actorUserId: string, days: number): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key: "payout_working_days",
    value: days,
    action: "settings.payout_time",
  });
}

/** Texts with their `{payout_time}` filled in the given language, from the setting. */
export async function withPayoutTime(db: Db | Tx, texts: string[], locale: "en" | "hi"): Promise<string[]> {
  if (!texts.some((t) => t.includes("{payout_time}"))) return texts;
  const days = await payoutWorkingDays(db);
  return texts.map((t) => fillPayoutTime(t, days, locale));
}
