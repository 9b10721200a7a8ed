import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { sectionsFor } from "~/utils/operator-sections";
import { OVERVIEW_RANGES, type OverviewRange } from "../../../../shared/contracts/overview";

/**
 * `/admin` is the console's overview (owner). An operator whose roles do not open it gets a short
 * list of the sections their roles open, with no business figures; anyone else gets the console's
 * 'Operators only' page (the admin layout's error boundary, from the API's 403).
 */
export async function overviewLoader({ request, context }: LoaderFunctionArgs) {
  const me = await operatorRead(request, context, "/adminRoute/me");
  if (!me.roles.includes("owner")) {
    return {
      kind: "sections" as const,
      sections: sectionsFor(me.roles)
        .filter((s) => s.to !== "/admin")
        .map(({ to, label }) => ({ to, label })),
    };
  }
  const asked = new URL(request.url).searchParams.get("range");
  const range: OverviewRange = OVERVIEW_RANGES.find((r) => r === asked) ?? "7";
  const [overview, payouts, raises] = await Promise.all([
    operatorRead(request, context, "/adminRoute/overview", { range }),
    operatorRead(request, context, "/adminRoute/payouts"),
    operatorRead(request, context, "/adminRoute/limitChanges", { status: "scheduled" }),
  ]);
  return { kind: "overview" as const, overview, payouts, raises };
}

/** Cancelling a scheduled raise of a money limit (any owner; the forms beside each limit post here too). */
export async function cancelRaiseAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "cancel-limit" || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
    return new Response("Unknown action.", { status: 400 });
  return operatorChange(
    request,
    context,
    `/adminRoute/limitChanges/${id}/cancel`,
    { method: "POST", json: {} },
    "/admin",
  );
}
