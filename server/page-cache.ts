import { requestLocale } from "../shared/i18n/locale";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip, inflateSync } from "node:zlib";
import { promisify } from "node:util";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/**
 * How a rendered answer went out on the wire (the compression middleware's choice), undone to
 * keep the page. At once, so the page is kept by the time its answer ends (a public page is tens
 * of kilobytes: a fraction of a millisecond, once per page per cache lifetime).
 */
const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  identity: (body) => body,
  gzip: (body) => gunzipSync(body),
  br: (body) => brotliDecompressSync(body),
  deflate: (body) => inflateSync(body),
};

/** The encoding a kept page goes out in: brotli or gzip when the browser takes it (q > 0), else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): "br" | "gzip" | null {
  const taken = new Set<string>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name.trim());
  }
  if (taken.has("br")) return "br";
  if (taken.has("gzip")) return "gzip";
  return null;
}

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
const PER_ANSWER = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

/** A rendered page as kept: its HTML cut at its nonce, and its headers but the per-answer ones. */
export interface StoredPage {
  storedAt: number;
  /**
   * The page's bytes cut at its nonce: joined with a fresh one on every hit. Kept as bytes, not
   * text: encoding a page of tens of kilobytes to UTF-8 on every hit was a sixth of the web tier's
   * thread for a kept page (bench/README.md); joining bytes is a copy.
   */
  parts: Buffer[];
  headers: OutgoingHttpHeaders;
}

/** `bytes` cut at every `separator` (String#split, for bytes). */
export function cutAt(bytes: Buffer, separator: Buffer): Buffer[] {
  if (separator.length === 0) return [bytes];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

/** `parts` joined with `separator` between them (Array#join, for bytes): one copy. */
export function joinAt(parts: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [separator, part])));
}

/**
 * Answers a kept page carrying `nonce`: the nonce of this answer, whose security headers (the
 * Content-Security-Policy naming it, and the rest) the server has already set. Compressed
 * (brotli, else gzip) for a browser that takes it.
 */
export async function answerStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  nonce: string,
): Promise<void> {
  let body = joinAt(page.parts, Buffer.from(nonce, "utf8"));
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (encoding === "br") body = await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  else if (encoding === "gzip") body = await gzipAsync(body, { level: 6 });
  for (const [name, value] of Object.entries(page.headers))
    if (value !== undefined) res.setHeader(name, value);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  // The answer depends on Accept-Encoding (a shared cache must not hand gzip to a browser without it).
  const vary = String(res.getHeader("vary") ?? "");
  if (!/\baccept-encoding\b/i.test(vary))
    res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Lets `render` answer a GET and hands `keep` the page it wrote when it is one to keep: a 200
 * text/html answer that sets no cookie. `nonce` is the one `render` puts in the page. The answer
 * goes out as the web tier sends it (compressed for a browser that takes it); what went out is
 * decompressed to be kept as plain HTML. Headers set before `render` (the security headers every
 * answer gets anew) and per-answer ones are not kept with the page.
 */
export function renderAndKeep(
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
  render: () => void,
  keep: (page: Omit<StoredPage, "storedAt">) => void,
): void {
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
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders()))
        if (!PER_ANSWER.has(name) && !preset.has(name)) headers[name] = value;
      const sent = Buffer.concat(chunks);
      const encoding = String(res.getHeader("content-encoding") ?? "identity").toLowerCase();
      let html: Buffer | undefined;
      try {
        html = DECODERS[encoding]?.(sent);
      } catch {
        // A body that does not decode: the page is simply not kept (nor one in an unknown encoding).
      }
      if (html) keep({ parts: cutAt(html, Buffer.from(nonce, "utf8")), headers });
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
  // Per language too (issue 23): the `lang` cookie, else Accept-Language, as the page chooses.
  const keyOf = (req: IncomingMessage) =>
    `${requestLocale({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] })}\n${req.headers.host ?? ""}${req.url ?? "/"}`;
  /** Counts the clears: a page rendered across one may show the words before it, so is not kept. */
  let generation = 0;

  function sweep(at: number) {
    for (const [key, page] of pages) if (at - page.storedAt >= options.ttlMs) pages.delete(key);
  }

  /**
   * Answers a cacheable request from the cache, or lets `render` answer it and keeps the page
   * (a 200 text/html GET without cookies set). `nonce` is the one `render` puts in the page.
   */
  function serve(req: IncomingMessage, res: ServerResponse, nonce: string, render: () => void): void {
    if (options.ttlMs <= 0 || !isCacheable(req)) return render();
    const at = now();
    const key = keyOf(req);
    const page = pages.get(key);
    if (page && at - page.storedAt < options.ttlMs) {
      answerStored(req, res, page, nonce).catch(() => res.destroy());
      return;
    }
    if (req.method !== "GET") return render();
    const started = generation;
    renderAndKeep(req, res, nonce, render, (kept) => {
      if (generation !== started) return;
      sweep(at);
      if (pages.size < MAX_PAGES) pages.set(key, { storedAt: at, ...kept });
    });
  }

  /**
   * Drops every kept page: the site's words changed (api/content/changes.ts), so the next visitor
   * gets a fresh render. A render already under way when this runs is not kept.
   */
  function clear(): void {
    pages.clear();
    generation++;
  }

  return Object.assign(serve, { clear });
}
