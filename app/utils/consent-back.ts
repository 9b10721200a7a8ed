import { safeBackPath } from "../../shared/sameSite";

/**
 * Where the consent step (app/routes/member+/consent.tsx) sends the member once they accept: the
 * `back` it was given when it is a path of this site (read as a browser reads it: safeBackPath),
 * never the step itself, and the dashboard for anything else.
 */
export function consentBack(back: string | null, siteOrigin: string): string {
  const path = safeBackPath(back, siteOrigin);
  return path === "/" || path === "/member/consent" || path.startsWith("/member/consent?")
    ? "/member/dashboard"
    : path;
}
