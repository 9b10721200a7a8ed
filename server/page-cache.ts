import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzip } from "node:zlib";
import { promisify } from "node:util";

const gzipAsync = promisify(gzip);

/**
 * Anonymous public pages rendered moments ago are the same for every visitor: a short-lived
 * cache in front of the web tier answers them without routing, loaders or React. Only visitors
 * with neither a session nor a toast cookie get cached pages (anything personal bypasses it);
 * each answer's own script nonce (the one its security headers name) is swapped into the stored page.
 */
export const CACHED_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/login",
  "/signup",
  "/privacy-policy",
  "/terms-of-use",
  "/dmca",
  "/payment-proof",
]);

/** Cookies that make a page personal: the session and the flash message. */
const BYPASS_COOKIES = new Set(["sid", "toast"]);

/** Enough for every public page and its common queries; past it (e.g. junk queries) pages are not kept. */
const MAX_PAGES = 500;

/** Headers that describe one answer on the wire, not the page: set anew on every hit. */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** A rendered page as kept: its HTML cut at its nonce, and its headers but the per-answer ones. */
export interface StoredPage {
  storedAt: number;
  /** The page cut at its nonce: joined with a fresh one on every hit. */
  parts: string[];
  headers: OutgoingHttpHeaders;
}

/**
 * Answers a kept page carrying `nonce`: the nonce of this answer, whose security headers (the
 * Content-Security-Policy naming it, and the rest) the server has already set. Gzipped for a
 * browser that takes it.
 */
export async function answerStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  nonce: string,
): Promise<void> {
  let body = Buffer.from(page.parts.join(nonce));
  const gzipped = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (gzipped) body = await gzipAsync(body, { level: 6 });
  for (const [name, value] of Object.entries(page.headers))
    if (value !== undefined) res.setHeader(name, value);
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Lets `render` answer a GET and hands `keep` the page it wrote when it is one to keep: a 200
 * text/html answer that sets no cookie. `nonce` is the one `render` puts in the page. The answer
 * goes out uncompressed (the page is kept as plain HTML). Headers set before `render` (the
 * security headers every answer gets anew) and per-answer ones are not kept with the page.
 */
export function renderAndKeep(
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
  render: () => void,
  keep: (page: Omit<StoredPage, "storedAt">) => void,
): void {
  req.headers["accept-encoding"] = "identity";
  const preset = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string")
      chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") collect(chunk, rest[0]);
    const type = String(res.getHeader("content-type") ?? "");
    if (res.statusCode === 200 && type.startsWith("text/html") && !res.hasHeader("set-cookie")) {
      const html = Buffer.concat(chunks).toString("utf8");
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders()))
        if (!PER_ANSWER.has(name) && !preset.has(name)) headers[name] = value;
      keep({ parts: html.split(nonce), headers });
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
  render();
}

export interface PageCacheOptions {
  ttlMs: number;
  now?: () => number;
}

export function hasBypassCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const name = part.split("=", 1)[0]!.trim();
    if (BYPASS_COOKIES.has(name)) return true;
  }
  return false;
}

/** Whether a request may be answered from (and its page kept in) the cache. */
export function isCacheable(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  return CACHED_PAGES.has(pathname) && !hasBypassCookie(req.headers.cookie);
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, StoredPage>();
  const keyOf = (req: IncomingMessage) => `${req.headers.host ?? ""}${req.url ?? "/"}`;

  function sweep(at: number) {
    for (const [key, page] of pages) if (at - page.storedAt >= options.ttlMs) pages.delete(key);
  }

  /**
   * Answers a cacheable request from the cache, or lets `render` answer it and keeps the page
   * (a 200 text/html GET without cookies set). `nonce` is the one `render` puts in the page.
   */
  return function serve(req: IncomingMessage, res: ServerResponse, nonce: string, render: () => void): void {
    if (options.ttlMs <= 0 || !isCacheable(req)) return render();
    const at = now();
    const key = keyOf(req);
    const page = pages.get(key);
    if (page && at - page.storedAt < options.ttlMs) {
      answerStored(req, res, page, nonce).catch(() => res.destroy());
      return;
    }
    if (req.method !== "GET") return render();
    renderAndKeep(req, res, nonce, render, (kept) => {
      sweep(at);
      if (pages.size < MAX_PAGES) pages.set(key, { storedAt: at, ...kept });
    });
  };
}
