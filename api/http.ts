import { timingSafeEqual } from "node:crypto";
// The router's own decoding: a %-sequence that is not valid UTF-8 stays as it is, never throws.
import { tryDecodeURIComponent } from "hono/utils/url";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z, type ZodType, type ZodTypeDef } from "zod";

/** Any schema producing T, whatever its input type (transforming schemas included). */
type Schema<T> = ZodType<T, ZodTypeDef, unknown>;
import { siteOrigin } from "./config";
import { decodeObj, MAX_OBJ_LENGTH, ObjDecodeError } from "../shared/obj.server";
import { findUnsafeText, isSafeText, unsafeTextMessage } from "./lib/text";
import type { SessionUser } from "./sessions/sessions";
import { authenticateSession, SESSION_FAILURE_FLAGS, type SessionCheck } from "./sessions/sessionAuth";
import { touchActivity } from "./members/dormant";
import { isDomainErrorCode, type DomainErrorCode } from "../shared/errors";
import { ROLE_REFUSED, mayUse, type OperatorRole } from "../shared/operatorRoles";
import type { SameFields } from "../shared/contracts/endpoint";
import {
  ApiError,
  fail,
  type ApiContext,
  type ApiEnv,
  type BodyAt,
  type ContractRoute,
  checkRoute,
} from "./envelope";

/**
 * Reading a request (its body, address and query) and checking its caller (session, operator
 * role, origin). The answers and their envelope are api/envelope.ts, re-exported here so a
 * handler imports from one module.
 */
export {
  ApiError,
  STATUS_BY_CODE,
  codeForStatus,
  fail,
  ok,
  okRead,
  okWrite,
  refusal,
  type ApiContext,
  type ApiEnv,
  type BodyAt,
  type ContractKey,
  type ContractRoute,
  type ReadAt,
  type WriteAt,
} from "./envelope";

const SESSION_FAILURE_MESSAGES = {
  token_missing: "Authentication Error: please log in again to continue.",
  expired: "Your session has expired. Please log in again.",
  user_not_found: "User not found.",
} as const;

/** A field rule may name its refusal (`params.error_code`); any other parse failure is invalid input. */
function issueCode(error: z.ZodError): DomainErrorCode {
  const issue = error.issues[0];
  const named =
    issue?.code === "custom" ? (issue.params as { error_code?: unknown } | undefined)?.error_code : undefined;
  return isDomainErrorCode(named) ? named : "invalid_input";
}

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
  if (!result.success) throw new ApiError(400, firstIssue(result.error), {}, issueCode(result.error));
  return result.data;
}

/**
 * The largest body the API reads: an `{obj}` is the largest a client sends, so the two limits are
 * one. A bigger body is refused before it is read (413).
 */
export const MAX_BODY_BYTES = MAX_OBJ_LENGTH;
export const BODY_TOO_LARGE = "Request body too large.";
export const NOT_JSON = "Send the request body as JSON (Content-Type: application/json).";

const countedBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, BODY_TOO_LARGE) });

/**
 * The body limit. A request that declares its length (every browser and the web tier) is judged on
 * that header alone, before anything reads the body; Node's HTTP parser never hands on more bytes
 * than declared. A body of unknown length (chunked) is counted as it is read, by Hono's
 * `bodyLimit`. Asking Hono's middleware in every case would build the request's web `Request` and
 * body stream, about a twentieth of the API thread's time per ad claim under load (bench/README.md).
 */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const declared =
    c.req.header("transfer-encoding") === undefined ? c.req.header("content-length") : undefined;
  if (declared === undefined || !/^\d+$/.test(declared)) return countedBodyLimit(c, next);
  if (Number(declared) > MAX_BODY_BYTES) return fail(c, 413, BODY_TOO_LARGE);
  await next();
};

/** Refuses text with control characters or lone surrogates anywhere in a parsed body (docs/api.md). */
export function refuseUnsafeText(value: unknown): void {
  const found = findUnsafeText(value);
  if (found) throw new ApiError(400, unsafeTextMessage(found));
}

