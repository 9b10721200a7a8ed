import type { ContactMessage } from "../../../shared/contracts/support";
import { formatTime } from "../../../shared/time";

/**
 * What kind of message an operator reads (console, English): a missing-credit report, or a
 * grievance with its reference and resolution clock — "Overdue" once past it and not closed.
 */
export function MessageKindBadges({ m }: { m: Pick<ContactMessage, "kind" | "grievance"> }) {
  if (m.kind === "missing_credit")
    return (
      <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-900">
        Missing credit
      </span>
    );
  if (!m.grievance) return null;
  return (
    <>
      <span
        className="rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900"
        data-testid="grievance-reference"
      >
        Grievance {m.grievance.reference}
      </span>
      {m.grievance.overdue ? (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
          Overdue
        </span>
      ) : null}
      <span className="text-xs text-slate-600">
        resolve by <time dateTime={m.grievance.resolve_by}>{formatTime(m.grievance.resolve_by)}</time>
      </span>
    </>
  );
}
