import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { errorText } from "~/utils/api.server";
import { callApiOrNull } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The link from the e-mail-change mail: verified on load, then home with the outcome (spec 1 §4).
 * Outside the public layout, so no navigation bar; the page itself never renders.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const t = requestT(request);
  const result = await callApiOrNull(request, context, "/userRoute/verify_reset_email_token", {
    query: { token: params.token ?? "", email: params.email ?? "" },
  });
  if (result?.ok) {
    const title = typeof result.body.msg === "string" ? result.body.msg : t("pub.verifyEmail.emailUpdated");
    return redirectWithToast(context, "/", { type: "success", title });
  }
  // A used or expired link reads 'Token Verification Failed!'; an address taken meanwhile says so.
  const title = result ? errorText(result.body, t("pub.tokenFailed")) : t("pub.tokenFailed");
  return redirectWithToast(context, "/", { type: "error", title });
}

export default function EmailVerification() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center p-6 text-slate-600" role="status">
      {t("pub.verifyEmail.verifying")}
    </main>
  );
}
