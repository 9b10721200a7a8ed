import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { ErrorList, Field, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { parseRupees } from "../../../shared/money";
import { HindiPair, HindiTextField } from "~/components/hindi-field";
import { NoHindiYet } from "./content/markdown";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Payout Methods · Operator Console") },
];

const MethodSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ required_error: "Name is required." }).trim().min(1, "Name is required.").max(50),
  details: z
    .string({ required_error: "Details are required." })
    .trim()
    .min(1, "Details are required.")
    .max(500),
  /** The Hindi name and hint: empty (left out by the browser) means none. */
  name_hi: z.string().trim().max(50).optional(),
  details_hi: z.string().trim().max(500).optional(),
  minimum_amount: z
    .number({
      required_error: "Minimum is required.",
      invalid_type_error: "Minimum must be a whole number of rupees.",
    })
    .int("Minimum must be a whole number of rupees.")
    .min(1, "Minimum must be at least ₹1.")
    .max(10_000_000),
  active: z.boolean().optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await operatorRead(request, context, "/adminRoute/payoutMethods");
  // The console edits whole rupees; the id as the form sends it back (text), so a form's answer finds it.
  return {
    records: d.records.map((m) => ({
      ...m,
      id: String(m.id),
      minimumRupees: Math.floor(parseRupees(m.minimum_amount) / 1000),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: MethodSchema });
  if (submission.status !== "success") {
    return data(
      { formId: String(submission.payload.id ?? "new"), result: submission.reply() },
      { status: 400 },
    );
  }
  const { id, name, details, minimum_amount, active } = submission.value;
  // An emptied Hindi field is sent empty: that Hindi version is removed.
  const hindi = { name_hi: submission.value.name_hi ?? "", details_hi: submission.value.details_hi ?? "" };
  if (id) {
    return operatorChange(
      request,
      context,
      `/adminRoute/payoutMethods/${encodeURIComponent(id)}`,
      { method: "PATCH", json: { name, details, ...hindi, minimum_amount, active: active ?? false } },
      "/admin/payout-methods",
    );
  }
  return operatorChange(
    request,
    context,
    "/adminRoute/payoutMethods",
    { method: "POST", json: { name, details, ...hindi, minimum_amount } },
    "/admin/payout-methods",
  );
}

function MethodForm({
  method,
}: {
  method?: {
    id: string;
    name: string;
    details: string;
    name_hi: string;
    details_hi: string;
    minimumRupees: number;
    active: boolean;
  };
}) {
  const actionData = useActionData<typeof action>();
  const formKey = method?.id ?? "new";
  const busy = useIsPending({ fields: { id: method?.id ?? "" } });
  const [form, fields] = useAppForm({
    id: `method-${formKey}`,
    lastResult: actionData?.formId === formKey ? actionData.result : undefined,
    schema: MethodSchema,
    defaultValue: method
      ? {
          name: method.name,
          details: method.details,
          name_hi: method.name_hi,
          details_hi: method.details_hi,
          minimum_amount: String(method.minimumRupees),
          active: method.active ? "on" : undefined,
        }
      : undefined,
  });
  const label = method ? method.name : "New method";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card space-y-3"
      aria-label={method ? `Payout method ${method.name}` : "Add a payout method"}
    >
      <h2 className="text-lg font-semibold">
        {method ? method.name : "Add a payout method"}
        {method && (!method.name_hi || !method.details_hi) ? (
          <span className="ml-2 align-middle">
            <NoHindiYet />
          </span>
        ) : null}
      </h2>
      {method ? <input type="hidden" name="id" value={method.id} /> : null}
      <HindiPair>
        <Field
          label={`Name (${label})`}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        />
        <HindiTextField label={`Name — Hindi (${label})`} meta={fields.name_hi} />
      </HindiPair>
      <HindiPair>
        <div>
          <label className="label" htmlFor={fields.details.id}>
            Details ({label})
          </label>
          <textarea className="input min-h-16" {...getTextareaProps(fields.details)} />
          <ErrorList id={fields.details.errorId} errors={fields.details.errors} />
        </div>
        <div>
          <label className="label" htmlFor={fields.details_hi.id}>
            Details — Hindi ({label})
          </label>
          <textarea className="input min-h-16" lang="hi" {...getTextareaProps(fields.details_hi)} />
          <p className="mt-1 text-xs text-slate-500">Optional. Empty: Hindi readers see the English.</p>
          <ErrorList id={fields.details_hi.errorId} errors={fields.details_hi.errors} />
        </div>
      </HindiPair>
      <Field
        label={`Minimum withdrawal in ₹ (${label})`}
        errors={fields.minimum_amount.errors}
        inputProps={{ ...getInputProps(fields.minimum_amount, { type: "number" }), min: 1, step: 1 }}
      />
      {method ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            className="h-4 w-4 accent-brand-600"
            {...getInputProps(fields.active, { type: "checkbox" })}
          />
          Active ({label})
        </label>
      ) : null}
      <SubmitButton pending={busy} className="btn-primary">
        {method ? `Save ${method.name}` : "Add Method"}
      </SubmitButton>
    </Form>
  );
}

export default function AdminPayoutMethods() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Payout Methods</h1>
      <p className="text-sm text-slate-600">Members choose from the active methods on their profile page.</p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {d.records.map((m) => (
          <MethodForm key={m.id} method={m} />
        ))}
        <MethodForm />
      </div>
    </div>
  );
}
