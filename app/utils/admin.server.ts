import { redirect, type AppLoadContext } from "@remix-run/node";
import {
  errorText,
  memberApi,
  payloadOf,
  type ApiCall,
  type ApiResult,
  type ReadCall,
  type Untyped,
  type WriteCall,
} from "./api.server";
import type { AnswerOf, ApiPath, RefusalOf, WrittenOf } from "../../shared/contracts";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { redirectWithToast } from "./toast.server";
import { loginPathFor, pagePathOf, withLoginReturn } from "./login-return";

/**
 * An operator console call: session problems go to /login?redirectTo={this page} (back here after
 * the password and the authenticator code), a member who is not an operator gets the 403
 * 'Operators only' page from the admin layout's error boundary.
 */
export async function operatorApi<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call: WriteCall<P>,
): Promise<ApiResult<WrittenOf<P>, RefusalOf<P>>>;
export async function operatorApi<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call?: ReadCall,
): Promise<ApiResult<AnswerOf<P>, RefusalOf<P>>>;
export async function operatorApi(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall = {},
): Promise<ApiResult<unknown>> {
  let res: ApiResult<unknown>;
  try {
    res = await (memberApi as Untyped)(request, context, path, call);
  } catch (e) {
    // Signed out or expired: to /login, and back to this console page after signing in.
    throw withLoginReturn(e, request);
  }
  if (res.status === 401) throw redirect(loginPathFor(pagePathOf(request)));
  // An operator whose roles do not open this: the role's refusal; anyone else: not an operator.
  if (res.status === 403 && res.body.error_msg === ROLE_REFUSED)
    throw new Response(ROLE_REFUSED, { status: 403 });
  if (res.status === 403) throw new Response("Operators only", { status: 403 });
  return res;
}

/** A loader's read: the payload, or a thrown error response for the console's error boundary. */
export async function operatorRead<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  query?: Record<string, string | undefined>,
): Promise<AnswerOf<P>>;
export async function operatorRead(
  request: Request,
  context: AppLoadContext,
  path: string,
  query?: Record<string, string | undefined>,
): Promise<unknown> {
  return payloadOf(await (operatorApi as Untyped)(request, context, path, { query }));
}

/** A change's answer as a toast's words: its message (the answer itself, or its `message`), else "Saved.". */
export function savedText(msg: unknown): string {
  if (typeof msg === "string") return msg;
  if (msg && typeof msg === "object" && "message" in msg && typeof msg.message === "string")
    return msg.message;
  return "Saved.";
}

/** An action's change: back to `returnTo` with the API's answer as a toast (so it shows without JavaScript too). */
export async function operatorChange<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call: WriteCall<P>,
  returnTo: string,
): Promise<Response>;
export async function operatorChange(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall,
  returnTo: string,
): Promise<Response> {
  const res = await (operatorApi as Untyped)(request, context, path, call);
  if (res.ok)
    return redirectWithToast(context, returnTo, { type: "success", title: savedText(res.body.msg) });
  return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
}
