import { useTranslation } from "react-i18next";
import { Field } from "~/components/forms";
import { DESCRIPTION_MAX, TITLE_MAX, URL_MAX, type CampaignType } from "../../../../shared/campaign";
import { FieldError, fieldHelpers } from "./wizard-parts";
import type { Values, WizardState } from "./wizard";

/** Step 2: title, link and description. */
export function StepInfo({
  values,
  errors,
  type,
}: {
  values: Values;
  errors: WizardState["errors"];
  type: CampaignType | null;
}) {
  const { t } = useTranslation();
  const { describedBy, fieldErrors } = fieldHelpers(errors);
  return (
    <>
      <Field
        label={t("adv.create.title")}
        errors={fieldErrors("step_2_title")}
        inputProps={{
          name: "step_2_title",
          required: true,
          maxLength: TITLE_MAX,
          defaultValue: values.step_2_title,
        }}
      />
      <Field
        label={type === "youtube" ? t("adv.create.youtubeUrl") : t("adv.create.url")}
        errors={fieldErrors("step_2_url")}
        inputProps={{
          name: "step_2_url",
          required: true,
          inputMode: "url",
          maxLength: URL_MAX,
          placeholder: type === "youtube" ? "https://www.youtube.com/watch?v=..." : "https://",
          defaultValue: values.step_2_url,
        }}
      />
      <div>
        <label className="label" htmlFor="step_2_description">
          {t("adv.create.description")}
        </label>
        <textarea
          id="step_2_description"
          name="step_2_description"
          className="input min-h-24"
          required
          maxLength={DESCRIPTION_MAX}
          defaultValue={values.step_2_description}
          aria-invalid={errors.step_2_description ? true : undefined}
          aria-describedby={describedBy("step_2_description")}
        />
        <FieldError id="step_2_description-error" text={errors.step_2_description} />
      </div>
    </>
  );
}
