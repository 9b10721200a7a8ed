import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Pagination } from "~/components/pagination";
import { BalanceCard } from "~/components/balance-card";
import { formatTime } from "../../shared/time";
import { AlertBox, ConfirmDialog, useConfirmFlow } from "~/components/confirm-dialog";
import { Spinner, useIsPending } from "~/components/forms";
import { useHydrated } from "~/utils/client-toast";
import { rupees } from "../../shared/money";
import { CAMPAIGN_MESSAGES, CAMPAIGN_TYPES, isCampaignType, type CampaignType } from "../../shared/campaign";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";
import type { AdvertiserCampaign as Campaign } from "../../shared/contracts/ads";

export const meta: MetaFunction = () => [{ title: "Advertiser" }];

const STATUSES = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "paused", label: "Paused" },
] as const;
type StatusFilter = (typeof STATUSES)[number]["value"];

interface Filters {
  status: StatusFilter;
  type: "all" | CampaignType;
  search: string;
  page: number;
}

function filtersOf(params: URLSearchParams | FormData): Filters {
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
function listHref(f: Partial<Filters>): string {
  const sp = new URLSearchParams();
  if (f.status && f.status !== "all") sp.set("status", f.status);
  if (f.type && f.type !== "all") sp.set("type", f.type);
  if (f.search) sp.set("search", f.search);
  if (f.page && f.page > 1) sp.set("page", String(f.page));
  const q = sp.toString();
  return `/member/advertiser${q ? `?${q}` : ""}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = filtersOf(new URL(request.url).searchParams);
  const d = await memberRead(request, context, "/advertiserRoute/advertiserDataGet", {
    status: filters.status,
    type: filters.type,
    search: filters.search || undefined,
    page: String(filters.page),
  });
  return {
    filters,
    counters: {
      total: Math.max(0, d.total_campaigns),
      active: Math.max(0, d.active_campaigns),
      paused: Math.max(0, d.paused_campaigns),
      remaining: Math.max(0, d.remaining_views),
    },
    deposit: d.userDepositBalance,
    campaigns: d.advertiserData ?? [],
    page: d.pagination?.page ?? 1,
    totalPages: d.pagination?.totalPages ?? 1,
  };
}

type Op = "paused" | "active" | "delete";
const isOp = (v: unknown): v is Op => v === "paused" || v === "active" || v === "delete";
const SUCCESS: Record<Op, string> = {
  paused: CAMPAIGN_MESSAGES.paused,
  active: CAMPAIGN_MESSAGES.activated,
  delete: CAMPAIGN_MESSAGES.deleted,
};

type Confirm = { op: "delete"; _id: string; title: string; request_id: string };
type Notice = { title: string; text: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const op = form.get("op");
  const id = String(form.get("_id") ?? "");
  const intent = form.get("intent");
  const back = listHref(filtersOf(form));
  invariantResponse(isOp(op) && id && id.length <= 64, INVALID_REQUEST);
  // Delete asks first: without JavaScript this answer is the confirm step.
  if (op === "delete" && intent !== "confirm") {
    const confirm: Confirm = { op, _id: id, title: String(form.get("title") ?? ""), request_id: "" };
    return { notice: null, confirm };
  }
  const res = await memberApi(request, context, "/advertiserRoute/advertiserCampaign_paused_active_patch", {
    method: "PATCH",
    encryptedObj: { clientMsg: op, _id: id },
  });
  if (res.ok) {
    return redirectWithToast(context, back, { type: "success", title: res.body.msg?.message || SUCCESS[op] });
  }
  const notice: Notice = { title: "Error", text: errorText(res.body) };
  return data({ notice, confirm: null }, { status: res.status >= 400 ? res.status : 400 });
}

function FilterLinks({ filters }: { filters: Filters }) {
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

function StatusPill({ status }: { status: Campaign["status"] }) {
  const tone: Record<string, string> = {
    active: "bg-green-100 text-green-800 ring-green-300",
    paused: "bg-yellow-100 text-yellow-800 ring-yellow-300",
    completed: "bg-slate-100 text-slate-700 ring-slate-300",
    rejected: "bg-red-100 text-red-800 ring-red-300",
  };
  return (
    <span
      data-testid="campaign-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${tone[status] ?? tone.completed}`}
    >
      {status}
    </span>
  );
}

