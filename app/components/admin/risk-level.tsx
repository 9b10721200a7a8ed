import type { RiskLevel } from "../../../shared/risk";

/**
 * A risk step is what the score suggests, not something done: "Suggested: ban" reads as advice,
 * where a bare "Ban" reads as if the account were already banned (the restrictions say what is done).
 */
const LEVEL_WORDS: Record<RiskLevel, { text: string; tone: string }> = {
  none: { text: "No risk", tone: "bg-slate-100 text-slate-700 ring-slate-300" },
  flag: { text: "Suggested: review", tone: "bg-amber-50 text-amber-900 ring-amber-300" },
  hold: { text: "Suggested: hold", tone: "bg-amber-100 text-amber-900 ring-amber-400" },
  suspend: { text: "Suggested: suspend", tone: "bg-red-50 text-red-800 ring-red-300" },
  ban: { text: "Suggested: ban", tone: "bg-red-100 text-red-900 ring-red-400" },
};

/** The step a risk score reaches, in words: No risk, Suggested: review, hold, suspend or ban. */
export function riskLevelText(level: string): string {
  return (LEVEL_WORDS as Record<string, { text: string }>)[level]?.text ?? level;
}

/** A risk step as a badge. */
export function RiskLevelBadge({ level }: { level: string }) {
  const w = (LEVEL_WORDS as Record<string, { text: string; tone: string }>)[level] ?? LEVEL_WORDS.none;
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${w.tone}`}
      data-testid="risk-level"
    >
      {riskLevelText(level)}
    </span>
  );
}
