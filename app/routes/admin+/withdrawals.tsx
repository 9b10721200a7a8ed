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
import { ErrorList, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { formatTime } from "../../../shared/time";
import { rupees } from "../../../shared/money";
import { StatusBadge } from "~/components/status-badge";
import {
  DebtLine,
  PayoutLine,
  QueueConfirmStep,
  ResendForm,
  SELECTION_FORM,
  SelectionForm,
  RiskConfirmStep,
  RiskLine,
  type QueueConfirm,
  type RiskConfirm,
} from "~/components/admin/payout-parts";
import { SelectionOutcome, type SelectionAnswer } from "~/components/admin/payout-outcomes";
import type { OperatorWithdrawal } from "../../../shared/contracts/withdrawals";
import type { PayoutMode } from "../../../shared/contracts/payouts";

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
  intent: z.enum(["approve", "mark_paid"]),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  confirmRisk: z.literal("true").optional(),
  confirmed: z.literal("true").optional(),
  utr: z.string().max(200).optional(),
});

/** The bank's reference a mark-paid confirm step carries (the API checks it again). */
const UtrSchema = z
  .string({ required_error: "Give the bank's reference (UTR) of your payment." })
  .trim()
  .min(1, "Give the bank's reference (UTR) of your payment.")
  .regex(/^[A-Za-z0-9]{6,30}$/, "The UTR is 6 to 30 letters and digits, as your bank shows it.");

const ResendSchema = z.object({
  intent: z.literal("resend"),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  confirmed: z.literal("true").optional(),
});

/** The requests ticked for "Approve selected" (at most a page, 50) or a bank file. */
const SelectionSchema = z
  .array(z.string().regex(/^[0-9a-f]{24}$/, "Select withdrawals from the list."), {
    required_error: "Select at least one withdrawal.",
  })
  .min(1, "Select at least one withdrawal.")
  .max(50, "Select at most 50 withdrawals at once.");

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
  const [d, payouts] = await Promise.all([
    operatorRead(request, context, "/adminRoute/withdrawals", { status, page: String(page) }),
    operatorRead(request, context, "/adminRoute/payouts"),
  ]);
  return { status, records: d.records, pagination: d.pagination, mode: payouts.mode };
}

/** What the action answers when it does not redirect: a confirm step, a batch's or a bank file's outcome. */
type Answer = RiskConfirm | { kind: "confirm"; confirm: QueueConfirm } | SelectionAnswer;