function CampaignCard({
  c,
  filters,
  onDelete,
}: {
  c: Campaign;
  filters: Filters;
  onDelete?: (c: Campaign) => void;
}) {
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
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{c.campaignType}</p>
          <h3 className="font-semibold">{c.step_2_title}</h3>
        </div>
        <StatusPill status={c.status} />
      </div>
      <dl className="grid grid-cols-2 gap-y-1 text-sm">
        <dt className="text-slate-600">Spend</dt>
        <dd className="text-right tabular-nums" data-testid="campaign-spend">
          {rupees(c.spend)} / {rupees(c.step_4_subTotal)}
        </dd>
        <dt className="text-slate-600">Views</dt>
        <dd className="text-right tabular-nums" data-testid="campaign-views">
          {c.completed_total_views} / {c.step_3_total_views}
        </dd>
        <dt className="text-slate-600">Time</dt>
        <dd className="text-right">
          <time dateTime={c.time}>{formatTime(c.time)}</time>
        </dd>
      </dl>
      <details className="rounded-lg bg-slate-50 p-2 text-sm">
        <summary className="cursor-pointer font-semibold">View Info</summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600">Description</dt>
          <dd>{c.step_2_description}</dd>
          <dt className="text-slate-600">URL</dt>
          <dd className="break-all">{c.step_2_url}</dd>
          <dt className="text-slate-600">Duration</dt>
          <dd>{c.step_3_duration_for_user} seconds</dd>
          <dt className="text-slate-600">Interval</dt>
          <dd>{c.step_3_interval_in_hours} hours</dd>
          <dt className="text-slate-600">Per Day Limit</dt>
          <dd>{c.step_3_enableLimit && c.step_3_limitViewsPerDay ? c.step_3_limitViewsPerDay : "Off"}</dd>
        </dl>
      </details>
      <div className="flex gap-2">
        {canToggle ? (
          <Form method="post" className="flex-1">
            {hidden}
            <input type="hidden" name="intent" value="status" />
            <button type="submit" name="op" value={op} className="btn-secondary w-full" disabled={pending}>
              {pending ? <Spinner /> : null}
              {op === "paused" ? "Pause" : "Activate"}
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
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function AdvertiserPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const flow = useConfirmFlow<Notice, Confirm>(actionData);
  const { notice, confirm, confirming } = flow;
  const counters = [
    { label: "Total campaigns", value: d.counters.total },
    { label: "Active", value: d.counters.active },
    { label: "Paused", value: d.counters.paused },
    { label: "Remaining views", value: d.counters.remaining },
  ];
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Advertiser</h1>
        <Link to="/member/advertiser/create" className="btn-primary">
          Create
        </Link>
      </div>
      <section className="grid gap-3 sm:grid-cols-2" aria-label="Balances">
        <BalanceCard label="Deposit Balance" amount={d.deposit} tone="amber" />
      </section>
      <section className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Campaign counters">
        {counters.map((c) => (
          <div
            key={c.label}
            role="group"
            aria-label={c.label}
            className="rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm"
          >
            <p className="text-xs font-medium text-slate-600">{c.label}</p>
            <p className="mt-1 text-lg font-bold tabular-nums">{c.value}</p>
          </div>
        ))}
      </section>

      <FilterLinks filters={d.filters} />

      {notice ? (
        <AlertBox tone="error" title={notice.title}>
          {notice.text}
        </AlertBox>
      ) : null}

      {d.campaigns.length === 0 ? (
        <p className="card py-8 text-center text-slate-600">There is no data</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Campaigns">
          {d.campaigns.map((c) => (
            <CampaignCard
              key={c._id}
              c={c}
              filters={d.filters}
              onDelete={
                hydrated
                  ? (x) =>
                      flow.show(null, { op: "delete", _id: x._id, title: x.step_2_title, request_id: "" })
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <Pagination page={d.page} totalPages={d.totalPages} />

      {confirm ? (
        <ConfirmDialog
          title="Are you sure?"
          confirmLabel="Yes, Delete"
          cancelLabel="No, Cancel"
          tone="danger"
          fields={{
            intent: "confirm",
            op: "delete",
            _id: confirm._id,
            status: d.filters.status,
            type: d.filters.type,
            search: d.filters.search,
            page: String(d.filters.page),
          }}
          onCancel={hydrated ? flow.clear : undefined}
          pending={confirming}
        >
          <p>
            Delete <span className="font-semibold">{confirm.title || "this campaign"}</span>? Its undelivered
            views are refunded to your deposit balance.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
