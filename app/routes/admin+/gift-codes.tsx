import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { ScheduledRaiseNote, ThresholdForm } from "~/components/admin/money-limits";
import { Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { formatTime } from "../../../shared/time";
import { bigMilliToRupeeString, parseRupeeInput, parseRupees, rupees } from "../../../shared/money";
import type { GiftCodeRecord, GiftCodeState } from "../../../shared/contracts/giftCodes";
import { rupeeText } from "../../../shared/moneyInput";

/**
 * Gift codes (owner): a new code goes through a confirm step that shows what it can cost at most
 * (amount × claim limit); a code whose total value is above the gift-code threshold opens for
 * claims only after the money-limit delay, during which any owner can cancel it on the overview
 * (issue 42, ADR 0030). A code can be disabled (no further claims; claims made stay).
 */
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Gift Codes · Operator Console") },
];

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
  return operatorRead(request, context, "/adminRoute/giftCodes");
}

type Confirm =
  | { kind: "create"; code: string; amount: string; claim_limit: number; expires_at: string; total: string }
  | { kind: "disable"; id: number; code: string };

const DisableSchema = z.object({ id: z.coerce.number().int().min(1), code: z.string().max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "create");
  if (intent === "threshold") {
    const threshold = String(form.get("threshold") ?? "").trim();
    if (parseRupeeInput(threshold) === null)
      return data(
        { result: null, confirm: null, error: "Threshold in rupees, up to 3 decimals." },
        { status: 400 },
      );
    return operatorChange(
      request,
      context,
      "/adminRoute/giftCodes/settings",
      { method: "PATCH", json: { threshold } },
      "/admin/gift-codes",
    );
  }
  if (intent === "disable" || intent === "confirm-disable") {
    const parsed = DisableSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return data({ result: null, confirm: null, error: "Unknown gift code." }, { status: 400 });
    // First press: the server-rendered confirm step (the same without JavaScript).
    if (intent === "disable")
      return data({
        result: null,
        confirm: { kind: "disable", ...parsed.data } satisfies Confirm,
        error: null,
      });
    return operatorChange(
      request,
      context,
      `/adminRoute/giftCodes/${parsed.data.id}/disable`,
      { method: "POST", json: {} },
      "/admin/gift-codes",
    );
  }
  const submission = parseWithZod(form, { schema: GiftCodeSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), confirm: null, error: null }, { status: 400 });
  const v = submission.value;
  if (intent !== "confirm-create") {
    const total = bigMilliToRupeeString(BigInt(parseRupeeInput(v.amount) ?? 0) * BigInt(v.claim_limit));
    return data({
      result: null,
      confirm: { kind: "create", ...v, code: v.code.toUpperCase(), total } satisfies Confirm,
      error: null,
    });
  }
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

const STATE_TEXT: Record<GiftCodeState, string> = {
  active: "Active",
  scheduled: "Waiting",
  disabled: "Disabled",
  expired: "Expired",
  exhausted: "All claimed",
};

function stateText(g: GiftCodeRecord): string {
  return g.state === "scheduled" ? `Opens ${formatTime(g.active_from)}` : STATE_TEXT[g.state];
}

