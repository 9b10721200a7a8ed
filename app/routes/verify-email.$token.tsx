import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { errorText } from "~/utils/api.server";
import { callApiOrNull } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The link from the sign-up verification mail: verified on load, then home with the outcome.
 * Outside the public layout, so no navigation bar; the page itself never renders.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const t = requestT(request);
  const result = await callApiOrNull(request, context, "/userRoute/verify_email_token", {
    query: { token: params.token ?? "" },
  });
  if (result?.ok) {
    const title = typeof result.body.msg === "string" ? result.body.msg : t("pub.verifyEmail.verified");
    return redirectWithToast(context, "/", { type: "success", title });
  }
  const title = result ? errorText(result.body, t("pub.tokenFailed")) : t("pub.tokenFailed");
  return redirectWithToast(context, "/", { type: "error", title });
}

export default function VerifyEmail() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center p-6 text-slate-600" role="status">
      {t("pub.verifyEmail.verifying")}
    </main>
  );
}
