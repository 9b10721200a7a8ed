import { BarChart, LineChart, type ChartSeries } from "~/components/charts/charts";
import { parseRupees } from "../../../../shared/money";
import {
  EARNING_CHANNELS,
  type EarningChannel,
  type OverviewData,
} from "../../../../shared/contracts/overview";
import { axisRupees, count, money } from "./format";

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

const series = (key: string, label: string, color: string, values: number[], dash?: string): ChartSeries => ({
  key,
  label,
  color,
  values,
  dash,
});

/** Four charts of the days shown: earnings by channel, sign-ups, withdrawals, spend and revenue. */
export function OverviewCharts({ o }: { o: OverviewData }) {
  const days = o.days.map((d) => d.day);
  return (
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
  );
}
