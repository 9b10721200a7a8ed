import { Link } from "@remix-run/react";
import { ScheduledRaises } from "~/components/admin/money-limits";
import { Figure } from "~/components/admin/figure";
import { PayoutFigures } from "~/components/admin/payout-parts";
import { parseRupees } from "../../../../shared/money";
import { formatTime } from "../../../../shared/time";
import {
  EARNING_CHANNELS,
  OVERVIEW_RANGES,
  type OverviewData,
  type OverviewRange,
} from "../../../../shared/contracts/overview";
import type { PayoutOverview } from "../../../../shared/contracts/payouts";
import type { LimitChangeList } from "../../../../shared/contracts/limits";
import { OverviewCharts } from "./charts";
import { ageInWords, count, counted, money } from "./format";
import { LedgerVerdict, Liabilities } from "./ledger";

const RANGE_LABELS: Record<OverviewRange, string> = { today: "Today", "7": "7 days", "30": "30 days" };

function PayoutsCard({ p }: { p: PayoutOverview }) {
  return (
    <section aria-labelledby="payouts-card" className="card space-y-3 p-4" data-testid="overview-payouts">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="payouts-card" className="text-lg font-bold">
          Payouts
        </h2>
        <p className="text-sm text-slate-600">
          {p.mode === "razorpayx" ? "Through RazorpayX." : "By hand or by bank file."}{" "}
          <Link to="/admin/payouts" className="font-semibold text-brand-700 underline">
            Open payouts
          </Link>
        </p>
      </div>
      <PayoutFigures t={p.totals} />
    </section>
  );
}

/** Grievances not closed (issue 44): overdue ones first, each linked to its thread. */
function GrievancesCard({ g }: { g: OverviewData["grievances"] }) {
  return (
    <section
      aria-labelledby="grievances-card"
      className="card space-y-3 p-4"
      data-testid="overview-grievances"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="grievances-card" className="text-lg font-bold">
          Grievances
        </h2>
        <p className="text-sm text-slate-600">
          {g.open === 0 ? "No grievance is open." : `${g.open} open; ${g.overdue} overdue.`}
        </p>
      </div>
      {g.first.length > 0 ? (
        <ul className="space-y-2 text-sm">
          {g.first.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-2">
              {m.overdue ? (
                <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                  Overdue
                </span>
              ) : null}
              <Link
                to={`/admin/messages/${m.id}`}
                className="break-all font-semibold text-brand-700 underline"
              >
                {m.reference}
              </Link>
              <span className="break-words">{m.subject}</span>
              <span className="text-xs text-slate-600">
                resolve by <time dateTime={m.resolve_by}>{formatTime(m.resolve_by)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function Overview({
  o,
  payouts,
  raises,
}: {
  o: OverviewData;
  payouts: PayoutOverview;
  raises: LimitChangeList;
}) {
  const t = o.totals;
  const earned = EARNING_CHANNELS.reduce((s, c) => s + parseRupees(t.earnings[c]), 0);
  const w = t.withdrawals;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Overview</h1>
        <nav aria-label="Days shown">
          <ul className="flex gap-1 text-sm">
            {OVERVIEW_RANGES.map((r) => (
              <li key={r}>
                <Link
                  to={`/admin?range=${r}`}
                  aria-current={r === o.range ? "page" : undefined}
                  className={`block rounded-md px-3 py-1.5 font-medium ${r === o.range ? "bg-brand-600 text-white" : "border border-slate-300 text-slate-700"}`}
                >
                  {RANGE_LABELS[r]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="text-sm text-slate-600">
        {o.range === "today" ? "Today" : `The last ${o.range} days`} (India time), as of {formatTime(o.as_of)}
        .
      </p>

      <ScheduledRaises raises={raises} />

      <GrievancesCard g={o.grievances} />

      <section aria-labelledby="rights-card" className="card p-4" data-testid="overview-rights-requests">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="rights-card" className="text-lg font-bold">
            <Link to="/admin/rights-requests" className="underline">
              Rights requests
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {o.rights_requests.open === 0
              ? "No rights request is open."
              : `${o.rights_requests.open} open; ${o.rights_requests.overdue} overdue.`}
          </p>
        </div>
      </section>

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="overview-figures">
        <Figure label="Sign-ups" value={count(t.signups)} />
        <Figure label="Active members" value={count(t.active_members)} detail="with an earning" />
        <Figure label="Earnings paid" value={money(earned)} />
        <Figure label="Advertiser spend" value={money(parseRupees(t.advertiser_spend))} />
        <Figure label="Platform revenue" value={money(parseRupees(t.revenue))} />
        <Figure
          label="Withdrawals requested"
          value={money(parseRupees(w.requested.amount))}
          detail={counted(w.requested.count, "request")}
        />
        <Figure
          label="Approved"
          value={money(parseRupees(w.approved.amount))}
          detail={counted(w.approved.count, "withdrawal")}
        />
        <Figure
          label="Rejected"
          value={money(parseRupees(w.rejected.amount))}
          detail={counted(w.rejected.count, "withdrawal")}
        />
        <Figure
          label="Pending now"
          value={money(parseRupees(o.pending.amount))}
          detail={
            o.pending.count === 0
              ? "No withdrawal is waiting."
              : `${o.pending.count} waiting; the oldest for ${ageInWords(o.pending.oldest_age_seconds ?? 0)}`
          }
        />
      </dl>
      {o.pending.count > 0 ? (
        <p className="text-sm">
          <Link to="/admin/withdrawals" className="font-semibold text-brand-700 underline">
            Open the payout queue
          </Link>
        </p>
      ) : null}

      <PayoutsCard p={payouts} />

      <OverviewCharts o={o} />

      <Liabilities l={o.liabilities} />

      <LedgerVerdict ledger={o.ledger} />
    </div>
  );
}
