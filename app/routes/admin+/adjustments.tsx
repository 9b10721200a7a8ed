import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { SubmitButton, useIsPending } from "~/components/forms";
import { ScheduledRaiseNote, ThresholdForm } from "~/components/admin/money-limits";
import { formatTime } from "../../../shared/time";
import { rupees } from "../../../shared/money";
import { parseRupeeInput } from "../../../shared/money";
import type { AdjustmentRecord, AdjustmentStatus } from "../../../shared/contracts/adjustments";
import { shownMemberName } from "../../../shared/erasure";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Adjustments · Operator Console") },
];

const NOTE_MAX = 500;

const FILTERS: { value: AdjustmentStatus; label: string }[] = [
  { value: "pending", label: "Waiting for approval" },
  { value: "posted", label: "Posted" },
  { value: "rejected", label: "Rejected" },
];

const STATUS_TEXT: Record<AdjustmentStatus, string> = {
  posted: "Posted",
  pending: "Waiting for a second operator's approval",
  rejected: "Rejected",
};

function statusOf(value: unknown): AdjustmentStatus {
  return FILTERS.find((f) => f.value === value)?.value ?? "pending";
}

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const note = z.string().trim().max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters.`);
const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-check"), id, note: note.optional(), summary: z.string().max(400) }),
  z.object({
    intent: z.literal("reject-check"),
    id,
    note: note.min(1, "A note is required to reject."),
    summary: z.string().max(400),
  }),
  z.object({ intent: z.literal("approve"), id, note: note.optional() }),
  z.object({ intent: z.literal("reject"), id, note: note.min(1, "A note is required to reject.") }),
  z.object({ intent: z.literal("threshold"), threshold: z.string().trim() }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const d = await operatorRead(request, context, "/adminRoute/adjustments", {
    status,
    page: String(pageParam(url)),
  });
  return d;
}

type Confirm = { intent: "approve" | "reject"; id: string; note: string; summary: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const back = `/admin/adjustments${url.search}`;
  const parsed = DecisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data(
      { confirm: null as Confirm | null, error: parsed.error.issues[0]?.message ?? "Check the form." },
      { status: 400 },
    );
  const v = parsed.data;
  switch (v.intent) {
    case "approve-check":
    case "reject-check":
      // Money moves (or a request is closed) on the second submit: the server-rendered confirm step.
      return {
        confirm: {
          intent: v.intent === "approve-check" ? "approve" : "reject",
          id: v.id,
          note: v.note ?? "",
          summary: v.summary,
        } as Confirm | null,
        error: null as string | null,
      };
    case "approve":
      return operatorChange(
        request,
        context,
        `/adminRoute/adjustments/${v.id}/approve` as const,
        { method: "POST", json: v.note ? { note: v.note } : {} },
        back,
      );
    case "reject":
      return operatorChange(
        request,
        context,
        `/adminRoute/adjustments/${v.id}/reject` as const,
        { method: "POST", json: { note: v.note } },
        back,
      );
    case "threshold":
      if (parseRupeeInput(v.threshold) === null)
        return data(
          { confirm: null as Confirm | null, error: "Threshold in rupees (0 or more), up to 3 decimals." },
          { status: 400 },
        );
      return operatorChange(
        request,
        context,
        "/adminRoute/adjustments/settings",
        { method: "PATCH", json: { threshold: v.threshold } },
        back,
      );
  }
}

const summaryOf = (r: AdjustmentRecord) =>
  `${r.direction === "credit" ? "Credit" : "Debit"} ${rupees(r.amount)} ${r.direction === "credit" ? "to" : "from"} ${shownMemberName(r.member_userName)}'s ${r.balance} balance`;

function DecisionForms({ r }: { r: AdjustmentRecord }) {
  const approving = useIsPending({ fields: { id: r.id, intent: "approve-check" } });
  const rejecting = useIsPending({ fields: { id: r.id, intent: "reject-check" } });
  if (r.requested_by_me)
    return <p className="text-sm font-medium text-amber-800">Waiting for another operator</p>;
  const summary = summaryOf(r);
  return (
    <div className="flex flex-col gap-3">
      <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="approve-check" />
        <input type="hidden" name="id" value={r.id} />
        <input type="hidden" name="summary" value={summary} />
        <div className="flex-1">
          <label className="label" htmlFor={`approve-note-${r.id}`}>
            Note (optional)
          </label>
          <input
            id={`approve-note-${r.id}`}
            name="note"
            className="input"
            maxLength={NOTE_MAX}
            autoComplete="off"
          />
        </div>
        <SubmitButton pending={approving} className="btn-primary" aria-label={`Approve: ${summary}`}>
          Approve
        </SubmitButton>
      </Form>
      <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="reject-check" />
        <input type="hidden" name="id" value={r.id} />
        <input type="hidden" name="summary" value={summary} />
        <div className="flex-1">
          <label className="label" htmlFor={`reject-note-${r.id}`}>
            Why reject (required)
          </label>
          <input
            id={`reject-note-${r.id}`}
            name="note"
            className="input"
            required
            maxLength={NOTE_MAX}
            autoComplete="off"
          />
        </div>
        <SubmitButton pending={rejecting} className="btn-danger" aria-label={`Reject: ${summary}`}>
          Reject
        </SubmitButton>
      </Form>
    </div>
  );
}

