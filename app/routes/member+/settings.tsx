import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Field, PasswordField, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { AlertBox } from "~/components/confirm-dialog";
import { Trans, useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";
import { PrivacySettings } from "~/components/privacy-settings";
import { useLocalize } from "~/i18n/i18n";
import { FIELD_MESSAGES, emailField, newPasswordField, typedPasswordField } from "../../../shared/fields";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.settings") }];

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
const EMAIL_NEEDS_PASSWORD = "Please enter your current password to change your e-mail address.";
const WRONG_PASSWORD = "Current password is incorrect.";

const PasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: typedPasswordField({
      missing: "Current password is required.",
      tooLong: WRONG_PASSWORD,
    }),
    newPassword: newPasswordField(),
    // Spec 1 §5: the confirm field has the new password's rule too.
    confirmPassword: newPasswordField(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === v.currentPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: "New password must differ from the current password.",
      });
    }
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: "New password and confirm password not match.",
      });
    }
  });

/** The e-mail form's schema needs the current address (spec 1 §5: the new one must differ). */
function emailSchema(currentEmail: string) {
  const email = emailField();
  return z
    .object({
      intent: z.literal("email"),
      newEmail: email,
      confirmEmail: email,
      currentPassword: typedPasswordField({ missing: EMAIL_NEEDS_PASSWORD, tooLong: WRONG_PASSWORD }),
    })
    .superRefine((v, ctx) => {
      if (v.newEmail.toLowerCase() === currentEmail.toLowerCase()) {
        ctx.addIssue({
          code: "custom",
          path: ["newEmail"],
          message: "The new email is already in use. Please choose a different email.",
        });
      }
      if (v.confirmEmail.toLowerCase() !== v.newEmail.toLowerCase()) {
        ctx.addIssue({
          code: "custom",
          path: ["confirmEmail"],
          message: "new Email and confirm Email not match.",
        });
      }
    });
}

async function loadAccount(request: Request, context: LoaderFunctionArgs["context"]) {
  return memberRead(request, context, "/userRoute/userpassword_and_email_get");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [account, privacy] = await Promise.all([
    loadAccount(request, context),
    memberRead(request, context, "/userRoute/privacy_get"),
  ]);
  return { email: account.email_address, privacy };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const formData = await request.formData();
  if (formData.get("intent") === "email") {
    const account = await loadAccount(request, context);
    const submission = parseWithZod(formData, { schema: emailSchema(account.email_address) });
    if (submission.status !== "success")
      return data(
        { intent: "email" as const, result: submission.reply({ hideFields: ["currentPassword"] }) },
        { status: 400 },
      );
    const res = await memberApi(request, context, "/userRoute/userpassword_and_email_patch", {
      method: "PATCH",
      obj: {
        email_address: submission.value.newEmail,
        currentPassword_state: submission.value.currentPassword,
      },
    });
    if (res.ok) {
      return redirectWithToast(context, "/member/settings", {
        type: "success",
        title: typeof res.body.msg === "string" ? res.body.msg : t("account.settings.verificationSent"),
      });
    }
    if (res.body.error_code === "too_soon" && typeof res.body.time_left === "number") {
      return redirectWithToast(context, "/member/settings", {
        type: "error",
        title: t("account.settings.waitBeforeRetry"),
        countdownMs: Math.max(0, Math.round(res.body.time_left)),
      });
    }
    return data(
      {
        intent: "email" as const,
        result: submission.reply({ formErrors: [errorText(res.body)], hideFields: ["currentPassword"] }),
      },
      { status: res.status >= 400 ? res.status : 400 },
    );
  }

  const submission = parseWithZod(formData, { schema: PasswordSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "password" as const, result: submission.reply({ hideFields: PASSWORD_FIELDS }) },
      { status: 400 },
    );
  }
  const res = await memberApi(request, context, "/userRoute/userpassword_and_email_patch", {
    method: "PATCH",
    obj: {
      currentPassword_state: submission.value.currentPassword,
      newPassword_state: submission.value.newPassword,
    },
  });
  if (res.ok) {
    return redirectWithToast(context, "/member/settings", {
      type: "success",
      title: typeof res.body.msg === "string" ? res.body.msg : t("account.settings.passwordChanged"),
    });
  }
  return data(
    {
      intent: "password" as const,
      result: submission.reply({ formErrors: [errorText(res.body)], hideFields: PASSWORD_FIELDS }),
    },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

function PasswordForm() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "password" } });
  const { t } = useTranslation();
  const localize = useLocalize();
  const [form, fields] = useAppForm({
    id: "change-password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    schema: PasswordSchema,
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card space-y-3" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        {t("account.settings.changePassword")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="password" />
        {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
        <PasswordField
          label={t("account.shared.currentPassword")}
          errors={fields.currentPassword.errors}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <PasswordField
          label={t("account.settings.newPassword")}
          errors={fields.newPassword.errors}
          inputProps={{
            ...getInputProps(fields.newPassword, { type: "password" }),
            autoComplete: "new-password",
            title: localize(FIELD_MESSAGES.passwordTooShort),
          }}
        />
        <PasswordField
          label={t("common.forms.confirmPassword")}
          errors={fields.confirmPassword.errors}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            autoComplete: "new-password",
            title: localize(FIELD_MESSAGES.passwordTooShort),
          }}
        />
        <SubmitButton pending={pending}>{t("account.settings.changePassword")}</SubmitButton>
      </Form>
    </section>
  );
}

