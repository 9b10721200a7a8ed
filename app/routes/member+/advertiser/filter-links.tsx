import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CAMPAIGN_TYPES } from "../../../../shared/campaign";
import { STATUSES, listHref, type Filters } from "./list";

/** The type chips: every type, and all. */
const TYPE_CHIPS = ["all", ...CAMPAIGN_TYPES] as const;

/** The list's status and type chips and the title search (links and a GET form, no scripts needed). */
export function FilterLinks({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  const chip = (active: boolean) =>
    `rounded-full px-3 py-1 text-sm font-semibold ring-1 ${active ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300"}`;
  return (
    <div className="space-y-2">
      <nav aria-label={t("adv.list.filters.status")} className="flex flex-wrap gap-1.5">
        {STATUSES.map((s) => (
          <Link
            key={s.value}
            to={listHref({ ...filters, status: s.value, page: 1 })}
            className={chip(filters.status === s.value)}
            aria-current={filters.status === s.value ? "page" : undefined}
          >
            {t(`adv.list.filters.${s.value}`)}
          </Link>
        ))}
      </nav>
      <nav aria-label={t("adv.list.filters.type")} className="flex flex-wrap gap-1.5">
        {TYPE_CHIPS.map((type) => (
          <Link
            key={type}
            to={listHref({ ...filters, type, page: 1 })}
            className={chip(filters.type === type)}
            aria-current={filters.type === type ? "page" : undefined}
          >
            {type === "all" ? t("adv.list.filters.all") : t(`adv.types.${type}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex gap-2" role="search" aria-label={t("adv.list.filters.searchForm")}>
        {filters.status !== "all" ? <input type="hidden" name="status" value={filters.status} /> : null}
        {filters.type !== "all" ? <input type="hidden" name="type" value={filters.type} /> : null}
        <label className="sr-only" htmlFor="campaign-search">
          {t("adv.list.filters.searchLabel")}
        </label>
        <input
          id="campaign-search"
          name="search"
          type="search"
          maxLength={50}
          defaultValue={filters.search}
          placeholder={t("adv.list.filters.searchLabel")}
          className="input flex-1"
        />
        <button type="submit" className="btn-secondary">
          {t("adv.list.filters.search")}
        </button>
      </Form>
    </div>
  );
}
