import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { ScheduledRaiseNote } from "~/components/admin/money-limits";
import { operatorApi, operatorChange, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { Field, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { PayoutFigures } from "~/components/admin/payout-parts";
import { ResultOutcome } from "~/components/admin/payout-outcomes";
import { formatTime } from "../../../shared/time";
import { MAX_INPUT_RUPEES, formatRupees, parseRupees } from "../../../shared/money";
import type { BankFileRecord, BankResultOutcome } from "../../../shared/contracts/payouts";
import type { OperatorMe } from "../../../shared/contracts/operators";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Payouts · Operator Console") },
];

/**
 * `/admin/payouts` (issue 22; the payouts role and the owner): how payouts go, money sent, in
 * flight and failed, the owner's policy (the daily outgoing limit and the four-eyes threshold),
 * and the bank files — each downloadable, each taking the bank's result file back.
 */

const wholeRupees = (label: string) =>
  z
    .number({
      required_error: `${label} is required.`,
      invalid_type_error: `${label} must be a whole number of rupees.`,
    })
    .int(`${label} must be a whole number of rupees.`)
    .min(0, `${label} cannot be below 0.`)
    .max(MAX_INPUT_RUPEES, `${label} must be at most ${MAX_INPUT_RUPEES}.`);

const PolicySchema = z.object({
  intent: z.literal("policy"),
  daily_limit: wholeRupees("The daily limit"),
  four_eyes_above: wholeRupees("The four-eyes threshold"),
});

const ImportSchema = z.object({ intent: z.literal("import"), id: z.string().regex(/^[0-9a-f]{24}$/) });

/** The API reads at most 60,000 characters of a result file (its body limit): a bigger file is refused here. */
const RESULT_MAX_BYTES = 60_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = Math.min(pageParam(new URL(request.url)), 999_999_999);
  const [overview, files] = await Promise.all([
    operatorRead(request, context, "/adminRoute/payouts"),
    operatorRead(request, context, "/adminRoute/payouts/bankFiles", { page: String(page) }),
  ]);
  return { overview, files: files.records, pagination: files.pagination };
}

type ImportAnswer =
  | { kind: "import"; id: string; outcome: BankResultOutcome }
  | { kind: "import_error"; id: string; message: string };

async function importResult(request: Request, context: ActionFunctionArgs["context"], form: FormData) {
  const parsed = ImportSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) throw new Response("Bank file not found.", { status: 404 });
  const { id } = parsed.data;
  const file = form.get("result");
  const refuse = (message: string) =>
    data<ImportAnswer>({ kind: "import_error", id, message }, { status: 400 });
  if (!file || typeof file === "string" || file.size === 0)
    return refuse("Choose the bank's result file (CSV).");
  if (file.size > RESULT_MAX_BYTES)
    return refuse("The result file is larger than 60,000 characters: import it in parts.");
  const csv = await file.text();
  const res = await operatorApi(request, context, `/adminRoute/payouts/bankFiles/${id}/result`, {
    method: "POST",
    json: { csv },
  });
  if (res.ok && res.body.msg) return data<ImportAnswer>({ kind: "import", id, outcome: res.body.msg });
  return data<ImportAnswer>(
    { kind: "import_error", id, message: errorText(res.body) },
    { status: res.status >= 400 ? res.status : 500 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The result file comes as multipart (its size is bounded by the web tier's body limit, 64 KB).
  const form = await request.formData();
  if (form.get("intent") === "import") return importResult(request, context, form);
  const submission = parseWithZod(form, { schema: PolicySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return operatorChange(
    request,
    context,
    "/adminRoute/payouts/policy",
    {
      method: "PATCH",
      json: { daily_limit: submission.value.daily_limit, four_eyes_above: submission.value.four_eyes_above },
    },
    "/admin/payouts",
  );
}

const money = (rupeeText: string) => formatRupees(parseRupees(rupeeText), 2);
/** The policy's rupee strings ("5000.000") as the whole rupees the form takes. */
const wholeOf = (rupeeText: string) => String(Math.floor(parseRupees(rupeeText) / 1000));

function PolicyForm({ dailyLimit, fourEyesAbove }: { dailyLimit: string; fourEyesAbove: string }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "policy" } });
  const [form, fields] = useAppForm({
    id: "payout-policy",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    schema: PolicySchema,
    defaultValue: { daily_limit: wholeOf(dailyLimit), four_eyes_above: wholeOf(fourEyesAbove) },
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="policy" />
      <Field
        label="Daily outgoing limit (₹)"
        hint="The most sent in one day (India time). 0: no limit."
        errors={fields.daily_limit.errors}
        inputProps={{
          ...getInputProps(fields.daily_limit, { type: "number" }),
          step: 1,
          inputMode: "numeric",
        }}
      />
      <Field
        label="Second operator above (₹)"
        hint="Approving more than this needs two different operators. 0: every request needs two."
        errors={fields.four_eyes_above.errors}
        inputProps={{
          ...getInputProps(fields.four_eyes_above, { type: "number" }),
          step: 1,
          inputMode: "numeric",
        }}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} className="btn-primary">
          Save the policy
        </SubmitButton>
      </div>
    </Form>
  );
}

function ImportForm({ file }: { file: BankFileRecord }) {
  const pending = useIsPending({ fields: { intent: "import", id: file.id } });
  const inputId = `result-${file.id}`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="id" value={file.id} />
      <div className="min-w-0 flex-1">
        <label className="label" htmlFor={inputId}>
          Bank&apos;s result file for {file.id.toUpperCase()}
        </label>
        <input id={inputId} className="input" type="file" name="result" accept=".csv,text/csv" required />
      </div>
      <SubmitButton pending={pending} className="btn-secondary">
        Import result file
      </SubmitButton>
    </Form>
  );
}

