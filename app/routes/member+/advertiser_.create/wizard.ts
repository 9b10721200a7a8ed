import type { ToastView } from "~/components/toaster";
import {
  CAMPAIGN_MESSAGES,
  URL_MAX,
  campaignInfoSchema,
  campaignRewardSchema,
  campaignSubtotal,
  campaignTypeSchema,
  durationSeconds,
  isCampaignType,
  priceFor,
  type CampaignType,
} from "../../../../shared/campaign";
import type { AdvertiserCreateData as CreateData } from "../../../../shared/contracts/ads";

/**
 * The create wizard's state machine (spec 2 §5): the draft's fields carried from step to step,
 * each step's rules (the shared ones of shared/campaign.ts) and the subtotal.
 */

/** The draft's fields, carried from step to step in hidden inputs (the spec's names). */
export const FIELDS = [
  "selectedOption_state",
  "step_2_title",
  "step_2_url",
  "step_2_description",
  "step_3_duration",
  "step_3_total_views",
  "step_3_interval_in_hours",
  "step_3_enableLimit",
  "step_3_limitViewsPerDay",
  /** The iframe link the member saw load in the preview. */
  "iframe_ok_url",
  "request_id",
] as const;
export type FieldName = (typeof FIELDS)[number];
export type Values = Partial<Record<FieldName, string>>;

/** The four steps (their names: adv.create.steps.<step>). */
export const STEPS = ["type", "info", "reward", "preview"] as const;
export type Step = 1 | 2 | 3 | 4;

export interface WizardState {
  step: Step;
  values: Values;
  errors: Partial<Record<FieldName | "form", string>>;
  /** The iframe preview dialog is open (step 2 of an iframe campaign). */
  preview?: boolean;
  /** The 'Insufficient Balance' dialog is open. */
  insufficient?: boolean;
  toast?: ToastView | null;
}

export const STEP_FIELDS: Record<Step, FieldName[]> = {
  1: ["selectedOption_state"],
  2: ["step_2_title", "step_2_url", "step_2_description"],
  3: [
    "step_3_duration",
    "step_3_total_views",
    "step_3_interval_in_hours",
    "step_3_enableLimit",
    "step_3_limitViewsPerDay",
  ],
  4: [],
};

export function readValues(form: FormData): Values {
  const v: Values = {};
  for (const name of FIELDS) {
    const x = form.get(name);
    if (typeof x === "string") v[name] = x.slice(0, URL_MAX);
  }
  return v;
}

export function typeOf(v: Values): CampaignType | null {
  return isCampaignType(v.selectedOption_state) ? v.selectedOption_state : null;
}

function rulesOf(d: CreateData, type: CampaignType) {
  return { durations: d.PTCAds_pricing[type].map((o) => o.time), minimumViews: d.PTCAds_total_minimum_Views };
}

/** The subtotal in milli-rupees, or null while the duration or the views are not chosen. */
export function subtotalOf(d: Pick<CreateData, "PTCAds_pricing">, v: Values): number | null {
  const type = typeOf(v);
  const seconds = durationSeconds(v.step_3_duration);
  const views = Number(v.step_3_total_views);
  if (!type || seconds === null || !Number.isSafeInteger(views) || views <= 0) return null;
  const price = priceFor(d.PTCAds_pricing, type, seconds);
  if (price === null) return null;
  try {
    return campaignSubtotal(price, views);
  } catch {
    return null;
  }
}

function firstErrors(issues: { path: (string | number)[]; message: string }[]): WizardState["errors"] {
  const errors: WizardState["errors"] = {};
  for (const i of issues) {
    const name = (i.path[0] ?? "form") as FieldName | "form";
    errors[name] ??= i.message;
  }
  return errors;
}

/** Checks one step with the shared rules; the errors of that step, or none. */
export function checkStep(d: CreateData, step: Step, v: Values): WizardState["errors"] {
  const type = typeOf(v);
  if (step === 1) {
    const r = campaignTypeSchema.safeParse(v.selectedOption_state);
    return r.success ? {} : { selectedOption_state: r.error.issues[0]?.message };
  }
  if (!type) return { selectedOption_state: CAMPAIGN_MESSAGES.typeRequired };
  if (step === 2) {
    const r = campaignInfoSchema(type).safeParse(v);
    return r.success ? {} : firstErrors(r.error.issues);
  }
  if (step === 3) {
    const r = campaignRewardSchema(rulesOf(d, type)).safeParse(v);
    return r.success ? {} : firstErrors(r.error.issues);
  }
  return {};
}

/** The first step whose rules fail, with its errors; null when the whole draft passes. */
export function firstFailingStep(
  d: CreateData,
  v: Values,
): { step: Step; errors: WizardState["errors"] } | null {
  for (const step of [1, 2, 3] as const) {
    const errors = checkStep(d, step, v);
    if (Object.keys(errors).length) return { step, errors };
  }
  return null;
}

/** Where the wizard starts (and where it is before any answer). */
export const FIRST_STEP: WizardState = { step: 1, values: {}, errors: {} };
