/**
 * Where a web-tier request came from, and where it may send the browser back to (issue 42).
 *
 * The site's origin is the origin of the page request's URL: the web tier builds that URL from
 * PUBLIC_ORIGIN when it is set (server/remix-handler.ts, requestUrl) and from the address the
 * browser used otherwise — the same origin the request guard (server/request-guard.ts) accepts
 * forms from.
 */
export const siteOriginOf = (request: Request): string => new URL(request.url).origin;

/**
 * `back` as a path (with its query and fragment) of the site at `siteOrigin`, or `/`. It is read
 * the way a browser reads a link (WHATWG URL: tabs and line breaks dropped, `\` as `/`, relative
 * to the site), must stay on the site's origin, and comes out percent-encoded: printable ASCII
 * only, so it is safe in a Location header. A path that starts with `//` (`/.//host`) is refused
 * too: as a Location it would name another host.
 */
export function safeBackPath(back: string | null | undefined, siteOrigin: string): string {
  if (!back) return "/";
  let url: URL;
  try {
    url = new URL(back, siteOrigin);
  } catch {
    return "/";
  }
  if (url.origin !== siteOrigin) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("/") && !path.startsWith("//") && /^[\x21-\x7e]*$/.test(path) ? path : "/";
}

/**
 * A navigation made on this site (a link on one of its pages) or by the member themselves (typed,
 * a bookmark): `Sec-Fetch-Site: same-origin` or `none`. A browser that does not send that header
 * counts when its `Referer` is a page of the site; a request that says neither does not count.
 * A GET from another site's link can still change what the browser keeps (a cookie), but nothing
 * stored on the account should rest on it.
 */
export function isSameSiteNavigation(request: Request, siteOrigin = siteOriginOf(request)): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === siteOrigin;
  } catch {
    return false;
  }
}
