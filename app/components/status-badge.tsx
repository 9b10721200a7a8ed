import { useTranslation } from "react-i18next";

/** Withdrawal status colours (spec 1 §4): Pending yellow, Success green, Reject red, anything else neutral. */
const TONES: Record<string, string> = {
  Pending: "bg-yellow-100 text-yellow-800 ring-yellow-300",
  Success: "bg-green-100 text-green-800 ring-green-300",
  Reject: "bg-red-100 text-red-800 ring-red-300",
};

/** The spec's statuses have a label in each language; anything else shows as the API wrote it. */
function isKnown(status: string): status is "Pending" | "Success" | "Reject" {
  return status === "Pending" || status === "Success" || status === "Reject";
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = TONES[status] ?? "bg-slate-100 text-slate-700 ring-slate-300";
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {isKnown(status) ? t(`common.withdrawalStatus.${status}`) : status}
    </span>
  );
}
