import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { errorText, memberApi } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isOptionalPurpose, PRIVACY_MESSAGES } from "../../../shared/privacyNotice";
import { localizeMessage } from "../../../shared/i18n/apiMessages";
import { localeOf } from "~/i18n/i18n.server";

/**
 * Settings' Privacy section posts here (app/components/privacy-settings.tsx): gives or withdraws
 * an optional purpose (PATCH /userRoute/privacy_consent_patch, one consent-log row), then back to
 * the section with the answer as a toast — the same with and without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const purpose = form.get("purpose");
  const granted = form.get("granted");
  const back = "/member/settings#privacy";
  if (!isOptionalPurpose(purpose) || (granted !== "true" && granted !== "false")) {
    return redirectWithToast(context, back, {
      type: "error",
      title: localizeMessage(localeOf(request), PRIVACY_MESSAGES.requiredPurpose),
    });
  }
  const res = await memberApi(request, context, "/userRoute/privacy_consent_patch", {
    method: "PATCH",
    json: { purpose, granted: granted === "true" },
  });
  return redirectWithToast(context, back, {
    type: res.ok ? "success" : "error",
    title: res.ok
      ? typeof res.body.msg === "string"
        ? res.body.msg
        : localizeMessage(localeOf(request), PRIVACY_MESSAGES.consentSaved)
      : errorText(res.body),
  });
}

export const loader = () => redirect("/member/settings#privacy");
