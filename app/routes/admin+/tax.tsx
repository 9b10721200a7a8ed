import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { ErrorList, Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { basisPointsToPercent, percentToBasisPoints } from "../../../shared/money";
import {
  INCOME_KINDS,
  MAX_RATE_BP,
  financialYearOf,
  quarterOf,
  type IncomeKind,
  type TaxSettings,
} from "../../../shared/tax";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Tax · Operator Console") }];

const KIND_LABELS: Record<IncomeKind, string> = {
  task: "Task earnings (ads, short links, task walls)",
  referral: "Referral commission",
  prize: "Game prizes",
  adjustment: "Adjustments (operators' credits)",
};

/** The most a threshold may be, in rupees (₹1 crore; the API's bound). */
const MAX_RUPEES = 10_000_000;
const rupees = (name: string) =>
  z
    .number({ required_error: `${name} is required.`, invalid_type_error: "Whole rupees." })
    .int("Whole rupees.")
    .min(0, `From 0 to ${MAX_RUPEES}.`)
    .max(MAX_RUPEES, `From 0 to ${MAX_RUPEES}.`);
const RATE = /^\d{1,2}(\.\d{1,2})?$/;
const rate = z
  .string({ required_error: "A rate is required." })
  .regex(RATE, "A percentage with at most two decimals.")
  .refine((v) => percentToBasisPoints(v) <= MAX_RATE_BP, `At most ${MAX_RATE_BP / 100} %.`);

const ruleFields = Object.fromEntries(
  INCOME_KINDS.flatMap((k) => [
    [`${k}_basis`, z.enum(["year", "payment"], { required_error: "Choose a basis." })],
    [`${k}_threshold`, rupees("The threshold")],
    [`${k}_rate_pan`, rate],
    [`${k}_rate_no_pan`, rate],
  ]),
) as Record<string, z.ZodTypeAny>;

/** The owner's tax settings (issue 44 §6): rupees and percentages typed, milli-rupees and basis points sent. */
const TaxSchema = z.object({
  enabled: z.preprocess((v) => v === "on", z.boolean()),
  pan_required_above: rupees("The PAN threshold"),
  ...ruleFields,
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = await operatorRead(request, context, "/adminRoute/tax/settings");
  const now = new Date();
  return { settings, fy: financialYearOf(now), quarter: quarterOf(now) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: TaxSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value as Record<string, unknown> & { enabled: boolean; pan_required_above: number };
  const settings: TaxSettings = {
    enabled: v.enabled,
    pan_required_above: v.pan_required_above * 1000,
    rules: Object.fromEntries(
      INCOME_KINDS.map((k) => [
        k,
        {
          basis: v[`${k}_basis`] as "year" | "payment",
          threshold: (v[`${k}_threshold`] as number) * 1000,
          rate_pan_bp: percentToBasisPoints(v[`${k}_rate_pan`] as string),
          rate_no_pan_bp: percentToBasisPoints(v[`${k}_rate_no_pan`] as string),
        },
      ]),
    ) as TaxSettings["rules"],
  };
  return operatorChange(
    request,
    context,
    "/adminRoute/tax/settings",
    { method: "PATCH", json: settings },
    "/admin/tax",
  );
}

export default function AdminTax() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const s = d.settings;
  const [form, fields] = useAppForm({
    id: "tax",
    lastResult: actionData?.result,
    schema: TaxSchema,
    defaultValue: {
      enabled: s.enabled ? "on" : undefined,
      pan_required_above: String(s.pan_required_above / 1000),
      ...Object.fromEntries(
        INCOME_KINDS.flatMap((k) => [
          [`${k}_basis`, s.rules[k].basis],
          [`${k}_threshold`, String(s.rules[k].threshold / 1000)],
          [`${k}_rate_pan`, basisPointsToPercent(s.rules[k].rate_pan_bp)],
          [`${k}_rate_no_pan`, basisPointsToPercent(s.rules[k].rate_no_pan_bp)],
        ]),
      ),
    },
  });
  const f = fields as unknown as Record<string, (typeof fields)["pan_required_above"]>;
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Tax</h1>
      <p className="text-sm text-slate-600">
        Tax deducted at source when a member withdraws: the tax due on their income of the financial year not
        taxed yet, under the rules below, is taken from the withdrawal and held in the TDS payable account.
        The defaults and their sources are in the README (&ldquo;Privacy and the law&rdquo;). This is not
        legal advice.
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-3">
        <ErrorList errors={form.errors} />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.enabled, { type: "checkbox" })} />
          Deduct tax on withdrawals
        </label>
        <Field
          label="Ask for a PAN once a member's withdrawals this financial year pass (₹, 0: never)"
          errors={f.pan_required_above!.errors}
          inputProps={{
            ...getInputProps(fields.pan_required_above, { type: "number" }),
            min: 0,
            max: MAX_RUPEES,
            step: 1,
          }}
        />
        {INCOME_KINDS.map((k) => (
          <fieldset
            key={k}
            className="space-y-2 border-t border-slate-200 pt-3"
            data-testid={`tax-rule-${k}`}
          >
            <legend className="font-semibold">{KIND_LABELS[k]}</legend>
            <div>
              <label className="label" htmlFor={f[`${k}_basis`]!.id}>
                Basis
              </label>
              <select className="input" {...getSelectProps(f[`${k}_basis`]!)}>
                <option value="year">
                  Once the year&apos;s total passes the threshold (on the whole year)
                </option>
                <option value="payment">On each single payment above the threshold</option>
              </select>
              <ErrorList id={f[`${k}_basis`]!.errorId} errors={f[`${k}_basis`]!.errors} />
            </div>
            <Field
              label="Threshold (₹)"
              errors={f[`${k}_threshold`]!.errors}
              inputProps={{
                ...getInputProps(f[`${k}_threshold`]!, { type: "number" }),
                min: 0,
                max: MAX_RUPEES,
                step: 1,
              }}
            />
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Field
                label="Rate with PAN (%)"
                errors={f[`${k}_rate_pan`]!.errors}
                inputProps={{
                  ...getInputProps(f[`${k}_rate_pan`]!, { type: "text" }),
                  pattern: RATE.source.slice(1, -1),
                  inputMode: "decimal",
                }}
              />
              <Field
                label="Rate without PAN (%)"
                errors={f[`${k}_rate_no_pan`]!.errors}
                inputProps={{
                  ...getInputProps(f[`${k}_rate_no_pan`]!, { type: "text" }),
                  pattern: RATE.source.slice(1, -1),
                  inputMode: "decimal",
                }}
              />
            </div>
          </fieldset>
        ))}
        <SubmitButton pending={pending} className="btn-primary">
          Save Tax Settings
        </SubmitButton>
      </Form>

      <section className="card space-y-3" aria-labelledby="statement-heading">
        <h2 id="statement-heading" className="text-lg font-semibold">
          Quarterly statement
        </h2>
        <p className="text-sm text-slate-600">
          A CSV for the accountant: every deduction of the quarter (member, PAN, income kind, amount, rate,
          tax, withdrawal, date). Refunded deductions are left out.
        </p>
        <Form
          method="get"
          action="/admin/tax/statement.csv"
          reloadDocument
          className="flex flex-wrap items-end gap-3"
        >
          <div>
            <label className="label" htmlFor="statement-fy">
              Financial year
            </label>
            <input
              id="statement-fy"
              className="input"
              name="fy"
              defaultValue={d.fy}
              required
              pattern="[0-9]{4}-[0-9]{2}"
              title="Like 2026-27"
              size={8}
            />
          </div>
          <div>
            <label className="label" htmlFor="statement-quarter">
              Quarter
            </label>
            <select id="statement-quarter" className="input" name="quarter" defaultValue={String(d.quarter)}>
              <option value="1">Q1 (April–June)</option>
              <option value="2">Q2 (July–September)</option>
              <option value="3">Q3 (October–December)</option>
              <option value="4">Q4 (January–March)</option>
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Download CSV
          </button>
        </Form>
      </section>
    </div>
  );
}
