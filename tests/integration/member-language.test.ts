import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { users } from "../../api/db/schema";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/** Issue 23: the member's language on their account — stored at sign-up and by the switch, back at sign-in. */
describe.each(drivers("one"))("the member's language (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const signUp = (email: string, headers: Record<string, string> = {}) =>
    t.request("/userRoute/signUp", {
      obj: {
        name: "Asha",
        mobile_number: 9876543210,
        email_address: email,
        password: "correct-horse-1",
        ...SIGN_UP_PRIVACY,
      },
      headers,
    });
  const login = (email: string) =>
    t.request("/userRoute/login", {
      obj: { email_userName: email, password: "correct-horse-1", loginRemember_state: false },
    });
  const stored = async (email: string) =>
    (await t.deps.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]
      ?.language;
  const langCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith("lang="));

  it("stores the language of the sign-up: the switch's cookie, else Accept-Language (English when the browser asks for English), none when neither", async () => {
    expect((await signUp("hindi.header@example.com", { "accept-language": "hi-IN" })).status).toBe(200);
    expect(await stored("hindi.header@example.com")).toBe("hi");
    expect(
      (await signUp("hindi.cookie@example.com", { "accept-language": "en-IN", cookie: "lang=hi" })).status,
    ).toBe(200);
    expect(await stored("hindi.cookie@example.com")).toBe("hi");
    expect((await signUp("english@example.com", { "accept-language": "en-IN,en;q=0.9" })).status).toBe(200);
    expect(await stored("english@example.com")).toBe("en");
    // A request that says neither stores nothing: the member's browser keeps choosing.
    expect((await signUp("unsaid@example.com")).status).toBe(200);
    expect(await stored("unsaid@example.com")).toBeNull();
    expect(langCookie((await login("unsaid@example.com")).setCookie)).toBeUndefined();
  });

  it("puts the stored language back in the lang cookie at sign-in, on any browser", async () => {
    const res = await login("hindi.header@example.com");
    expect(res.status).toBe(200);
    const cookie = langCookie(res.setCookie);
    expect(cookie).toMatch(/^lang=hi;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });

  it("the switch stores a member's choice; a visitor is refused; anything but en or hi is a 400 with nothing written", async () => {
    const session = sessionCookie((await login("english@example.com")).setCookie);
    const set = (language: unknown, cookie?: string) =>
      t.request("/userRoute/userLanguage_patch", { method: "PATCH", obj: { language }, cookie });
    expect((await set("hi", session)).status).toBe(200);
    expect(await stored("english@example.com")).toBe("hi");
    expect(langCookie((await login("english@example.com")).setCookie)).toMatch(/^lang=hi;/);

    for (const bad of ["fr", "", null, 7, { en: 1 }, "hi; Path=/"]) {
      const res = await set(bad, session);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error_code).toBe("invalid_input");
    }
    expect(await stored("english@example.com")).toBe("hi");
    expect((await set("en")).status).toBe(401);
  });
});
