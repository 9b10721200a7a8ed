import { Form, Link } from "@remix-run/react";
import { CAMPAIGN_TYPES } from "../../../shared/campaign";
import { STATUSES, listHref, type Filters } from "./list";

/** The list's status and type chips and the title search (links and a GET form, no scripts needed). */
export function FilterLinks({ filters }: { filters: Filters }) {
  const chip = (active: boolean) =>
    `rounded-full px-3 py-1 text-sm font-semibold ring-1 ${active ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300"}`;
  return (
    <div className="space-y-2">
      <nav aria-label="Status" className="flex flex-wrap gap-1.5">
        {STATUSES.map((s) => (
          <Link
            key={s.value}
            to={listHref({ ...filters, status: s.value, page: 1 })}
            className={chip(filters.status === s.value)}
            aria-current={filters.status === s.value ? "page" : undefined}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      <nav aria-label="Type" className="flex flex-wrap gap-1.5">
        {(["all", ...CAMPAIGN_TYPES] as const).map((t) => (
          <Link
            key={t}
            to={listHref({ ...filters, type: t, page: 1 })}
            className={chip(filters.type === t)}
            aria-current={filters.type === t ? "page" : undefined}
          >
            {t === "all" ? "All" : t}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex gap-2" role="search" aria-label="Search campaigns">
        {filters.status !== "all" ? <input type="hidden" name="status" value={filters.status} /> : null}
        {filters.type !== "all" ? <input type="hidden" name="type" value={filters.type} /> : null}
        <label className="sr-only" htmlFor="campaign-search">
          Search by title
        </label>
        <input
          id="campaign-search"
          name="search"
          type="search"
          maxLength={50}
          defaultValue={filters.search}
          placeholder="Search by title"
          className="input flex-1"
        />
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
    </div>
  );
}
