import { safeBackPath } from "../../shared/sameSite";

/** The login page's parameter naming the page to come back to after signing in. */
export const LOGIN_RETURN_PARAM = "redirectTo";

/** Where a sign-in lands when no page (or no acceptable one) was asked for. */
export const DEFAULT_LOGIN_LANDING = "/member/dashboard";

/**
 * Where a finished sign-in goes: `redirectTo` when it is a path of this site (read as a browser
 * reads it, shared/sameSite safeBackPath: `//host`, `/\host` and other sites are refused), never
 * the login page again, and the dashboard for anything else.
 */
export function loginLanding(redirectTo: string | null | undefined, siteOrigin: string): string {
  const path = safeBackPath(redirectTo, siteOrigin);
  if (path === "/" || /^\/login(?:[/?#]|$)/.test(path)) return DEFAULT_LOGIN_LANDING;
  return path;
}

/**
 * The page a request is for, as the browser shows it: without Remix's data suffix (`.data`,
 * `/_root.data`) and its own parameters (`_data`, `_routes`, `index`).
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  for (const internal of ["_data", "_routes", "index"]) url.searchParams.delete(internal);
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "") || "/";
  return `${path}${url.search}`;
}

/** `/login` with `returnTo` to come back to (a path of this site; the login page checks it again). */
export function loginPathFor(returnTo: string): string {
  return `/login?${new URLSearchParams({ [LOGIN_RETURN_PARAM]: returnTo }).toString()}`;
}

/**
 * A thrown redirect to `/login` (a session missing or expired) as one that brings the browser back
 * to the page of `request` after signing in; its other headers (a toast's cookie) kept. Anything
 * else is answered as it was.
 */
export function withLoginReturn(thrown: unknown, request: Request): unknown {
  if (!(thrown instanceof Response)) return thrown;
  const location = thrown.headers.get("location");
  if (thrown.status < 300 || thrown.status > 399 || location !== "/login") return thrown;
  const headers = new Headers(thrown.headers);
  headers.set("location", loginPathFor(pagePathOf(request)));
  return new Response(null, { status: thrown.status, headers });
}
