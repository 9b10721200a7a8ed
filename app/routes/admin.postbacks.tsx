import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorApi, operatorChange, operatorRead } from "~/utils/admin.server";
import { errorText, type ApiResult } from "~/utils/api.server";
import { Field, SelectField, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { AlertBox, ConfirmDialog, newRequestId } from "~/components/confirm-dialog";
import { formatTime } from "../../shared/time";
import { Pagination } from "~/components/pagination";
import { pageParam } from "~/utils/pagination";
import { rupees } from "../../shared/money";
import type { Pagination as Page } from "../../shared/pagination";
import {
  SUCCESS_VERDICTS,
  POSTBACK_VERDICTS,
  type OperatorWall,
  type PostbackRow,
  type PostbackSendResult,
} from "~/utils/task-walls";
import type { PostbackVerdict } from "../../shared/taskWall";

export const meta: MetaFunction = () => [{ title: "Postbacks · Operator Console" }];

const TestSchema = z.object({
  intent: z.literal("test"),
  wallId: z.string({ required_error: "Choose a wall." }).max(64),
  userId: z.string({ required_error: "The member's id is required." }).trim().min(1).max(64),
  transactionId: z
    .string({ required_error: "A transaction id is required." })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "Letters, digits, _ . : - (up to 100)."),
  points: z
    .number({ required_error: "Points are required.", invalid_type_error: "Points must be a whole number." })
    .int("Points must be a whole number.")
    .min(1, "At least 1 point.")
    .max(10_000_000),
  reversal: z.boolean().optional(),
});

const RetentionSchema = z.object({
  intent: z.literal("retention"),
  retentionDays: z
    .number({
      required_error: "The number of days is required.",
      invalid_type_error: "A whole number of days.",
    })
    .int("A whole number of days.")
    .min(1, "At least 1 day.")
    .max(3650, "At most 3650 days (ten years)."),
});