/** The confirm step of a new code: its total value, and whether it waits out the delay. */
function ConfirmCreate({
  c,
  threshold,
  delayHours,
}: {
  c: Extract<Confirm, { kind: "create" }>;
  threshold: string;
  delayHours: number;
}) {
  // Only what the page says: the API decides, exactly, when the code is created.
  const waits = parseRupees(c.total) > parseRupees(threshold);
  return (
    <section className="card space-y-3 border-amber-300" aria-labelledby="confirm-heading" role="alert">
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Create gift code {c.code}?
      </h2>
      <p className="text-sm">
        {rupees(c.amount)} × {c.claim_limit} claims: the code can cost up to{" "}
        <strong data-testid="gift-code-total">{rupees(c.total)}</strong>.
      </p>
      {waits ? (
        <p className="text-sm text-amber-800">
          That is above the gift-code threshold ({rupees(threshold)}): members can claim it {delayHours} hours
          after you confirm, unless an owner cancels it on the overview first.
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="confirm-create" />
        <input type="hidden" name="code" value={c.code} />
        <input type="hidden" name="amount" value={c.amount} />
        <input type="hidden" name="claim_limit" value={c.claim_limit} />
        <input type="hidden" name="expires_at" value={c.expires_at} />
        <button type="submit" className="btn-primary">
          Confirm
        </button>
        <a href="/admin/gift-codes" className="btn-secondary">
          Cancel
        </a>
      </Form>
    </section>
  );
}

function ConfirmDisable({ c }: { c: Extract<Confirm, { kind: "disable" }> }) {
  return (
    <section className="card space-y-3 border-amber-300" aria-labelledby="confirm-heading" role="alert">
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Disable gift code {c.code}?
      </h2>
      <p className="text-sm">No further claims. Claims already made stay.</p>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="confirm-disable" />
        <input type="hidden" name="id" value={c.id} />
        <input type="hidden" name="code" value={c.code} />
        <button type="submit" className="btn-danger">
          Yes, disable
        </button>
        <a href="/admin/gift-codes" className="btn-secondary">
          Cancel
        </a>
      </Form>
    </section>
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
  const confirm = actionData?.confirm ?? null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Gift Codes</h1>
      {actionData?.error ? (
        <p className="card text-sm text-red-700" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {confirm?.kind === "create" ? (
        <ConfirmCreate c={confirm} threshold={d.threshold} delayHours={d.delay_hours} />
      ) : null}
      {confirm?.kind === "disable" ? <ConfirmDisable c={confirm} /> : null}
      <section className="card" aria-labelledby="create-heading">
        <h2 id="create-heading" className="text-lg font-semibold">
          Create a gift code
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A code whose total value (amount × claim limit) is above {rupees(d.threshold)} opens for claims{" "}
          {d.delay_hours} hours after it is created, unless an owner cancels it.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
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
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Code</th>
                  <th className="py-2 pr-3 font-medium">Amount</th>
                  <th className="py-2 pr-3 font-medium">Claimed</th>
                  <th className="py-2 pr-3 font-medium">Total value</th>
                  <th className="py-2 pr-3 font-medium">State</th>
                  <th className="py-2 pr-3 font-medium">Expires</th>
                  <th className="py-2 font-medium">Created</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.records.map((g) => (
                  <tr key={g.id} data-testid="gift-code-row">
                    <td className="py-2 pr-3 font-mono">{g.code}</td>
                    <td className="whitespace-nowrap py-2 pr-3 tabular-nums">{rupees(g.amount)}</td>
                    <td className="py-2 pr-3 tabular-nums">
                      {g.claimed_count}/{g.claim_limit}
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3 tabular-nums">{rupees(g.total_value)}</td>
                    <td className={`py-2 pr-3 ${g.state === "active" ? "" : "text-amber-800"}`}>
                      {stateText(g)}
                    </td>
                    <td className={`py-2 pr-3 ${g.state === "expired" ? "text-red-600" : ""}`}>
                      {formatTime(g.expires_at)}
                    </td>
                    <td className="py-2 pr-3">{formatTime(g.created_at)}</td>
                    <td className="py-2">
                      {g.state === "disabled" || g.state === "expired" ? null : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="disable" />
                          <input type="hidden" name="id" value={g.id} />
                          <input type="hidden" name="code" value={g.code} />
                          <button type="submit" className="btn-secondary" aria-label={`Disable ${g.code}`}>
                            Disable
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="threshold-heading">
        <h2 id="threshold-heading" className="text-lg font-semibold">
          Gift-code threshold
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Codes whose total value is above this wait {d.delay_hours} hours before members can claim them.
          Lowering it takes effect at once; raising it waits {d.delay_hours} hours too.
        </p>
        <ThresholdForm id="gift-threshold" value={d.threshold} />
        <ScheduledRaiseNote
          what="gift-code threshold"
          raise={d.scheduled ? { ...d.scheduled, value: rupees(d.scheduled.value) } : null}
        />
      </section>
    </div>
  );
}
