import { useTranslation } from "react-i18next";
import { CAMPAIGN_TYPES } from "../../../../shared/campaign";
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
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="label">{t("adv.create.campaignType")}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CAMPAIGN_TYPES.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-3 text-sm font-semibold has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="selectedOption_state"
              value={type}
              required
              defaultChecked={values.selectedOption_state === type}
              onChange={() => onChoose(type)}
              className="h-4 w-4 accent-brand-600"
            />
            {t(`adv.typeLabels.${type}`)}
          </label>
        ))}
      </div>
      <FieldError id="selectedOption_state-error" text={errors.selectedOption_state} />
    </fieldset>
  );
}