function EmailForm({ currentEmail }: { currentEmail: string }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "email" } });
  const { t } = useTranslation();
  const schema = emailSchema(currentEmail);
  const [form, fields] = useAppForm({
    id: "change-email",
    lastResult: actionData?.intent === "email" ? actionData.result : undefined,
    schema: schema,
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card space-y-3" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-semibold">
        {t("account.settings.changeEmail")}
      </h2>
      <p className="text-sm text-slate-600">
        <Trans
          i18nKey="account.settings.currentEmail"
          values={{ email: currentEmail }}
          components={{ b: <span className="font-semibold" /> }}
        />
      </p>
      <p className="text-sm text-slate-600">{t("account.settings.emailNote")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="email" />
        {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
        <Field
          label={t("account.settings.newEmail")}
          errors={fields.newEmail.errors}
          inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label={t("account.settings.confirmNewEmail")}
          errors={fields.confirmEmail.errors}
          inputProps={{ ...getInputProps(fields.confirmEmail, { type: "email" }), autoComplete: "email" }}
        />
        <PasswordField
          label={t("account.settings.yourCurrentPassword")}
          errors={fields.currentPassword.errors}
          hint={t("account.settings.passwordWhy")}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <SubmitButton pending={pending}>{t("account.settings.changeEmail")}</SubmitButton>
      </Form>
    </section>
  );
}

export default function SettingsPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.settings.title")}</h1>
      <PasswordForm />
      <EmailForm currentEmail={d.email} />
      <PrivacySettings state={d.privacy} />
      <section className="card space-y-2" aria-labelledby="my-data-heading">
        <h2 id="my-data-heading" className="text-lg font-semibold">
          {t("rights.page.heading")}
        </h2>
        <p className="text-sm">
          <Link className="font-semibold underline" to="/member/my-data">
            {t("rights.page.settingsLink")}
          </Link>
        </p>
      </section>
      <section className="card space-y-2" aria-labelledby="tax-link-heading">
        <h2 id="tax-link-heading" className="text-lg font-semibold">
          {t("tax.pan.heading")}
        </h2>
        <p className="text-sm">
          <Link className="font-semibold underline" to="/member/tax">
            {t("tax.withdraw.taxPage")}
          </Link>
        </p>
      </section>
    </div>
  );
}
