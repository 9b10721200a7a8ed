import { Form } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { ErrorList, Field, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import type { ShortLinkSettings } from "../../../../shared/contracts/shortLinks";
import { SettingsSchema } from "./schemas";
import { useLastResult } from "./row";

/** The minimum time, the expiry and the list's instructions. */
export function SettingsForm({ settings }: { settings: ShortLinkSettings }) {
  const [form, fields] = useAppForm({
    id: "settings",
    lastResult: useLastResult("settings"),
    schema: SettingsSchema,
    defaultValue: {
      minSeconds: String(settings.minSeconds),
      expiryMinutes: String(settings.expiryMinutes),
      instructions: settings.instructions.join("\n"),
    },
  });
  const sending = useIsPending({ fields: { intent: "settings", id: "" } });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3" aria-label="Short link settings">
      <input type="hidden" name="intent" value="settings" />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Minimum seconds"
          errors={fields.minSeconds.errors}
          hint="A claim sooner than this after the start is refused (the shortener was skipped)."
          inputProps={{ ...getInputProps(fields.minSeconds, { type: "number" }), min: 0, max: 3600 }}
        />
        <Field
          label="Expiry minutes"
          errors={fields.expiryMinutes.errors}
          hint="A started link must be claimed within this time."
          inputProps={{ ...getInputProps(fields.expiryMinutes, { type: "number" }), min: 1, max: 1440 }}
        />
      </div>
      <div>
        <label className="label" htmlFor={fields.instructions.id}>
          Instructions (one a line; simple HTML allowed)
        </label>
        <textarea className="input min-h-32" {...getTextareaProps(fields.instructions)} rows={6} />
        <ErrorList id={fields.instructions.errorId} errors={fields.instructions.errors} />
      </div>
      <SubmitButton pending={sending} className="btn-primary">
        Save Settings
      </SubmitButton>
    </Form>
  );
}
