import { redirect, type AppLoadContext } from "@remix-run/node";
import { errorText, memberApi, payloadOf, type ApiCall, type ApiResult } from "./api.server";
import { redirectWithToast } from "./toast.server";

/**
 * An operator console call: session problems go to /login (as on member pages), a member who is
 * not an operator gets the 403 'Operators only' page from the admin layout's error boundary.
 */
export async function operatorApi<T>(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall = {},
): Promise<ApiResult<T>> {
  const res = await memberApi<T>(request, context, path, call);
  if (res.status === 401) throw redirect("/login");
  if (res.status === 403) throw new Response("Operators only", { status: 403 });
  return res;
}

/** A loader's read: the payload, or a thrown error response for the console's error boundary. */
export async function operatorRead<T>(
  request: Request,
  context: AppLoadContext,
  path: string,
  query?: Record<string, string | undefined>,
): Promise<T> {
  return payloadOf(await operatorApi<T>(request, context, path, { query }));
}

/** An action's change: back to `returnTo` with the API's answer as a toast (so it shows without JavaScript too). */
export async function operatorChange(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall,
  returnTo: string,
): Promise<Response> {
  const res = await operatorApi<string | { message?: unknown }>(request, context, path, call);
  if (res.ok) {
    const msg = res.body.msg;
    const title =
      typeof msg === "string" ? msg : msg && typeof msg.message === "string" ? msg.message : "Saved.";
    return redirectWithToast(context, returnTo, { type: "success", title });
  }
  return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
}
