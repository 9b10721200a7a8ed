import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  ErrorList,
  PasswordField,
  ProcessingOverlay,
  SubmitButton,
  useIsPending,
  useAppForm,
} from "~/components/forms";
import type { ToastView } from "~/components/toaster";
import { ActionToast } from "~/utils/client-toast";
import { errorText } from "~/utils/api.server";
import { localeOf, requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";
import { localizeMessage } from "../../../shared/i18n/apiMessages";
import { actionToast, callApiOrNull } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { confirmPasswordField, newPasswordField } from "../../../shared/fields";
import { GENERIC_FAILURE } from "../../../shared/messages";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.resetPassword") }];

const MISMATCH = "Passwords do not match. Please enter the same password in both fields.";

const ResetSchema = z
  .object({
    password: newPasswordField(),
    confirm_password: confirmPasswordField(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm_password)
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: MISMATCH });
  });

interface ResetFailure {
  result: SubmissionResult<string[]>;
  toast: ToastView | null;
}

const tokenFailed = (request: Request, context: LoaderFunctionArgs["context"]) =>
  redirectWithToast(context, "/login", { type: "error", title: requestT(request)("pub.tokenFailed") });

/** The token is checked on load: an invalid one sends the visitor to /login (spec 1 §4). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const result = await callApiOrNull(request, context, "/userRoute/verify_reset_token", { query: { token } });
  if (!result?.ok) throw await tokenFailed(request, context);
  return null;
}

// The token is single-use: checking it again after a failed submit would only repeat the same answer.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const t = requestT(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ResetSchema });
  const hidden = ["password", "confirm_password"];
  if (submission.status !== "success") {
    return data<ResetFailure>(
      { result: submission.reply({ hideFields: hidden }), toast: null },
      { status: 400 },
    );
  }
  const result = await callApiOrNull(request, context, "/userRoute/reset_password_form_post", {
    obj: { password: submission.value.password, token: params.token ?? "" },
  });
  if (result?.ok) {
    const title = typeof result.body.msg === "string" ? result.body.msg : t("pub.reset.success");
    return redirectWithToast(context, "/login", { type: "success", title });
  }
  const message = result ? errorText(result.body) : localizeMessage(localeOf(request), GENERIC_FAILURE);
  return data<ResetFailure>(
    {
      result: submission.reply({ formErrors: [message], hideFields: hidden }),
      toast: actionToast({ type: "error", title: t("pub.reset.error"), description: message }),
    },
    { status: 400 },
  );
}

export default function PasswordResetPage() {
  const failure = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useTranslation();
  const [form, fields] = useAppForm({
    id: "password-reset",
    lastResult: failure?.result,
    schema: ResetSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <ProcessingOverlay show={pending} />
      <div className="card p-6">
        <h1 className="text-2xl font-bold">{t("pub.reset.heading")}</h1>
        <p className="mb-5 mt-1 text-sm text-slate-600">{t("pub.reset.intro")}</p>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <PasswordField
            label={t("pub.reset.newPassword")}
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
          <SubmitButton pending={pending}>{t("pub.reset.submit")}</SubmitButton>
        </Form>
      </div>
      <ActionToast toast={failure?.toast} />
    </main>
  );
}
