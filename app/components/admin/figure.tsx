/** One figure of an operator page's summary (a `<dt>`/`<dd>` pair inside the caller's `<dl>`). */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="card p-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-bold tabular-nums text-slate-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}
