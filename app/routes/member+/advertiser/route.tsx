import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Pagination } from "~/components/pagination";
import { BalanceCard } from "~/components/balance-card";
import { AlertBox, ConfirmDialog, useConfirmFlow } from "~/components/confirm-dialog";
import { useHydrated } from "~/utils/client-toast";
import { pageTitle } from "~/utils/meta";
import { useFormat } from "~/i18n/format";
import { requestT } from "~/i18n/i18n.server";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";
import { filtersOf, isOp, listHref } from "./list";
import { FilterLinks } from "./filter-links";
import { CampaignCard } from "./campaign-card";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "adv.advertiser") }];

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

type Confirm = { op: "delete"; _id: string; title: string; request_id: string };
type Notice = { title: string; text: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
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
    // The API's message is the spec's English (CAMPAIGN_MESSAGES); the catalogue has it word for word.
    return redirectWithToast(context, back, { type: "success", title: t(`adv.list.done.${op}`) });
  }
  const notice: Notice = { title: t("adv.list.error"), text: errorText(res.body) };
  return data({ notice, confirm: null }, { status: res.status >= 400 ? res.status : 400 });
}

export default function AdvertiserPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const f = useFormat();
  const flow = useConfirmFlow<Notice, Confirm>(actionData);
  const { notice, confirm, confirming } = flow;
  const counters = [
    { label: t("adv.list.counters.total"), value: d.counters.total },
    { label: t("adv.list.counters.active"), value: d.counters.active },
    { label: t("adv.list.counters.paused"), value: d.counters.paused },
    { label: t("adv.list.counters.remaining"), value: d.counters.remaining },
  ];
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("adv.list.heading")}</h1>
        <Link to="/member/advertiser/create" className="btn-primary">
          {t("adv.list.create")}
        </Link>
      </div>
      <section className="grid gap-3 sm:grid-cols-2" aria-label={t("adv.list.balances")}>
        <BalanceCard label={t("adv.list.depositBalance")} amount={d.deposit} tone="amber" />
      </section>
      <section className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t("adv.list.counters.label")}>
        {counters.map((c) => (
          <div
            key={c.label}
            role="group"
            aria-label={c.label}
            className="rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm"
          >
            <p className="text-xs font-medium text-slate-600">{c.label}</p>
            <p className="mt-1 text-lg font-bold tabular-nums">{f.count(c.value)}</p>
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
        <p className="card py-8 text-center text-slate-600">{t("adv.list.empty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("adv.list.campaigns")}>
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
          title={t("adv.list.deleteDialog.title")}
          confirmLabel={t("adv.list.deleteDialog.confirm")}
          cancelLabel={t("adv.list.deleteDialog.cancel")}
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
            <Trans
              i18nKey="adv.list.deleteDialog.text"
              components={{
                name: <CampaignName text={confirm.title || t("adv.list.deleteDialog.thisCampaign")} />,
              }}
            />
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The campaign's title in the delete question (a component, so a title is never read as markup). */
function CampaignName({ text }: { text: string }) {
  return <span className="font-semibold">{text}</span>;
}
