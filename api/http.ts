import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z, type ZodType, type ZodTypeDef } from "zod";

/** Any schema producing T, whatever its input type (transforming schemas included). */
type Schema<T> = ZodType<T, ZodTypeDef, unknown>;
import type { Deps } from "./deps";
import { decodeObj, ObjDecodeError } from "./lib/obj";
import { findSession, SESSION_COOKIE, type SessionUser } from "./domain/sessions";

/**
 * The response envelope (docs/api.md): `{success:true, msg}` on success,
 * `{success:false, error_msg}` on failure, plus the session flags on member routes.
 */
export type ApiEnv = { Variables: { deps: Deps; member: SessionUser } };
export type ApiContext = Context<ApiEnv>;

export class ApiError extends Error {
  constructor(
    public status: ContentfulStatusCode,
    public errorMsg: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(errorMsg);
  }
}

export const ok = (c: Context, msg: unknown, extra: Record<string, unknown> = {}) =>
  c.json({ success: true, msg, ...extra }, 200);

export const fail = (
  c: Context,
  status: ContentfulStatusCode,
  errorMsg: string,
  extra: Record<string, unknown> = {},
) => c.json({ success: false, error_msg: errorMsg, ...extra }, status);

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

export function parseWith<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, firstIssue(result.error));
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

/** True when the request comes from our own web tier (it carries the servers' internal token). */
export function fromWebTier(c: ApiContext): boolean {
  const internal = Buffer.from(c.req.header("x-internal-token") ?? "");
  const expected = Buffer.from(c.var.deps.internalToken);
  return internal.length === expected.length && timingSafeEqual(internal, expected);
}

/** The caller's address: trusted from the web tier's header only when it proves it is ours. */
export function clientIp(c: ApiContext): string {
  if (fromWebTier(c)) return c.req.header("x-client-ip") ?? "unknown";
  if (c.var.deps.config.TRUST_PROXY)
    return c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}