const ReplaySchema = z.object({
  intent: z.enum(["replay-check", "replay"]),
  id: z.string().regex(/^\d{1,18}$/),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const wall = url.searchParams.get("wall") ?? "";
  const verdictParam = url.searchParams.get("verdict") ?? "";
  const verdict = (POSTBACK_VERDICTS as readonly string[]).includes(verdictParam) ? verdictParam : "";
  const [walls, log] = await Promise.all([
    operatorRead<{ records: OperatorWall[] }>(request, context, "/adminRoute/offerWalls"),
    operatorRead<{ records: PostbackRow[]; pagination: Page; retentionDays: number }>(
      request,
      context,
      "/adminRoute/postbacks",
      {
        wall: wall || undefined,
        verdict: verdict || undefined,
        page: String(pageParam(url)),
      },
    ),
  ]);
  return {
    walls: walls.records.map((w) => ({ id: w._id, name: w.name })),
    records: log.records,
    pagination: log.pagination,
    retentionDays: log.retentionDays,
    filter: { wall, verdict },
    // A fresh transaction id for the test form (each test is a new transaction unless changed).
    suggestedTransactionId: `test-${newRequestId().slice(0, 10)}`,
  };
}

type ActionAnswer = {
  sent: { ok: true; result: PostbackSendResult } | { ok: false; message: string } | null;
  confirm: { id: string } | null;
  result?: SubmissionResult<string[]>;
  /** Which form `result` belongs to. */
  form?: "test" | "retention";
};

function sentAnswer(res: ApiResult<PostbackSendResult>): NonNullable<ActionAnswer["sent"]> {
  if (res.ok && res.body.msg) return { ok: true, result: res.body.msg };
  return { ok: false, message: errorText(res.body) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "retention") {
    const submission = parseWithZod(formData, { schema: RetentionSchema });
    if (submission.status !== "success")
      return data<ActionAnswer>(
        { sent: null, confirm: null, result: submission.reply(), form: "retention" },
        { status: 400 },
      );
    return operatorChange(
      request,
      context,
      "/adminRoute/postbacks/settings",
      { method: "PATCH", json: { retentionDays: submission.value.retentionDays } },
      "/admin/postbacks",
    );
  }
  if (formData.get("intent") === "test") {
    const submission = parseWithZod(formData, { schema: TestSchema });
    if (submission.status !== "success")
      return data<ActionAnswer>(
        { sent: null, confirm: null, result: submission.reply(), form: "test" },
        { status: 400 },
      );
    const v = submission.value;
    const res = await operatorApi<PostbackSendResult>(request, context, "/adminRoute/postbacks/test", {
      method: "POST",
      json: {
        wallId: v.wallId,
        userId: v.userId,
        transactionId: v.transactionId,
        points: v.points,
        reversal: v.reversal ?? false,
      },
    });
    return data<ActionAnswer>({
      sent: sentAnswer(res),
      confirm: null,
      result: submission.reply(),
      form: "test",
    });
  }
  const parsed = ReplaySchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data<ActionAnswer>(
      { sent: { ok: false, message: "Postback not found." }, confirm: null },
      { status: 400 },
    );
  const { intent, id } = parsed.data;
  // A replay sends the logged request again: a confirm step first (server-rendered without scripts).
  if (intent === "replay-check") return data<ActionAnswer>({ sent: null, confirm: { id } });
  const res = await operatorApi<PostbackSendResult>(request, context, `/adminRoute/postbacks/${id}/replay`, {
    method: "POST",
    json: {},
  });
  return data<ActionAnswer>({ sent: sentAnswer(res), confirm: null });
}

function VerdictBadge({ verdict }: { verdict: PostbackVerdict }) {
  const tone = SUCCESS_VERDICTS.has(verdict)
    ? "bg-green-100 text-green-800 ring-green-300"
    : "bg-red-100 text-red-800 ring-red-300";
  return (
    <span
      data-testid="verdict"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {verdict}
    </span>
  );
}

function SentResult({ sent }: { sent: NonNullable<ActionAnswer["sent"]> }) {
  if (!sent.ok) return <AlertBox tone="error" title={sent.message} />;
  const { status, body, verdict } = sent.result;
  return (
    <AlertBox tone={SUCCESS_VERDICTS.has(verdict) ? "success" : "warning"} title={`Verdict: ${verdict}`}>
      The endpoint answered HTTP {status}
      {body ? (
        <>
          {" "}
          with <code className="break-all font-mono">{body}</code>
        </>
      ) : null}
      .
    </AlertBox>
  );
}

function TestForm({
  walls,
  transactionId,
}: {
  walls: { id: string; name: string }[];
  transactionId: string;
}) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "test" } });
  const [form, fields] = useAppForm({
    id: "test-postback",
    lastResult: actionData?.form === "test" ? actionData.result : undefined,
    schema: TestSchema,
    defaultValue: { wallId: walls[0]?.id, transactionId, points: "100" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3" aria-label="Send test postback">
      <h2 className="text-lg font-semibold">Send test postback</h2>
      <p className="text-sm text-slate-600">
        Signs a postback with the wall's scheme and secret and sends it over HTTP to its endpoint, as the
        network would. It moves real money: use a test member.
      </p>
      <input type="hidden" name="intent" value="test" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label="Wall" field={fields.wallId}>
          {walls.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </SelectField>
        <Field
          label="Member id"
          errors={fields.userId.errors}
          inputProps={{
            ...getInputProps(fields.userId, { type: "text" }),
            autoComplete: "off",
            spellCheck: false,
          }}
        />
        <Field
          label="Transaction id"
          errors={fields.transactionId.errors}
          hint="Send the same id again to see a duplicate."
          inputProps={{
            ...getInputProps(fields.transactionId, { type: "text" }),
            autoComplete: "off",
            spellCheck: false,
          }}
        />
        <Field
          label="Points"
          errors={fields.points.errors}
          inputProps={{ ...getInputProps(fields.points, { type: "number" }), min: 1, step: 1 }}
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          className="h-4 w-4 accent-brand-600"
          {...getInputProps(fields.reversal, { type: "checkbox" })}
        />
        Reversal (cancels the credit of this transaction id)
      </label>
      <SubmitButton pending={pending} className="btn-primary" disabled={walls.length === 0}>
        Send Test Postback
      </SubmitButton>
    </Form>
  );
}

function RetentionForm({ days }: { days: number }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "retention" } });
  const [form, fields] = useAppForm({
    id: "postback-retention",
    lastResult: actionData?.form === "retention" ? actionData.result : undefined,
    schema: RetentionSchema,
    defaultValue: { retentionDays: String(days) },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card flex flex-wrap items-end gap-3"
      aria-label="Postback log retention"
    >
      <input type="hidden" name="intent" value="retention" />
      <Field
        label="Keep the log for (days)"
        errors={fields.retentionDays.errors}
        hint="Older rows are removed as new postbacks arrive."
        inputProps={{
          ...getInputProps(fields.retentionDays, { type: "number" }),
          min: 1,
          max: 3650,
          step: 1,
        }}
      />
      <SubmitButton pending={pending} className="btn-secondary">
        Save
      </SubmitButton>
    </Form>
  );
}

