import { SettingForm } from "./setting-form";
import { AGE_CHECKS, type AgeCheck } from "../../../shared/privacyNotice";

const LABELS: Record<AgeCheck, string> = {
  date_of_birth: "Date of birth (refused under 18, counted in India time)",
  declaration: "A declaration of being 18 or older (a checkbox)",
};

/**
 * The owner's age check (issue 44 §3): what sign-up and the consent step ask. Posts to
 * /admin/settings/privacy (PATCH /adminRoute/privacy/settings, audited), back here with the answer.
 */
export function AgeCheckForm({ value }: { value: AgeCheck }) {
  return (
    <SettingForm action="/admin/settings/privacy" id="age-check" title="Adults only" save="Save Age Check">
      <p className="text-sm text-slate-600">
        The DPDP Act 2023 (s.2(j)) treats anyone under 18 as a child. Sign-up refuses under-18s; members
        without an answer are asked at their next visit.
      </p>
      <fieldset className="space-y-2">
        <legend className="label">Age check</legend>
        {AGE_CHECKS.map((check) => (
          <label key={check} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="age_check"
              value={check}
              defaultChecked={value === check}
              required
              className="mt-0.5 h-4 w-4"
            />
            <span>{LABELS[check]}</span>
          </label>
        ))}
      </fieldset>
    </SettingForm>
  );
}
