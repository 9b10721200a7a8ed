import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface SummaryItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** An earning page's counters (Today Earnings, Total Links, Completed…), each a labelled group. */
export function EarningsSummary({ items }: { items: SummaryItem[] }) {
  const { t } = useTranslation();
  const cols = items.length > 3 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3";
  return (
    <section className={`grid gap-2 ${cols}`} aria-label={t("common.earningsSummary")}>
      {items.map((it) => (
        <div
          key={it.label}
          className="rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm"
          role="group"
          aria-label={it.label}
        >
          <p className="text-xs font-medium text-slate-600">{it.label}</p>
          <p className="mt-1 text-lg font-bold tabular-nums" data-testid={it.testId}>
            {it.value}
          </p>
        </div>
      ))}
    </section>
  );
}
