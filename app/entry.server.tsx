import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceContext } from "./utils/nonce";
import { localeOf, serverI18n } from "./i18n/i18n.server";
import { log } from "../shared/log.server";

const ABORT_DELAY = 5_000;

/** The error itself, also when Remix wrapped it in a route error response (its 500s). */
const errorOf = (error: unknown): unknown =>
  isRouteErrorResponse(error) && (error as { error?: unknown }).error
    ? (error as { error?: unknown }).error
    : error;

/**
 * Every error of the web tier's server (a loader, an action, a render) as one line of the site's
 * JSON log (shared/log.server.ts) with the page request's id, the one its answer carries in
 * X-Request-Id: the message is escaped in the line, never written raw to stderr, where a text an
 * attacker chose (a line break, then something that looks like a log line) could pass for a line
 * of its own (issue 42). A request the browser gave up on is not an error. Remix's own handler
 * (console.error) is replaced by this one.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  log.error({ reqId: context?.pageRequestId, method: request.method, err: errorOf(error) }, "page error");
}

/**
 * Renders a page with the request's Content-Security-Policy nonce (the header is set by server.ts)
 * on every script React and Remix write inline. Pages have no deferred data, so the whole
 * document is rendered before the answer starts: one chunk, for members and crawlers alike.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The page's language: the language switch's cookie, else the browser's Accept-Language.
  const locale = localeOf(request);
  const i18n = serverI18n(locale);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <NonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and are logged by handleError; later ones only here.
          if (shellRendered && !request.signal.aborted)
            log.error({ reqId: loadContext.pageRequestId, method: request.method, err: error }, "page error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
