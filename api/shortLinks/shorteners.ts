import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { builtinShortUrls, shorteners } from "../db/schema";
import { DomainError, UpstreamError } from "../lib/errors";
import { OutboundRefused, TimeoutError, outboundGet } from "../lib/outbound";
import { log as logger } from "../../shared/log.server";
import { tailChars } from "../lib/text";

/**
 * Link shorteners (issue 8, ARCHITECTURE §10). A short link's start sends the site's end-page
 * address to a shortener and hands the member the short URL it answers:
 * - `adlinkfly`: an AdLinkFly-style API, `GET {api}?api={key}&url={encoded}` answering
 *   `{"status":"success","shortenedUrl":"…"}` or `{"status":"error","message":[…]}` (or, set to
 *   `format=text`, the short URL as plain text);
 * - `builtin`: the site's own shortener, so the flow works with no internet: a code in
 *   `builtin_short_urls`, served as the interstitial page `/s/{code}`. It also speaks the
 *   AdLinkFly API at `GET /shortener/api`, for any client that expects one.
 */

export type Shortener = typeof shorteners.$inferSelect;

export const SHORTENER_MESSAGES = {
  unavailable: "The shortener is not answering right now. Please try again later.",
  linkNotFound: "Link not found.",
  invalidKey: "Invalid API key.",
  invalidUrl: "The url must be an http(s) address on this site.",
  invalidAlias: "The alias may hold 3 to 30 letters, digits, - and _.",
  aliasTaken: "This alias is already used.",
} as const;

/** The default wait for a shortener's answer (config SHORTENER_TIMEOUT_MS). */
export const SHORTENER_TIMEOUT_MS = 5_000;
/** A shortener's answer is a short JSON or one URL: anything longer is not one. */
const MAX_ANSWER_CHARS = 16 * 1024;
const MAX_URL_CHARS = 2048;

/** An http(s) URL without credentials, or null. */
export function httpUrl(text: string): URL | null {
  if (text.length > MAX_URL_CHARS) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  return url;
}

/** The host (with port) members see as a built-in shortener's domain: the public origin's, read now. */
export const builtinDomain = (origin: string) => new URL(origin).host;

/** The domain shown for a shortener: the built-in one's follows the public origin (it can change). */
export const shortenerDomain = (s: Pick<Shortener, "kind" | "domain">, origin: string) =>
  s.kind === "builtin" ? builtinDomain(origin) : s.domain;

/** The key's last 4 characters for display; keys are never answered in full. */
export const maskKey = (key: string | null) => (key ? `…${tailChars(key, 4)}` : null);

/** The short URL from an AdLinkFly answer: JSON with `shortenedUrl`, or the plain-text URL. */
function shortUrlFromAnswer(text: string): { url: string } | { error: string } {
  const trimmed = text.trim();
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    json = undefined;
  }
  if (json !== null && typeof json === "object") {
    const answer = json as { status?: unknown; shortenedUrl?: unknown; message?: unknown };
    if (answer.status === "success" && typeof answer.shortenedUrl === "string") {
      const url = httpUrl(answer.shortenedUrl.trim());
      return url ? { url: url.href } : { error: "the shortened URL is not an http(s) address" };
    }
    const message = Array.isArray(answer.message) ? answer.message.join(" ") : String(answer.message ?? "");
    return { error: `error answer: ${message.slice(0, 200) || "no message"}` };
  }
  const url = !/\s/.test(trimmed) ? httpUrl(trimmed) : null;
  return url ? { url: url.href } : { error: "the answer is neither JSON nor a URL" };
}

/**
 * Asks an AdLinkFly-style API to shorten `url`. Any failure — an error answer, a non-2xx status
 * (a redirect included: none is followed), an unreadable answer, a network error, no answer within
 * `timeoutMs`, or (unless `allowPrivate`) an address on this machine or a private network — is an
 * UpstreamError (502 `unavailable`) with the member's message; the cause goes to the log (without
 * the key).
 */
