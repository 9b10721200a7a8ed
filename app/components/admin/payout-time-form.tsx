import { SettingForm } from "./setting-form";
import type { PayoutTimeSetting } from "../../../shared/contracts/operators";
import { PAYOUT_TIME_MAX_DAYS } from "../../../shared/payoutTime";

/**
 * The payout time (issue 45 §3): the working days the withdraw page's instructions and support's
 * canned replies promise, where their text says `{payout_time}`. Posts to /admin/settings/payout-time
 * (PATCH /adminRoute/settings/payout_time, audited), back here with the answer.
 */
export function PayoutTimeForm({ value }: { value: PayoutTimeSetting }) {
  return (
    <SettingForm
      action="/admin/settings/payout-time"
      id="payout-time"
      title="Payout time"
      save="Save Payout Time"
    >
      <p className="text-sm text-slate-600">
        Where the withdraw page&apos;s instructions or a canned reply say{" "}
        <code className="font-mono">{"{payout_time}"}</code>, members read{" "}
        <q data-testid="payout-time-en">{value.en}</q> (in Hindi{" "}
        <q lang="hi" data-testid="payout-time-hi">
          {value.hi}
        </q>
        ).
      </p>
      <div>
        <label className="label" htmlFor="payout-working-days">
          Working days to pay a withdrawal
        </label>
        <input
          id="payout-working-days"
          name="payout_working_days"
          type="number"
          className="input"
          required
          min={1}
          max={PAYOUT_TIME_MAX_DAYS}
          step={1}
          defaultValue={value.payout_working_days}
        />
      </div>
    </SettingForm>
  );
}
