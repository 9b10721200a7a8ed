import { rupees } from "../../shared/money";
import { formatTime } from "../../shared/time";
import type { PendingOfferWallCredit } from "../../shared/contracts/taskWalls";

/** Pending task-wall credits as the pages pass them on: amounts and times formatted on the server. */
export interface PendingCreditsView {
  total: string;
  credits: { amount: string; until: string; wallName: string }[];
}

/**
 * The loader's part: the API's pending total and credits (either may be absent on an older API),
 * formatted in India time so the page reads the same with or without JavaScript.
 */
export function pendingCreditsView(
  total: string | undefined,
  credits: PendingOfferWallCredit[] | undefined,
): PendingCreditsView {
  return {
    total: rupees(total ?? "0"),
    credits: (credits ?? []).map((c) => ({
      amount: rupees(c.amount),
      until: formatTime(c.pendingUntil),
      wallName: c.wallName,
    })),
  };
}

/**
 * Task-wall credits on hold (issue 21 §3): the total, and "pending until …" for each of the first
 * five. Nothing is shown when none are pending.
 */
export function PendingCredits({ pending }: { pending: PendingCreditsView }) {
  if (pending.credits.length === 0) return null;
  return (
    <section className="card space-y-2" aria-labelledby="pending-credits-title" data-testid="pending-credits">
      <h2 id="pending-credits-title" className="text-lg font-bold">
        Pending task-wall credits: <span data-testid="pending-total">{pending.total}</span>
      </h2>
      <p className="text-sm text-slate-600">
        Credits from some task walls are held for a few days before you can withdraw them, in case the offer
        is reversed.
      </p>
      <ul className="divide-y divide-slate-100 text-sm">
        {pending.credits.map((c, i) => (
          <li key={`${c.until}-${i}`} className="flex flex-wrap justify-between gap-2 py-1.5">
            <span>
              <span className="font-semibold">{c.amount}</span> from {c.wallName}
            </span>
            <span className="text-slate-600">pending until {c.until}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
