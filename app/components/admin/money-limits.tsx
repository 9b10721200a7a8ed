import { Form } from "@remix-run/react";
import { SubmitButton, useIsPending } from "~/components/forms";
import { formatTime } from "../../../shared/time";
import { RUPEE_INPUT_PATTERN } from "../../../shared/moneyInput";
import type { LimitChangeList, ScheduledRaise } from "../../../shared/contracts/limits";

/**
 * The console's parts of the money limits one owner cannot raise alone (issue 42, ADR 0030): a
 * limit's threshold form, the raise of it waiting out its delay, and the overview's list of them.
 */

/**
 * A raise of a money limit waiting out its delay (issue 42), beside the limit's form: what was
 * asked, when it takes effect, and a Cancel button (any owner; the overview's action).
 */
export function ScheduledRaiseNote({ raise, what }: { raise: ScheduledRaise | null; what: string }) {
  if (!raise) return null;
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
      <p>
        Raise of the {what} to <strong>{raise.value}</strong> scheduled: it takes effect at{" "}
        {formatTime(raise.effective_at)} unless an owner cancels it.
      </p>
      <Form method="post" action="/admin?index" className="mt-2">
        <input type="hidden" name="intent" value="cancel-limit" />
        <input type="hidden" name="id" value={raise.id} />
        <button type="submit" className="btn-secondary">
          Cancel this raise
        </button>
      </Form>
    </div>
  );
}

/** A threshold's form (intent `threshold`, field `threshold`, rupees), beside its waiting raise. */
export function ThresholdForm({ id, value }: { id: string; value: string }) {
  const saving = useIsPending({ fields: { intent: "threshold" } });
  return (
    <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="threshold" />
      <div className="flex-1">
        <label className="label" htmlFor={id}>
          Threshold (₹)
        </label>
        <input
          id={id}
          name="threshold"
          className="input"
          inputMode="decimal"
          autoComplete="off"
          required
          pattern={RUPEE_INPUT_PATTERN}
          maxLength={14}
          defaultValue={value}
        />
      </div>
      <SubmitButton pending={saving} className="btn-primary">
        Save threshold
      </SubmitButton>
    </Form>
  );
}

/**
 * Raises of money limits (and large gift codes) waiting out their delay: every owner sees them
 * here and can cancel one before it takes effect (issue 42, ADR 0030).
 */
export function ScheduledRaises({ raises }: { raises: LimitChangeList }) {
  return (
    <section className="card" aria-labelledby="raises-heading" data-testid="scheduled-raises">
      <h2 id="raises-heading" className="text-lg font-semibold">
        Money limits waiting to take effect
      </h2>
      {raises.records.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          None. A raised money limit or a large gift code takes effect {raises.delay_hours} hours after it is
          asked for, and shows here until then.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {raises.records.map((r) => (
            <li key={r.id} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              <p className="font-semibold">{r.name}</p>
              <p>{r.before === "—" ? r.after : `${r.before} → ${r.after}`}</p>
              <p className="text-slate-600">
                Asked by {r.requested_by} at {formatTime(r.requested_at)}; takes effect at{" "}
                {formatTime(r.effective_at)} unless cancelled.
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="cancel-limit" />
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" className="btn-secondary" aria-label={`Cancel: ${r.name}, ${r.after}`}>
                  Cancel
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
