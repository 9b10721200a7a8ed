import { Form, Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { getFormProps, getInputProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  ErrorList,
  Field,
  PasswordField,
  ProcessingOverlay,
  SubmitButton,
  useIsPending,
  useAppForm,
} from "./forms";
import { HumanCheck, type HumanCheckChallenge } from "./human-check";
import { ConsentAndAgeFields, PrivacyFormFields, PrivacyNotice } from "./privacy-notice";
import type { PrivacyNoticeInfo } from "../../shared/contracts/privacy";
import { GoogleMark } from "./login-form";
import type { ToastView } from "./toaster";
import { ActionToast, showToast } from "~/utils/client-toast";
import { readRememberedAccount, signupAccountError } from "~/utils/remembered-account";
import {
  MOBILE_NUMBER_INPUT,
  confirmPasswordField,
  emailField,
  mobileNumberText,
  newPasswordField,
  personName,
} from "../../shared/fields";

export const PASSWORD_MISMATCH = "Password & confirm password do not match.";
export const TERMS_REQUIRED = "You have to check I agree checkbox for registration";
/** The mismatch message stays 5 s (spec 1 §9). */
export const PASSWORD_MISMATCH_MS = 5000;

const terms = z.boolean({ required_error: TERMS_REQUIRED }).refine((v) => v, TERMS_REQUIRED);

export const SignUpSchema = z
  .object({
    intent: z.literal("signup").optional(),
    name: personName(),
    mobile_number: mobileNumberText(),
    email_address: emailField(),
    password: newPasswordField(),
    confirm_password: confirmPasswordField(),
    terms,
    // Issue 44: the privacy notice accepted, the optional purposes, the age answer.
    ...PrivacyFormFields,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm_password)
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORD_MISMATCH });
  });

/** 'Sign Up With Google' only needs the terms box (the rest of the form is Google's). */
export const GoogleSignUpSchema = z.object({ intent: z.literal("google"), terms });

function schemaFor(formData: FormData) {
  return formData.get("intent") === "google" ? GoogleSignUpSchema : SignUpSchema;
}

export interface SignUpFailure {
  result: SubmissionResult<string[]>;
  toast: ToastView | null;
}

export function SignUpForm({
  challenge,
  googleEnabled,
  referrer,
  failure,
  privacy,
}: {
  challenge: HumanCheckChallenge;
  googleEnabled: boolean;
  /** The notice's version and the owner's age check (issue 44). */
  privacy: PrivacyNoticeInfo;
  /** The referrer's userName from /signup/ref/{id}. */
  referrer: string | null;
  failure: SignUpFailure | undefined;
}) {
  const pending = useIsPending();
  const { t } = useTranslation();

  const [form, fields] = useAppForm({
    id: "signup",
    lastResult: failure?.result,
    schema: SignUpSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      // The Google button sends only the terms; its result is read as the sign-up form's.
      const submission = parseWithZod(formData, { schema: schemaFor(formData) }) as Submission<
        z.input<typeof SignUpSchema>,
        string[],
        z.output<typeof SignUpSchema>
      >;
      // On submit the mismatch is also announced as a 5-second toast (spec 1 §5).
      if (
        submitter &&
        submission.status !== "success" &&
        submission.error?.confirm_password?.includes(PASSWORD_MISMATCH)
      ) {
        showToast({ type: "error", title: t("pub.signup.passwordMismatch"), duration: PASSWORD_MISMATCH_MS });
      }
      return submission;
    },
    onSubmit(event, { formData }) {
      if (formData.get("intent") === "google") return;
      const blocked = signupAccountError(
        readRememberedAccount(),
        String(formData.get("email_address") ?? ""),
        t,
      );
      if (blocked) {
        event.preventDefault();
        showToast({ type: "error", title: blocked });
      }
    },
  });

  return (
    <>
      <ProcessingOverlay show={pending} />
      <Form method="post" className="space-y-4" {...getFormProps(form)} aria-label={t("pub.signup.form")}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("pub.signup.name")}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        />
        <Field
          label={t("pub.signup.mobileNumber")}
          errors={fields.mobile_number.errors}
          inputProps={{
            ...getInputProps(fields.mobile_number, { type: "tel" }),
            ...MOBILE_NUMBER_INPUT,
          }}
        />
        <Field
          label={t("pub.signup.email")}
          errors={fields.email_address.errors}
          inputProps={{
            ...getInputProps(fields.email_address, { type: "email" }),
            autoComplete: "email",
            autoCapitalize: "none",
          }}
        />
        <PasswordField
          label={t("pub.signup.password")}
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <PasswordField
          label={t("common.forms.confirmPassword")}
          errors={fields.confirm_password.errors}
          inputProps={{
            ...getInputProps(fields.confirm_password, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.terms, { type: "checkbox" })}
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
            />
            <span>
              <Trans
                i18nKey="pub.signup.terms"
                components={{
                  terms: <Link to="/terms-of-use" className="font-medium text-brand-600 underline" />,
                  privacy: <Link to="/privacy-policy" className="font-medium text-brand-600 underline" />,
                }}
              />
            </span>
          </label>
          <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
        </div>
        <PrivacyNotice version={privacy.notice_version} />
        <ConsentAndAgeFields
          version={privacy.notice_version}
          ageCheck={privacy.age_check}
          askAge
          marketingDefault={false}
          fields={fields}
        />
        <HumanCheck challenge={challenge} />
        <SubmitButton pending={pending} name="intent" value="signup">
          {t("pub.signup.submit")}
        </SubmitButton>
        {googleEnabled ? (
          // Posts to this page's action, which checks the terms box and hands over to /auth/google;
          // the other fields are not needed, so the browser does not validate them for this button.
          <button
            type="submit"
            name="intent"
            value="google"
            formNoValidate
            className="btn-secondary w-full"
            disabled={pending}
          >
            <GoogleMark />
            {t("pub.signup.google")}
          </button>
        ) : null}
      </Form>
      <p className="mt-5 text-center text-sm text-slate-600">
        <Trans
          i18nKey="pub.signup.haveAccount"
          components={{ go: <Link to="/login" className="font-semibold text-brand-600 hover:underline" /> }}
        />
      </p>
      {referrer ? (
        <p className="mt-2 text-center text-xs text-slate-500">{t("pub.signup.referredBy", { referrer })}</p>
      ) : null}
    </>
  );
}

/** The whole sign-up page body, shared by /signup and /signup/ref/{id}. */
export function SignUpCard(props: Parameters<typeof SignUpForm>[0]) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="card p-6">
        <h1 className="text-2xl font-bold">{t("pub.signup.heading")}</h1>
        <p className="mb-5 mt-1 text-sm text-slate-600">{t("pub.signup.intro")}</p>
        <SignUpForm {...props} />
      </div>
      <ActionToast toast={props.failure?.toast} />
    </main>
  );
}
