import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countUpSteps, indianFigure, COUNT_UP_MS, COUNT_UP_STEPS, type IndianUnits } from "~/utils/stats";
import type { PublicStatistics } from "../../shared/contracts/content";

/** Each figure's label is `common.stats.<key>`. */
const ITEMS: { key: keyof PublicStatistics; prefix?: string }[] = [
  { key: "users" },
  { key: "userCompletedTask" },
  { key: "visitorsLast30Days" },
  { key: "totalWithdrawalAmount", prefix: "₹" },
];

/**
 * Counts from 0 to the target over 2000 ms in 50 steps, once scripts run. The server renders the
 * final value, so the figure reads right before (and without) JavaScript; a visitor who asks for
 * reduced motion sees it unchanged.
 */
function useCountUp(target: number): number {
  const [value, setValue] = useState(target);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      setValue(target);
      return;
    }
    const steps = countUpSteps(target, COUNT_UP_STEPS);
    let i = 0;
    setValue(0);
    const timer = setInterval(() => {
      const next = steps[i++];
      if (next === undefined) {
        clearInterval(timer);
        return;
      }
      setValue(next);
    }, COUNT_UP_MS / COUNT_UP_STEPS);
    return () => clearInterval(timer);
  }, [target]);
  return value;
}

function Stat({
  label,
  target,
  units,
  prefix = "",
}: {
  label: string;
  target: number;
  units: IndianUnits;
  prefix?: string;
}) {
  const value = useCountUp(target);
  return (
    // The label comes first for screen readers; the figure is shown above it.
    <div className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white px-2 py-3 text-center shadow-sm sm:p-4">
      <dt className="mt-1 text-xs font-medium uppercase tracking-wide text-slate-600 sm:text-sm">{label}</dt>
      {/* No label over the figure: a screen reader reads the figure shown (final once counted). On a
          phone a smaller size keeps '₹25.1 lakh+' on one line. */}
      <dd className="text-lg font-extrabold tabular-nums tracking-tight text-brand-700 sm:text-3xl sm:tracking-normal">
        {prefix}
        {indianFigure(value, units)}
      </dd>
    </div>
  );
}

export function Stats({ stats }: { stats: PublicStatistics | null }) {
  const { t } = useTranslation();
  if (!stats) return null;
  const units = { lakh: t("common.stats.lakh"), crore: t("common.stats.crore") };
  return (
    <section aria-label={t("common.stats.label")} data-testid="stats">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {ITEMS.map((item) => (
          <Stat
            key={item.key}
            label={t(`common.stats.${item.key}`)}
            target={stats[item.key]}
            units={units}
            prefix={item.prefix}
          />
        ))}
      </dl>
    </section>
  );
}
