import { redirect, type AppLoadContext } from "@remix-run/node";
import { encodeObj } from "../../shared/obj.server";
import { redirectWithToast } from "./toast.server";
import type { ApiBody } from "../../shared/envelope";
import type { AnswerOf, ApiPath, BodyOf, RefusalOf, Refused, WrittenOf } from "../../shared/contracts";
import { GENERIC_FAILURE } from "../../shared/messages";
import { localizeBody } from "../../shared/i18n/apiMessages";
import { localeOf } from "../i18n/i18n.server";
import { log } from "../../shared/log.server";

export interface ApiResult<T = unknown, F = Refused> {
  status: number;
  ok: boolean;
  body: ApiBody<T>;
  /** The refusal, typed by the path's contract (its code and the fields it adds); null when it went through. */
  refused: F | null;
  setCookies: string[];
  /** The answer's entity tag, when the read has one (the dashboard's: see PageKeeping). */
  etag: string | null;
}

/** The helpers' implementations pass any path and call on (their overloads are the typed face). */
export type Untyped = (
  request: Request,
  context: AppLoadContext,
  path: string,
  call?: ApiCall,
) => Promise<ApiResult<unknown>>;

/** A call's body (typed by the path's contract, shared/contracts) and how it is sent. */
export interface ApiCall<Body = unknown> {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Encrypted into the spec's `{obj}` body. */
  obj?: Body;
  /** Encrypted into the spec's `{encryptedObj}` body (the campaign status call). */
  encryptedObj?: Body;
  /** Encrypted into the spec's `{obj_already}` body (the short link's first page). */
  obj_already?: Body;
  /** Sent as a plain JSON body (the spec's non-encrypted bodies). */
  json?: Body;
  query?: Record<string, string | undefined>;
}

/** The call for a path: its body is the contract's. */
export type CallOf<P extends ApiPath> = ApiCall<BodyOf<P>>;

/** A write: a body, or a method other than GET. It answers with the path's `written`. */
export type WriteCall<P extends ApiPath> = CallOf<P> &
  (
    | { method: "POST" | "PATCH" | "DELETE" }
    | { obj: BodyOf<P> }
    | { encryptedObj: BodyOf<P> }
    | { obj_already: BodyOf<P> }
    | { json: BodyOf<P> }
  );

/** A read: GET, with a query at most. It answers with the path's `answer`. */
export interface ReadCall {
  method?: "GET";
  query?: Record<string, string | undefined>;
}

/** The encrypted bodies, by the field name each endpoint reads. */
const ENCRYPTED_FIELDS = ["obj", "encryptedObj", "obj_already"] as const;

function requestBody(secret: string, call: ApiCall): string | undefined {
  for (const field of ENCRYPTED_FIELDS) {
    const value = call[field];
    if (value !== undefined) return JSON.stringify({ [field]: encodeObj(secret, value) });
  }
  return call.json !== undefined ? JSON.stringify(call.json) : undefined;
}

/**
 * The API's raw answer to a call made for this request: the member's cookie and the Host they
 * used, our internal token and their address, the `{obj}` or JSON body. callApi reads the
 * envelope from it; a resource route passing a file on (a bank file's CSV) reads it as it is.
 */
export async function fetchApi(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall = {},
  accept = "application/json",
): Promise<Response> {
  const url = new URL(path, new URL(request.url).origin);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  const headers = new Headers({
    accept,
    "x-internal-token": context.internalToken,
    "x-client-ip": context.clientIp,
  });
  if (context.pageRequestId) {
    headers.set("x-page-request", context.pageRequestId);
    // The same id on the API's log lines as on this request's (shared/log.server.ts).
    headers.set("x-request-id", context.pageRequestId);
  }
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const language = request.headers.get("accept-language");
  if (language) headers.set("accept-language", language.slice(0, 500));
  const host = request.headers.get("host");
  if (host) headers.set("host", host);
  const body = requestBody(context.objSecret, call);
  if (body) headers.set("content-type", "application/json");
  try {
    return await context.apiFetch(
      new Request(url, { method: call.method ?? (body ? "POST" : "GET"), headers, body }),
    );
  } catch (e) {
    // An unreachable API (a split deployment whose API is down) is a server failure the error
    // boundary shows by its status, never a page that could not render.
    log.error({ reqId: context.pageRequestId, err: e, path }, "API call failed");
    throw new Response(GENERIC_FAILURE, { status: 502 });
  }
}

