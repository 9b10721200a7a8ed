import type { BanPending } from "../../../shared/contracts/memberActions";

/** What happens to a banned member's Pending withdrawals, as the ban forms offer it. */
export const PENDING_LABELS: Record<BanPending, string> = {
  reject: "Reject pending withdrawals (back to the balance)",
  hold: "Keep them held",
};

/** The ban forms' choice for Pending withdrawals (one member, or a linked ring). */
export function PendingChoice({ legend, required = false }: { legend: string; required?: boolean }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {(Object.keys(PENDING_LABELS) as BanPending[]).map((p) => (
        <label key={p} className="flex items-center gap-2 text-sm">
          <input type="radio" name="pending" value={p} required={required} defaultChecked={p === "reject"} />
          {PENDING_LABELS[p]}
        </label>
      ))}
    </fieldset>
  );
}

/** A confirm step's summary: the reason given and, for a ban, the choice for Pending withdrawals. */
export function ReasonSummary({ reason, pending }: { reason: string; pending?: BanPending | null }) {
  return (
    <dl className="space-y-1 text-sm">
      <div>
        <dt className="inline font-medium">Reason: </dt>
        <dd className="inline break-words">{reason}</dd>
      </div>
      {pending ? (
        <div>
          <dt className="inline font-medium">Pending withdrawals: </dt>
          <dd className="inline">{PENDING_LABELS[pending]}</dd>
        </div>
      ) : null}
    </dl>
  );
}
