import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Config } from "../api/config";

/** A fresh value for every page: only inline scripts carrying it run (Content-Security-Policy). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The headers every web-tier answer carries. Scripts only from this origin or with the page's nonce;
 * the page cannot be framed; forms post here only, or to the Google sign-in issuer, which the
 * sign-in form's answer redirects to (browsers check form-action on redirects too).
 */
export function securityHeaders(
  config: Config,
  opts: { viteDev?: boolean } = {},
): (nonce: string) => [string, string][] {
  const formAction = ["'self'"];
  if (config.googleEnabled) formAction.push(new URL(config.GOOGLE_ISSUER).origin);
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  if (config.NODE_ENV === "production")
    fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  const before = "default-src 'self'; script-src 'self' 'nonce-";
  const after = [
    "'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    // The Vite dev server's live reload talks over its own WebSocket port.
    opts.viteDev ? "connect-src 'self' ws:" : "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  return (nonce) => [["Content-Security-Policy", `${before}${nonce}${after}`], ...fixed];
}

/** Member and operator pages (documents and their .data requests) are never kept by a cache. */
export function isPrivatePage(pathname: string): boolean {
  return (
    pathname === "/member" ||
    pathname.startsWith("/member/") ||
    pathname.startsWith("/member.") ||
    pathname === "/admin" ||
    pathname.startsWith("/admin/") ||
    pathname.startsWith("/admin.")
  );
}

export function applyHeaders(res: ServerResponse, headers: [string, string][]): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