/** Calls the API with the member's cookie forwarded, the way the spec's browser client would. */
export async function callApi<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call: WriteCall<P>,
): Promise<ApiResult<WrittenOf<P>, RefusalOf<P>>>;
export async function callApi<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call?: ReadCall,
): Promise<ApiResult<AnswerOf<P>, RefusalOf<P>>>;
export async function callApi(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall = {},
): Promise<ApiResult<unknown>> {
  const response = await fetchApi(request, context, path, call);
  let parsed: ApiBody;
  try {
    parsed = (await response.json()) as ApiBody;
  } catch {
    parsed = { success: false, error_msg: GENERIC_FAILURE };
  }
  const ok = response.ok && parsed.success !== false;
  const body = localizeBody(localeOf(request), parsed);
  return {
    status: response.status,
    ok,
    body,
    refused: ok ? null : { ...body, success: false },
    setCookies: response.headers.getSetCookie(),
    etag: response.headers.get("etag"),
  };
}

/** The spec's session flags: token missing or user not found go to /login; a token error shows the expiry message. */
export async function handleSessionFlags(
  request: Request,
  context: AppLoadContext,
  result: ApiResult,
): Promise<void> {
  const b = result.body;
  if (b.jwtMiddleware_token_not_found_error || b.jwtMiddleware_user_not_found_error) throw redirect("/login");
  if (b.jwtMiddleware_error) {
    throw await redirectWithToast(context, "/login", {
      type: "error",
      title: "Your session has expired. Please log in again.",
    });
  }
}

/** A member page's API read: session flags handled, other failures answered with the spec's generic message. */
export async function memberApi<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call: WriteCall<P>,
): Promise<ApiResult<WrittenOf<P>, RefusalOf<P>>>;
export async function memberApi<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  call?: ReadCall,
): Promise<ApiResult<AnswerOf<P>, RefusalOf<P>>>;
export async function memberApi(
  request: Request,
  context: AppLoadContext,
  path: string,
  call: ApiCall = {},
): Promise<ApiResult<unknown>> {
  const result = await (callApi as Untyped)(request, context, path, call);
  await handleSessionFlags(request, context, result);
  return result;
}

/** A read's payload, or a thrown Response with the API's status (5xx when it gave none) for the error boundary. */
export function payloadOf<T>(res: ApiResult<T>): T {
  if (!res.ok || res.body.msg === undefined || res.body.msg === null)
    throw new Response(errorText(res.body), { status: res.status >= 400 ? res.status : 500 });
  return res.body.msg;
}

/**
 * A member page loader's API read: session problems redirect to /login, any other failure is a
 * thrown Response (never a raw error), and the payload is returned.
 */
export async function memberRead<P extends ApiPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  query?: Record<string, string | undefined>,
): Promise<AnswerOf<P>>;
export async function memberRead(
  request: Request,
  context: AppLoadContext,
  path: string,
  query?: Record<string, string | undefined>,
): Promise<unknown> {
  return payloadOf(await (memberApi as Untyped)(request, context, path, { query }));
}

/** Reads an error_msg into one readable line (the API may send a list of {msg}). */
export function errorText(body: ApiBody, fallback = GENERIC_FAILURE): string {
  const e = body.error_msg;
  if (typeof e === "string" && e) return e;
  if (Array.isArray(e) && e.length)
    return e.map((x) => (typeof x === "string" ? x : ((x as { msg?: string }).msg ?? ""))).join(" ");
  return fallback;
}
