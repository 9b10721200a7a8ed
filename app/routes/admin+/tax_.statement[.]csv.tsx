import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { fetchApi } from "~/utils/api.server";
import { GENERIC_FAILURE } from "../../../shared/messages";
import { ROLE_REFUSED } from "../../../shared/operatorRoles";

/**
 * `/admin/tax/statement.csv?fy=2026-27&quarter=3`: a quarter's tax statement, downloaded with the
 * operator's session (owner or payouts). The API answers the file itself, passed on as it is, as
 * the bank files' route does; a refusal becomes the console's usual answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fy = url.searchParams.get("fy") ?? "";
  const quarter = url.searchParams.get("quarter") ?? "";
  const res = await fetchApi(
    request,
    context,
    `/adminRoute/tax/statement?${new URLSearchParams({ fy, quarter })}`,
    {},
    "text/csv, application/json",
  );
  if (res.ok && (res.headers.get("content-type") ?? "").startsWith("text/csv"))
    return new Response(res.body, {
      status: 200,
      headers: {
        "Content-Type": res.headers.get("content-type") ?? "text/csv; charset=utf-8",
        "Content-Disposition": res.headers.get("content-disposition") ?? `attachment; filename="tax.csv"`,
        // Members' PANs: never kept by a shared cache.
        "Cache-Control": "private, no-store",
      },
    });
  const body = (await res.json().catch(() => null)) as { error_msg?: unknown } | null;
  const message = typeof body?.error_msg === "string" ? body.error_msg : GENERIC_FAILURE;
  if (res.status === 401) throw redirect("/login");
  if (res.status === 403 && message === ROLE_REFUSED) throw new Response(ROLE_REFUSED, { status: 403 });
  if (res.status === 403) throw new Response("Operators only", { status: 403 });
  throw new Response(message, { status: res.status >= 400 ? res.status : 500 });
}
