import { useState } from "react";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  ForgotPasswordFields,
  ForgotPasswordSchema,
  ResetWaitNotice,
  useForgotPasswordForm,
  type ForgotPasswordReply,
} from "~/components/login-form";
import { useIsPending } from "~/components/forms";
import { ActionToast } from "~/utils/client-toast";
import { errorText } from "~/utils/api.server";
import { requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";
import { actionToast, callApiOrNull } from "~/utils/session.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.forgotPassword") }];

const newId = () => Math.random().toString(36).slice(2);

/** Also the target of the login page's 'I Forgot My Password' dialog (through a fetcher). */
export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data<ForgotPasswordReply>(
      { id: newId(), result: submission.reply(), toast: null },
      { status: 400 },
    );
  }
  const result = await callApiOrNull(request, context, "/userRoute/userLoginforgot_password_send_mail", {
    obj: { email_address: submission.value.email_address },
  });
  if (!result) {
    return data<ForgotPasswordReply>(
      {
        id: newId(),
        result: submission.reply(),
        toast: actionToast({ type: "error", title: t("pub.forgot.requestFailed") }),
      },
      { status: 502 },
    );
  }
  if (result.ok) {
    const title = typeof result.body.msg === "string" ? result.body.msg : t("pub.forgot.sent");
    return data<ForgotPasswordReply>({
      id: newId(),
      result: submission.reply({ resetForm: true }),
      toast: actionToast({ type: "success", title }),
      sent: true,
    });
  }
  const timeLeft = result.body.time_left;
  if (typeof timeLeft === "number" && timeLeft > 0) {
    const message =
      typeof result.body.msg === "string" && result.body.msg ? result.body.msg : errorText(result.body);
    return data<ForgotPasswordReply>(
      { id: newId(), result: submission.reply(), toast: null, wait: { message, timeLeftMs: timeLeft } },
      { status: result.status },
    );
  }
  return data<ForgotPasswordReply>(
    {
      id: newId(),
      result: submission.reply(),
      toast: actionToast({ type: "error", title: errorText(result.body) }),
    },
    { status: result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

/** The page behind 'I Forgot My Password' when JavaScript is off (with it, the login page opens a dialog). */
export default function ForgotPasswordPage() {
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useTranslation();
  const [form, fields] = useForgotPasswordForm("forgot-password", reply?.result);
  // The wait notice goes away when its countdown ends.
  const [waitOverId, setWaitOverId] = useState<string | null>(null);
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="card space-y-4 p-6">
        <div>
          <h1 className="text-2xl font-bold">{t("pub.forgot.heading")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("pub.forgot.intro")}</p>
        </div>
        {reply?.wait && waitOverId !== reply.id ? (
          <ResetWaitNotice
            key={reply.id}
            wait={reply.wait}
            idKey={reply.id}
            onDone={() => setWaitOverId(reply.id)}
          />
        ) : null}
        {reply?.sent ? (
          <p
            role="status"
            className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
          >
            {reply.toast?.title}
          </p>
        ) : null}
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <ForgotPasswordFields form={form} email={fields.email_address} pending={pending} />
        </Form>
        <p className="text-center text-sm">
          <Link to="/login" className="font-semibold text-brand-600 hover:underline">
            {t("pub.forgot.backToLogin")}
          </Link>
        </p>
      </div>
      <ActionToast toast={reply?.toast} />
    </main>
  );
}
