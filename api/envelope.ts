import type { Context } from "hono";
import { routePath } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Deps } from "./deps";
import type { SessionUser } from "./sessions/sessions";
import { DomainError, UpstreamError } from "./lib/errors";
import { type DomainErrorCode } from "../shared/errors";
import type { AnswerOf, ApiPath, BodyOf, WrittenOf } from "../shared/contracts";

/**
 * The API's answers: the envelope, the refusal codes' statuses, and the typed success answers of
 * the paths in the contracts map (okRead, okWrite). api/http.ts reads requests and checks callers.
 */

/**
 * The response envelope (docs/api.md): `{success:true, msg}` on success,
 * `{success:false, error_msg, error_code}` on failure, plus the session flags on member routes.
 */
export type ApiEnv = {
  Variables: {
    deps: Deps;
    member: SessionUser;
    /** This request's id (logs, metrics): the web tier's, next to the internal token, else our own. */
    reqId: string;
    /** The error_code of a refusal answered (set by `fail`), for the error metrics. */
    errorCode?: string;
  };
};
export type ApiContext = Context<ApiEnv>;

/** The one table from a domain refusal to its HTTP status. */
export const STATUS_BY_CODE: Record<DomainErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  invalid_credentials: 401,
  wrong_password: 400,
  bind_payment: 400,
  payment_method: 400,
  invalid_amount: 400,
  insufficient_balance: 400,
  invalid_direction: 400,
  already_claimed: 409,
  gift_code_expired: 410,
  gift_code_exhausted: 409,
  already_settled: 409,
  duplicate: 409,
  already_registered: 409,
  login_with_password: 409,
  email_in_use: 409,
  invalid_token: 400,
  human_check_failed: 400,
  not_found: 404,
  forbidden: 403,
  second_factor_required: 401,
  unauthenticated: 401,
  conflict: 409,
  too_soon: 429,
  rate_limited: 429,
  unavailable: 503,
  server_error: 500,
  ad_too_early: 409,
  ad_view_expired: 409,
  ad_view_used: 409,
  ad_interval: 409,
  ad_daily_limit: 409,
  ad_campaign_unavailable: 409,
  proxy_detected: 403,
  in_debt: 409,
  short_link_too_fast: 400,
  short_link_expired: 400,
  short_link_used: 400,
  short_link_daily_limit: 409,
  paid_rooms_off: 403,
  game_move_refused: 409,
  risk_confirm: 409,
  withdrawal_waiting: 409,
  payout_in_flight: 409,
  second_approval: 409,
  daily_limit: 409,
  not_payable: 409,
  pan_required: 409,
  tax_exceeds_amount: 400,
};

/** The code of an HTTP-level failure that no domain rule named (parse errors, unknown paths). */
export function codeForStatus(status: number): DomainErrorCode {
  if (status >= 502 && status <= 504) return "unavailable";
  if (status >= 500) return "server_error";
  switch (status) {
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
    case 410:
      return "not_found";
    case 409:
      return "conflict";
    case 429:
      return "rate_limited";
    default:
      return "invalid_input";
  }
}

/** A refusal at the HTTP boundary (unreadable body, bad path parameter); domain rules throw DomainError. */
export class ApiError extends Error {
  constructor(
    public status: ContentfulStatusCode,
    public errorMsg: string,
    public extra: Record<string, unknown> = {},
    public code: DomainErrorCode = codeForStatus(status),
  ) {
    super(errorMsg);
  }
}

/**
 * The success envelope with any `msg`: for answers outside the contracts map (the spec's postbacks,
 * the shortener's API). A path the pages call answers with okRead or okWrite instead.
 */
export const ok = (c: Context, msg: unknown, extra: Record<string, unknown> = {}) =>
  c.json({ success: true, msg, ...extra }, 200);

/** A route's pattern with each `:param` segment as `Param` (`${string}`, or `${number}` for a numeric id). */
type KeyWith<R extends string, Param extends string> = R extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${Param}/${KeyWith<Tail, Param>}`
  : R extends `${infer Head}:${string}`
    ? `${Head}${Param}`
    : R;

/**
 * A route as Hono registers it (`/adminRoute/withdrawals/:id/settle`, mount prefix included) turned
 * into its key in the contracts map (`/adminRoute/withdrawals/${string}/settle`, or `${number}`
 * where the map's key takes a numeric id).
 */
export type ContractKey<R extends string> =
  KeyWith<R, `${string}`> extends ApiPath ? KeyWith<R, `${string}`> : KeyWith<R, `${number}`>;

/** A route whose key is in the contracts map. */
export type ContractRoute<R extends string> = ContractKey<R> extends ApiPath ? R : never;
/** What a read (GET) of the route answers, by its contract. */
export type ReadAt<R extends string> = ContractKey<R> extends ApiPath ? AnswerOf<ContractKey<R>> : never;
/** What a write (POST, PATCH, DELETE) to the route answers, by its contract. */
export type WriteAt<R extends string> = ContractKey<R> extends ApiPath ? WrittenOf<ContractKey<R>> : never;
/** What the route takes as its body, by its contract. */
export type BodyAt<R extends string> = ContractKey<R> extends ApiPath ? BodyOf<ContractKey<R>> : never;

/**
 * Outside production, the route a handler names must be the one that matched (a handler copied to
 * another path, or a read answering a write, is a bug the integration tests then catch).
 */
export function checkRoute(c: Context, route: string, read: boolean): void {
  if ((c as ApiContext).var.deps?.config.NODE_ENV === "production") return;
  const matched = routePath(c);
  const isRead = c.req.method === "GET" || c.req.method === "HEAD";
  if (matched !== route || isRead !== read)
    throw new Error(`${read ? "okRead" : "okWrite"}(${route}) answered ${c.req.method} ${matched}`);
}

/**
 * A read's answer, typed by its route's contract (shared/contracts): `msg` must be the path's
 * answer, so a field missing, renamed or extra fails the typecheck. `route` is the handler's own
 * path with its mount prefix (`/userAmount/userBalanceData_get`, `/adminRoute/withdrawals/:id`).
 */
export function okRead<R extends string>(
  c: Context,
  route: R & ContractRoute<R>,
  msg: ReadAt<R>,
  extra: Record<string, unknown> = {},
): Response {
  checkRoute(c, route, true);
  return ok(c, msg, extra);
}

/** A write's answer, typed by its route's contract, as okRead is. */
export function okWrite<R extends string>(
  c: Context,
  route: R & ContractRoute<R>,
  msg: WriteAt<R>,
  extra: Record<string, unknown> = {},
): Response {
  checkRoute(c, route, false);
  return ok(c, msg, extra);
}

export const fail = (
  c: Context,
  status: ContentfulStatusCode,
  /** One sentence, or the spec's list of field messages. */
  errorMsg: string | { msg: string }[],
  extra: Record<string, unknown> = {},
  code: DomainErrorCode = codeForStatus(status),
) => {
  (c as ApiContext).set("errorCode", code);
  return c.json({ success: false, error_msg: errorMsg, error_code: code, ...extra }, status);
};

/** The envelope for a thrown refusal; undefined for anything else (a bug: the caller answers 500). */
export function refusal(c: Context, err: unknown): Response | undefined {
  if (err instanceof UpstreamError) return fail(c, 502, err.message, err.extra, err.code);
  if (err instanceof DomainError) return fail(c, STATUS_BY_CODE[err.code], err.message, err.extra, err.code);
  if (err instanceof ApiError) return fail(c, err.status, err.errorMsg, err.extra, err.code);
  return undefined;
}
