import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { errorText, payloadOf } from "~/utils/api.server";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { AlertBox, newRequestId } from "~/components/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/forms";
import { formatTime } from "../../../shared/time";
import { formatRupees, parseRupeeInput, rupees } from "../../../shared/money";
import { RUPEE_INPUT_PATTERN, rupeeText } from "../../../shared/moneyInput";
import type { AdjustmentRecord, AdjustmentStatus } from "../../../shared/contracts/adjustments";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Adjust balance · Operator Console") },
];

const REASON_MAX = 500;

const STATUS_TEXT: Record<AdjustmentStatus, string> = {
  posted: "Posted",
  pending: "Waiting for a second operator's approval",
  rejected: "Rejected",
};

const AdjustSchema = z.object({
  direction: z.enum(["credit", "debit"], { errorMap: () => ({ message: "Choose Credit or Debit." }) }),
  balance: z.enum(["withdrawable", "deposit"], {
    errorMap: () => ({ message: "Choose Withdrawable or Deposit." }),
  }),
  amount: rupeeText({
    required: "Amount is required.",
    invalid: "Amount in rupees, up to 3 decimals.",
    positive: "Amount must be more than 0.",
  }),
  reason: z
    .string({ required_error: "Reason is required." })
    .trim()
    .min(1, "Reason is required.")
    .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters.`),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Reload the page and try again."),
});
type Adjust = z.infer<typeof AdjustSchema>;

const memberPath = (id: string) => `/adminRoute/members/${encodeURIComponent(id)}/adjustments` as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = params.id ?? "";
  const d = await operatorRead(request, context, memberPath(id), { page: String(pageParam(url)) });
  const asked = url.searchParams.get("result");
  const result: "posted" | "pending" | null = asked === "posted" || asked === "pending" ? asked : null;
  return {
    ...d,
    // The form's idempotency key: one per rendering of the form, so a repeated submit is one adjustment.
    requestKey: newRequestId(),
    result,
  };
}

type ActionAnswer =
  | { confirm: Adjust; errors: null; error: null; values: null }
  | { confirm: null; errors: Record<string, string[]>; error: null; values: Record<string, string> }
  | { confirm: null; errors: null; error: string; values: Record<string, string> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  const values = Object.fromEntries(
    ["direction", "balance", "amount", "reason"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const parsed = AdjustSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data<ActionAnswer>(
      {
        confirm: null,
        errors: parsed.error.flatten().fieldErrors as Record<string, string[]>,
        error: null,
        values,
      },
      { status: 400 },
    );
  // First submit: the server-rendered confirm step (the same without JavaScript).
  if (form.get("intent") !== "confirm")
    return data<ActionAnswer>({ confirm: parsed.data, errors: null, error: null, values: null });
  const res = await operatorApi(request, context, memberPath(id), {
    method: "POST",
    json: {
      direction: parsed.data.direction,
      balance: parsed.data.balance,
      amount: parsed.data.amount,
      reason: parsed.data.reason,
      requestKey: parsed.data.requestKey,
    },
  });
  if (!res.ok)
    return data<ActionAnswer>(
      { confirm: null, errors: null, error: errorText(res.body), values },
      { status: res.status >= 400 && res.status < 500 ? res.status : 400 },
    );
  const outcome = payloadOf(res);
  return redirectWithToast(
    context,
    `/admin/members/${encodeURIComponent(id)}/adjust?result=${outcome.adjustment.status === "pending" ? "pending" : "posted"}`,
    { type: "success", title: outcome.message },
  );
}

/** "Credit ₹5.000 to asha's withdrawable balance?" */
function adjustmentQuestion(a: { direction: string; balance: string; amount: string }, userName: string) {
  const amount = formatRupees(parseRupeeInput(a.amount) ?? 0);
  return a.direction === "credit"
    ? `Credit ${amount} to ${userName}'s ${a.balance} balance?`
    : `Debit ${amount} from ${userName}'s ${a.balance} balance?`;
}

function Choice({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  const id = `${name}-${value}`;
  return (
    <div className="flex items-center gap-2">
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        required
        defaultChecked={checked}
        className="h-5 w-5"
      />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

function AdjustmentRow({ r }: { r: AdjustmentRecord }) {
  return (
    <li className="card space-y-1 text-sm" data-testid="member-adjustment">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">
          {r.direction === "credit" ? "Credit" : "Debit"} {rupees(r.amount)} · {r.balance}
        </span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold">
          {STATUS_TEXT[r.status]}
        </span>
      </div>
      <p className="break-words">{r.reason}</p>
      <p className="text-xs text-slate-600">
        By {r.requested_by} · <time dateTime={r.created_at}>{formatTime(r.created_at)}</time>
        {r.decided_by ? ` · ${r.status === "posted" ? "approved" : "rejected"} by ${r.decided_by}` : ""}
        {r.decision_note ? ` · ${r.decision_note}` : ""}
      </p>
    </li>
  );
}

export default function AdjustMember() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirming = useIsPending({ fields: { intent: "confirm" } });
  const checking = useIsPending({ fields: { intent: "check" } });
  const confirm = actionData?.confirm ?? null;
  const errors = actionData?.errors ?? null;
  const values = actionData?.values ?? null;
  const above = confirm
    ? (parseRupeeInput(confirm.amount) ?? 0) > (parseRupeeInput(d.threshold) ?? 0)
    : false;
  const name = d.member.userName;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link to={`/admin/members/${d.member.id}`} className="text-brand-700 underline">
          Back to {name}
        </Link>
      </p>
      <h1 className="break-words text-2xl font-bold">Adjust {name}&apos;s balance</h1>
      <section className="card" aria-labelledby="balances-heading">
        <h2 id="balances-heading" className="text-lg font-semibold">
          Current balances
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Withdrawable balance</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="balance-withdrawable">
              {rupees(d.balances.withdrawable)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Deposit balance</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="balance-deposit">
              {rupees(d.balances.deposit)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-600">{d.member.email}</p>
      </section>

      {d.result && !actionData ? (
        <AlertBox tone={d.result === "posted" ? "success" : "warning"} title={STATUS_TEXT[d.result]}>
          {d.result === "posted"
            ? "The adjustment is in the member's balance."
            : "Nothing is posted until a different operator approves it on the Adjustments page."}
        </AlertBox>
      ) : null}
      {actionData?.error ? <AlertBox tone="error" title={actionData.error} /> : null}

      {confirm ? (
        <section className="card space-y-3" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="break-words text-lg font-semibold">
            {adjustmentQuestion(confirm, name)}
          </h2>
          <p className="text-sm">
            <span className="text-slate-600">Reason: </span>
            <span className="break-words">{confirm.reason}</span>
          </p>
          <p className="text-sm text-slate-700">
            {above
              ? `Above the approval threshold (${rupees(d.threshold)}): it will wait for a second operator's approval.`
              : "It is posted at once."}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Form method="get" className="contents">
              <button type="submit" className="btn-secondary">
                Back
              </button>
            </Form>
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="confirm" />
              {(["direction", "balance", "amount", "reason", "requestKey"] as const).map((k) => (
                <input key={k} type="hidden" name={k} value={confirm[k]} />
              ))}
              <SubmitButton pending={confirming} className="btn-primary" autoFocus>
                Confirm
              </SubmitButton>
            </Form>
          </div>
        </section>
      ) : (
        <section className="card" aria-labelledby="adjust-heading">
          <h2 id="adjust-heading" className="text-lg font-semibold">
            New adjustment
          </h2>
          <p className="mt-1 text-xs text-slate-600">
            Up to {rupees(d.threshold)} is posted at once; more waits for a second operator&apos;s approval. A
            debit never takes a balance below zero.
          </p>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="check" />
            <input type="hidden" name="requestKey" value={d.requestKey} />
            <fieldset>
              <legend className="label">Direction</legend>
              <div className="flex flex-wrap gap-6">
                <Choice
                  name="direction"
                  value="credit"
                  label="Credit"
                  checked={(values?.direction ?? "credit") === "credit"}
                />
                <Choice
                  name="direction"
                  value="debit"
                  label="Debit"
                  checked={values?.direction === "debit"}
                />
              </div>
              {errors?.direction ? <p className="field-error">{errors.direction[0]}</p> : null}
            </fieldset>
            <fieldset>
              <legend className="label">Balance</legend>
              <div className="flex flex-wrap gap-6">
                <Choice
                  name="balance"
                  value="withdrawable"
                  label="Withdrawable"
                  checked={(values?.balance ?? "withdrawable") === "withdrawable"}
                />
                <Choice
                  name="balance"
                  value="deposit"
                  label="Deposit"
                  checked={values?.balance === "deposit"}
                />
              </div>
              {errors?.balance ? <p className="field-error">{errors.balance[0]}</p> : null}
            </fieldset>
            <div>
              <label className="label" htmlFor="adjust-amount">
                Amount
              </label>
              <input
                id="adjust-amount"
                name="amount"
                className="input"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                pattern={RUPEE_INPUT_PATTERN}
                maxLength={14}
                title="Rupees, up to 3 decimals (e.g. 12.5)"
                defaultValue={values?.amount ?? ""}
                aria-invalid={errors?.amount ? true : undefined}
                aria-describedby={errors?.amount ? "adjust-amount-error" : "adjust-amount-hint"}
              />
              <p id="adjust-amount-hint" className="mt-1 text-xs text-slate-500">
                Rupees, up to 3 decimals.
              </p>
              {errors?.amount ? (
                <p id="adjust-amount-error" className="field-error" role="alert">
                  {errors.amount[0]}
                </p>
              ) : null}
            </div>
            <div>
              <label className="label" htmlFor="adjust-reason">
                Reason
              </label>
              <textarea
                id="adjust-reason"
                name="reason"
                className="input min-h-24"
                required
                maxLength={REASON_MAX}
                defaultValue={values?.reason ?? ""}
                aria-invalid={errors?.reason ? true : undefined}
                aria-describedby={errors?.reason ? "adjust-reason-error" : undefined}
              />
              {errors?.reason ? (
                <p id="adjust-reason-error" className="field-error" role="alert">
                  {errors.reason[0]}
                </p>
              ) : null}
            </div>
            {errors?.requestKey ? <p className="field-error">{errors.requestKey[0]}</p> : null}
            <SubmitButton pending={checking} className="btn-primary w-full sm:w-auto">
              Continue
            </SubmitButton>
          </Form>
        </section>
      )}

      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="break-words text-lg font-semibold">
          Adjustments of {name}
        </h2>
        {d.records.length === 0 ? (
          <p className="card text-sm text-slate-600">No adjustments yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Adjustments">
            {d.records.map((r) => (
              <AdjustmentRow key={r.id} r={r} />
            ))}
          </ul>
        )}
        <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      </section>
    </div>
  );
}
