import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
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
});
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
  const status = filterOf(new URL(request.url));
  const d = await operatorRead(request, context, "/adminRoute/withdrawals", {
    status,
  });
  return { status, records: d.records };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const status = FILTERS.find((f) => f.value === formData.get("status"))?.value ?? "Pending";
  const returnTo = `/admin/withdrawals?status=${status}`;
  if (formData.get("intent") === "approve") {
    const submission = parseWithZod(formData, { schema: ApproveSchema });
    if (submission.status !== "success")
      return data({ id: String(formData.get("id") ?? ""), result: submission.reply() }, { status: 400 });
    return operatorChange(
      request,
      context,
      `/adminRoute/withdrawals/${encodeURIComponent(submission.value.id)}/settle`,
      { method: "POST", json: { action: "approve" } },
      returnTo,
    );
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

function SettleForms({ row, status }: { row: OperatorWithdrawal; status: Filter }) {
  const actionData = useActionData<typeof action>();
  const approving = useIsPending({ fields: { id: row._id, intent: "approve" } });
  const rejecting = useIsPending({ fields: { id: row._id, intent: "reject" } });
  const [form, fields] = useAppForm({
    id: `reject-${row._id}`,
    lastResult: actionData && "id" in actionData && actionData.id === row._id ? actionData.result : undefined,
    schema: RejectSchema,
  });
  const order = row._id.toUpperCase();
  return (
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
        {d.status === "Pending" ? "Oldest first." : "Newest first."} {d.records.length} shown.
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
                <div>
                  <p className="font-semibold">{r.userName}</p>
                  <p className="text-xs text-slate-600">{r.email}</p>
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
              {r.withdrawal_status === "Pending" ? <SettleForms row={r} status={d.status} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
