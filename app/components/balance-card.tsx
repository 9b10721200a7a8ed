import { useFormat } from "~/i18n/format";

export function BalanceCard({
  label,
  amount,
  tone = "brand",
}: {
  label: string;
  amount: string | null | undefined;
  tone?: "brand" | "amber" | "green" | "slate";
}) {
  const f = useFormat();
  const tones = {
    brand: "border-brand-100 bg-brand-50 text-brand-900",
    amber: "border-amber-200 bg-amber-50 text-amber-900",
    green: "border-green-200 bg-green-50 text-green-900",
    slate: "border-slate-200 bg-white text-slate-900",
  } as const;
  return (
    // min-w-0 and overflow-wrap: a seven-figure amount (₹12,34,567.890) in a half-width card on a
    // 360 px phone wraps inside its card rather than pushing the page sideways.
    <div className={`min-w-0 rounded-xl border p-4 shadow-sm ${tones[tone]}`} role="group" aria-label={label}>
      <p className="text-sm font-medium opacity-80">{label}</p>
      <p
        className="mt-1 text-lg font-bold tabular-nums [overflow-wrap:anywhere] sm:text-xl"
        data-testid="balance-amount"
      >
        {f.rupees(amount)}
      </p>
    </div>
  );
}
