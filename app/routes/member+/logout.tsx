import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { handleSessionFlags } from "~/utils/api.server";
import { LogoutConfirm } from "~/components/logout-dialog";
import { callApiOrNull, forwardedCookies } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "common.logout") }];

/** Without JavaScript LogOut lands here: the confirm step. Its Cancel comes back with ?cancel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.has("cancel")) {
    const t = requestT(request);
    throw await redirectWithToast(context, "/member/dashboard", {
      type: "info",
      title: t("common.logout.canceled"),
    });
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const result = await callApiOrNull(request, context, "/userRoute/logout", { method: "POST" });
  if (result?.ok) {
    // Forward the API's cookie-clearing Set-Cookie with the toast.
    return redirectWithToast(
      context,
      "/login",
      { type: "success", title: t("common.logout.success") },
      { headers: forwardedCookies(result) },
    );
  }
  if (result) await handleSessionFlags(request, context, result);
  return redirectWithToast(context, "/member/dashboard", {
    type: "error",
    title: t("common.genericFailure"),
  });
}

export default function LogoutPage() {
  return (
    <div className="mx-auto max-w-sm">
      <div className="card p-5">
        <LogoutConfirm />
      </div>
    </div>
  );
}
