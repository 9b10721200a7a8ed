import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { ErrorList, Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { PERCENT_INPUT, basisPointsToPercent, percentToBasisPoints } from "../../../shared/money";
import { wholeNumberIn } from "../../../shared/fields";
import { GRIEVANCE_CLOCK_LIMITS as CLOCKS } from "../../../shared/grievance";
import { AgeCheckForm } from "~/components/admin/age-check-form";
import { PayoutTimeForm } from "~/components/admin/payout-time-form";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Settings · Operator Console") },
];

const SettingsSchema = z.object({
  referral_rate: z
    .string({ required_error: "Referral rate is required." })
    .trim()
    .regex(PERCENT_INPUT, "A percentage from 0 to 50 with up to 2 decimals."),
});

/** The grievance officer (issue 44): the page /grievance shows these; the clocks may only be shorter than the rule's. */
const GrievanceSchema = z.object({
  name: z.string().trim().max(120, "At most 120 characters.").default(""),
  email: z.string().trim().email("An e-mail address.").max(254).optional(),
  address: z.string().trim().max(500, "At most 500 characters.").default(""),
  acknowledge_hours: wholeNumberIn(
    CLOCKS.acknowledge_hours,
    "Whole hours from 1 to 24.",
    "Hours are required.",
  ),
  resolve_days: wholeNumberIn(CLOCKS.resolve_days, "Whole days from 1 to 15.", "Days are required."),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [d, officer, privacy, payoutTime] = await Promise.all([
    operatorRead(request, context, "/adminRoute/settings"),
    operatorRead(request, context, "/userMessageRoute/grievance_officer"),
    operatorRead(request, context, "/adminRoute/privacy/settings"),
    operatorRead(request, context, "/adminRoute/settings/payout_time"),
  ]);
  return {
    percent: basisPointsToPercent(d.referral_rate_bp),
    officer,
    ageCheck: privacy.age_check,
    payoutTime,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "grievance") {
    const submission = parseWithZod(formData, { schema: GrievanceSchema });
    if (submission.status !== "success")
      return data({ form: "grievance" as const, result: submission.reply() }, { status: 400 });
    return operatorChange(
      request,
      context,
      "/adminRoute/grievance/settings",
      { method: "PATCH", json: { ...submission.value, email: submission.value.email ?? "" } },
      "/admin/settings",
    );
  }
  const submission = parseWithZod(formData, {
    schema: SettingsSchema.refine((v) => percentToBasisPoints(v.referral_rate) <= 5000, {
      message: "The referral rate can be at most 50 %.",
      path: ["referral_rate"],
    }),
  });
  if (submission.status !== "success")
    return data({ form: "settings" as const, result: submission.reply() }, { status: 400 });
  return operatorChange(
    request,
    context,
    "/adminRoute/settings",
    { method: "PATCH", json: { referral_rate_bp: percentToBasisPoints(submission.value.referral_rate) } },
    "/admin/settings",
  );
}

export default function AdminSettings() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: "settings",
    lastResult: actionData?.form === "settings" ? actionData.result : undefined,
    schema: SettingsSchema,
    defaultValue: { referral_rate: d.percent },
  });
  const [gForm, g] = useAppForm({
    id: "grievance",
    lastResult: actionData?.form === "grievance" ? actionData.result : undefined,
    schema: GrievanceSchema,
    defaultValue: {
      name: d.officer.name,
      email: d.officer.email,
      address: d.officer.address,
      acknowledge_hours: String(d.officer.acknowledge_hours),
      resolve_days: String(d.officer.resolve_days),
    },
  });
  return (
    <div className="max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      <Form method="post" {...getFormProps(form)} className="card space-y-3">
        <Field
          label="Referral rate (%)"
          errors={fields.referral_rate.errors}
          hint="Share of a referee's earnings paid to the member who referred them."
          inputProps={{
            ...getInputProps(fields.referral_rate, { type: "text" }),
            inputMode: "decimal",
            autoComplete: "off",
          }}
        />
        <SubmitButton pending={pending} className="btn-primary">
          Save Settings
        </SubmitButton>
      </Form>
      <Form
        method="post"
        {...getFormProps(gForm)}
        className="card space-y-3"
        aria-labelledby="grievance-heading"
      >
        <h2 id="grievance-heading" className="text-lg font-semibold">
          Grievance officer
        </h2>
        <p className="text-sm text-slate-600">
          Shown on the public page <a href="/grievance">/grievance</a>, linked from every page&apos;s footer.
          The IT Rules 2021 ask for an acknowledgement within 24 hours and a resolution within 15 days: the
          clocks may be shorter, not longer.
        </p>
        <input type="hidden" name="intent" value="grievance" />
        <Field
          label="Name"
          errors={g.name.errors}
          inputProps={{ ...getInputProps(g.name, { type: "text" }), autoComplete: "off" }}
        />
        <Field
          label="E-mail"
          errors={g.email.errors}
          inputProps={{ ...getInputProps(g.email, { type: "email" }), autoComplete: "off" }}
        />
        <div>
          <label className="label" htmlFor={g.address.id}>
            Address
          </label>
          <textarea className="input min-h-20" {...getTextareaProps(g.address)} />
          <ErrorList id={g.address.errorId} errors={g.address.errors} />
        </div>
        <Field
          label="Acknowledge within (hours)"
          errors={g.acknowledge_hours.errors}
          inputProps={{
            ...getInputProps(g.acknowledge_hours, { type: "number" }),
            ...CLOCKS.acknowledge_hours,
            step: 1,
          }}
        />
        <Field
          label="Resolve within (days)"
          errors={g.resolve_days.errors}
          inputProps={{
            ...getInputProps(g.resolve_days, { type: "number" }),
            ...CLOCKS.resolve_days,
            step: 1,
          }}
        />
        <SubmitButton pending={pending} className="btn-primary">
          Save Grievance Officer
        </SubmitButton>
      </Form>
      <PayoutTimeForm value={d.payoutTime} />
      <AgeCheckForm value={d.ageCheck} />
    </div>
  );
}
