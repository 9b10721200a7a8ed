import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { ErrorList, Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { RetentionRuns } from "~/components/admin/retention-runs";
import { wholeNumberIn } from "../../../shared/fields";
import {
  DORMANT_LIMITS,
  DORMANT_POLICIES,
  RETENTION_KINDS,
  RETENTION_LABELS,
  RETENTION_LIMITS,
  type RetentionKind,
} from "../../../shared/retention";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Retention · Operator Console") },
];

const days = (kind: RetentionKind) => {
  const b = RETENTION_LIMITS[kind];
  return wholeNumberIn(b, `Whole days from ${b.min} to ${b.max}.`, "Days are required.");
};

/** The owner's retention periods and dormant-account policy (issue 44 §4). */
const RetentionSchema = z.object({
  sessions: days("sessions"),
  sign_ins: days("sign_ins"),
  postback_logs: days("postback_logs"),
  payout_webhook_logs: days("payout_webhook_logs"),
  risk_evidence: days("risk_evidence"),
  support_messages: days("support_messages"),
  dormant_after_days: z
    .number({ required_error: "Days are required.", invalid_type_error: "Whole days." })
    .int("Whole days.")
    .min(0, `0 (off) or from ${DORMANT_LIMITS.min} to ${DORMANT_LIMITS.max}.`)
    .max(DORMANT_LIMITS.max, `0 (off) or from ${DORMANT_LIMITS.min} to ${DORMANT_LIMITS.max}.`)
    .refine((n) => n === 0 || n >= DORMANT_LIMITS.min, {
      message: `0 (off) or from ${DORMANT_LIMITS.min} to ${DORMANT_LIMITS.max}.`,
    }),
  dormant_balance_policy: z.enum(DORMANT_POLICIES, { required_error: "Choose what happens to a balance." }),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/retention");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "run")
    return operatorChange(
      request,
      context,
      "/adminRoute/retention/run",
      { method: "POST" },
      "/admin/retention",
    );
  const submission = parseWithZod(formData, { schema: RetentionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  return operatorChange(
    request,
    context,
    "/adminRoute/retention",
    {
      method: "PATCH",
      json: {
        days: {
          sessions: v.sessions,
          sign_ins: v.sign_ins,
          postback_logs: v.postback_logs,
          payout_webhook_logs: v.payout_webhook_logs,
          risk_evidence: v.risk_evidence,
          support_messages: v.support_messages,
        },
        dormant_after_days: v.dormant_after_days,
        dormant_balance_policy: v.dormant_balance_policy,
      },
    },
    "/admin/retention",
  );
}

export default function AdminRetention() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: "retention",
    lastResult: actionData?.result,
    schema: RetentionSchema,
    defaultValue: {
      ...Object.fromEntries(RETENTION_KINDS.map((k) => [k, String(d.days[k])])),
      dormant_after_days: String(d.dormant_after_days),
      dormant_balance_policy: d.dormant_balance_policy,
    },
  });
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Retention</h1>
      <p className="text-sm text-slate-600">
        Each kind of record is kept for the days below and then deleted by a job that runs about hourly on
        every server, 500 rows at a time. The defaults and their sources are in the README (&ldquo;Privacy and
        the law&rdquo;). This is not legal advice.
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-3">
        <ErrorList errors={form.errors} />
        {RETENTION_KINDS.map((k) => (
          <Field
            key={k}
            label={`${RETENTION_LABELS[k].label} (days)`}
            hint={`Kept ${RETENTION_LABELS[k].rule}; ${RETENTION_LIMITS[k].min} to ${RETENTION_LIMITS[k].max}.`}
            errors={fields[k].errors}
            inputProps={{ ...getInputProps(fields[k], { type: "number" }), ...RETENTION_LIMITS[k], step: 1 }}
          />
        ))}
        <h2 className="pt-2 text-lg font-semibold">Dormant accounts</h2>
        <Field
          label="Erase after this many days without a visit (0: off)"
          hint={`The member is mailed 48 hours before; any visit keeps the account. 0 or ${DORMANT_LIMITS.min} to ${DORMANT_LIMITS.max}.`}
          errors={fields.dormant_after_days.errors}
          inputProps={{
            ...getInputProps(fields.dormant_after_days, { type: "number" }),
            min: 0,
            max: DORMANT_LIMITS.max,
            step: 1,
          }}
        />
        <div>
          <label className="label" htmlFor={fields.dormant_balance_policy.id}>
            A dormant member&apos;s balance
          </label>
          <select className="input" {...getSelectProps(fields.dormant_balance_policy)}>
            <option value="payout">Pay out to the bound account if at least the minimum, else forfeit</option>
            <option value="forfeit">Forfeit to the platform (booked in the ledger)</option>
          </select>
          <ErrorList
            id={fields.dormant_balance_policy.errorId}
            errors={fields.dormant_balance_policy.errors}
          />
        </div>
        <SubmitButton pending={pending} className="btn-primary">
          Save Retention
        </SubmitButton>
      </Form>
      <section className="card space-y-3" aria-labelledby="runs-heading">
        <h2 id="runs-heading" className="text-lg font-semibold">
          Last runs
        </h2>
        <RetentionRuns runs={d.runs} />
        <Form method="post">
          <input type="hidden" name="intent" value="run" />
          <SubmitButton pending={pending} className="btn-secondary">
            Run Now
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
