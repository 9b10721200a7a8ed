import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorApi, operatorChange, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { RiskLevelBadge } from "~/components/admin/risk-level";
import { ErrorList, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { formatTime } from "../../shared/time";
import { rupees } from "../../shared/money";
import { StatusBadge } from "~/components/status-badge";
import type { OperatorWithdrawal } from "../../shared/contracts/withdrawals";

export const meta: MetaFunction = () => [{ title: "Withdrawals · Operator Console" }];

const FILTERS = [
  { value: "Pending", label: "Pending" },
  { value: "Success", label: "Success" },
  { value: "Reject", label: "Reject" },
  { value: "all", label: "All" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

function filterOf(url: URL): Filter {
  const s = url.searchParams.get("status");
  return FILTERS.find((f) => f.value === s)?.value ?? "Pending";
}

const ApproveSchema = z.object({
  intent: z.literal("approve"),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  confirmRisk: z.literal("true").optional(),
});

/** The review marks a request carries, in words. */
const REVIEW_LABELS: Record<string, string> = { first_payout: "First payout", risk: "Risk" };

/** The confirm step's contents: what the API said when approving needed a second look. */
interface RiskConfirm {
  kind: "risk_confirm";
  id: string;
  message: string;
  score: number;
  level: string;
  reasons: string[];
  review_reasons: string[];
}
const RejectSchema = z.object({
  intent: z.literal("reject"),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  remark: z
    .string({ required_error: "A remark is required to reject." })
    .trim()
    .min(1, "A remark is required to reject.")
    .max(500),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = filterOf(url);
  const page = Math.min(pageParam(url), 999_999_999);
  const d = await operatorRead(request, context, "/adminRoute/withdrawals", {
    status,
    page: String(page),
  });
  return { status, records: d.records, pagination: d.pagination };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const status = FILTERS.find((f) => f.value === formData.get("status"))?.value ?? "Pending";
  const returnTo = `/admin/withdrawals?status=${status}`;
  if (formData.get("intent") === "approve") {
    const submission = parseWithZod(formData, { schema: ApproveSchema });
    if (submission.status !== "success")
      return data({ id: String(formData.get("id") ?? ""), result: submission.reply() }, { status: 400 });
    const { id, confirmRisk } = submission.value;
    const res = await operatorApi(
      request,
      context,
      `/adminRoute/withdrawals/${encodeURIComponent(id)}/settle`,
      {
        method: "POST",
        json: confirmRisk ? { action: "approve", confirmRisk: true } : { action: "approve" },
      },
    );
    if (res.ok)
      return redirectWithToast(context, returnTo, { type: "success", title: res.body.msg ?? "Saved." });
    // A flagged or marked request: the confirm step with the reasons (rendered by the server).
    const body = res.body as unknown as Record<string, unknown>;
    if (res.status === 409 && body.error_code === "risk_confirm") {
      const list = (v: unknown) =>
        Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
      return data<RiskConfirm>({
        kind: "risk_confirm",
        id,
        message: errorText(res.body),
        score: typeof body.score === "number" ? body.score : 0,
        level: typeof body.level === "string" ? body.level : "none",
        reasons: list(body.reasons),
        review_reasons: list(body.review_reasons),
      });
    }
    return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
  }
  const submission = parseWithZod(formData, { schema: RejectSchema });
  if (submission.status !== "success")
    return data({ id: String(formData.get("id") ?? ""), result: submission.reply() }, { status: 400 });
  return operatorChange(
    request,
    context,
    `/adminRoute/withdrawals/${encodeURIComponent(submission.value.id)}/settle`,
    { method: "POST", json: { action: "reject", remark: submission.value.remark } },
    returnTo,
  );
}

function RiskConfirmStep({ c, status }: { c: RiskConfirm; status: Filter }) {
  const order = c.id.toUpperCase();
  return (
    <section
      className="space-y-2 rounded-lg border-2 border-amber-400 bg-amber-50 p-3"
      aria-labelledby={`confirm-${c.id}`}
      data-testid="risk-confirm"
    >
      <h2 id={`confirm-${c.id}`} className="font-semibold">
        Approve {order} anyway?
      </h2>
      <p className="text-sm">{c.message}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Risk score <span className="font-semibold tabular-nums">{c.score}</span>
        </span>
        <RiskLevelBadge level={c.level} />
        {c.review_reasons.map((r) => (
          <span
            key={r}
            className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold ring-1 ring-amber-400"
          >
            {REVIEW_LABELS[r] ?? r}
          </span>
        ))}
      </p>
      {c.reasons.length > 0 ? (
        <ul className="list-disc pl-5 text-sm" aria-label="Reasons">
          {c.reasons.map((r) => (
            <li key={r} className="break-words">
              {r}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={c.id} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="confirmRisk" value="true" />
        <button type="submit" className="btn-danger" aria-label={`Approve ${order} anyway`}>
          Approve anyway
        </button>
        <Link to={`/admin/withdrawals?status=${status}`} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** The member's risk beside the request: score, step, top reasons, linked accounts, review marks. */
function RiskLine({ r }: { r: OperatorWithdrawal }) {
  const risky = r.risk_score > 0 || r.review_reasons.length > 0 || r.linked_accounts > 0;
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-2 text-sm" data-testid="withdrawal-risk">
      <p className="flex flex-wrap items-center gap-2">
        <span>
          Risk score <span className="font-semibold tabular-nums">{r.risk_score}</span>
        </span>
        <RiskLevelBadge level={r.risk_level} />
        {r.review_reasons.map((m) => (
          <span
            key={m}
            className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300"
          >
            {REVIEW_LABELS[m] ?? m}
          </span>
        ))}
        {r.withdrawals_held ? (
          <span className="whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-inset ring-red-300">
            Withdrawals held
          </span>
        ) : null}
      </p>
      {r.risk_reasons.length > 0 ? (
        <ul className="list-disc pl-5" aria-label="Top reasons">
          {r.risk_reasons.map((x) => (
            <li key={x} className="break-words">
              {x}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link
          to={`/admin/members/${encodeURIComponent(r.member_id)}/risk`}
          className="text-brand-700 underline"
        >
          {r.linked_accounts === 0
            ? "No linked accounts"
            : `${r.linked_accounts} linked ${r.linked_accounts === 1 ? "account" : "accounts"}`}
          {risky ? " · see the risk" : " · risk page"}
        </Link>
      </p>
    </div>
  );
}

function SettleForms({ row, status }: { row: OperatorWithdrawal; status: Filter }) {
  const actionData = useActionData<typeof action>();
  const approving = useIsPending({ fields: { id: row._id, intent: "approve" } });
  const rejecting = useIsPending({ fields: { id: row._id, intent: "reject" } });
  const [form, fields] = useAppForm({
    id: `reject-${row._id}`,
    lastResult:
      actionData && "result" in actionData && actionData.id === row._id ? actionData.result : undefined,
    schema: RejectSchema,
  });
  const order = row._id.toUpperCase();
  const confirm = actionData && "kind" in actionData && actionData.id === row._id ? actionData : null;
  return (
    <div className="space-y-3">
      {confirm ? <RiskConfirmStep c={confirm} status={status} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={row._id} />
          <input type="hidden" name="status" value={status} />
          <SubmitButton pending={approving} className="btn-primary" aria-label={`Approve ${order}`}>
            Approve
          </SubmitButton>
        </Form>
        <Form
          method="post"
          {...getFormProps(form)}
          className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="id" value={row._id} />
          <input type="hidden" name="status" value={status} />
          <div className="flex-1">
            <label className="sr-only" htmlFor={fields.remark.id}>
              Remark for {order}
            </label>
            <input
              className="input"
              placeholder="Remark (required to reject)"
              {...getInputProps(fields.remark, { type: "text" })}
            />
            <ErrorList id={fields.remark.errorId} errors={fields.remark.errors} />
          </div>
          <SubmitButton pending={rejecting} className="btn-danger" aria-label={`Reject ${order}`}>
            Reject
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}

export default function AdminWithdrawals() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Withdrawals</h1>
      <nav aria-label="Status filter" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/admin/withdrawals?status=${f.value}`}
            aria-current={d.status === f.value ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${d.status === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600">
        {d.status === "Pending" ? "Oldest first." : "Newest first."} {d.pagination.totalRecords}{" "}
        {d.pagination.totalRecords === 1 ? "request" : "requests"}, 50 a page.
      </p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No withdrawals here.</p>
      ) : (
        <ul className="space-y-3" aria-label="Withdrawals">
          {d.records.map((r) => (
            <li
              key={r._id}
              className="card space-y-3"
              aria-label={`Withdrawal ${r._id.toUpperCase()}`}
              data-testid="admin-withdrawal"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={`/admin/members/${encodeURIComponent(r.member_id)}`}
                    className="break-all font-semibold text-brand-700 underline"
                  >
                    {r.userName}
                  </Link>
                  <p className="break-all text-xs text-slate-600">{r.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={r.withdrawal_status} />
                  <span className="text-lg font-bold tabular-nums">{rupees(r.balance)}</span>
                </div>
              </div>
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
                <div>
                  <dt className="inline text-slate-600">Method: </dt>
                  <dd className="inline font-medium">{r.withdrawal_method}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Account: </dt>
                  <dd className="inline select-all break-all font-mono">
                    {r.withdrawal_account_information}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Requested: </dt>
                  <dd className="inline">
                    <time dateTime={r.time}>{formatTime(r.time)}</time>
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Order: </dt>
                  <dd className="inline select-all font-mono">{r._id.toUpperCase()}</dd>
                </div>
                {r.settled_at ? (
                  <div>
                    <dt className="inline text-slate-600">Settled: </dt>
                    <dd className="inline">
                      <time dateTime={r.settled_at}>{formatTime(r.settled_at)}</time>
                    </dd>
                  </div>
                ) : null}
                {r.remark ? (
                  <div>
                    <dt className="inline text-slate-600">Remark: </dt>
                    <dd className="inline">{r.remark}</dd>
                  </div>
                ) : null}
              </dl>
              <RiskLine r={r} />
              {r.withdrawal_status === "Pending" ? <SettleForms row={r} status={d.status} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
