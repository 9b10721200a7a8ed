import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ScheduledRaises } from "~/components/admin/money-limits";
import { Figure } from "~/components/admin/figure";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { sectionsFor } from "~/utils/operator-sections";
import { BarChart, LineChart, type ChartSeries } from "~/components/charts/charts";
import { PayoutFigures } from "~/components/admin/payout-parts";
import { formatRupees, parseRupees } from "../../../shared/money";
import { formatTime } from "../../../shared/time";
import {
  EARNING_CHANNELS,
  OVERVIEW_RANGES,
  type EarningChannel,
  type OverviewData,
  type OverviewRange,
} from "../../../shared/contracts/overview";
import type { PayoutOverview } from "../../../shared/contracts/payouts";
import type { LimitChangeList } from "../../../shared/contracts/limits";

export const meta: MetaFunction = () => [{ title: "Overview · Operator Console" }];

/**
 * `/admin` is the console's overview (owner). An operator whose roles do not open it gets a short
 * list of the sections their roles open, with no business figures; anyone else gets the console's
 * 'Operators only' page (the admin layout's error boundary, from the API's 403).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await operatorRead(request, context, "/adminRoute/me");
  if (!me.roles.includes("owner")) {
    return {
      kind: "sections" as const,
      sections: sectionsFor(me.roles)
        .filter((s) => s.to !== "/admin")
        .map(({ to, label }) => ({ to, label })),
    };
  }
  const asked = new URL(request.url).searchParams.get("range");
  const range: OverviewRange = OVERVIEW_RANGES.find((r) => r === asked) ?? "7";
  const [overview, payouts, raises] = await Promise.all([
    operatorRead(request, context, "/adminRoute/overview", { range }),
    operatorRead(request, context, "/adminRoute/payouts"),
    operatorRead(request, context, "/adminRoute/limitChanges", { status: "scheduled" }),
  ]);
  return { kind: "overview" as const, overview, payouts, raises };
}

/** Cancelling a scheduled raise of a money limit (any owner; the forms beside each limit post here too). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "cancel-limit" || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
    return new Response("Unknown action.", { status: 400 });
  return operatorChange(
    request,
    context,
    `/adminRoute/limitChanges/${id}/cancel`,
    { method: "POST", json: {} },
    "/admin",
  );
}

const RANGE_LABELS: Record<OverviewRange, string> = { today: "Today", "7": "7 days", "30": "30 days" };

const CHANNEL_LABELS: Record<EarningChannel, string> = {
  ads: "Ads",
  short_links: "Short links",
  task_walls: "Task walls",
  games: "Games",
  referrals: "Referrals",
  gift_codes: "Gift codes",
};
const CHANNEL_COLORS: Record<EarningChannel, { color: string; dash?: string }> = {
  ads: { color: "#2563eb" },
  short_links: { color: "#059669", dash: "6 3" },
  task_walls: { color: "#d97706", dash: "2 3" },
  games: { color: "#7c3aed", dash: "8 3 2 3" },
  referrals: { color: "#db2777", dash: "4 4" },
  gift_codes: { color: "#475569", dash: "1 3" },
};

const money = (milli: number) => formatRupees(milli, 2);
/** "1 request", "3 requests". */
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
/** Short rupee text for an axis: ₹950, ₹1.2k, ₹3.4L (lakh). */
function axisRupees(milli: number): string {
  const r = milli / 1000;
  const abs = Math.abs(r);
  if (abs >= 100_000) return `₹${(r / 100_000).toFixed(1)}L`;
  if (abs >= 1000) return `₹${(r / 1000).toFixed(1)}k`;
  return `₹${Math.round(r)}`;
}
const count = (n: number) => String(n);

/** An age in plain words: '3 days and 4 hours', '2 hours and 5 minutes', 'less than a minute'. */
function ageInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0)
    return hours % 24 ? `${plural(days, "day")} and ${plural(hours % 24, "hour")}` : plural(days, "day");
  if (hours > 0)
    return minutes % 60
      ? `${plural(hours, "hour")} and ${plural(minutes % 60, "minute")}`
      : plural(hours, "hour");
  if (minutes > 0) return plural(minutes, "minute");
  return "less than a minute";
}

function Sections({ sections }: { sections: { to: string; label: string }[] }) {
  return (
    <section aria-labelledby="your-sections" data-testid="your-sections">
      <h1 id="your-sections" className="text-2xl font-bold">
        Your sections
      </h1>
      <p className="mt-1 text-slate-600">
        The overview is for the site's owner. Your roles open these sections:
      </p>
      {sections.length > 0 ? (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="card block p-3 font-semibold text-brand-700 underline">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">Your roles open no sections yet. Ask the site's owner for a role.</p>
      )}
    </section>
  );
}

/** Money sent, in flight and failed (issue 22), with the way to the payouts page. */
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

