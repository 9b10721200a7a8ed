import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import type { PendingOfferWallCredit } from "../../shared/contracts/taskWalls";

/** Pending task-wall credits as the pages pass them on: the API's amounts and times, formatted by the page. */
export interface PendingCreditsView {
  /** The API's rupee string. */
  total: string;
  /** `amount`: the API's rupee string; `until`: an ISO time. */
  credits: { amount: string; until: string; wallName: string }[];
}

/**
 * The loader's part: the API's pending total and credits (either may be absent on an older API).
 * The component formats them (India time, the page's language), the same with or without JavaScript.
 */
export function pendingCreditsView(
  total: string | undefined,
  credits: PendingOfferWallCredit[] | undefined,
): PendingCreditsView {
  return {
    total: total ?? "0",
    credits: (credits ?? []).map((c) => ({
      amount: c.amount,
      until: c.pendingUntil,
      wallName: c.wallName,
    })),
  };
}

/**
 * Task-wall credits on hold (issue 21 §3): the total, and "pending until …" for each of the first
 * five. Nothing is shown when none are pending.
 */
export function PendingCredits({ pending }: { pending: PendingCreditsView }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (pending.credits.length === 0) return null;
  return (
    <section className="card space-y-2" aria-labelledby="pending-credits-title" data-testid="pending-credits">
      <h2 id="pending-credits-title" className="text-lg font-bold">
        {t("common.pendingCredits.title")} <span data-testid="pending-total">{f.rupees(pending.total)}</span>
      </h2>
      <p className="text-sm text-slate-600">{t("common.pendingCredits.text")}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {pending.credits.map((c, i) => (
          <li key={`${c.until}-${i}`} className="flex flex-wrap justify-between gap-2 py-1.5">
            <span>
              <Trans
                i18nKey="common.pendingCredits.from"
                values={{ amount: f.rupees(c.amount), wall: c.wallName }}
                components={{ amount: <span className="font-semibold" /> }}
              />
            </span>
            <span className="text-slate-600">
              {t("common.pendingCredits.until", { time: f.time(c.until) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
