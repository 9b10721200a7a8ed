import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { ErrorList, Field, SubmitButton, useIsPending, useAppForm } from "./forms";
import { CONTACT_FIELDS, MOBILE_NUMBER_INPUT } from "../../shared/fields";

/** The contact form (spec 1 §5): every field required, a 10-digit mobile number, consent ticked. */
export const ContactSchema = z.object({
  ...CONTACT_FIELDS,
  consent: z.boolean({ required_error: "Please agree to the Terms of Use and the Privacy Policy." }),
});

/** What the contact action answers when the message was not sent (sent messages redirect with a toast). */
export interface ContactActionData {
  result: SubmissionResult<string[]>;
  /** The API's error_msg (e.g. the rate limit), shown above the button. */
  errorMsg: string | null;
}

/**
 * The contact form used on the home page, /contact-us and the member support page. It posts to
 * the page's own action (app/utils/contact.server.ts) and works without JavaScript.
 */
export function ContactForm({
  actionData,
  defaultValue,
  heading,
}: {
  actionData: ContactActionData | undefined;
  defaultValue?: { name?: string; email_address?: string; mobile_number?: string };
  /** The form's own heading: 'Contact Us' when not given, none with null. */
  heading?: string | null;
}) {
  const { t } = useTranslation();
  const title = heading === undefined ? t("pub.contact.heading") : heading;
  const pending = useIsPending();
  const navigation = useNavigation();
  const [form, fields] = useAppForm({
    id: "contact",
    lastResult: actionData?.result,
    defaultValue,
    schema: ContactSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // A sent message redirects back here with a toast; the form then starts empty again.
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.has("email_address")) sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      if (!actionData) form.reset();
    }
  }, [navigation.state, navigation.formData, actionData, form]);

  return (
    <section
      aria-labelledby={title ? "contact-heading" : undefined}
      data-testid="contact-form"
      id="contact-section"
      className="scroll-mt-20"
    >
      {title ? (
        <h2 id="contact-heading" className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
      ) : null}
      <Form
        method="post"
        className="mt-4 space-y-4"
        {...getFormProps(form)}
        aria-label={t("pub.contact.form")}
      >
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("pub.contact.name")}
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          />
          <Field
            label={t("pub.contact.emailAddress")}
            errors={fields.email_address.errors}
            inputProps={{ ...getInputProps(fields.email_address, { type: "email" }), autoComplete: "email" }}
          />
          <Field
            label={t("pub.contact.mobileNumber")}
            errors={fields.mobile_number.errors}
            inputProps={{
              ...getInputProps(fields.mobile_number, { type: "tel" }),
              ...MOBILE_NUMBER_INPUT,
            }}
          />
          <Field
            label={t("pub.contact.subject")}
            errors={fields.subject.errors}
            inputProps={getInputProps(fields.subject, { type: "text" })}
          />
        </div>
        <div>
          <label className="label" htmlFor={fields.message.id}>
            {t("pub.contact.message")}
          </label>
          <textarea className="input min-h-32" rows={5} {...getTextareaProps(fields.message)} />
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              {...getInputProps(fields.consent, { type: "checkbox" })}
              className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300"
            />
            <span>
              <Trans
                i18nKey="pub.contact.consent"
                components={{
                  terms: <Link to="/terms-of-use" className="font-medium text-brand-600 underline" />,
                  privacy: <Link to="/privacy-policy" className="font-medium text-brand-600 underline" />,
                }}
              />
            </span>
          </label>
          <ErrorList id={fields.consent.errorId} errors={fields.consent.errors} />
        </div>
        {actionData?.errorMsg ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="contact-error"
          >
            {actionData.errorMsg}
          </p>
        ) : null}
        <SubmitButton pending={pending} className="btn-primary w-full sm:w-auto">
          {t("pub.contact.send")}
        </SubmitButton>
      </Form>
    </section>
  );
}
