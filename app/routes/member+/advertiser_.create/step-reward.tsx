import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/forms";
import { useFormat } from "~/i18n/format";
import {
  INTERVAL_MAX_HOURS,
  INTERVAL_MIN_HOURS,
  INTERVAL_SHOWN_WHEN_UNSET,
  durationSeconds,
  isEnabled,
} from "../../../../shared/campaign";
import type { AdvertiserCreateData as CreateData } from "../../../../shared/contracts/ads";
import { FieldError, fieldHelpers } from "./wizard-parts";
import { subtotalOf, typeOf, type Values, type WizardState } from "./wizard";

/** Step 3: duration, total views, interval and the per-day limit, with the live subtotal. */
export function StepReward({
  d,
  values,
  errors,
  hydrated,
}: {
  d: CreateData;
  values: Values;
  errors: WizardState["errors"];
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const type = typeOf(values);
  // The browser's view of the step's inputs: the live subtotal, the slider, the limit switch.
  const [duration, setDuration] = useState(values.step_3_duration ?? "");
  const [views, setViews] = useState(values.step_3_total_views ?? "");
  const [intervalShown, setIntervalShown] = useState(values.step_3_interval_in_hours ?? "");
  const [limitOn, setLimitOn] = useState(isEnabled(values.step_3_enableLimit));
  useEffect(() => {
    setDuration(values.step_3_duration ?? "");
    setViews(values.step_3_total_views ?? "");
    setIntervalShown(values.step_3_interval_in_hours ?? "");
    setLimitOn(isEnabled(values.step_3_enableLimit));
  }, [values]);

  const subtotal = subtotalOf(d, { ...values, step_3_duration: duration, step_3_total_views: views });
  const durationOptions = type ? d.PTCAds_pricing[type] : [];
  const { describedBy, fieldErrors } = fieldHelpers(errors);
  return (
    <>
      <fieldset>
        <legend className="label">{t("adv.create.duration")}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {durationOptions.map((o) => {
            const value = `${o.time}-${o.price}`;
            return (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="step_3_duration"
                  value={value}
                  required
                  defaultChecked={durationSeconds(values.step_3_duration) === o.time}
                  onChange={() => setDuration(value)}
                  className="h-4 w-4 accent-brand-600"
                />
                <span>{t("adv.create.durationOption", { seconds: o.time, price: f.rupees(o.price) })}</span>
              </label>
            );
          })}
        </div>
        <FieldError id="step_3_duration-error" text={errors.step_3_duration} />
      </fieldset>
      <Field
        label={t("adv.create.totalViews")}
        errors={fieldErrors("step_3_total_views")}
        hint={t("adv.create.minimumViews", { n: d.PTCAds_total_minimum_Views })}
        inputProps={{
          name: "step_3_total_views",
          required: true,
          inputMode: "numeric",
          defaultValue: values.step_3_total_views,
          onInput: (e) => setViews(e.currentTarget.value),
        }}
      />
      <div>
        <label className="label" htmlFor="step_3_interval_in_hours">
          {t("adv.create.interval")}{" "}
          <output htmlFor="step_3_interval_in_hours">{intervalShown || INTERVAL_SHOWN_WHEN_UNSET}</output>
        </label>
        <input
          id="step_3_interval_in_hours"
          name="step_3_interval_in_hours"
          type="range"
          min={INTERVAL_MIN_HOURS}
          max={INTERVAL_MAX_HOURS}
          step={1}
          className="w-full accent-brand-600"
          defaultValue={values.step_3_interval_in_hours || String(INTERVAL_SHOWN_WHEN_UNSET)}
          onInput={(e) => setIntervalShown(e.currentTarget.value)}
          aria-describedby={describedBy("step_3_interval_in_hours")}
        />
        <FieldError id="step_3_interval_in_hours-error" text={errors.step_3_interval_in_hours} />
      </div>
      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            name="step_3_enableLimit"
            defaultChecked={isEnabled(values.step_3_enableLimit)}
            onChange={(e) => setLimitOn(e.currentTarget.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          {t("adv.create.enableLimit")}
        </label>
        {limitOn || !hydrated ? (
          <Field
            label={t("adv.create.perDayLimit")}
            errors={fieldErrors("step_3_limitViewsPerDay")}
            inputProps={{
              name: "step_3_limitViewsPerDay",
              inputMode: "numeric",
              defaultValue: values.step_3_limitViewsPerDay,
            }}
          />
        ) : null}
      </div>
      <p className="text-sm">
        {t("adv.create.subtotalLabel")}{" "}
        <span className="font-semibold tabular-nums" data-testid="subtotal">
          {f.money(subtotal ?? 0)}
        </span>
      </p>
    </>
  );
}
