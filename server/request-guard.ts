/**
 * The web tier's door for state-changing requests (every Remix action): before any action runs,
 * a request must come from our own pages, carry a form, stay within a size, and hold no control
 * characters. Each refusal is a clear page with a 4xx status — never an action that half-ran,
 * and never a 500 from a database that rejected a NUL.
 */

import { isSafeText } from "../api/lib/text";

/** Forms are small: the longest is a support message of 5,000 characters. */
export const WEB_BODY_LIMIT_BYTES = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface GuardOptions {
  /** The site's public origin; without one (local runs) the origin the request was addressed to. */
  publicOrigin?: string;
  bodyLimitBytes?: number;
}

export type Refusal = { status: 400 | 403 | 411 | 413 | 415; title: string; message: string };

export const REFUSALS = {
  crossSite: {
    status: 403,
    title: "Request refused",
    message:
      "This form was sent from another website, so it was not accepted. Open the page on this site and try again.",
  },
  notAForm: {
    status: 415,
    title: "Request refused",
    message: "Only forms from this site's pages are accepted here.",
  },
  tooLarge: {
    status: 413,
    title: "Too much data",
    message: "The form you sent is too large. Please shorten it and try again.",
  },
  badText: {
    status: 400,
    title: "Characters not allowed",
    message:
      "The form contained characters that are not allowed (control characters). Please remove them and try again.",
  },
  badForm: {
    status: 400,
    title: "Request refused",
    message: "The form could not be read. Please try again.",
  },
} as const satisfies Record<string, Refusal>;

function expectedOrigin(request: Request, opts: GuardOptions): string {
  return (opts.publicOrigin ?? new URL(request.url).origin).replace(/\/+$/, "");
}

/** A browser names the page that sent a form (Origin), or at least whether it was this site (Sec-Fetch-Site). */
export function isCrossSite(request: Request, opts: GuardOptions): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin !== expectedOrigin(request, opts);
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  // Neither header: not a browser's cross-site form (browsers send Origin on every POST).
  return false;
}

async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * Checks a request before Remix routes it. Safe methods pass untouched. Anything else comes back
 * either as a Refusal, or as a new Request carrying the same (already read and checked) body.
 */
export async function guardWebRequest(request: Request, opts: GuardOptions = {}): Promise<Request | Refusal> {
  if (SAFE_METHODS.has(request.method)) return request;
  if (isCrossSite(request, opts)) return REFUSALS.crossSite;

  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(contentType)) return REFUSALS.notAForm;

  const limit = opts.bodyLimitBytes ?? WEB_BODY_LIMIT_BYTES;
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= limit)) return REFUSALS.tooLarge;
  const bytes = request.body ? await readLimited(request.body, limit) : new Uint8Array(new ArrayBuffer(0));
  if (bytes === null) return REFUSALS.tooLarge;

  const checked = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes,
    signal: request.signal,
  });
  let form: FormData;
  try {
    form = await checked.clone().formData();
  } catch {
    return REFUSALS.badForm;
  }
  for (const [name, value] of form.entries()) {
    if (!isSafeText(name)) return REFUSALS.badText;
    if (typeof value === "string" && !isSafeText(value)) return REFUSALS.badText;
  }
  return checked;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A refusal as a small page of its own: it works before (and without) the site's scripts and styles. */
export function refusalResponse(refusal: Refusal, siteName: string): Response {
  const html = `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(refusal.title)} | ${escapeHtml(siteName)}</title></head>
<body><main data-testid="request-refused"><h1>${escapeHtml(refusal.title)}</h1>
<p>${escapeHtml(refusal.message)}</p><p><a href="/">Go Home</a></p></main></body></html>`;
  return new Response(html, {
    status: refusal.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