function Row({ r }: { r: AdjustmentRecord }) {
  return (
    <li className="card space-y-2 text-sm" data-testid="adjustment">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="break-words font-semibold">
          {r.direction === "credit" ? "Credit" : "Debit"} {rupees(r.amount)} · {r.balance}
        </p>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold">
          {STATUS_TEXT[r.status]}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Member: </dt>
          <dd className="inline">
            <Link className="text-brand-700 underline" to={`/admin/members/${r.member_id}`}>
              {shownMemberName(r.member_userName)}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Requested by: </dt>
          <dd className="inline">
            {r.requested_by} · <time dateTime={r.created_at}>{formatTime(r.created_at)}</time>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-600">Reason: </dt>
          <dd className="inline break-words">{r.reason}</dd>
        </div>
        {r.decided_by ? (
          <div className="sm:col-span-2">
            <dt className="inline text-slate-600">
              {r.status === "posted" ? "Approved by: " : "Rejected by: "}
            </dt>
            <dd className="inline">
              {r.decided_by}
              {r.decided_at ? (
                <>
                  {" "}
                  · <time dateTime={r.decided_at}>{formatTime(r.decided_at)}</time>
                </>
              ) : null}
              {r.decision_note ? ` · ${r.decision_note}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {r.status === "pending" ? <DecisionForms r={r} /> : null}
    </li>
  );
}

export default function AdminAdjustments() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirm = actionData?.confirm ?? null;
  const confirming = useIsPending({ fields: { intent: confirm?.intent ?? "", id: confirm?.id ?? "" } });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Adjustments</h1>
      {actionData?.error ? (
        <p role="alert" className="text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      {confirm ? (
        <section className="card space-y-3" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="break-words text-lg font-semibold">
            {confirm.intent === "approve" ? `Approve: ${confirm.summary}?` : `Reject: ${confirm.summary}?`}
          </h2>
          <p className="text-sm text-slate-700">
            {confirm.intent === "approve"
              ? "The amount is posted to the member's balance at once."
              : "Nothing is posted; the request is closed."}
            {confirm.note ? ` Note: ${confirm.note}` : ""}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Form method="get" className="contents">
              <input type="hidden" name="status" value={d.status} />
              <button type="submit" className="btn-secondary">
                Back
              </button>
            </Form>
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value={confirm.intent} />
              <input type="hidden" name="id" value={confirm.id} />
              {confirm.note ? <input type="hidden" name="note" value={confirm.note} /> : null}
              <SubmitButton
                pending={confirming}
                className={confirm.intent === "approve" ? "btn-primary" : "btn-danger"}
              >
                {confirm.intent === "approve" ? "Confirm approval" : "Confirm rejection"}
              </SubmitButton>
            </Form>
          </div>
        </section>
      ) : null}
      <nav aria-label="Status filter" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/admin/adjustments?status=${f.value}`}
            aria-current={d.status === f.value ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${d.status === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600">
        Newest first. An adjustment waiting for approval can be approved or rejected only by an operator other
        than the one who asked for it.
      </p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No adjustments here.</p>
      ) : (
        <ul className="space-y-3" aria-label="Adjustments">
          {d.records.map((r) => (
            <Row key={r.id} r={r} />
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      <section className="card" aria-labelledby="threshold-heading">
        <h2 id="threshold-heading" className="text-lg font-semibold">
          Approval threshold
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A member&apos;s adjustments of the day (India time) up to {rupees(d.threshold)} in all are posted at
          once; past it they wait for a second operator. Raising the threshold takes effect after a day.
        </p>
        <ScheduledRaiseNote
          what="approval threshold"
          raise={d.scheduled ? { ...d.scheduled, value: rupees(d.scheduled.value) } : null}
        />
        <ThresholdForm id="threshold" value={d.threshold} />
      </section>
    </div>
  );
}
