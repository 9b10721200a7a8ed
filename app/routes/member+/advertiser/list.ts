import { isCampaignType, type CampaignType } from "../../../../shared/campaign";

/** The advertiser list's filters (status, type, title search, page) and its address. */

/** The status chips (their labels: adv.list.filters.<value>). */
export const STATUSES = [{ value: "all" }, { value: "active" }, { value: "paused" }] as const;
type StatusFilter = (typeof STATUSES)[number]["value"];

export interface Filters {
  status: StatusFilter;
  type: "all" | CampaignType;
  search: string;
  page: number;
}

export function filtersOf(params: URLSearchParams | FormData): Filters {
  const s = params.get("status");
  const t = params.get("type");
  const search = params.get("search");
  const page = Number(params.get("page"));
  return {
    status: s === "active" || s === "paused" ? s : "all",
    type: isCampaignType(t) ? t : "all",
    search: typeof search === "string" ? search.trim().slice(0, 50) : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The list's address with these filters (defaults left out). */
export function listHref(f: Partial<Filters>): string {
  const sp = new URLSearchParams();
  if (f.status && f.status !== "all") sp.set("status", f.status);
  if (f.type && f.type !== "all") sp.set("type", f.type);
  if (f.search) sp.set("search", f.search);
  if (f.page && f.page > 1) sp.set("page", String(f.page));
  const q = sp.toString();
  return `/member/advertiser${q ? `?${q}` : ""}`;
}

/** What the member does to one campaign. */
export type Op = "paused" | "active" | "delete";
export const isOp = (v: unknown): v is Op => v === "paused" || v === "active" || v === "delete";
