import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { operatorRead } from "~/utils/admin.server";
import { sectionsFor } from "~/utils/operator-sections";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/** The console opens on the first section the operator's roles open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await operatorRead(request, context, "/adminRoute/me");
  const first = sectionsFor(me.roles).find((s) => s.to !== "/admin");
  if (!first) throw new Response(ROLE_REFUSED, { status: 403 });
  return redirect(first.to);
}

/**
 * Never shown (the loader always redirects or refuses); having a component makes this a page, so
 * a refusal is rendered by the console's error boundary instead of answered as bare text.
 */
export default function AdminIndex() {
  return null;
}
