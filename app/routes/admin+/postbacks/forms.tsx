import { Form } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Field, SelectField, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { RetentionSchema, TestSchema } from "./schemas";

/** Signs and sends a test postback for a wall. */
export function TestForm({
  walls,
  transactionId,
  lastResult,
}: {
  walls: { id: string; name: string }[];
  transactionId: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending({ fields: { intent: "test" } });
  const [form, fields] = useAppForm({
    id: "test-postback",
    lastResult,
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

/** How many days the log keeps a row. */
export function RetentionForm({
  days,
  lastResult,
}: {
  days: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending({ fields: { intent: "retention" } });
  const [form, fields] = useAppForm({
    id: "postback-retention",
    lastResult,
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
