import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { startOidcProvider, type OidcProvider } from "../support/oidc";
import { users } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { createApi } from "../../api/app";
import { createOrPromoteOperator } from "../../api/accounts/operators";
import { OPERATOR_PASSWORD_ONLY } from "../../api/accounts/googleHttp";
import type { AppLoadContext } from "@remix-run/node";
import { finishGoogleSignIn, startGoogleSignIn } from "../../app/utils/google-auth.server";

const CLIENT_ID = "test-client";
const CLIENT_SECRET = "test-client-secret";
const REDIRECT_URI = "http://localhost:3000/auth/google/callback";

/** A browser's cookie jar, enough for the provider's interaction cookies. */
class Browser {
  private cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const expired = attrs.some(
        (a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a),
      );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(i + 1));
    }
    return res;
  }
}

/**
 * Drives the provider's authorize → login → consent pages by hand, as a member's browser would,
 * and returns the authorization response that arrives at our redirect URI.
 */
async function authorize(
  t: TestApi,
  email: string,
): Promise<{ code: string; iss: string | null; state: string; verifier: string }> {
  const state = randomBytes(16).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const start = await t.request(
    `/userRoute/user_signUp_login_google?${new URLSearchParams({ redirect_uri: REDIRECT_URI, state, code_challenge: challenge })}`,
  );
  expect(start.status).toBe(200);
  const authorizationUrl = new URL(start.body.msg.authorization_url as string);
  expect(authorizationUrl.searchParams.get("scope")).toBe("openid profile email");
  expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

  const params = (await followProvider(authorizationUrl.href, email)).searchParams;
  expect(params.get("state")).toBe(state);
  const code = params.get("code");
  if (!code) throw new Error(`no code in ${params}`);
  return { code, iss: params.get("iss"), state, verifier };
}

/** Follows the provider's pages as `email` until it sends the browser back to our redirect URI. */
async function followProvider(authorizationUrl: string, email: string): Promise<URL> {
  const browser = new Browser();
  let url = authorizationUrl;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(REDIRECT_URI)) return new URL(url);
    let res = await browser.fetch(url);
    if (res.status === 200) {
      // An interaction page: the login form, then the consent form.
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected page at ${url}: ${html.slice(0, 300)}`);
      const body: Record<string, string> =
        prompt === "login" ? { prompt, login: email, password: "any-password" } : { prompt };
      res = await browser.fetch(new URL(action.replace(/&amp;/g, "&"), url).href, {
        method: "POST",
        body: new URLSearchParams(body),
      });
    }
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location)
      throw new Error(`unexpected ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects");
}

function callbackQuery(
  a: { code: string; iss: string | null; verifier: string },
  extra: Record<string, string>,
): string {
  const q = new URLSearchParams({
    google_code: a.code,
    redirect_uri: REDIRECT_URI,
    code_verifier: a.verifier,
    ...extra,
  });
  if (a.iss) q.set("iss", a.iss);
  return `/userRoute/user_signUp_login_google?${q}`;
}

