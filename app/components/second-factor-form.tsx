import { Form } from "@remix-run/react";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, ProcessingOverlay, SubmitButton, useIsPending } from "./forms";

/** The schema's messages stay English (ErrorList shows them through the API texts' table, which may know them). */
const CODE_MSG = "Enter the 6-digit code from your authenticator app.";

export const SecondFactorSchema = z.object({
  intent: z.literal("second_factor"),
  ticket: z.string({ required_error: "Your sign-in has expired. Please log in again." }).max(200),
  // Apps show the code as "123 456"; the API removes the space.
  code: z
    .string({ required_error: CODE_MSG })
    .trim()
    .regex(/^\d{3} ?\d{3}$/, CODE_MSG),
  remember: z.enum(["true", "false"]).default("false"),
});

/** The login's second step for operators: server-rendered after a right password, so it works without JavaScript. */
export interface SecondFactorStep {
  secondFactor: { ticket: string; remember: boolean };
  result: SubmissionResult<string[]> | null;
}

export function SecondFactorForm({ step }: { step: SecondFactorStep }) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm({
    defaultNoValidate: false,
    id: "second-factor",
    lastResult: step.result ?? undefined,
    constraint: getZodConstraint(SecondFactorSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SecondFactorSchema }),
  });
  return (
    <>
      <ProcessingOverlay show={pending} />
      <Form
        method="post"
        className="space-y-4"
        {...getFormProps(form)}
        aria-label={t("common.secondFactor.form")}
      >
        <p className="text-sm text-slate-600">{t("common.secondFactor.code")}</p>
        <input type="hidden" name="intent" value="second_factor" />
        <input type="hidden" name="ticket" value={step.secondFactor.ticket} />
        <input type="hidden" name="remember" value={String(step.secondFactor.remember)} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("common.secondFactor.label")}
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            autoFocus: true,
            title: t("common.secondFactor.code"),
          }}
        />
        <SubmitButton pending={pending}>{t("common.secondFactor.verify")}</SubmitButton>
      </Form>
    </>
  );
}
