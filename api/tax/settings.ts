import type { Db, Tx } from "../db/client";
import { getSetting, updateSettingAudited } from "../site/settings";
import { DEFAULT_TAX_SETTINGS, INCOME_KINDS, type TaxSettings } from "../../shared/tax";

/** The owner's tax settings, every rule present (a kind missing from the stored value takes its default). */
export async function taxSettings(db: Db | Tx): Promise<TaxSettings> {
  const stored = (await getSetting(db, "tax")) as Partial<TaxSettings>;
  const rules = { ...DEFAULT_TAX_SETTINGS.rules };
  for (const kind of INCOME_KINDS) {
    const rule = stored.rules?.[kind];
    if (rule) rules[kind] = rule;
  }
  return {
    enabled: stored.enabled ?? DEFAULT_TAX_SETTINGS.enabled,
    pan_required_above: stored.pan_required_above ?? DEFAULT_TAX_SETTINGS.pan_required_above,
    rules,
  };
}

/**
 * The owner changes the tax settings, audited with the value before and after. Owner only, at
 * once (not through the money-limit delay of ADR 0030: withholding is money kept back from
 * members, not money let out of the site; docs/decisions/0034).
 */
export async function setTaxSettings(db: Db, actorUserId: string, value: TaxSettings): Promise<void> {
  await updateSettingAudited(db, { actorUserId, key: "tax", value, action: "settings.tax" });
}