export async function adLinkFlyShorten(input: {
  name: string;
  apiUrl: string;
  apiKey: string;
  url: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<string> {
  const fail = (cause: string): never => {
    logger.warn(`Shortener "${input.name}" failed: ${cause}`);
    throw new UpstreamError(SHORTENER_MESSAGES.unavailable);
  };
  const request = httpUrl(input.apiUrl);
  if (!request) return fail("its API address is not an http(s) URL");
  request.searchParams.set("api", input.apiKey);
  request.searchParams.set("url", input.url);
  let status: number;
  let text: string;
  try {
    ({ status, text } = await outboundGet(request, {
      timeoutMs: input.timeoutMs,
      maxBytes: MAX_ANSWER_CHARS,
      allowPrivate: input.allowPrivate,
      headers: { accept: "application/json, text/plain" },
    }));
  } catch (e) {
    if (e instanceof OutboundRefused) return fail(`refused: ${e.message}`);
    if (e instanceof TimeoutError) return fail(e.message);
    return fail(`request failed (${e instanceof Error ? e.message : String(e)})`);
  }
  if (status < 200 || status > 299) return fail(`HTTP ${status}`);
  const answer = shortUrlFromAnswer(text);
  if ("error" in answer) return fail(answer.error);
  return answer.url;
}

// ---------------------------------------------------------------------------------------------
// The built-in shortener

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const CODE_LENGTH = 8;
/** Codes the site makes and aliases a caller may ask for. */
const CODE = /^[A-Za-z0-9_-]{3,30}$/;
/** A path segment that is not a code (`/shortener/api` is the API itself). */
const RESERVED_CODES = new Set(["api"]);

function randomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The built-in shortener's address for a code. */
export const builtinShortUrl = (origin: string, code: string) => `${origin}/s/${code}`;

/**
 * Stores `url` under a new random code (or the given alias) and answers the code. 62⁸ codes make
 * a collision rare; one is retried with a new code, an alias that is taken is refused.
 */
export async function createBuiltinCode(db: Db | Tx, url: string, at: Date, alias?: string): Promise<string> {
  if (alias !== undefined && (!CODE.test(alias) || RESERVED_CODES.has(alias.toLowerCase())))
    throw new DomainError("invalid_input", SHORTENER_MESSAGES.invalidAlias);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = alias ?? randomCode();
    const [row] = await db
      .insert(builtinShortUrls)
      .values({ code, url, createdAt: at })
      .onConflictDoNothing()
      .returning({ code: builtinShortUrls.code });
    if (row) return row.code;
    if (alias !== undefined) throw new DomainError("duplicate", SHORTENER_MESSAGES.aliasTaken);
  }
  throw new Error("No free short code after 5 attempts");
}

/** Where a built-in code leads, or null. */
export async function resolveBuiltinCode(db: Db, code: string): Promise<string | null> {
  if (!CODE.test(code)) return null;
  const [row] = await db
    .select({ url: builtinShortUrls.url })
    .from(builtinShortUrls)
    .where(eq(builtinShortUrls.code, code));
  return row?.url ?? null;
}

/** The enabled built-in shortener, if the site has one. */
export async function builtinShortener(db: Db | Tx): Promise<Shortener | undefined> {
  const [row] = await db
    .select()
    .from(shorteners)
    .where(and(eq(shorteners.kind, "builtin"), eq(shorteners.enabled, true)))
    .limit(1);
  return row;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * The built-in shortener's AdLinkFly-compatible API: the key must be the built-in shortener's
 * (compared in constant time) and the destination an http(s) address on the site's own public
 * origin, so the site never becomes an open redirector for other people's links.
 */
export async function shortenWithBuiltinApi(
  db: Db,
  input: { key: string; url: string; alias?: string; origin: string; now: Date },
): Promise<string> {
  const shortener = await builtinShortener(db);
  const expected = shortener?.apiKey;
  if (!expected || !input.key || !timingSafeEqual(digest(input.key), digest(expected)))
    throw new DomainError("forbidden", SHORTENER_MESSAGES.invalidKey);
  const destination = httpUrl(input.url);
  if (!destination || destination.origin !== new URL(input.origin).origin)
    throw new DomainError("invalid_input", SHORTENER_MESSAGES.invalidUrl);
  const code = await createBuiltinCode(db, destination.href, input.now, input.alias);
  return builtinShortUrl(input.origin, code);
}
