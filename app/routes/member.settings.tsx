import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Field, PasswordField, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { AlertBox } from "~/components/confirm-dialog";
import { FIELD_MESSAGES, emailField, newPasswordField, typedPasswordField } from "../../shared/fields";

export const meta: MetaFunction = () => [{ title: "Settings" }];

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
  const account = await loadAccount(request, context);
  return { email: account.email_address };
}

export async function action({ request, context }: ActionFunctionArgs) {
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
        title:
          typeof res.body.msg === "string"
            ? res.body.msg
            : "A verification link has been sent to your new email address.",
      });
    }
    if (res.body.error_code === "too_soon" && typeof res.body.time_left === "number") {
      return redirectWithToast(context, "/member/settings", {
        type: "error",
        title: "Please wait before trying again.",
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
      title: typeof res.body.msg === "string" ? res.body.msg : "Password changed successfully.",
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
  const [form, fields] = useAppForm({
    id: "change-password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    schema: PasswordSchema,
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card space-y-3" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change Password
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="password" />
        {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
        <PasswordField
          label="Current Password"
          errors={fields.currentPassword.errors}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <PasswordField
          label="New Password"
          errors={fields.newPassword.errors}
          inputProps={{
            ...getInputProps(fields.newPassword, { type: "password" }),
            autoComplete: "new-password",
            title: FIELD_MESSAGES.passwordTooShort,
          }}
        />
        <PasswordField
          label="Confirm New Password"
          errors={fields.confirmPassword.errors}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            autoComplete: "new-password",
            title: FIELD_MESSAGES.passwordTooShort,
          }}
        />
        <SubmitButton pending={pending}>Change Password</SubmitButton>
      </Form>
    </section>
  );
}

function EmailForm({ currentEmail }: { currentEmail: string }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "email" } });
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
        Change Email
      </h2>
      <p className="text-sm text-slate-600">
        Current email: <span className="font-semibold">{currentEmail}</span>
      </p>
      <p className="text-sm text-slate-600">
        We send a link to the new address and tell the current one. Your other signed-in devices are signed
        out.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="email" />
        {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
        <Field
          label="New Email"
          errors={fields.newEmail.errors}
          inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label="Confirm New Email"
          errors={fields.confirmEmail.errors}
          inputProps={{ ...getInputProps(fields.confirmEmail, { type: "email" }), autoComplete: "email" }}
        />
        <PasswordField
          label="Your Current Password"
          errors={fields.currentPassword.errors}
          hint="We ask for it so that nobody else using your signed-in device can move your account."
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <SubmitButton pending={pending}>Change Email</SubmitButton>
      </Form>
    </section>
  );
}

export default function SettingsPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <PasswordForm />
      <EmailForm currentEmail={d.email} />
    </div>
  );
}
