import { CAMPAIGN_TYPES, CAMPAIGN_TYPE_LABELS } from "../../../shared/campaign";
import { FieldError } from "./wizard-parts";
import type { Values, WizardState } from "./wizard";

/** Step 1: the campaign's type. */
export function StepType({
  values,
  errors,
  onChoose,
}: {
  values: Values;
  errors: WizardState["errors"];
  onChoose: (type: string) => void;
}) {
  return (
    <fieldset>
      <legend className="label">Campaign Type</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CAMPAIGN_TYPES.map((t) => (
          <label
            key={t}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-3 text-sm font-semibold has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="selectedOption_state"
              value={t}
              required
              defaultChecked={values.selectedOption_state === t}
              onChange={() => onChoose(t)}
              className="h-4 w-4 accent-brand-600"
            />
            {CAMPAIGN_TYPE_LABELS[t]}
          </label>
        ))}
      </div>
      <FieldError id="selectedOption_state-error" text={errors.selectedOption_state} />
    </fieldset>
  );
}
