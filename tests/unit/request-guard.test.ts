import { describe, expect, it } from "vitest";
import { REFUSALS, WEB_BODY_LIMIT_BYTES, guardWebRequest, refusalResponse } from "../../server/request-guard";

const ORIGIN = "https://rewards.example";
const form = (body: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/contact-us`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    body,
  });
const guard = (r: Request) => guardWebRequest(r, { publicOrigin: ORIGIN });

describe("the web tier's guard for actions", () => {
  it("passes a same-site form on, body intact", async () => {
    const out = await guard(form("name=Meera&message=Line%201%0D%0ALine%202%09tabbed"));
    expect(out).toBeInstanceOf(Request);
    const data = await (out as Request).formData();
    expect(data.get("name")).toBe("Meera");
    expect(data.get("message")).toBe("Line 1\r\nLine 2\ttabbed");
  });

  it("leaves reads alone", async () => {
    const get = new Request(`${ORIGIN}/login`, { headers: { origin: "https://evil.example" } });
    expect(await guard(get)).toBe(get);
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["an opaque Origin", { origin: "null" }],
    ["the public origin's plain-http twin", { origin: "http://rewards.example" }],
  ])("refuses %s with 403", async (_label, headers) => {
    expect(await guard(form("name=x", headers))).toBe(REFUSALS.crossSite);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", async () => {
    const noOrigin = (site?: string) =>
      new Request(`${ORIGIN}/login`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(site ? { "sec-fetch-site": site } : {}),
        },
        body: "a=b",
      });
    expect(await guard(noOrigin("cross-site"))).toBe(REFUSALS.crossSite);
    expect(await guard(noOrigin("same-site"))).toBe(REFUSALS.crossSite);
    expect(await guard(noOrigin("same-origin"))).toBeInstanceOf(Request);
    expect(await guard(noOrigin())).toBeInstanceOf(Request);
  });

  it("without a configured origin, compares with the address the request came to", async () => {
    const local = new Request("http://127.0.0.1:3000/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://127.0.0.1:3000" },
      body: "a=b",
    });
    expect(await guardWebRequest(local)).toBeInstanceOf(Request);
    const other = new Request("http://127.0.0.1:3000/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:4000" },
      body: "a=b",
    });
    expect(await guardWebRequest(other)).toBe(REFUSALS.crossSite);
  });

  it("refuses bodies that are not forms with 415", async () => {
    for (const type of ["application/json", "text/plain", ""]) {
      expect(await guard(form('{"name":"x"}', { "content-type": type }))).toBe(REFUSALS.notAForm);
    }
  });

  it("refuses bodies over the limit with 413, declared or streamed", async () => {
    const big = `message=${"a".repeat(WEB_BODY_LIMIT_BYTES)}`;
    expect(await guard(form(big))).toBe(REFUSALS.tooLarge);
    const streamed = new Request(`${ORIGIN}/contact-us`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 80; i++) c.enqueue(new TextEncoder().encode("a".repeat(1024)));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(await guard(streamed)).toBe(REFUSALS.tooLarge);
  });

  it.each([
    ["a NUL in a value", "name=A%00b"],
    ["a NUL in a field name", "na%00me=x"],
    ["an escape character", "name=%1B%5B31m"],
    ["a DEL", "subject=a%7Fb"],
  ])("refuses %s with 400", async (_label, body) => {
    expect(await guard(form(body))).toBe(REFUSALS.badText);
  });

  it("checks multipart forms the same way", async () => {
    const data = new FormData();
    data.set("name", "A\u0000b");
    const req = new Request(`${ORIGIN}/contact-us`, {
      method: "POST",
      headers: { origin: ORIGIN },
      body: data,
    });
    expect(await guard(req)).toBe(REFUSALS.badText);
  });

  it("answers a refusal with its status and a page that says why", async () => {
    const res = refusalResponse(REFUSALS.crossSite, "Rupee Rewards");
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("This form was sent from another website");
  });
});