describe.each(drivers("one"))("Google sign-in (%s)", (driver) => {
  let t: TestApi;
  let provider: OidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
    });
    t = await startTestApi(driver, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  async function member(email: string) {
    return (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
  }
  /** The code exchange as the web tier's callback makes it (with the servers' internal token). */
  const viaWebTier = (path: string) =>
    t.request(path, { headers: { "x-internal-token": t.deps.internalToken } });

  it("signs up a new member (no password, no mobile number) with a working session", async () => {
    const referrer = await createMember(t.deps.db, {
      name: "Ref",
      email: "referrer@example.test",
      password: "password-123",
    });
    const a = await authorize(t, "asha@example.test");
    const res = await viaWebTier(callbackQuery(a, { referral_id_signup: referrer.userName }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, msg: "Login Success!" });
    const sid = res.setCookie.find((c) => c.startsWith("sid="))!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(sid).toMatch(/Path=\//);
    const m = await member("asha@example.test");
    expect(m).toMatchObject({
      name: "Asha",
      passwordHash: null,
      mobileNumber: null,
      googleSub: "asha@example.test",
      referredBy: referrer.id,
    });
    // The cookie is a real session.
    const dash = await t.request("/userRoute/userDataGet_dashboard", {
      cookie: sessionCookie(res.setCookie),
    });
    expect(dash.status).toBe(200);
    expect(dash.body.msg.userEmail).toBe("asha@example.test");
  });

  it("logs in an existing Google member; the code is single-use", async () => {
    const a = await authorize(t, "asha@example.test");
    const res = await viaWebTier(callbackQuery(a, { userAlreadyHaveAccount_state: "true" }));
    expect(res.status).toBe(200);
    expect(sessionCookie(res.setCookie)).toMatch(/^sid=.+/);
    const again = await viaWebTier(callbackQuery(a, { userAlreadyHaveAccount_state: "true" }));
    expect(again.status).toBe(400);
    expect(again.body.success).toBe(false);
    expect(again.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("refuses a sign-up for an e-mail registered with a password: 'Please Login With Password'", async () => {
    await createMember(t.deps.db, { name: "Ravi", email: "ravi@example.test", password: "password-123" });
    const a = await authorize(t, "ravi@example.test");
    const res = await viaWebTier(callbackQuery(a, { referral_id_signup: "" }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error_msg: "Please Login With Password",
      error_code: "login_with_password",
    });
    expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
    expect((await member("ravi@example.test"))?.googleSub).toBeNull();
  });

  it("marks a member created through Google as verified", async () => {
    expect((await member("asha@example.test"))?.emailVerifiedAt).not.toBeNull();
  });

  it("does not link Google to a password account whose e-mail was never verified: 'Please Login With Password'", async () => {
    const a = await authorize(t, "ravi@example.test");
    const res = await viaWebTier(callbackQuery(a, { userAlreadyHaveAccount_state: "true" }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error_msg: "Please Login With Password",
      error_code: "login_with_password",
    });
    expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
    expect((await member("ravi@example.test"))?.googleSub).toBeNull();
  });

  it("logs in a password member by their verified e-mail and links the Google account", async () => {
    await t.deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, "ravi@example.test"));
    const a = await authorize(t, "ravi@example.test");
    const res = await viaWebTier(callbackQuery(a, { userAlreadyHaveAccount_state: "true" }));
    expect(res.status).toBe(200);
    expect(sessionCookie(res.setCookie)).toMatch(/^sid=/);
    expect((await member("ravi@example.test"))?.googleSub).toBe("ravi@example.test");
  });

  it("never opens an operator's session through Google: the authenticator code is not skipped", async () => {
    const refused = {
      success: false,
      error_msg: OPERATOR_PASSWORD_ONLY,
      error_code: "login_with_password",
    };
    // An operator with a verified address, which would link for a member.
    await createOrPromoteOperator(t.deps.db, {
      email: "ops@example.test",
      password: "ops-password-123",
      totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
    });
    await t.deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, "ops@example.test"));
    const modes: Record<string, string>[] = [
      { userAlreadyHaveAccount_state: "true" },
      { referral_id_signup: "" },
    ];
    for (const mode of modes) {
      const res = await viaWebTier(callbackQuery(await authorize(t, "ops@example.test"), mode));
      expect(res.status).toBe(409);
      expect(res.body).toEqual(refused);
      expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
    }
    expect((await member("ops@example.test"))?.googleSub).toBeNull();

    // A member who linked Google, then was made an operator: their Google account no longer signs in.
    const a = await authorize(t, "promoted@example.test");
    expect((await viaWebTier(callbackQuery(a, { userAlreadyHaveAccount_state: "true" }))).status).toBe(200);
    await createOrPromoteOperator(t.deps.db, {
      email: "promoted@example.test",
      password: "ops-password-456",
      totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
    });
    const again = await viaWebTier(
      callbackQuery(await authorize(t, "promoted@example.test"), { userAlreadyHaveAccount_state: "true" }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused);
    expect(again.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("refuses the code exchange called from outside the web tier, setting no session", async () => {
    const a = await authorize(t, "outsider@example.test");
    const query = callbackQuery(a, { userAlreadyHaveAccount_state: "true" });
    const forged: Record<string, string>[] = [
      {},
      { "x-internal-token": "guess" },
      { "x-internal-token": `${t.deps.internalToken}0` },
    ];
    for (const headers of forged) {
      const res = await t.request(query, { headers });
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
    }
    expect(await member("outsider@example.test")).toBeUndefined();
    // The same code, through the web tier, was still valid: the refusal is the proof's doing.
    expect((await viaWebTier(query)).status).toBe(200);
  });

  it("creates the member on a login with an unknown e-mail", async () => {
    const a = await authorize(t, "newbie@example.test");
    const res = await viaWebTier(callbackQuery(a, { userAlreadyHaveAccount_state: "true" }));
    expect(res.status).toBe(200);
    expect(await member("newbie@example.test")).toMatchObject({
      passwordHash: null,
      mobileNumber: null,
      referredBy: null,
    });
  });

  it("refuses a wrong PKCE verifier", async () => {
    const a = await authorize(t, "mallory@example.test");
    const res = await viaWebTier(
      callbackQuery(
        { ...a, verifier: randomBytes(32).toString("base64url") },
        { userAlreadyHaveAccount_state: "true" },
      ),
    );
    expect(res.status).toBe(400);
    expect(await member("mallory@example.test")).toBeUndefined();
  });

  it("the web tier's callback lets the API exchange the code only for the flow this browser started (state)", async () => {
    const api = createApi(t.deps);
    const exchanges: string[] = [];
    const context = {
      apiFetch: (req: Request) => {
        if (new URL(req.url).searchParams.has("google_code")) exchanges.push(req.url);
        return Promise.resolve(api.fetch(req));
      },
      objSecret: t.deps.config.objSecret,
      internalToken: t.deps.internalToken,
      sessionSecret: t.deps.config.sessionSecret,
      clientIp: "127.0.0.1",
      publicEnv: {
        SITE_NAME: "Rupee Rewards",
        GOOGLE_ENABLED: true,
        HUMAN_CHECK: "off",
        YOUTUBE_CHANNEL_ID: null,
        YOUTUBE_PLAYER_API_URL: "https://www.youtube.com/iframe_api",
      },
    } as AppLoadContext;
    const start = await startGoogleSignIn(
      new Request("http://localhost:3000/auth/google?mode=login"),
      context,
      new URLSearchParams("mode=login"),
    );
    expect(start.status).toBe(302);
    const flowCookie = start.headers.get("set-cookie")!.split(";")[0]!;
    const back = await followProvider(start.headers.get("location")!, "stateful@example.test");
    const finish = (url: URL, cookie?: string) =>
      finishGoogleSignIn(new Request(url, { headers: cookie ? { cookie } : {} }), context);
    const signedIn = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("sid="));

    const forged = new URL(back);
    forged.searchParams.set("state", randomBytes(24).toString("base64url"));
    for (const [url, cookie] of [
      [forged, flowCookie],
      [back, undefined],
    ] as const) {
      const res = await finish(url, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login");
      expect(signedIn(res)).toBe(false);
    }
    expect(exchanges).toEqual([]);

    const ok = await finish(back, flowCookie);
    expect(ok.headers.get("location")).toBe("/member/dashboard");
    expect(signedIn(ok)).toBe(true);
    expect(exchanges).toHaveLength(1);
  });

  it("an unreachable API sends the member back to the login page with a message, at either step", async () => {
    const api = createApi(t.deps);
    let apiDown = false;
    const context = {
      apiFetch: (req: Request) =>
        apiDown ? Promise.reject(new Error("connect ECONNREFUSED")) : Promise.resolve(api.fetch(req)),
      objSecret: t.deps.config.objSecret,
      internalToken: t.deps.internalToken,
      sessionSecret: t.deps.config.sessionSecret,
      clientIp: "127.0.0.1",
      publicEnv: { GOOGLE_ENABLED: true },
    } as unknown as AppLoadContext;
    const toastOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("toast="));

    apiDown = true;
    const refused = await startGoogleSignIn(
      new Request("http://localhost:3000/auth/google?mode=login"),
      context,
      new URLSearchParams("mode=login"),
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/login");
    expect(toastOf(refused)).toBeDefined();

    apiDown = false;
    const start = await startGoogleSignIn(
      new Request("http://localhost:3000/auth/google?mode=login"),
      context,
      new URLSearchParams("mode=login"),
    );
    const flowCookie = start.headers.get("set-cookie")!.split(";")[0]!;
    const back = await followProvider(start.headers.get("location")!, "down@example.test");
    apiDown = true;
    const finish = await finishGoogleSignIn(new Request(back, { headers: { cookie: flowCookie } }), context);
    expect(finish.status).toBe(302);
    expect(finish.headers.get("location")).toBe("/login");
    expect(toastOf(finish)).toBeDefined();
    expect(finish.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("answers 'Missing credentials' without a code, and 400 for bad input", async () => {
    const res = await viaWebTier(`/userRoute/user_signUp_login_google?userAlreadyHaveAccount_state=true`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error_msg: "Missing credentials",
      error_code: "invalid_input",
    });
    const bad = await viaWebTier(
      `/userRoute/user_signUp_login_google?google_code=x&redirect_uri=nope&code_verifier=short`,
    );
    expect(bad.status).toBe(400);
  });
});

describe.each(drivers("one"))("Google sign-in not configured (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  it("answers 404", async () => {
    const res = await t.request(`/userRoute/user_signUp_login_google?google_code=x`);
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
