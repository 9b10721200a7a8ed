import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import { guardWebRequest, refusalResponse, type GuardOptions } from "./request-guard";

/**
 * Express → Remix (the conversions follow @remix-run/express, whose package exposes only the
 * finished handler), with the request guard in between: every action only ever sees a same-site
 * form body of bounded size with clean text.
 */
/**
 * The page request's URL, whose origin the pages use for the absolute links they make (the
 * referral link). With PUBLIC_ORIGIN (always in production) it is that origin, whatever Host the
 * sender wrote; on a local run without it, the address the member used.
 */
export function requestUrl(
  req: Pick<ExpressRequest, "protocol" | "hostname" | "originalUrl" | "get">,
  publicOrigin: string | undefined,
): URL {
  if (publicOrigin) return new URL(`${publicOrigin.replace(/\/+$/, "")}${req.originalUrl}`);
  // req.hostname honours the `trust proxy` setting; the port comes from the Host header.
  const port = (req.get("x-forwarded-host") ?? req.get("host") ?? "").split(":")[1];
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  publicOrigin: string | undefined,
): Request {
  const url = requestUrl(req, publicOrigin);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const v of values) headers.append(key, v);
    else if (values) headers.set(key, values);
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  // Stop loaders and actions when the browser goes away before the answer is written.
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * A refused body is read and dropped rather than left unread (which resets the connection before
 * the browser sees the refusal page), up to a bound past which the connection is simply closed.
 */
const DISCARD_LIMIT_BYTES = 1024 * 1024;
function discardBody(req: ExpressRequest): void {
  let seen = 0;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}

export function createGuardedRemixHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest) => AppLoadContext;
  guard: GuardOptions;
  siteName: string;
}) {
  const handleRequest = createRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const guarded = await guardWebRequest(toFetchRequest(req, res, opts.guard.publicOrigin), opts.guard);
      if (guarded instanceof Request) {
        await sendResponse(res, await handleRequest(guarded, opts.getLoadContext(req)));
        return;
      }
      discardBody(req);
      res.setHeader("connection", "close");
      await sendResponse(res, refusalResponse(guarded, opts.siteName));
    } catch (error) {
      next(error);
    }
  };
}
