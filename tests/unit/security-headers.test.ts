import { describe, expect, it } from "vitest";
import type { Config } from "../../api/config";
import { createNonce, isPrivatePage, routePath, securityHeaders } from "../../server/headers";

const config = (over: Partial<Config>) =>
  ({
    NODE_ENV: "development",
    googleEnabled: false,
    GOOGLE_ISSUER: "https://accounts.google.com",
    ...over,
  }) as Config;
const asMap = (headers: [string, string][]) => new Map(headers);

describe("security headers", () => {
  it("puts the answer's nonce in script-src and forbids framing, plugins and foreign forms", () => {
    const h = asMap(securityHeaders(config({}))("abc+/=="));
    const csp = h.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'self' 'nonce-abc+/=='");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self';");
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("X-Frame-Options")).toBe("DENY");
    expect(h.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("gives other sites' pages no opener handle on the pages (COOP), but for the ads' pages", () => {
    const h = securityHeaders(config({}));
    for (const page of ["/member/dashboard", "/member/withdraw", "/member/click-shorten-link", "/", "/login"])
      expect(asMap(h("n", page)).get("Cross-Origin-Opener-Policy"), page).toBe("same-origin-allow-popups");
    // The ad tabs cut their opener themselves (see AD_FLOW_PAGES).
    for (const page of ["/member/ptc-ads", "/member/waitredirecting", "/member/iframe/", "/member/youtube"])
      expect(asMap(h("n", page)).has("Cross-Origin-Opener-Policy"), page).toBe(false);
  });

  it("sends HSTS only in production", () => {
    expect(asMap(securityHeaders(config({}))("n")).has("Strict-Transport-Security")).toBe(false);
    expect(asMap(securityHeaders(config({ NODE_ENV: "test" }))("n")).has("Strict-Transport-Security")).toBe(
      false,
    );
    expect(
      asMap(securityHeaders(config({ NODE_ENV: "production" }))("n")).get("Strict-Transport-Security"),
    ).toMatch(/^max-age=\d{8,}/);
  });

  it("lets forms post on to the Google issuer only when Google sign-in is on", () => {
    const on = securityHeaders(config({ googleEnabled: true, GOOGLE_ISSUER: "http://localhost:3199/oidc" }));
    expect(asMap(on("n")).get("Content-Security-Policy")).toContain(
      "form-action 'self' http://localhost:3199;",
    );
  });

  it("frames https pages and the site (ad pages); only the demo ad may be framed, by the site", () => {
    const h = securityHeaders(config({ YOUTUBE_PLAYER_API_URL: "https://www.youtube.com/iframe_api" }));
    const page = asMap(h("n", "/member/iframe"));
    expect(page.get("Content-Security-Policy")).toContain("frame-src 'self' https:;");
    expect(page.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(page.get("X-Frame-Options")).toBe("DENY");
    for (const own of ["/ad-sample", "/demo-wall"]) {
      const sample = asMap(h("n", own));
      expect(sample.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
      expect(sample.get("X-Frame-Options")).toBe("SAMEORIGIN");
    }
  });

  it("lets only the YouTube ad page load the configured player script", () => {
    const h = securityHeaders(config({ YOUTUBE_PLAYER_API_URL: "http://localhost:3197/iframe_api" }));
    const youtube = asMap(h("n", "/member/youtube/")).get("Content-Security-Policy")!;
    expect(youtube).toContain("script-src 'self' 'nonce-n' http://localhost:3197;");
    expect(youtube).toContain("frame-src 'self' https: http://localhost:3197;");
    const other = asMap(h("n", "/member/ptc-ads")).get("Content-Security-Policy")!;
    expect(other).toContain("script-src 'self' 'nonce-n';");
  });

  it("marks member and operator pages and their data requests private, and nothing else", () => {
    for (const p of [
      "/member",
      "/member/dashboard",
      "/member/dashboard.data",
      "/member.data",
      "/admin",
      "/admin/audit",
    ])
      expect(isPrivatePage(p), p).toBe(true);
    for (const p of ["/", "/login", "/members", "/administrator", "/payment-proof", "/_root.data"])
      expect(isPrivatePage(p), p).toBe(false);
  });

  it("reads every spelling of a private path the router would match as private", () => {
    for (const raw of [
      "/MEMBER/withdraw",
      "/Member/Dashboard.data",
      "/%6Dember/withdraw",
      "/%6d%65mber/withdraw?x=1",
      "/%41DMIN/withdrawals",
      "/x/../member/withdraw",
      "/./admin/audit",
      "/%2e%2e/member/withdraw",
      "//member//withdraw",
      "/member\\withdraw",
      "/admin",
    ])
      expect(isPrivatePage(routePath(raw)), raw).toBe(true);
    for (const raw of ["/", "/LOGIN", "/members", "/%zz", "/%", "/payment-proof?next=/member/"])
      expect(isPrivatePage(routePath(raw)), raw).toBe(false);
    expect(routePath("/%E0%A4%A")).toBe("/%e0%a4%a");
  });

  it("gives every answer its own 128-bit nonce, across refills of the random pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = createNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});