/**
 * JSON bodies only: a form or text/plain body is what a cross-site page can send without asking,
 * so anything else is refused (415) rather than parsed.
 */
async function readJson(c: ApiContext): Promise<unknown> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new ApiError(415, NOT_JSON);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, "Invalid request body.");
  }
  refuseUnsafeText(body);
  return body;
}

/**
 * The same text rule for the address: every query parameter (name and value) and every path
 * segment, which is where route params come from. Runs before any route, so none can forget it.
 */
export const refuseUnsafeAddress: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  for (const segment of url.pathname.split("/")) {
    if (!isSafeText(tryDecodeURIComponent(segment)))
      throw new ApiError(400, "The address contains a character that is not allowed.");
  }
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!isSafeText(name)) throw new ApiError(400, unsafeTextMessage({ field: "", inName: true }));
    for (const value of values)
      if (!isSafeText(value)) throw new ApiError(400, unsafeTextMessage({ field: name, inName: false }));
  }
  await next();
};

/** The body around an `obj`: that one field, text (built once per field name). */
const objEnvelope = (field: string) =>
  z
    .object({
      [field]: z.string({
        invalid_type_error: "Invalid request body.",
        required_error: `${field} is required.`,
      }),
    })
    .passthrough();
const OBJ_ENVELOPES = {
  obj: objEnvelope("obj"),
  encryptedObj: objEnvelope("encryptedObj"),
  obj_already: objEnvelope("obj_already"),
};

/**
 * Reads a `{obj}` body (or one of the spec's other names for it, `{encryptedObj}`,
 * `{obj_already}`): decrypts it with the servers' key and validates it with the schema.
 */
export async function readObj<T>(
  c: ApiContext,
  schema: Schema<T>,
  field: "obj" | "encryptedObj" | "obj_already" = "obj",
): Promise<T> {
  const body = parseWith(OBJ_ENVELOPES[field], await readJson(c)) as Record<string, string>;
  let decoded: unknown;
  try {
    decoded = decodeObj(c.var.deps.config.objSecret, body[field]!);
  } catch (e) {
    if (e instanceof ObjDecodeError) throw new ApiError(400, e.message);
    throw e;
  }
  refuseUnsafeText(decoded);
  return parseWith(schema, decoded);
}

/** Reads a plain JSON body (the spec's non-encrypted bodies, e.g. giftCode_state). */
export async function readBody<T>(c: ApiContext, schema: Schema<T>): Promise<T> {
  return parseWith(schema, await readJson(c));
}

/** The contract's body of a route, as an object of its fields (none when the path takes no body). */
type BodyFieldsAt<R extends string> = [BodyAt<R>] extends [never] ? Record<never, never> : BodyAt<R>;

/** readObj for a path in the contracts map: the schema reads the contract's body. */
export function readObjAt<R extends string, T, In>(
  c: ApiContext,
  route: R & ContractRoute<R>,
  schema: ZodType<T, ZodTypeDef, In> & SameFields<BodyFieldsAt<R>, In>,
  field?: "obj" | "encryptedObj" | "obj_already",
): Promise<T> {
  checkRoute(c, route, false);
  return readObj(c, schema, field);
}

/** readBody for a path in the contracts map: the schema reads the contract's body. */
export function readBodyAt<R extends string, T, In>(
  c: ApiContext,
  route: R & ContractRoute<R>,
  schema: ZodType<T, ZodTypeDef, In> & SameFields<BodyFieldsAt<R>, In>,
): Promise<T> {
  checkRoute(c, route, false);
  return readBody(c, schema);
}

