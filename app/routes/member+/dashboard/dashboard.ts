import type { DashboardData as DashboardAnswer, EarningSource } from "../../../../shared/contracts/accounts";
import type { Catalogue } from "../../../i18n/en";

type Loose<T> = T extends (infer U)[] ? Loose<U>[] : T extends object ? { [K in keyof T]?: Loose<T[K]> } : T;

/**
 * The dashboard answer (shared/contracts: userDataGet_dashboard) as the view reads it: any field
 * may be missing (a failed read shows an empty dashboard).
 */
export type DashboardData = Loose<DashboardAnswer>;

/** A tile's name in the catalogue (account.dashboard.tiles). */
export type DashboardTileKey = keyof Catalogue["account"]["dashboard"]["tiles"];

/**
 * The five tiles in the spec's order, each linking to its page. `label` is the English name;
 * the page shows `labelKey` in the page's language.
 */
export const DASHBOARD_TILES: ReadonlyArray<{
  source: EarningSource;
  label: string;
  labelKey: DashboardTileKey;
  to: string;
}> = [
  { source: "ptc_ads", label: "PTC Ads", labelKey: "ptcAds", to: "/member/ptc-ads" },
  {
    source: "click_short_link",
    label: "Click Shorten Link",
    labelKey: "clickShortenLink",
    to: "/member/click-shorten-link",
  },
  { source: "offerWall", label: "TaskWalls", labelKey: "taskWalls", to: "/member/task-wall" },
  {
    source: "referral_income",
    label: "Referral Income",
    labelKey: "referralIncome",
    to: "/member/refer-and-earn",
  },
  { source: "bettingGames", label: "Betting Games", labelKey: "bettingGames", to: "/member/betting-games" },
];

type Amount = string | number | null | undefined;

export interface DashboardView {
  months: Array<{ key: string; name: string }>;
  /** The selected month's key ('' when the API sent no months). */
  month: string;
  tiles: Array<{ label: string; labelKey: DashboardTileKey; to: string; income: Amount }>;
  days: Array<{ date: string; self: Amount; referral: Amount; total: Amount }>;
  announcements: Array<{ time: string; html: string }>;
}

/**
 * What the dashboard shows for `?month=`: the first month (the newest) unless another listed month
 * is asked for; tiles and daily rows of that month only.
 */
export function dashboardView(d: DashboardData, monthParam: string | null): DashboardView {
  const months = (d.user_month_records ?? []).map((m, i) => ({
    key: m.monthKey ?? m.monthName ?? String(i),
    name: m.monthName ?? m.monthKey ?? "",
  }));
  const selected = months.find((m) => m.key === monthParam) ?? months[0];
  const record = selected ? d.user_month_records?.[months.indexOf(selected)] : undefined;
  const tiles = DASHBOARD_TILES.map((t) => ({
    label: t.label,
    labelKey: t.labelKey,
    to: t.to,
    income: record?.earningSources?.[t.source]?.income,
  }));
  // Days carry the month they belong to: by key when both sides have one, else by name.
  const inMonth = (r: NonNullable<DashboardData["user_date_records"]>[number]) =>
    record !== undefined &&
    (r.monthKey !== undefined && record.monthKey !== undefined
      ? r.monthKey === record.monthKey
      : r.monthName === record.monthName);
  const days = (d.user_date_records ?? []).filter(inMonth).map((r) => ({
    date: r.date ?? "",
    self: r.self_earnings,
    referral: r.referral_earnings,
    total: r.Total_earnings,
  }));
  const announcements = (d.other_data_announcementsArray ?? []).map((a) => ({
    time: a.announcementTime ?? "",
    html: a.announcementMessage ?? "",
  }));
  return { months, month: selected?.key ?? "", tiles, days, announcements };
}