/** The ticked requests, or the reason they cannot go. */
function selectionOf(formData: FormData): { ids: string[] } | { error: string } {
  const parsed = SelectionSchema.safeParse(formData.getAll("ids").map(String));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Select at least one withdrawal." };
  return { ids: [...new Set(parsed.data)] };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const status = FILTERS.find((f) => f.value === formData.get("status"))?.value ?? "Pending";
  const returnTo = `/admin/withdrawals?status=${status}`;
  const intent = formData.get("intent");
  if (intent === "batch_approve" || intent === "bank_file") {
    const selection = selectionOf(formData);
    if ("error" in selection)
      return data<Answer>({ kind: "selection_error", message: selection.error }, { status: 400 });
    if (intent === "batch_approve") {
      const res = await operatorApi(request, context, "/adminRoute/withdrawals/approve", {
        method: "POST",
        json: { ids: selection.ids },
      });
      if (res.ok && res.body.msg) return data<Answer>({ kind: "batch", result: res.body.msg });
      return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
    }
    const res = await operatorApi(request, context, "/adminRoute/payouts/bankFiles", {
      method: "POST",
      json: { ids: selection.ids },
    });
    if (res.ok && res.body.msg) return data<Answer>({ kind: "bank_file", result: res.body.msg });
    // None could go: the answer still lists each one's reason, shown like a written file's.
    const skipped = (res.body as unknown as { skipped?: unknown }).skipped;
    if (Array.isArray(skipped))
      return data<Answer>({
        kind: "bank_file",
        result: {
          id: "",
          rows: 0,
          message: errorText(res.body),
          skipped: skipped.filter(
            (x): x is { id: string; reason: string } =>
              typeof x?.id === "string" && typeof x?.reason === "string",
          ),
        },
      });
    return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
  }
  if (intent === "resend") {
    const submission = parseWithZod(formData, { schema: ResendSchema });
    if (submission.status !== "success")
      return redirectWithToast(context, returnTo, {
        type: "error",
        title: "Choose a withdrawal to send again.",
      });
    const { id, confirmed } = submission.value;
    // Money leaves the member's balance again: the first press only asks.
    if (!confirmed) return data<Answer>({ kind: "confirm", confirm: { kind: "resend", id } });
    return operatorChange(
      request,
      context,
      `/adminRoute/withdrawals/${encodeURIComponent(id)}/resend`,
      { method: "POST", json: {} },
      returnTo,
    );
  }
  if (intent === "approve" || intent === "mark_paid") {
    const submission = parseWithZod(formData, { schema: ApproveSchema });
    if (submission.status !== "success")
      return data({ id: String(formData.get("id") ?? ""), result: submission.reply() }, { status: 400 });
    const { id, confirmRisk, confirmed } = submission.value;
    const action = submission.value.intent;
    let utr: string | undefined;
    if (action === "mark_paid") {
      // Marking paid by hand says money left outside the site: the first press only asks, naming
      // the member, the amount and the account, for the bank's reference (UTR).
      if (!confirmed) return data<Answer>({ kind: "confirm", confirm: { kind: "mark_paid", id } });
      const typed = UtrSchema.safeParse(submission.value.utr ?? "");
      if (!typed.success)
        return data<Answer>(
          {
            kind: "confirm",
            confirm: {
              kind: "mark_paid",
              id,
              utr: submission.value.utr?.slice(0, 30),
              error: typed.error.issues[0]?.message,
            },
          },
          { status: 400 },
        );
      utr = typed.data;
    }
    const res = await operatorApi(
      request,
      context,
      `/adminRoute/withdrawals/${encodeURIComponent(id)}/settle`,
      {
        method: "POST",
        json: { action, ...(utr ? { utr } : {}), ...(confirmRisk ? { confirmRisk: true } : {}) },
      },
    );
    if (res.ok)
      return redirectWithToast(context, returnTo, { type: "success", title: res.body.msg ?? "Saved." });
    // A flagged or marked request: the confirm step with the reasons (rendered by the server).
    const body = res.body as unknown as Record<string, unknown>;
    if (res.status === 409 && body.error_code === "risk_confirm") {
      const list = (v: unknown) =>
        Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
      return data<Answer>({
        kind: "risk_confirm",
        action,
        id,
        utr,
        message: errorText(res.body),
        score: typeof body.score === "number" ? body.score : 0,
        level: typeof body.level === "string" ? body.level : "none",
        reasons: list(body.reasons),
        review_reasons: list(body.review_reasons),
      });
    }
    // The API refused the reference itself (used for another payment): the confirm step again.
    if (utr && (body.error_code === "duplicate" || body.error_code === "invalid_input"))
      return data<Answer>(
        { kind: "confirm", confirm: { kind: "mark_paid", id, utr, error: errorText(res.body) } },
        { status: res.status },
      );
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

/** The action's answer when it concerns this row: a validation reply or a confirm step. */
function useRowAnswer(id: string) {
  const actionData = useActionData<typeof action>();
  if (!actionData) return { reply: undefined, risk: null, confirm: null };
  const reply = "result" in actionData && actionData.id === id ? actionData.result : undefined;
  const risk =
    "kind" in actionData && actionData.kind === "risk_confirm" && actionData.id === id ? actionData : null;
  const confirm =
    "kind" in actionData && actionData.kind === "confirm" && actionData.confirm.id === id
      ? actionData.confirm
      : null;
  return { reply, risk, confirm };
}

function SettleForms({ row, status, mode }: { row: OperatorWithdrawal; status: Filter; mode: PayoutMode }) {
  const answer = useRowAnswer(row._id);
  const approving = useIsPending({ fields: { id: row._id, intent: "approve" } });
  const marking = useIsPending({ fields: { id: row._id, intent: "mark_paid" } });
  const rejecting = useIsPending({ fields: { id: row._id, intent: "reject" } });
  const [form, fields] = useAppForm({
    id: `reject-${row._id}`,
    lastResult: answer.reply,
    schema: RejectSchema,
  });
  const order = row._id.toUpperCase();
  // A payout on its way is settled by its final status: nothing to press until then.
  if (row.payout_stage === "in_flight")
    return (
      <p className="text-sm text-slate-700">
        A payout is on its way: its final status settles this request (a failed one can be sent again).
      </p>
    );
  // Nothing is paid to a member who owes (the API refuses): only rejecting is offered.
  const payable = !row.owed;
  // Without a provider, approving is marking paid; above the four-eyes threshold a first approval
  // (no payment, no UTR yet) is its own press.
  const approveButton =
    mode === "razorpayx"
      ? row.payout_stage === "second_approval"
        ? "Approve (second)"
        : "Approve"
      : row.payout_stage === "waiting" && row.needs_second_approval
        ? "Approve (first of two)"
        : null;
  return (
    <div className="space-y-3">
      {answer.risk ? <RiskConfirmStep c={answer.risk} status={status} /> : null}
      {answer.confirm ? <QueueConfirmStep c={answer.confirm} row={row} status={status} mode={mode} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {payable && approveButton ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={row._id} />
            <input type="hidden" name="status" value={status} />
            <SubmitButton pending={approving} className="btn-primary" aria-label={`Approve ${order}`}>
              {approveButton}
            </SubmitButton>
          </Form>
        ) : null}
        {payable ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark_paid" />
            <input type="hidden" name="id" value={row._id} />
            <input type="hidden" name="status" value={status} />
            <SubmitButton
              pending={marking}
              className={approveButton ? "btn-secondary" : "btn-primary"}
              aria-label={`Mark ${order} paid by hand`}
            >
              {mode === "razorpayx" ? "Mark paid (by hand)" : "Mark paid"}
            </SubmitButton>
          </Form>
        ) : null}
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

function FailedRow({ row, status, mode }: { row: OperatorWithdrawal; status: Filter; mode: PayoutMode }) {
  const { confirm } = useRowAnswer(row._id);
  return <ResendForm row={row} status={status} mode={mode} confirm={confirm} />;
}

/** A Pending request no payout is out for can be ticked for a batch or a bank file. */
const selectable = (r: OperatorWithdrawal) =>
  r.withdrawal_status === "Pending" && r.payout_stage !== "in_flight";

export default function AdminWithdrawals() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Withdrawals</h1>
      <p className="text-sm text-slate-700" data-testid="payout-mode">
        {d.mode === "razorpayx"
          ? "Payouts go through RazorpayX: approving sends the payout, and the request stays Pending until RazorpayX reports its final status."
          : "Payouts are made by hand or by bank file: pay the member yourself, then mark the request paid with the bank's reference (UTR)."}{" "}
        <Link to="/admin/payouts" className="text-brand-700 underline">
          Payouts
        </Link>
      </p>
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
      <SelectionOutcome
        answer={
          actionData &&
          "kind" in actionData &&
          actionData.kind !== "risk_confirm" &&
          actionData.kind !== "confirm"
            ? actionData
            : null
        }
      />
      <SelectionForm status={d.status} selectable={d.records.filter(selectable).length} mode={d.mode} />
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
                <div className="flex min-w-0 items-start gap-3">
                  {selectable(r) ? (
                    <input
                      type="checkbox"
                      name="ids"
                      value={r._id}
                      form={SELECTION_FORM}
                      className="mt-1 h-5 w-5 shrink-0"
                      aria-label={`Select ${r._id.toUpperCase()}`}
                    />
                  ) : null}
                  <div className="min-w-0">
                    <Link
                      to={`/admin/members/${encodeURIComponent(r.member_id)}`}
                      className="break-all font-semibold text-brand-700 underline"
                    >
                      {r.userName}
                    </Link>
                    <p className="break-all text-xs text-slate-600">{r.email}</p>
                  </div>
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
              <DebtLine r={r} />
              <RiskLine r={r} />
              <PayoutLine r={r} mode={d.mode} />
              {r.withdrawal_status === "Pending" ? (
                <SettleForms row={r} status={d.status} mode={d.mode} />
              ) : null}
              {r.payout_stage === "failed" ? <FailedRow row={r} status={d.status} mode={d.mode} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
