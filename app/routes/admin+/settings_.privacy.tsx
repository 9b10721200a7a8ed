import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { operatorChange } from "~/utils/admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isAgeCheck } from "../../../shared/privacyNotice";

/**
 * The owner's age check (issue 44 §3), posted by the form on /admin/settings
 * (app/components/admin/age-check-form.tsx): PATCH /adminRoute/privacy/settings, owner only and
 * audited by the API, then back to the settings with its answer.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const value = (await request.formData()).get("age_check");
  if (!isAgeCheck(value))
    return redirectWithToast(context, "/admin/settings", { type: "error", title: "Choose an age check." });
  return operatorChange(
    request,
    context,
    "/adminRoute/privacy/settings",
    { method: "PATCH", json: { age_check: value } },
    "/admin/settings",
  );
}

export const loader = () => redirect("/admin/settings");
