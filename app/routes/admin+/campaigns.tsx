import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/forms";
import { formatTime } from "../../../shared/time";
import { rupees } from "../../../shared/money";
import { CAMPAIGN_TYPE_LABELS } from "../../../shared/campaign";
import type { OperatorCampaign } from "../../../shared/contracts/ads";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Campaigns · Operator Console") },
];

const STATUSES = ["all", "active", "paused", "completed", "rejected", "deleted"] as const;
const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("status") ?? "all";
  const status = (STATUSES as readonly string[]).includes(raw) ? raw : "all";
  const d = await operatorRead(request, context, "/adminRoute/campaigns", {
    status,
    page: String(pageParam(url)),
  });
  return { ...d, status };
}

const ActionSchema = z.object({
  intent: z.enum(["pause", "reject-check", "reject"]),
  id: z.string().regex(/^[0-9a-f]{24}$/),
  title: z.string().max(200).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  const back = `/admin/campaigns${new URL(request.url).search}`;
  if (!parsed.success) return data({ confirm: null, error: "Campaign not found." }, { status: 400 });
  const { intent, id, title } = parsed.data;
  // Rejecting refunds the advertiser and cannot be undone: a confirm step first (a dialog with
  // JavaScript, the same form rendered by the server without it).
  if (intent === "reject-check") return { confirm: { id, title: title ?? "" }, error: null };
  const path =
    intent === "pause"
      ? (`/adminRoute/campaigns/${id}/pause` as const)
      : (`/adminRoute/campaigns/${id}/reject` as const);
  return operatorChange(request, context, path, { method: "POST", json: {} }, back);
}

function CampaignCard({ c }: { c: OperatorCampaign }) {
  const pending = useIsPending({ fields: { intent: "pause", id: c._id } });
  const live = c.status === "active" || c.status === "paused";
  return (
    <li className="card space-y-2 text-sm" data-testid="admin-campaign">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {c.title} <span className="font-normal text-slate-500">by {c.advertiser ?? "—"}</span>
        </p>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold">
          {CAMPAIGN_TYPE_LABELS[c.campaignType] ?? c.campaignType} · {statusLabel(c.status)}
        </span>
      </div>
      <p className="break-all font-mono text-xs text-slate-600">{c.url}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-slate-500">Views</dt>
        <dd>
          {c.delivered_views}/{c.total_views}
        </dd>
        <dt className="text-slate-500">Price / member</dt>
        <dd>
          {rupees(c.price)} / {rupees(c.member_amount)}
        </dd>
        <dt className="text-slate-500">Spend / subtotal</dt>
        <dd>
          {rupees(c.spend)} / {rupees(c.subtotal)}
        </dd>
        <dt className="text-slate-500">Refunded</dt>
        <dd>{rupees(c.refund)}</dd>
        <dt className="text-slate-500">Duration, interval</dt>
        <dd>
          {c.duration_seconds} s, {c.interval_hours} h
        </dd>
        <dt className="text-slate-500">Per-day limit</dt>
        <dd>{c.daily_limit ?? "none"}</dd>
        <dt className="text-slate-500">Created</dt>
        <dd>{formatTime(c.time)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link className="btn-secondary" to={`/admin/campaigns/${c._id}`}>
          View log
        </Link>
        {c.status === "active" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="pause" />
            <input type="hidden" name="id" value={c._id} />
            <SubmitButton pending={pending} className="btn-secondary" aria-label={`Pause ${c.title}`}>
              Pause
            </SubmitButton>
          </Form>
        ) : null}
        {live ? (
          <Form method="post">
            <input type="hidden" name="intent" value="reject-check" />
            <input type="hidden" name="id" value={c._id} />
            <input type="hidden" name="title" value={c.title} />
            <button type="submit" className="btn-danger" aria-label={`Reject and refund ${c.title}`}>
              Reject and refund
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export default function AdminCampaigns() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const pending = useIsPending({ fields: { intent: "reject", id: confirm?.id ?? "" } });
  const link = (status: string) => {
    const sp = new URLSearchParams(params);
    sp.set("status", status);
    sp.delete("page");
    return `?${sp.toString()}`;
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Campaigns</h1>
      <nav className="flex flex-wrap gap-2" aria-label="Campaign status">
        {STATUSES.map((s) => (
          <Link
            key={s}
            to={link(s)}
            aria-current={d.status === s ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${d.status === s ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white"}`}
          >
            {statusLabel(s)}
          </Link>
        ))}
      </nav>
      {actionData && "error" in actionData && actionData.error ? (
        <p role="alert" className="text-sm text-red-600">
          {actionData.error}
        </p>
      ) : null}
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">There is no data</p>
      ) : (
        <ul className="space-y-3" aria-label="Campaigns">
          {d.records.map((c) => (
            <CampaignCard key={c._id} c={c} />
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      {confirm ? (
        <ConfirmDialog
          title="Reject this campaign?"
          confirmLabel="Reject and refund"
          cancelLabel="Cancel"
          tone="danger"
          pending={pending}
          fields={{ intent: "reject", id: confirm.id }}
        >
          <p>
            “{confirm.title}” stops at once and its undelivered views are refunded to the advertiser&apos;s
            deposit balance. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
