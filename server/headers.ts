import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import { tryDecodeURIComponent } from "hono/utils/url";
import type { Config } from "../api/config";

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn from the system's generator at once: one call instead of 256. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = noncePool.length;

/** A fresh value for every page (128 random bits): only inline scripts carrying it run (Content-Security-Policy). */
export function createNonce(): string {
  if (poolOffset >= noncePool.length) {
    randomFillSync(noncePool);
    poolOffset = 0;
  }
  const nonce = noncePool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** Pages the site frames itself (the demo iframe ad, the demo task wall): only its own pages may frame them. */
export const SELF_FRAMEABLE_PAGES: ReadonlySet<string> = new Set(["/ad-sample", "/demo-wall"]);

/**
 * The View Ads page (its no-script form's answer included) and the ad tabs send no COOP. In a tab
 * opened without an opener (the no-script form's new tab), an answer with COOP moves the tab to a
 * new browsing context group, and Chromium with scripts turned off by the test driver then
 * ignores the <noscript> reload the wait page counts down with. Nothing is lost: that tab has no
 * opener anyway (target=_blank implies noopener), and with scripts the window ad's page drops its
 * opener before it goes to the advertiser (member.waitRedirecting.tsx); COOP on the View Ads
 * page would not cut its popups' link either (same-origin-allow-popups keeps it).
 */
const AD_FLOW_PAGES = /^\/member\/(?:ptc-ads|waitredirecting|iframe|youtube)\/?$/;

/** The YouTube ad page: the only page that loads the video player's script. */
const PLAYER_PAGES = /^\/member\/youtube\/?$/;

/**
 * The headers every web-tier answer carries. Scripts only from this origin or with the page's nonce
 * (the YouTube ad page also takes the configured player script's origin); frames show this site or
 * https pages (the iframe and YouTube ads); the page cannot be framed, except the demo ad and the
 * demo task wall by the site itself; other sites' pages get no opener handle on it (COOP; not
 * on the ads' pages); forms post here only, or to the Google sign-in issuer, which the sign-in form's
 * answer redirects to (browsers check form-action on redirects too).
 */
export function securityHeaders(
  config: Config,
  opts: { viteDev?: boolean } = {},
): (nonce: string, pathname?: string) => [string, string][] {
  const formAction = ["'self'"];
  if (config.googleEnabled) formAction.push(new URL(config.GOOGLE_ISSUER).origin);
  const playerOrigin = new URL(config.YOUTUBE_PLAYER_API_URL ?? "https://www.youtube.com/iframe_api").origin;
  const frameSrc = ["'self'", "https:"];
  if (!playerOrigin.startsWith("https:")) frameSrc.push(playerOrigin);
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ];
  // Another site's page that opens one of these pages gets no handle on it (`window.opener`), so
  // it cannot send the member's tab elsewhere; popups the page opens (the ad tabs) keep theirs.
  const coop: [string, string] = ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"];
  if (config.NODE_ENV === "production")
    fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  const rest = (ancestors: string) =>
    [
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      // The Vite dev server's live reload talks over its own WebSocket port.
      opts.viteDev ? "connect-src 'self' ws:" : "connect-src 'self'",
      `frame-src ${frameSrc.join(" ")}`,
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction.join(" ")}`,
      `frame-ancestors ${ancestors}`,
    ].join("; ");
  const framed = rest("'self'");
  const unframed = rest("'none'");
  return (nonce, pathname = "") => {
    const selfFramed = SELF_FRAMEABLE_PAGES.has(pathname);
    const player = PLAYER_PAGES.test(pathname) ? ` ${playerOrigin}` : "";
    const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}'${player}; ${selfFramed ? framed : unframed}`;
    return [
      ["Content-Security-Policy", csp],
      ["X-Frame-Options", selfFramed ? "SAMEORIGIN" : "DENY"],
      ...fixed,
      ...(AD_FLOW_PAGES.test(pathname) ? [] : [coop]),
    ];
  };
}

/**
 * A request's path as the router matches it. Remix matches routes case-insensitively, after
 * percent-decoding, with dot segments, backslashes and repeated slashes resolved: `/MEMBER/withdraw`,
 * `/%6Dember/withdraw` and `/x/../member//withdraw` all reach the member's withdraw page. Rules
 * about pages (private, frameable, the player page) read this form, never the raw path.
 */
export function routePath(rawUrl: string): string {
  const raw = rawUrl.split("?", 1)[0] ?? "/";
  // Every request passes here: a path with nothing to resolve (no escape, backslash, fragment,
  // repeated slash or dot segment) is only case-folded.
  if (!NEEDS_RESOLVING.test(raw)) return raw.toLowerCase();
  let path: string;
  try {
    path = new URL(`http://localhost${raw.startsWith("/") ? "" : "/"}${raw}`).pathname;
  } catch {
    path = raw;
  }
  // A broken escape stays as it is (the router cannot match it to a page either).
  return tryDecodeURIComponent(path)
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
}

const NEEDS_RESOLVING = /[%\\#]|\/\/|\/\.\.?(?:\/|$)/;

/**
 * Member and operator pages (documents and their .data requests) are never kept by a cache.
 * `pathname` is a route path (`routePath`), so no spelling of the path escapes the rule.
 */
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