function BankFileCard({ file }: { file: BankFileRecord }) {
  const actionData = useActionData<typeof action>();
  const answer =
    actionData && "kind" in actionData && actionData.id === file.id ? (actionData as ImportAnswer) : null;
  const name = file.id.toUpperCase();
  return (
    <li className="card space-y-3" aria-label={`Bank file ${name}`} data-testid="bank-file">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="break-all font-mono font-semibold">{name}</p>
        <a
          href={`/admin/payouts/bank-files/${encodeURIComponent(file.id)}/csv`}
          className="font-semibold text-brand-700 underline"
          download
          aria-label={`Download CSV of ${name}`}
        >
          Download CSV
        </a>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Written: </dt>
          <dd className="inline">
            <time dateTime={file.created_at}>{formatTime(file.created_at)}</time> by {file.created_by}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Transfers: </dt>
          <dd className="inline tabular-nums">
            {file.rows}, {money(file.total)}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Waiting for a result: </dt>
          <dd className="inline tabular-nums">{file.open}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Result imported: </dt>
          <dd className="inline">
            {file.result_imported_at ? (
              <time dateTime={file.result_imported_at}>{formatTime(file.result_imported_at)}</time>
            ) : (
              "not yet"
            )}
          </dd>
        </div>
      </dl>
      {answer?.kind === "import" ? <ResultOutcome outcome={answer.outcome} /> : null}
      {answer?.kind === "import_error" ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {answer.message}
        </p>
      ) : null}
      <ImportForm file={file} />
    </li>
  );
}

export default function AdminPayouts() {
  const { overview, files, pagination } = useLoaderData<typeof loader>();
  const me = useRouteLoaderData<OperatorMe>(ROUTE_IDS.admin);
  const isOwner = me?.roles.includes("owner") ?? false;
  const { mode, totals, policy } = overview;
  const noLimit = parseRupees(policy.daily_limit) === 0;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Payouts</h1>
      <p className="card text-sm" data-testid="payout-mode">
        <span className="font-semibold">
          {mode === "razorpayx"
            ? "Payouts go through RazorpayX."
            : "Payouts are made by hand or by bank file."}
        </span>{" "}
        {mode === "razorpayx"
          ? "Approving a withdrawal sends it; it stays Pending until RazorpayX reports its final status."
          : "Approving a withdrawal marks it paid; a bank file pays many at once through the bank's bulk upload."}{" "}
        <Link to="/admin/withdrawals" className="text-brand-700 underline">
          Withdrawal queue
        </Link>
      </p>

      <PayoutFigures t={totals} />

      <section className="card" aria-labelledby="policy-heading">
        <h2 id="policy-heading" className="text-lg font-semibold">
          Policy
        </h2>
        {isOwner ? (
          <PolicyForm dailyLimit={policy.daily_limit} fourEyesAbove={policy.four_eyes_above} />
        ) : (
          <dl className="mt-2 space-y-1 text-sm" data-testid="payout-policy">
            <div>
              <dt className="inline text-slate-600">Daily outgoing limit: </dt>
              <dd className="inline font-semibold">{noLimit ? "none" : money(policy.daily_limit)}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">A second operator approves amounts above: </dt>
              <dd className="inline font-semibold">{money(policy.four_eyes_above)}</dd>
            </div>
            <p className="text-slate-600">Only the owner can change the policy.</p>
          </dl>
        )}
        {isOwner && overview.scheduled ? (
          <ScheduledRaiseNote
            what="payout policy"
            raise={{
              ...overview.scheduled,
              value: `daily limit ${parseRupees(overview.scheduled.daily_limit) === 0 ? "none" : money(overview.scheduled.daily_limit)}, second operator above ${money(overview.scheduled.four_eyes_above)}`,
            }}
          />
        ) : null}
      </section>

      <section aria-labelledby="bank-files-heading" className="space-y-3">
        <h2 id="bank-files-heading" className="text-lg font-semibold">
          Bank files
        </h2>
        <p className="text-sm text-slate-600">
          Tick requests in the withdrawal queue and press &ldquo;Add selected to a bank file&rdquo;; upload
          the CSV to the bank&apos;s bulk transfer, then import the result file the bank gives back. Newest
          first, 20 a page.
        </p>
        {files.length === 0 ? (
          <p className="card text-sm text-slate-600">No bank files yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Bank files">
            {files.map((f) => (
              <BankFileCard key={f.id} file={f} />
            ))}
          </ul>
        )}
        <Pagination page={pagination.page} totalPages={pagination.totalPages} />
      </section>
    </div>
  );
}
