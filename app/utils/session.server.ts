import { redirect, type AppLoadContext } from "@remix-run/node";
import {
  callApi,
  memberApi,
  type ApiCall,
  type ApiResult,
  type ReadCall,
  type Untyped,
  type WriteCall,
} from "./api.server";
import type { AnswerOf, ApiPath, WrittenOf } from "../../shared/contracts";
import { redirectWithToast, ToastSchema, type Toast, type ToastInput } from "./toast.server";
import { requestT } from "../i18n/i18n.server";
import type { AccountSummary } from "../../shared/contracts/accounts";
import type { NavBarData } from "../../shared/contracts/content";

/** The spec's message for any failure that has no message of its own. */

export interface MemberSession {
  /** The account e-mail (remembered on the device by the member layout). */
  email: string | null;
  /** Withdrawable balance as the API writes it, e.g. "12.345" (null when unknown). */
  availableBalance: string | null;
  /** Set when the check failed for a reason other than the session (the page still renders). */
  loadError: string | null;
  /** An operator's session (past the authenticator code): the member menu links to the console. */
  operator: boolean;
}

/**
 * The member session check used by the member layout: token missing or member gone → /login,
 * an expired session → /login with the expiry toast (handled in memberApi), anything else is
 * reported on the page with the generic message.
 */
export async function requireMemberSession(
  request: Request,
  context: AppLoadContext,
): Promise<MemberSession> {
  let result: ApiResult<AccountSummary>;
  try {
    result = await memberApi(request, context, "/userRoute/userpassword_and_email_get");
  } catch (e) {
    if (e instanceof Response) throw e;
    return {
      email: null,
      availableBalance: null,
      loadError: requestT(request)("common.genericFailure"),
      operator: false,
    };
  }
  // A 401 without a flag still means no usable session.
  if (result.status === 401) throw redirect("/login");
  if (!result.ok || !result.body.msg)
    return {
      email: null,
      availableBalance: null,
      loadError: requestT(request)("common.genericFailure"),
      operator: false,
    };
  const msg = result.body.msg;
  // Issue 44: a new privacy notice (or no acceptance, or no age answer yet) comes first.
  if (msg.privacy_due === true) redirectToConsentStep(request);
  return {
    email: typeof msg.email_address === "string" ? msg.email_address : null,
    availableBalance: typeof msg.available_balance === "string" ? msg.available_balance : null,
    loadError: null,
    operator: msg.operator === true,
  };
}

/** Where the consent step lives (app/routes/member+/consent.tsx). */
export const CONSENT_STEP_PATH = "/member/consent";

/**
 * Sends a member page's visit to the consent step, with the page to come back to (a path of this
 * site: the step reads it again with safeBackPath). The step itself is not redirected.
 */
function redirectToConsentStep(request: Request): void {
  const url = new URL(request.url);
  if (url.pathname === CONSENT_STEP_PATH) return;
  for (const internal of ["_data", "_routes", "index"]) url.searchParams.delete(internal);
  const path = url.pathname.replace(/\.data$/, "") || "/member/dashboard";
  const back = `${path}${url.search}`;
  throw redirect(`${CONSENT_STEP_PATH}?${new URLSearchParams({ back }).toString()}`);
}

/** On /login, /signup and /signup/ref/*: a visitor who is already logged in goes to the dashboard. */
export async function redirectIfLoggedIn(request: Request, context: AppLoadContext): Promise<void> {
  let result: ApiResult<NavBarData>;
  try {
    result = await callApi(request, context, "/checkLogin_for_navBar");
  } catch {
    return; // the form still works; the API answers the login itself
  }
  if (result.ok && result.body.msg?.isLogin === true) {
    throw await redirectWithToast(context, "/member/dashboard", {
      type: "info",
      title: requestT(request)("common.alreadyLoggedIn"),
    });
  }
}

/** The API's Set-Cookie headers (session set or cleared), to forward in the web tier's answer. */
export function forwardedCookies(result: ApiResult): Headers {
  const headers = new Headers();
  for (const c of result.setCookies) headers.append("set-cookie", c);
  return headers;
}

/** A toast carried in an action's answer (shown in place without JavaScript, by the root toaster with it). */
export function actionToast(input: ToastInput): Toast {
  return ToastSchema.parse(input);
}

/** callApi, with an unreachable API answered as null (the caller shows its failure message). */
export async function callApiOrNull<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call: WriteCall<P>,
): Promise<ApiResult<WrittenOf<P>> | null>;
export async function callApiOrNull<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call?: ReadCall,
): Promise<ApiResult<AnswerOf<P>> | null>;
export async function callApiOrNull(
  request: Request,
  context: AppLoadContext,
  path: string,
  call?: ApiCall,
): Promise<ApiResult<unknown> | null> {
  try {
    return await (callApi as Untyped)(request, context, path, call);
  } catch {
    return null;
  }
}