/** The 1-based `?page=` of a paged history; anything else reads as page 1. */
export function pageQuery(c: Context): number {
  const n = Number(c.req.query("page"));
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** The session check for member routes: sets `c.var.member` or answers with the spec's flags. */
export const requireMember: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { db, pageSessions } = c.var.deps;
  const cookie = c.req.header("cookie") ?? "";
  const pageId = c.req.header("x-page-request");
  let check: SessionCheck;
  if (pageId && pageId.length <= 64 && fromWebTier(c)) {
    if (c.req.method === "GET") {
      check = await pageSessions.check(pageId, cookie, () => authenticateSession(db, cookie));
    } else {
      pageSessions.forget(pageId);
      check = await authenticateSession(db, cookie);
    }
  } else {
    check = await authenticateSession(db, cookie);
  }
  if ("failure" in check)
    return fail(c, 401, SESSION_FAILURE_MESSAGES[check.failure], SESSION_FAILURE_FLAGS[check.failure]);
  c.set("member", check.member);
  // A signed-in request is a visit (dormant accounts, issue 44): written at most hourly per node.
  await touchActivity(db, check.member.id, c.var.deps.clock());
  await next();
};

/**
 * Operator requests need an operator account and a session that passed the second factor at
 * sign-in (a session opened with the password alone, e.g. before a promotion, is not enough).
 */
export const requireOperator: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!isOperatorSession(c.var.member)) return fail(c, 403, "Operators only.");
  await next();
};

/** An operator's session that passed the second factor: the operator role alone is not enough. */
const isOperatorSession = (member: SessionUser): boolean => member.role === "operator" && member.secondFactor;

/**
 * An operator endpoint open to `allowed` roles (and the owner): an operator past the second factor
 * whose roles include one of them. Others get 403 — `Operators only.` for a member,
 * ROLE_REFUSED for an operator whose roles do not open it.
 */
export function requireRole(...allowed: OperatorRole[]): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const member = c.var.member;
    if (!isOperatorSession(member)) return fail(c, 403, "Operators only.");
    if (!mayUse(member.operatorRoles, allowed)) return fail(c, 403, ROLE_REFUSED);
    await next();
  };
}

/**
 * The client's address behind `hops` trusted proxies: each proxy appends the address it received
 * the request from to X-Forwarded-For, so the client is the entry `hops` places from the right of
 * [...X-Forwarded-For, socket address]. Entries further left are the client's own words. (Express's
 * numeric `trust proxy` picks the same one for the web tier.)
 */
export function clientAddress(remote: string, forwardedFor: string | undefined, hops: number): string {
  if (hops <= 0 || !forwardedFor) return remote;
  const chain = [
    ...forwardedFor
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    remote,
  ];
  return chain[Math.max(0, chain.length - 1 - hops)]!;
}

/** True when the request comes from our own web tier (it carries the servers' internal token). */
export function fromWebTier(c: ApiContext): boolean {
  const internal = Buffer.from(c.req.header("x-internal-token") ?? "");
  const expected = Buffer.from(c.var.deps.internalToken);
  return internal.length === expected.length && timingSafeEqual(internal, expected);
}

/** The caller's address: trusted from the web tier's header only when it proves it is ours. */
export function clientIp(c: ApiContext): string {
  if (fromWebTier(c)) return c.req.header("x-client-ip") ?? "unknown";
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const remote = incoming?.socket?.remoteAddress ?? "local";
  return clientAddress(remote, c.req.header("x-forwarded-for"), c.var.deps.config.TRUST_PROXY);
}

/**
 * Whether an If-None-Match header names `tag` (RFC 9110 §13.1.2: weak comparison, a list of
 * tags or `*`). A malformed header matches nothing, so the full answer is sent.
 */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  const wanted = opaque(tag);
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || opaque(t) === wanted);
}

/** The origin check (api/config.ts, beside the host and origin rules it reads). */
export { CROSS_SITE_REFUSED, isCrossSite } from "./config";

/** The site's address for links made for the caller (see siteOrigin). */
export const siteOriginOf = (c: Context<ApiEnv>): string =>
  siteOrigin(c.var.deps.config, (name) => c.req.header(name));
