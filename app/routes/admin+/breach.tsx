import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorApi, operatorChange, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { newNoticeKey } from "~/utils/breach.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { ErrorList, Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { BreachIncidents, istInput } from "~/components/admin/breach-incidents";
import type { BreachNoticeBody } from "../../../shared/contracts/housekeeping";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Breach Notice · Operator Console") },
];

/** A time typed in the console (India time, to the minute) as ISO with its zone. */
const istTime = (label: string) =>
  z
    .string({ required_error: `${label} is required.` })
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/, `${label}: a date and time.`)
    .transform((v) => `${v}:00+05:30`);

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `At most ${max} characters.`);

/** The notice (issue 44 §5): both languages required; all members or a list of ids. */
const NoticeSchema = z
  .object({
    discovered_at: istTime("Discovered at"),
    subject_en: text("Subject (English)", 200),
    body_en: text("Notice (English)", 5000),
    subject_hi: text("Subject (Hindi)", 200),
    body_hi: text("Notice (Hindi)", 5000),
    audience: z.enum(["all", "list"], { required_error: "Choose who receives it." }),
    member_ids: z.string().max(60_000, "Too many ids.").optional(),
  })
  .refine((v) => v.audience === "all" || (v.member_ids ?? "").trim().length > 0, {
    message: "List the members' ids.",
    path: ["member_ids"],
  });

const idsOf = (raw: string | undefined) => (raw ?? "").split(/[\s,]+/).filter(Boolean);

