import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { fetchApi } from "~/utils/api.server";
import { GENERIC_FAILURE } from "../../../shared/messages";
import { ROLE_REFUSED } from "../../../shared/operatorRoles";

/**
 * `/admin/payouts/bank-files/{id}/csv`: a bank file's CSV, downloaded with the operator's session.
 * The API answers the file itself (text/csv, not the JSON envelope the page helpers read), so this
 * resource route passes its body and download headers on as they are; a refusal becomes the
 * console's usual answer (sign in, role refused, not found).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!/^[0-9a-f]{24}$/.test(id)) throw new Response("Bank file not found.", { status: 404 });
  const res = await fetchApi(
    request,
    context,
    `/adminRoute/payouts/bankFiles/${id}/csv`,
    {},
    "text/csv, application/json",
  );
  if (res.ok && (res.headers.get("content-type") ?? "").startsWith("text/csv"))
    return new Response(res.body, {
      status: 200,
      headers: {
        "Content-Type": res.headers.get("content-type") ?? "text/csv; charset=utf-8",
        "Content-Disposition":
          res.headers.get("content-disposition") ?? `attachment; filename="bank-file-${id}.csv"`,
        // Account numbers and UPI ids: never kept by a shared cache.
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
