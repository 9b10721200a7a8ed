import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { ErrorList, Field, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { pageParam } from "~/utils/pagination";
import { ROUTE_IDS } from "~/utils/route-ids";
import { formatTime } from "../../../shared/time";
import { ERASED_MEMBER } from "../../../shared/erasure";
import { mayUse, type OperatorRole } from "../../../shared/operatorRoles";
import type { RightsRequestRow } from "../../../shared/contracts/rights";

/**
 * Members' rights requests (issue 44 §2): export, erasure and correction requests with their age
 * and due time, open ones first and overdue ones leading; support and owners answer one (done or
 * refused, with a note, audited); the owner sets the days within which requests are answered.
 */

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Rights Requests · Operator Console") },
];

const AnswerSchema = z.object({
  intent: z.literal("answer"),
  id: z.string().regex(/^\d{1,15}$/),
  status: z.enum(["done", "refused"], { message: "Choose done or refused." }),
  note: z
    .string({ required_error: "A note is required." })
    .trim()
    .min(1, "A note is required.")
    .max(1000, "The note is at most 1000 characters."),
});
const DaysSchema = z.object({
  intent: z.literal("days"),
  rights_request_days: z
    .number({ required_error: "Days are required.", invalid_type_error: "Days must be a whole number." })
    .int("Days must be a whole number.")
    .min(1, "Days must be from 1 to 90.")
    .max(90, "Days must be from 1 to 90."),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "all" ? "all" : "open";
  return operatorRead(request, context, "/adminRoute/rights-requests", {
    page: String(pageParam(url)),
    status,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "days") {
    const submission = parseWithZod(form, { schema: DaysSchema });
    if (submission.status !== "success")
      return data({ formId: "days", result: submission.reply() }, { status: 400 });
    return operatorChange(
      request,
      context,
      "/adminRoute/rights-requests/settings",
      { method: "PATCH", json: { rights_request_days: submission.value.rights_request_days } },
      "/admin/rights-requests",
    );
  }
  const submission = parseWithZod(form, { schema: AnswerSchema });
  if (submission.status !== "success")
    return data({ formId: String(form.get("id") ?? ""), result: submission.reply() }, { status: 400 });
  const { id, status, note } = submission.value;
  return operatorChange(
    request,
    context,
    `/adminRoute/rights-requests/${Number(id)}/answer`,
    { method: "POST", json: { status, note } },
    "/admin/rights-requests",
  );
}

const KIND: Record<RightsRequestRow["kind"], string> = {
  export: "Export (access)",
  erasure: "Erasure",
  correction: "Correction",
};

function age(hours: number): string {
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

function AnswerForm({ row }: { row: RightsRequestRow }) {
  const actionData = useActionData<typeof action>();
  const formKey = String(row.id);
  const busy = useIsPending({ fields: { id: formKey } });
  const [form, fields] = useAppForm({
    id: `answer-${formKey}`,
    lastResult: actionData?.formId === formKey ? actionData.result : undefined,
    schema: AnswerSchema,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-2 space-y-2"
      aria-label={`Answer request ${row.id}`}
    >
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="id" value={formKey} />
      <div>
        <label className="label" htmlFor={fields.note.id}>
          Note (request {row.id})
        </label>
        <textarea className="input min-h-12" {...getTextareaProps(fields.note)} />
        <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="status" value="done" className="btn-primary" disabled={busy}>
          Mark answered
        </button>
        <button type="submit" name="status" value="refused" className="btn-secondary" disabled={busy}>
          Refuse
        </button>
      </div>
    </Form>
  );
}

function DaysForm({ days }: { days: number }) {
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ fields: { intent: "days" } });
  const [form, fields] = useAppForm({
    id: "days",
    lastResult: actionData?.formId === "days" ? actionData.result : undefined,
    schema: DaysSchema,
    defaultValue: { rights_request_days: String(days) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-2" aria-label="Answer within">
      <input type="hidden" name="intent" value="days" />
      <Field
        label="Answer rights requests within (days)"
        errors={fields.rights_request_days.errors}
        inputProps={{
          ...getInputProps(fields.rights_request_days, { type: "number" }),
          min: 1,
          max: 90,
          step: 1,
        }}
        hint="Your published terms' period; the DPDP Rules 2025 leave it to you (default 7)."
      />
      <SubmitButton pending={busy} className="btn-primary">
        Save
      </SubmitButton>
    </Form>
  );
}

export default function AdminRightsRequests() {
  const d = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData(ROUTE_IDS.admin) as { roles?: OperatorRole[] } | undefined;
  const owner = mayUse(layout?.roles ?? [], ["owner"]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Rights Requests</h1>
      <p className="text-sm text-slate-600">
        Members&apos; requests to see, correct or erase their data, answered within {d.rights_request_days}{" "}
        days. The site answers exports, erasures and corrections by itself; an open one here needs a person.
      </p>
      <nav className="flex gap-3 text-sm" aria-label="Filter">
        <Link className={d.status === "open" ? "font-semibold" : "underline"} to="/admin/rights-requests">
          Open
        </Link>
        <Link
          className={d.status === "all" ? "font-semibold" : "underline"}
          to="/admin/rights-requests?status=all"
        >
          All
        </Link>
      </nav>
      {owner ? <DaysForm days={d.rights_request_days} /> : null}
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No requests.</p>
      ) : (
        <ul className="space-y-2" aria-label="Rights requests">
          {d.records.map((r) => (
            <li key={r.id} className="card text-sm" data-testid="rights-request">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="min-w-0 break-words">
                  <span className="font-semibold">{KIND[r.kind]}</span> by{" "}
                  {r.erased ? (
                    <span className="italic">{ERASED_MEMBER}</span>
                  ) : (
                    <Link className="underline" to={`/admin/members/${r.member_id}`}>
                      {r.member ?? r.member_id}
                    </Link>
                  )}{" "}
                  — {r.status}
                  {r.overdue ? (
                    <span className="ml-2 rounded bg-red-100 px-1 text-red-800">Overdue</span>
                  ) : null}
                </p>
                <span className="text-xs text-slate-500">
                  Age {age(r.age_hours)} · due <time dateTime={r.due_at}>{formatTime(r.due_at)}</time>
                </span>
              </div>
              <p className="text-xs text-slate-500">
                Made <time dateTime={r.created_at}>{formatTime(r.created_at)}</time>
                {r.answered_at ? (
                  <>
                    {" "}
                    · answered <time dateTime={r.answered_at}>{formatTime(r.answered_at)}</time>
                  </>
                ) : null}
                {r.note ? <> · {r.note}</> : null}
              </p>
              {r.status === "open" ? <AnswerForm row={r} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
