import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Spinner, useIsPending } from "~/components/forms";
import { useFormat } from "~/i18n/format";
import type { AdvertiserCampaign as Campaign } from "../../../../shared/contracts/ads";
import type { Filters, Op } from "./list";

function StatusPill({ status }: { status: Campaign["status"] }) {
  const { t } = useTranslation();
  const tone: Record<string, string> = {
    active: "bg-green-100 text-green-800 ring-green-300",
    paused: "bg-yellow-100 text-yellow-800 ring-yellow-300",
    completed: "bg-slate-100 text-slate-700 ring-slate-300",
    rejected: "bg-red-100 text-red-800 ring-red-300",
  };
  // A deleted campaign is not on the advertiser's list; its raw status if it ever were.
  const label = status === "deleted" ? status : t(`adv.statuses.${status}`);
  return (
    <span
      data-testid="campaign-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${tone[status] ?? tone.completed}`}
    >
      {label}
    </span>
  );
}

/** One campaign: its counters, its details, and pause / activate / delete. */
export function CampaignCard({
  c,
  filters,
  onDelete,
}: {
  c: Campaign;
  filters: Filters;
  onDelete?: (c: Campaign) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const op: Op = c.status === "active" ? "paused" : "active";
  const pending = useIsPending({ fields: { _id: c._id } });
  const canToggle = c.status === "active" || c.status === "paused";
  const hidden = (
    <>
      <input type="hidden" name="_id" value={c._id} />
      <input type="hidden" name="status" value={filters.status} />
      <input type="hidden" name="type" value={filters.type} />
      <input type="hidden" name="search" value={filters.search} />
      <input type="hidden" name="page" value={String(filters.page)} />
    </>
  );
  return (
    <li className="card space-y-2" data-testid="campaign-card" aria-label={c.step_2_title}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">
            {t(`adv.types.${c.campaignType}`)}
          </p>
          <h3 className="font-semibold">{c.step_2_title}</h3>
        </div>
        <StatusPill status={c.status} />
      </div>
      <dl className="grid grid-cols-2 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("adv.card.spend")}</dt>
        <dd className="text-right tabular-nums" data-testid="campaign-spend">
          {f.rupees(c.spend)} / {f.rupees(c.step_4_subTotal)}
        </dd>
        <dt className="text-slate-600">{t("adv.card.views")}</dt>
        <dd className="text-right tabular-nums" data-testid="campaign-views">
          {f.count(c.completed_total_views)} / {f.count(c.step_3_total_views)}
        </dd>
        <dt className="text-slate-600">{t("adv.card.time")}</dt>
        <dd className="text-right">
          <time dateTime={c.time}>{f.time(c.time)}</time>
        </dd>
      </dl>
      <details className="rounded-lg bg-slate-50 p-2 text-sm">
        <summary className="cursor-pointer font-semibold">{t("adv.card.viewInfo")}</summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600">{t("adv.card.description")}</dt>
          <dd>{c.step_2_description}</dd>
          <dt className="text-slate-600">{t("adv.card.url")}</dt>
          <dd className="break-all">{c.step_2_url}</dd>
          <dt className="text-slate-600">{t("adv.card.duration")}</dt>
          <dd>{t("adv.card.seconds", { n: c.step_3_duration_for_user })}</dd>
          <dt className="text-slate-600">{t("adv.card.interval")}</dt>
          <dd>{t("adv.card.hours", { n: c.step_3_interval_in_hours })}</dd>
          <dt className="text-slate-600">{t("adv.card.perDayLimit")}</dt>
          <dd>
            {c.step_3_enableLimit && c.step_3_limitViewsPerDay
              ? c.step_3_limitViewsPerDay
              : t("adv.card.off")}
          </dd>
        </dl>
      </details>
      <div className="flex gap-2">
        {canToggle ? (
          <Form method="post" className="flex-1">
            {hidden}
            <input type="hidden" name="intent" value="status" />
            <button type="submit" name="op" value={op} className="btn-secondary w-full" disabled={pending}>
              {pending ? <Spinner /> : null}
              {op === "paused" ? t("adv.card.pause") : t("adv.card.activate")}
            </button>
          </Form>
        ) : null}
        <Form
          method="post"
          className="flex-1"
          onSubmit={(e) => {
            if (!onDelete) return;
            e.preventDefault();
            onDelete(c);
          }}
        >
          {hidden}
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="title" value={c.step_2_title} />
          <button type="submit" name="op" value="delete" className="btn-danger w-full">
            {t("adv.card.delete")}
          </button>
        </Form>
      </div>
    </li>
  );
}
