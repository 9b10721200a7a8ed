import { Form } from "@remix-run/react";
import { formatTime } from "../../../shared/time";
import type { ScheduledRaise } from "../../../shared/contracts/limits";

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
