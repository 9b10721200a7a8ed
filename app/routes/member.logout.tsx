import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { handleSessionFlags } from "~/utils/api.server";
import { LogoutConfirm } from "~/components/logout-dialog";
import { callApiOrNull, forwardedCookies } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { GENERIC_FAILURE } from "../../shared/messages";

export const meta: MetaFunction = () => [{ title: "LogOut | Rupee Rewards" }];

/** Without JavaScript LogOut lands here: the confirm step. Its Cancel comes back with ?cancel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.has("cancel")) {
    throw await redirectWithToast(context, "/member/dashboard", { type: "info", title: "LogOut canceled" });
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await callApiOrNull(request, context, "/userRoute/logout", { method: "POST" });
  if (result?.ok) {
    // Forward the API's cookie-clearing Set-Cookie with the toast.
    return redirectWithToast(
      context,
      "/login",
      { type: "success", title: "LogOut success!" },
      { headers: forwardedCookies(result) },
    );
  }
  if (result) await handleSessionFlags(request, context, result);
  return redirectWithToast(context, "/member/dashboard", { type: "error", title: GENERIC_FAILURE });
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
