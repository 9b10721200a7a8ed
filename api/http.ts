import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z, type ZodType, type ZodTypeDef } from "zod";

/** Any schema producing T, whatever its input type (transforming schemas included). */
type Schema<T> = ZodType<T, ZodTypeDef, unknown>;
import type { Deps } from "./deps";
import { decodeObj, ObjDecodeError } from "../shared/obj.server";
import { findSession, SESSION_COOKIE, type SessionUser } from "./domain/sessions";
import { DomainError } from "./domain/errors";
import { isDomainErrorCode, type DomainErrorCode } from "../shared/errors";

/**
 * The response envelope (docs/api.md): `{success:true, msg}` on success,
 * `{success:false, error_msg, error_code}` on failure, plus the session flags on member routes.
 */
export type ApiEnv = { Variables: { deps: Deps; member: SessionUser } };
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
  email_in_use: 409,
  invalid_token: 400,
  human_check_failed: 400,
  not_found: 404,
  forbidden: 403,
  unauthenticated: 401,
  conflict: 409,
  too_soon: 429,
  rate_limited: 429,
  unavailable: 503,
  server_error: 500,
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

export const ok = (c: Context, msg: unknown, extra: Record<string, unknown> = {}) =>
  c.json({ success: true, msg, ...extra }, 200);

export const fail = (
  c: Context,
  status: ContentfulStatusCode,
  /** One sentence, or the spec's list of field messages. */
  errorMsg: string | { msg: string }[],
  extra: Record<string, unknown> = {},
  code: DomainErrorCode = codeForStatus(status),
) => c.json({ success: false, error_msg: errorMsg, error_code: code, ...extra }, status);

/** The envelope for a thrown refusal; undefined for anything else (a bug: the caller answers 500). */
export function refusal(c: Context, err: unknown): Response | undefined {
  if (err instanceof DomainError) return fail(c, STATUS_BY_CODE[err.code], err.message, err.extra, err.code);
  if (err instanceof ApiError) return fail(c, err.status, err.errorMsg, err.extra, err.code);
  return undefined;
}

export const SESSION_FLAGS = {
  tokenMissing: { jwtMiddleware_token_not_found_error: true },
  userNotFound: { jwtMiddleware_user_not_found_error: true },
  expired: { jwtMiddleware_error: true },
} as const;

/** First zod issue as a readable sentence: the field's own message when the schema gives one. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  if (issue.code === "unrecognized_keys") return `Unexpected field: ${issue.keys.join(", ")}.`;
  if (issue.code === "invalid_type" && issue.received === "undefined")
    return `${String(issue.path.at(-1) ?? "field")} is required.`;
  return issue.message;
}

/** A field rule may name its refusal (`params.error_code`); any other parse failure is invalid input. */
function issueCode(error: z.ZodError): DomainErrorCode {
  const issue = error.issues[0];
  const named =
    issue?.code === "custom" ? (issue.params as { error_code?: unknown } | undefined)?.error_code : undefined;
  return isDomainErrorCode(named) ? named : "invalid_input";
}

export function parseWith<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, firstIssue(result.error), {}, issueCode(result.error));
  return result.data;
}

async function readJson(c: ApiContext): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, "Invalid request body.");
  }
}

/** Reads a `{obj}` body: decrypts it with the servers' key and validates it with the schema. */
export async function readObj<T>(c: ApiContext, schema: Schema<T>): Promise<T> {
  const body = parseWith(
    z.object({ obj: z.string({ invalid_type_error: "Invalid request body." }) }).passthrough(),
    await readJson(c),
  );
  let decoded: unknown;
  try {
    decoded = decodeObj(c.var.deps.config.objSecret, body.obj);
  } catch (e) {
    if (e instanceof ObjDecodeError) throw new ApiError(400, e.message);
    throw e;
  }
  return parseWith(schema, decoded);
}

/** The 1-based `?page=` of a paged history; anything else reads as page 1. */
export function pageQuery(c: Context): number {
  const n = Number(c.req.query("page"));
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** Reads a plain JSON body (the spec's non-encrypted bodies, e.g. giftCode_state). */
export async function readBody<T>(c: ApiContext, schema: Schema<T>): Promise<T> {
  return parseWith(schema, await readJson(c));
}

/** The session check for member routes: sets `c.var.member` or answers with the spec's flags. */
export const requireMember: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token)
    return fail(c, 401, "Authentication Error: please log in again to continue.", SESSION_FLAGS.tokenMissing);
  const found = await findSession(c.var.deps.db, token);
  if (found === "expired")
    return fail(c, 401, "Your session has expired. Please log in again.", SESSION_FLAGS.expired);
  if (found === "user_not_found") return fail(c, 401, "User not found.", SESSION_FLAGS.userNotFound);
  c.set("member", found);
  await next();
};

export const requireOperator: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.var.member.role !== "operator") return fail(c, 403, "Operators only.");
  await next();
};

/** The caller's address: trusted from the web tier's header only when it proves it is ours. */
export function clientIp(c: ApiContext): string {
  const internal = c.req.header("x-internal-token");
  if (internal && internal === c.var.deps.internalToken) return c.req.header("x-client-ip") ?? "unknown";
  if (c.var.deps.config.TRUST_PROXY)
    return c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}