function Overview({
  o,
  payouts,
  raises,
}: {
  o: OverviewData;
  payouts: PayoutOverview;
  raises: LimitChangeList;
}) {
  const days = o.days.map((d) => d.day);
  const t = o.totals;
  const earned = EARNING_CHANNELS.reduce((s, c) => s + parseRupees(t.earnings[c]), 0);
  const series = (
    key: string,
    label: string,
    color: string,
    values: number[],
    dash?: string,
  ): ChartSeries => ({
    key,
    label,
    color,
    values,
    dash,
  });
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

      <div className="grid gap-4 md:grid-cols-2">
        <LineChart
          title="Earnings paid to members by channel, per day"
          days={days}
          format={money}
          axisFormat={axisRupees}
          series={EARNING_CHANNELS.map((c) =>
            series(
              c,
              CHANNEL_LABELS[c],
              CHANNEL_COLORS[c].color,
              o.days.map((d) => parseRupees(d.earnings[c])),
              CHANNEL_COLORS[c].dash,
            ),
          )}
        />
        <LineChart
          title="Sign-ups and active members, per day"
          days={days}
          format={count}
          series={[
            series(
              "signups",
              "Sign-ups",
              "#2563eb",
              o.days.map((d) => d.signups),
            ),
            series(
              "active",
              "Active members",
              "#059669",
              o.days.map((d) => d.active_members),
              "6 3",
            ),
          ]}
        />
        <BarChart
          title="Withdrawals per day (amount)"
          days={days}
          format={money}
          axisFormat={axisRupees}
          series={[
            series(
              "requested",
              "Requested",
              "#2563eb",
              o.days.map((d) => parseRupees(d.withdrawals.requested.amount)),
            ),
            series(
              "approved",
              "Approved",
              "#059669",
              o.days.map((d) => parseRupees(d.withdrawals.approved.amount)),
            ),
            series(
              "rejected",
              "Rejected",
              "#dc2626",
              o.days.map((d) => parseRupees(d.withdrawals.rejected.amount)),
            ),
          ]}
        />
        <BarChart
          title="Advertiser spend and platform revenue, per day"
          days={days}
          format={money}
          axisFormat={axisRupees}
          series={[
            series(
              "spend",
              "Advertiser spend",
              "#d97706",
              o.days.map((d) => parseRupees(d.advertiser_spend)),
            ),
            series(
              "revenue",
              "Platform revenue",
              "#7c3aed",
              o.days.map((d) => parseRupees(d.revenue)),
            ),
          ]}
        />
      </div>

      <section aria-labelledby="liabilities" className="card p-4">
        <h2 id="liabilities" className="text-lg font-bold">
          Liabilities
        </h2>
        <p className="text-sm text-slate-600">What the site owes members against what it holds, now.</p>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="liabilities">
            <caption className="sr-only">Liabilities</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2">
                  Owed to members
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <LiabilityRow label="Withdrawable balances" value={o.liabilities.owed.withdrawable} />
              <LiabilityRow label="Deposit balances" value={o.liabilities.owed.deposit} />
              <LiabilityRow
                label="Withdrawals waiting to be paid"
                value={o.liabilities.owed.pending_payouts}
              />
              <LiabilityRow label="Total owed" value={o.liabilities.owed.total} strong />
            </tbody>
            <thead>
              <tr>
                <th scope="col" className="pt-3 pr-2">
                  Held by the site
                </th>
                <th scope="col" className="pt-3 pr-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <LiabilityRow label="Campaign escrows" value={o.liabilities.held.campaign_escrows} />
              <LiabilityRow label="Game escrow" value={o.liabilities.held.game_escrow} />
              <LiabilityRow
                label="Withdrawals waiting to be paid"
                value={o.liabilities.held.pending_payouts}
              />
              <LiabilityRow label="Total held" value={o.liabilities.held.total} strong />
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Members owe back {money(parseRupees(o.liabilities.member_debt))} after reversed task-wall credits.
        </p>
      </section>

      <section aria-labelledby="ledger-verdict" className="card p-4" data-testid="ledger-verdict">
        <h2 id="ledger-verdict" className="text-lg font-bold">
          Ledger check
        </h2>
        <p className={`mt-1 font-semibold ${o.ledger.ok ? "text-emerald-700" : "text-red-700"}`}>
          {o.ledger.ok
            ? "The ledger balances: every entry sums to zero and no balance is below zero."
            : `The ledger does not balance: total ${money(parseRupees(o.ledger.total))}, ${o.ledger.negative_accounts} accounts below zero, ${o.ledger.unbalanced} unbalanced entries or accounts.`}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Checked at {formatTime(o.ledger.checked_at)}. The check reads the whole journal, so its verdict is
          kept for {Math.round(o.ledger.kept_seconds / 60)} minutes before it runs again.{" "}
          <Link to="/admin/ledger" className="text-brand-700 underline">
            Check again now
          </Link>
        </p>
      </section>
    </div>
  );
}

function LiabilityRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={`border-t border-slate-100 ${strong ? "font-bold" : ""}`}>
      <th scope="row" className="py-1 pr-2 font-normal">
        {strong ? <strong>{label}</strong> : label}
      </th>
      <td className="py-1 pr-2 text-right tabular-nums">{money(parseRupees(value))}</td>
    </tr>
  );
}

export default function AdminIndex() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "overview" ? (
    <Overview o={data.overview} payouts={data.payouts} raises={data.raises} />
  ) : (
    <Sections sections={data.sections} />
  );
}
