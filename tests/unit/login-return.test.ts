import { describe, expect, it } from "vitest";
import { loginLanding, loginPathFor, pagePathOf, withLoginReturn } from "../../app/utils/login-return";

const SITE = "https://rewards.example";

describe("the page a sign-in comes back to", () => {
  it("takes a path of this site, with its query", () => {
    expect(loginLanding("/admin", SITE)).toBe("/admin");
    expect(loginLanding("/admin/members?q=a%40b.in&by=email", SITE)).toBe(
      "/admin/members?q=a%40b.in&by=email",
    );
    expect(loginLanding(`${SITE}/admin/withdrawals`, SITE)).toBe("/admin/withdrawals");
  });

  it("refuses other sites, however written, and the login page itself: the dashboard instead", () => {
    for (const bad of [
      "//evil.example",
      "//evil.example/admin",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "https://evil.example/admin",
      "javascript:alert(1)",
      "http://rewards.example/admin",
      "/login",
      "/login?redirectTo=/admin",
      "",
      null,
    ])
      expect(loginLanding(bad, SITE), String(bad)).toBe("/member/dashboard");
  });

  it("names the page of a request as the browser shows it, without Remix's data suffix", () => {
    const path = (url: string) => pagePathOf(new Request(url));
    expect(path(`${SITE}/admin/members?q=x`)).toBe("/admin/members?q=x");
    expect(path(`${SITE}/admin/members.data?q=x&_routes=routes%2Fadmin`)).toBe("/admin/members?q=x");
    expect(path(`${SITE}/admin.data?index`)).toBe("/admin");
    expect(loginPathFor("/admin/members?q=x")).toBe("/login?redirectTo=%2Fadmin%2Fmembers%3Fq%3Dx");
  });

  it("turns a thrown redirect to /login into one that comes back, keeping its toast cookie", () => {
    const thrown = new Response(null, {
      status: 302,
      headers: { location: "/login", "set-cookie": "toast=1; Path=/" },
    });
    const back = withLoginReturn(thrown, new Request(`${SITE}/admin/risk.data`)) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Frisk");
    expect(back.headers.get("set-cookie")).toBe("toast=1; Path=/");
    const other = new Response(null, { status: 302, headers: { location: "/member/dashboard" } });
    expect(withLoginReturn(other, new Request(`${SITE}/admin`))).toBe(other);
    const error = new Error("boom");
    expect(withLoginReturn(error, new Request(`${SITE}/admin`))).toBe(error);
  });
});