const BoardSchema = z.object({
  id: z.string().regex(/^\d+$/),
  board_notified_at: istTime("Board notified at"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/breach/notices", {
    page: String(pageParam(new URL(request.url))),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "board") {
    const parsed = BoardSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data({ stage: "board" as const, error: "Enter the date and time." }, { status: 400 });
    return operatorChange(
      request,
      context,
      `/adminRoute/breach/notices/${Number(parsed.data.id)}/board`,
      { method: "PATCH", json: { board_notified_at: parsed.data.board_notified_at } },
      "/admin/breach",
    );
  }
  const submission = parseWithZod(formData, { schema: NoticeSchema });
  if (submission.status !== "success")
    return data({ stage: "compose" as const, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const body: BreachNoticeBody = {
    key:
      typeof formData.get("key") === "string" && intent === "send"
        ? String(formData.get("key"))
        : newNoticeKey(),
    discovered_at: v.discovered_at,
    subject_en: v.subject_en,
    body_en: v.body_en,
    subject_hi: v.subject_hi,
    body_hi: v.body_hi,
    audience: v.audience,
    member_ids: v.audience === "list" ? idsOf(v.member_ids) : [],
  };
  if (intent === "send")
    return operatorChange(request, context, "/adminRoute/breach/notices", { json: body }, "/admin/breach");
  // The confirm step: the count of members, and the notice as it will go, rendered by the server.
  const res = await operatorApi(request, context, "/adminRoute/breach/preview", { json: body });
  if (!res.ok)
    return data(
      { stage: "compose" as const, result: submission.reply({ formErrors: [errorText(res.body)] }) },
      { status: res.status >= 400 ? res.status : 400 },
    );
  return data({
    stage: "confirm" as const,
    recipients: res.body.msg?.recipients ?? 0,
    form: Object.fromEntries(
      ["discovered_at", "subject_en", "body_en", "subject_hi", "body_hi", "audience", "member_ids"].map(
        (k) => [k, String(formData.get(k) ?? "")],
      ),
    ),
    key: body.key,
    notice: body,
  });
}

export default function AdminBreach() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const confirm = actionData?.stage === "confirm" ? actionData : null;
  const [form, fields] = useAppForm({
    id: "breach",
    lastResult: actionData?.stage === "compose" ? actionData.result : undefined,
    schema: NoticeSchema,
    defaultValue: confirm?.form ?? { audience: "list" },
  });
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Breach Notice</h1>
      <p className="text-sm text-slate-600">
        A notice to members about a breach of their personal data, mailed in each member&apos;s language and
        shown on their dashboard until they dismiss it. It is a legal duty, not marketing: no member&apos;s
        mail choices hold it back. The Data Protection Board must be told within 72 hours of discovery (DPDP
        Rules 2025, rule 7, read 2026-11-29): record when you did below.
      </p>

      {confirm ? (
        <section className="card space-y-3" aria-labelledby="confirm-heading" data-testid="breach-confirm">
          <h2 id="confirm-heading" className="text-lg font-semibold">
            Send this notice to {confirm.recipients} {confirm.recipients === 1 ? "member" : "members"}?
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <article className="rounded border border-slate-200 p-3" lang="en">
              <h3 className="font-semibold">{confirm.notice.subject_en}</h3>
              <p className="whitespace-pre-line break-words text-sm">{confirm.notice.body_en}</p>
            </article>
            <article className="rounded border border-slate-200 p-3" lang="hi">
              <h3 className="font-semibold">{confirm.notice.subject_hi}</h3>
              <p className="whitespace-pre-line break-words text-sm">{confirm.notice.body_hi}</p>
            </article>
          </div>
          <Form method="post" className="flex flex-wrap gap-2">
            {Object.entries(confirm.form).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={String(v)} />
            ))}
            <input type="hidden" name="key" value={confirm.key} />
            <SubmitButton pending={pending} className="btn-danger" name="intent" value="send">
              Send Notice
            </SubmitButton>
            <a href="/admin/breach" className="btn-secondary">
              Start Again
            </a>
          </Form>
        </section>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          className="card space-y-3"
          aria-label="Compose a breach notice"
        >
          <ErrorList errors={form.errors} />
          <Field
            label="Discovered at (India time)"
            errors={fields.discovered_at.errors}
            inputProps={{
              ...getInputProps(fields.discovered_at, { type: "datetime-local" }),
              max: istInput(new Date()),
            }}
          />
          <Field
            label="Subject (English)"
            errors={fields.subject_en.errors}
            inputProps={{ ...getInputProps(fields.subject_en, { type: "text" }), autoComplete: "off" }}
          />
          <div>
            <label className="label" htmlFor={fields.body_en.id}>
              Notice (English)
            </label>
            <textarea className="input min-h-28" {...getTextareaProps(fields.body_en)} />
            <ErrorList id={fields.body_en.errorId} errors={fields.body_en.errors} />
          </div>
          <Field
            label="Subject (Hindi)"
            errors={fields.subject_hi.errors}
            inputProps={{
              ...getInputProps(fields.subject_hi, { type: "text" }),
              autoComplete: "off",
              lang: "hi",
            }}
          />
          <div>
            <label className="label" htmlFor={fields.body_hi.id}>
              Notice (Hindi)
            </label>
            <textarea className="input min-h-28" lang="hi" {...getTextareaProps(fields.body_hi)} />
            <ErrorList id={fields.body_hi.errorId} errors={fields.body_hi.errors} />
          </div>
          <fieldset>
            <legend className="label">Recipients</legend>
            <label className="mr-4 inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.audience.name}
                value="all"
                defaultChecked={fields.audience.initialValue === "all"}
              />
              All members
            </label>
            <label className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.audience.name}
                value="list"
                defaultChecked={fields.audience.initialValue !== "all"}
              />
              These members
            </label>
            <ErrorList id={fields.audience.errorId} errors={fields.audience.errors} />
          </fieldset>
          <div>
            <label className="label" htmlFor={fields.member_ids.id}>
              Member ids (for &ldquo;These members&rdquo;: one per line or separated by commas)
            </label>
            <textarea className="input min-h-20 font-mono text-xs" {...getTextareaProps(fields.member_ids)} />
            <ErrorList id={fields.member_ids.errorId} errors={fields.member_ids.errors} />
          </div>
          <SubmitButton pending={pending} className="btn-primary" name="intent" value="preview">
            Preview
          </SubmitButton>
        </Form>
      )}

      <section className="card space-y-3" aria-labelledby="incidents-heading">
        <h2 id="incidents-heading" className="text-lg font-semibold">
          Incidents
        </h2>
        {actionData?.stage === "board" ? (
          <p role="alert" className="text-sm text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <BreachIncidents records={d.records} pending={pending} />
        <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      </section>
    </div>
  );
}
