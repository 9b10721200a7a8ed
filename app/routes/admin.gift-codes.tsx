import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { formatTime } from "../../shared/time";
import { rupees } from "../../shared/money";
import { rupeeText } from "../../shared/moneyInput";

export const meta: MetaFunction = () => [{ title: "Gift Codes · Operator Console" }];

/** The operator types the expiry in Indian time (datetime-local has no zone of its own). */
const IST_OFFSET = "+05:30";
function expiryInstant(local: string): Date {
  return new Date(`${local.length === 16 ? `${local}:00` : local}${IST_OFFSET}`);
}

const GiftCodeSchema = z.object({
  code: z
    .string({ required_error: "Code is required." })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, "Use 3 to 32 letters, digits, - or _."),
  amount: rupeeText({
    required: "Amount is required.",
    invalid: "Amount in rupees, up to 3 decimals.",
    positive: "Amount must be more than 0.",
  }),
  claim_limit: z
    .number({
      required_error: "Claim limit is required.",
      invalid_type_error: "Claim limit must be a whole number.",
    })
    .int()
    .min(1)
    .max(1_000_000),
  expires_at: z
    .string({ required_error: "Expiry is required." })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Choose a date and time.")
    .refine((v) => expiryInstant(v).getTime() > Date.now(), "Expiry must be in the future."),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await operatorRead(request, context, "/adminRoute/giftCodes");
  const now = Date.now();
  return { records: d.records.map((g) => ({ ...g, expired: new Date(g.expires_at).getTime() <= now })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: GiftCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  return operatorChange(
    request,
    context,
    "/adminRoute/giftCodes",
    {
      method: "POST",
      json: {
        code: v.code.toUpperCase(),
        amount: v.amount,
        claim_limit: v.claim_limit,
        expires_at: expiryInstant(v.expires_at).toISOString(),
      },
    },
    "/admin/gift-codes",
  );
}

export default function AdminGiftCodes() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: "create-gift-code",
    lastResult: actionData?.result,
    schema: GiftCodeSchema,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Gift Codes</h1>
      <section className="card" aria-labelledby="create-heading">
        <h2 id="create-heading" className="text-lg font-semibold">
          Create a gift code
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field
            label="Code"
            errors={fields.code.errors}
            inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "off" }}
          />
          <Field
            label="Amount (₹)"
            errors={fields.amount.errors}
            inputProps={{
              ...getInputProps(fields.amount, { type: "text" }),
              inputMode: "decimal",
              autoComplete: "off",
            }}
          />
          <Field
            label="Claim limit"
            errors={fields.claim_limit.errors}
            inputProps={{ ...getInputProps(fields.claim_limit, { type: "number" }), min: 1 }}
          />
          <Field
            label="Expiry (IST)"
            errors={fields.expires_at.errors}
            inputProps={{ ...getInputProps(fields.expires_at, { type: "datetime-local" }) }}
          />
          <div className="sm:col-span-2">
            <SubmitButton pending={pending} className="btn-primary">
              Create Gift Code
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="codes-heading">
        <h2 id="codes-heading" className="text-lg font-semibold">
          Gift codes
        </h2>
        {d.records.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No gift codes yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Code</th>
                  <th className="py-2 pr-3 font-medium">Amount</th>
                  <th className="py-2 pr-3 font-medium">Claimed</th>
                  <th className="py-2 pr-3 font-medium">Expires</th>
                  <th className="py-2 font-medium">Created</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.records.map((g) => (
                  <tr key={g.id}>
                    <td className="py-2 pr-3 font-mono">{g.code}</td>
                    <td className="py-2 pr-3 tabular-nums">{rupees(g.amount)}</td>
                    <td className="py-2 pr-3 tabular-nums">
                      {g.claimed_count}/{g.claim_limit}
                    </td>
                    <td className={`py-2 pr-3 ${g.expired ? "text-red-600" : ""}`}>
                      {formatTime(g.expires_at)}
                      {g.expired ? " (expired)" : ""}
                    </td>
                    <td className="py-2">{formatTime(g.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
