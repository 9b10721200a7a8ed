import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/node";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember } from "../support/money";
import { users } from "../../api/db/schema";
import { createApi } from "../../api/app";
import { loader as languageSwitch } from "../../app/routes/language";

/**
 * The language switch (`GET /language?set=&back=`, issue 42): it goes back only to a path of this
 * site as a browser would read it, never answers 500 for what `back` holds, and stores the
 * language on the account only when the member chose it on this site (a cross-site link may set
 * the cookie, never the account).
 */
const SITE = "http://localhost:3000";

describe.each(drivers("one"))("the language switch (%s)", (driver) => {
  let t: TestApi;
  let context: AppLoadContext;
  beforeAll(async () => {
    t = await startTestApi(driver);
    const api = createApi(t.deps);
    context = {
      apiFetch: (r: Request) => api.fetch(r),
      objSecret: t.deps.config.objSecret,
      internalToken: t.deps.internalToken,
      clientIp: "127.0.0.1",
      pageRequestId: "language-switch-test",
    } as unknown as AppLoadContext;
  });
  afterAll(() => t.close());

  /** The switch's answer; a thrown Response is an answer too, anything else thrown is a 500. */
  async function press(query: string, headers: Record<string, string> = {}): Promise<Response> {
    const request = new Request(`${SITE}/language?${query}`, {
      headers: { host: "localhost:3000", ...headers },
    });
    try {
      return (await languageSwitch({ request, context, params: {} })) as Response;
    } catch (e) {
      if (e instanceof Response) return e;
      return new Response(String(e), { status: 500 });
    }
  }

  const stored = async (id: string) =>
    (await t.deps.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

  it("goes back only to a path of this site, read the way a browser reads it", async () => {
    const cases: [string, string][] = [
      ["/member/dashboard", "/member/dashboard"],
      ["/contact-us?tab=2#form", "/contact-us?tab=2#form"],
      ["/%09/evil.example/x", "/"],
      ["/%0A/evil.example/x", "/"],
      ["/%0D/evil.example/x", "/"],
      ["%09//evil.example", "/"],
      ["//evil.example/x", "/"],
      ["/\\evil.example/x", "/"],
      ["\\\\evil.example", "/"],
      ["/%5C/evil.example", "/"],
      ["https://evil.example/", "/"],
      ["http://localhost:3000.evil.example/", "/"],
      ["javascript:alert(1)", "/"],
      ["/.//evil.example/x", "/"],
      ["member", "/member"],
      ["", "/"],
    ];
    for (const [back, expected] of cases) {
      for (const set of ["hi", "xx"]) {
        const res = await press(`set=${set}&back=${encodeURIComponent(back).replace(/%25/g, "%")}`);
        expect(res.status, `${set} ${back}`).toBe(303);
        const location = res.headers.get("location")!;
        expect(location, `${set} ${back}`).toBe(expected);
        // What a browser does with it: a page of this site.
        expect(new URL(location, SITE).origin, back).toBe(SITE);
      }
    }
    // Same origin, written whole: back to its path.
    const whole = await press(`set=hi&back=${encodeURIComponent(`${SITE}/member/withdraw?x=1`)}`);
    expect(whole.headers.get("location")).toBe("/member/withdraw?x=1");
  });

  it("answers a back with line breaks or non-ASCII with a 303 to a safe path, never a 500", async () => {
    const injected = `/%0A{"level":30,"msg":"operator login ok"}%0Ax`;
    const hindi = "/%E0%A4%B9/page?q=%E0%A4%B9%23%E0%A4%B9";
    for (const set of ["hi", "en", "xx"]) {
      for (const back of [injected, hindi, "/%00x", "/x%7Fy", "/%C2%85x", "/%E2%80%A8x"]) {
        const res = await press(`set=${set}&back=${back}`);
        expect(res.status, back).toBe(303);
        const location = res.headers.get("location")!;
        // Printable ASCII only: nothing for a header or a log line to break on.
        expect(location, back).toMatch(/^\/[\x21-\x7e]*$/);
        expect(location.startsWith("//")).toBe(false);
      }
    }
    const res = await press(`set=hi&back=${hindi}`);
    expect(res.headers.get("location")).toBe("/%E0%A4%B9/page?q=%E0%A4%B9#%E0%A4%B9");
  });

  it("stores the language on the account only when the switch was pressed on this site", async () => {
    const m = await newMember(t);
    expect(await stored(m.id)).toBeNull();
    const asMember = (set: string, headers: Record<string, string>) =>
      press(`set=${set}&back=/member/dashboard`, { cookie: m.cookie, ...headers });
    const langCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("lang="));

    // A link on another site (or one that says nothing of where it came from): the cookie only.
    const elsewhere: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site", referer: `${SITE}/member/dashboard` },
      { referer: "https://evil.example/page" },
      { referer: "http://localhost:3000.evil.example/" },
      { referer: "not a url" },
      {},
    ];
    for (const headers of elsewhere) {
      const res = await asMember("hi", headers);
      expect(res.status).toBe(303);
      expect(langCookie(res), JSON.stringify(headers)).toMatch(/^lang=hi;/);
      expect(await stored(m.id), JSON.stringify(headers)).toBeNull();
    }

    // Pressed on this site (or typed into the address bar): stored.
    expect(langCookie(await asMember("hi", { "sec-fetch-site": "same-origin" }))).toMatch(/^lang=hi;/);
    expect(await stored(m.id)).toBe("hi");
    await asMember("en", { "sec-fetch-site": "none" });
    expect(await stored(m.id)).toBe("en");
    // An older browser without Sec-Fetch-Site: its Referer names this site.
    await asMember("hi", { referer: `${SITE}/member/dashboard` });
    expect(await stored(m.id)).toBe("hi");
  });
});