function PostbackEntry({ row }: { row: PostbackRow }) {
  return (
    <li className="card space-y-2 text-sm" data-testid="postback">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          #{row.id} · {row.wallName ?? row.wallId ?? "—"}{" "}
          <span className="font-normal text-slate-500">
            <time dateTime={row.time}>{formatTime(row.time)}</time>
            {row.ip ? ` · ${row.ip}` : ""} · {row.origin}
          </span>
        </p>
        <VerdictBadge verdict={row.verdict} />
      </div>
      <p className="break-all font-mono text-xs">
        <span className="font-semibold">{row.method}</span> {row.url}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-slate-500">Transaction</dt>
        <dd className="break-all font-mono">{row.transactionId ?? "—"}</dd>
        <dt className="text-slate-500">Member</dt>
        <dd className="break-all">{row.userName ?? row.userId ?? "—"}</dd>
        <dt className="text-slate-500">Amount</dt>
        <dd>{row.amount ? rupees(row.amount) : "—"}</dd>
        <dt className="text-slate-500">Detail</dt>
        <dd className="break-words">{row.detail ?? "—"}</dd>
      </dl>
      {row.headers || row.body ? (
        <details>
          <summary className="cursor-pointer text-brand-600">Raw request</summary>
          <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
            {row.headers
              ? Object.entries(row.headers)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join("\n")
              : ""}
            {row.body ? `\n\n${row.body}` : ""}
          </pre>
        </details>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="replay-check" />
        <input type="hidden" name="id" value={String(row.id)} />
        <button type="submit" className="btn-secondary" aria-label={`Replay postback ${row.id}`}>
          Replay
        </button>
      </Form>
    </li>
  );
}

export default function AdminPostbacks() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirm = actionData?.confirm ?? null;
  const replaying = useIsPending({ fields: { intent: "replay", id: confirm?.id ?? "" } });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Postbacks</h1>
      <p className="text-sm text-slate-600">
        Every request to a postback URL with what was decided, newest first. Postbacks that moved money are
        kept as received; the others (refusals, duplicates) as a summary: the first 300 bytes of the address,
        without headers or body. Rows older than {d.retentionDays} days are removed.
      </p>
      {actionData?.sent ? <SentResult sent={actionData.sent} /> : null}
      <TestForm walls={d.walls} transactionId={d.suggestedTransactionId} />
      <RetentionForm days={d.retentionDays} />
      <Form method="get" className="card flex flex-wrap items-end gap-3" aria-label="Filter postbacks">
        <div>
          <label className="label" htmlFor="filter-wall">
            Wall
          </label>
          <select id="filter-wall" name="wall" className="input" defaultValue={d.filter.wall}>
            <option value="">All walls</option>
            {d.walls.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="filter-verdict">
            Verdict
          </label>
          <select id="filter-verdict" name="verdict" className="input" defaultValue={d.filter.verdict}>
            <option value="">All verdicts</option>
            {POSTBACK_VERDICTS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No postbacks yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Postback log">
          {d.records.map((r) => (
            <PostbackEntry key={r.id} row={r} />
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      {confirm ? (
        <ConfirmDialog
          title={`Replay postback #${confirm.id}?`}
          confirmLabel="Replay"
          cancelLabel="Cancel"
          pending={replaying}
          fields={{ intent: "replay", id: confirm.id }}
        >
          <p>
            The logged request is sent again to its endpoint (same URL, headers and body; a summary row has
            only its first 300 bytes of address). A transaction already credited is answered as a duplicate
            and moves nothing.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
