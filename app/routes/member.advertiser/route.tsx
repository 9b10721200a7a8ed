import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Pagination } from "~/components/pagination";
import { BalanceCard } from "~/components/balance-card";
import { AlertBox, ConfirmDialog, useConfirmFlow } from "~/components/confirm-dialog";
import { useHydrated } from "~/utils/client-toast";
import { CAMPAIGN_MESSAGES } from "../../../shared/campaign";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";
import { filtersOf, isOp, listHref, type Op } from "./list";
import { FilterLinks } from "./filter-links";
import { CampaignCard } from "./campaign-card";

export const meta: MetaFunction = () => [{ title: "Advertiser" }];

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
