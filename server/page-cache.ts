import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzip } from "node:zlib";
import { promisify } from "node:util";

const gzipAsync = promisify(gzip);

/**
 * Anonymous public pages rendered moments ago are the same for every visitor: a short-lived
 * cache in front of the web tier answers them without routing, loaders or React. Only visitors
 * with neither a session nor a toast cookie get cached pages (anything personal bypasses it);
 * each answer gets a fresh script nonce, swapped into the stored page, with its matching header.
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

interface Stored {
  storedAt: number;
  /** The page cut at its nonce: joined with a fresh one on every hit. */
  parts: string[];
  headers: OutgoingHttpHeaders;
}

export interface PageCacheOptions {
  ttlMs: number;
  /** The headers an answer carrying `nonce` needs (Content-Security-Policy and the rest). */
  headersFor: (nonce: string) => [string, string][];
  createNonce: () => string;
  now?: () => number;
}

function hasBypassCookie(cookieHeader: string | undefined): boolean {
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
  const pages = new Map<string, Stored>();
  const keyOf = (req: IncomingMessage) => `${req.headers.host ?? ""}${req.url ?? "/"}`;

  function sweep(at: number) {
    for (const [key, page] of pages) if (at - page.storedAt >= options.ttlMs) pages.delete(key);
  }

  async function answer(req: IncomingMessage, res: ServerResponse, page: Stored): Promise<void> {
    const nonce = options.createNonce();
    let body = Buffer.from(page.parts.join(nonce));
    const gzipped = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (gzipped) body = await gzipAsync(body, { level: 6 });
    for (const [name, value] of Object.entries(page.headers))
      if (value !== undefined) res.setHeader(name, value);
    for (const [name, value] of options.headersFor(nonce)) res.setHeader(name, value);
    if (gzipped) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
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
      answer(req, res, page).catch(() => res.destroy());
      return;
    }
    if (req.method !== "GET") return render();
    // The page is kept as plain HTML: the first answer goes uncompressed.
    req.headers["accept-encoding"] = "identity";
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== "function") keep(chunk, rest[0]);
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode === 200 && type.startsWith("text/html") && !res.hasHeader("set-cookie")) {
        const html = Buffer.concat(chunks).toString("utf8");
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(res.getHeaders()))
          if (!PER_ANSWER.has(name)) headers[name] = value;
        sweep(at);
        if (pages.size < MAX_PAGES) pages.set(key, { storedAt: at, parts: html.split(nonce), headers });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    render();
  };
}
