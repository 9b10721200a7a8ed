import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { operatorChange } from "~/utils/admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PAYOUT_TIME_MAX_DAYS } from "../../../shared/payoutTime";

/**
 * The payout time (issue 45 §3), posted by the form on /admin/settings
 * (app/components/admin/payout-time-form.tsx): PATCH /adminRoute/settings/payout_time, owner only
 * and audited by the API, then back to the settings with its answer.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const raw = String((await request.formData()).get("payout_working_days") ?? "").trim();
  const days = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= PAYOUT_TIME_MAX_DAYS))
    return redirectWithToast(context, "/admin/settings", {
      type: "error",
      title: `The payout time is whole working days from 1 to ${PAYOUT_TIME_MAX_DAYS}.`,
    });
  return operatorChange(
    request,
    context,
    "/adminRoute/settings/payout_time",
    { method: "PATCH", json: { payout_working_days: days } },
    "/admin/settings",
  );
}

export const loader = () => redirect("/admin/settings");
