import type { ReactNode } from "react";

/** An earning page's summary tiles (Today Earnings, a total, Completed), each a labelled group. */
export function EarningsSummary({
  items,
}: {
  items: ReadonlyArray<{ label: string; value: ReactNode; testId?: string }>;
}) {
  const item = "rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm";
  return (
    <section className="grid grid-cols-3 gap-2" aria-label="Earnings summary">
      {items.map((i) => (
        <div key={i.label} className={item} role="group" aria-label={i.label}>
          <p className="text-xs font-medium text-slate-600">{i.label}</p>
          <p className="mt-1 text-lg font-bold tabular-nums" data-testid={i.testId}>
            {i.value}
          </p>
        </div>
      ))}
    </section>
  );
}
