import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { PERCENT_INPUT, basisPointsToPercent, percentToBasisPoints } from "../../../shared/money";

export const meta: MetaFunction = () => [{ title: "Settings · Operator Console" }];

const SettingsSchema = z.object({
  referral_rate: z
    .string({ required_error: "Referral rate is required." })
    .trim()
    .regex(PERCENT_INPUT, "A percentage from 0 to 50 with up to 2 decimals.")
    .refine((v) => percentToBasisPoints(v) <= 5000, "The referral rate can be at most 50 %."),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await operatorRead(request, context, "/adminRoute/settings");
  return { percent: basisPointsToPercent(d.referral_rate_bp) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
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
    lastResult: actionData?.result,
    schema: SettingsSchema,
    defaultValue: { referral_rate: d.percent },
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
    </div>
  );
}
