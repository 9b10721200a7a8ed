import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { sessions, users } from "../../api/db/schema";
import { SIGN_UP_PRIVACY } from "../support/privacy";

const MOBILE_MSG = "Please enter a valid 10-digit Indian mobile number";
const PASSWORD_MSG = "Password must be at least 8 characters long.";

let seq = 0;
function newMemberInput(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Ravi Kumar ${seq}`,
    mobile_number: 9876543210,
    email_address: `ravi.kumar${seq}.${Date.now()}@example.com`,
    password: "correct-horse-1",
    ...SIGN_UP_PRIVACY,
    ...extra,
  };
}

async function signUp(t: TestApi, extra: Record<string, unknown> = {}) {
  const input = newMemberInput(extra);
  const res = await t.request("/userRoute/signUp", { obj: input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await t.deps.db
    .select()
    .from(users)
    .where(eq(users.email, res.body.user as string));
  return { ...input, row: row! };
}

async function login(t: TestApi, identifier: string, password: string, remember = false) {
  return t.request("/userRoute/login", {
    obj: { email_userName: identifier, password, loginRemember_state: remember },
  });
}

async function countOf(t: TestApi, table: typeof users | typeof sessions): Promise<number> {
  const [r] = await t.deps.db.select({ n: count() }).from(table);
  return Number(r!.n);
}

describe.each(drivers("one"))("accounts: sign-up, login, logout (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  it("signs a member up keeping the mailbox as typed (domain lower-cased), the mobile number and an argon2id hash", async () => {
    const res = await t.request("/userRoute/signUp", {
      obj: {
        name: "  Asha Rao ",
        mobile_number: 9123456780,
        email_address: " Asha.Rao@Example.COM ",
        password: "abcdefgh",
        ...SIGN_UP_PRIVACY,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      msg: "user registered successfully!",
      user: "Asha.Rao@example.com",
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.emailKey, "asharao@example.com"));
    expect(row).toMatchObject({
      email: "Asha.Rao@example.com",
      name: "Asha Rao",
      userName: "asharao",
      mobileNumber: 9123456780,
      role: "member",
      referredBy: null,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a second sign-up with the same e-mail, whatever its dots and case (409 Already Registered)", async () => {
    const before = await countOf(t, users);
    const res = await t.request("/userRoute/signUp", {
      obj: {
        name: "Other",
        mobile_number: 9000000000,
        email_address: "ASHARAO@example.com",
        password: "abcdefgh",
        ...SIGN_UP_PRIVACY,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error_msg: "Already Registered",
      error_code: "already_registered",
    });
    expect(await countOf(t, users)).toBe(before);
  });

  it("reports every sign-up field problem as a list of {msg}", async () => {
    const before = await countOf(t, users);
    const res = await t.request("/userRoute/signUp", {
      obj: { name: " ", mobile_number: 98765, email_address: "not-an-email", password: "short" },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error_msg).toEqual([
      { msg: "Please enter your name." },
      { msg: MOBILE_MSG },
      { msg: "Please enter a valid email address." },
      { msg: PASSWORD_MSG },
    ]);
    expect(await countOf(t, users)).toBe(before);
  });

  it.each([
    ["an 11-digit number", 98765432101],
    ["a string", "9876543210"],
    ["a fraction", 9876543210.5],
    ["a 10-digit number with a leading zero lost", 987654321],
  ])("refuses a mobile number that is %s", async (_label, mobile) => {
    const before = await countOf(t, users);
    const res = await t.request("/userRoute/signUp", { obj: newMemberInput({ mobile_number: mobile }) });
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toEqual([{ msg: MOBILE_MSG }]);
    expect(await countOf(t, users)).toBe(before);
  });

  it("two simultaneous sign-ups with one e-mail create one member", async () => {
    const input = newMemberInput();
    const results = await Promise.all([
      t.request("/userRoute/signUp", { obj: input }),
      t.request("/userRoute/signUp", { obj: { ...input, email_address: input.email_address.toUpperCase() } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.email, results.find((r) => r.status === 200)!.body.user));
    expect(rows).toHaveLength(1);
  });

  it("refuses sign-up bodies with extra fields, missing fields or that are not an obj", async () => {
    const before = await countOf(t, users);
    const extra = await t.request("/userRoute/signUp", { obj: newMemberInput({ role: "operator" }) });
    expect(extra.status).toBe(400);
    expect(extra.body.error_msg).toEqual([{ msg: "Unexpected field: role." }]);
    const { password: _pw, ...noPassword } = newMemberInput();
    const missing = await t.request("/userRoute/signUp", { obj: noPassword });
    expect(missing.status).toBe(400);
    expect(missing.body.error_msg).toEqual([{ msg: PASSWORD_MSG }]);
    const notObject = await t.request("/userRoute/signUp", { obj: ["a", "b"] });
    expect(notObject.status).toBe(400);
    const broken = await t.request("/userRoute/signUp", { json: { obj: "U2FsdGVkX1+not-really-encrypted" } });
    expect(broken.status).toBe(400);
    expect(broken.body.error_msg).toBe("Invalid request body.");
    const noObj = await t.request("/userRoute/signUp", { json: newMemberInput() });
    expect(noObj.status).toBe(400);
    const notJson = await t.request("/userRoute/signUp", { rawBody: "{obj:", method: "POST" });
    expect(notJson.status).toBe(400);
    expect(await countOf(t, users)).toBe(before);
  });

  it("records the referrer named by refer_by, and refuses an unknown one with 'Invalid referral link.'", async () => {
    const referrer = await signUp(t);
    const referee = await signUp(t, { refer_by: referrer.row.userName });
    expect(referee.row.referredBy).toBe(referrer.row.id);

    const before = await countOf(t, users);
    const bad = await t.request("/userRoute/signUp", {
      obj: newMemberInput({ refer_by: "nobody-by-this-name" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      error_msg: [{ msg: "Invalid referral link." }],
      error_code: "invalid_input",
    });
    expect(await countOf(t, users)).toBe(before);
  });

  it("logs in by e-mail (trimmed, dot-stripped, any case) with a browser-session cookie", async () => {
    const m = await signUp(t);
    const typed = `  ${m.email_address.toUpperCase()} `;
    const res = await login(t, typed, m.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, msg: "Login Success!", user: m.row.email });
    const cookie = res.setCookie.find((s) => s.startsWith("sid="))!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(cookie).not.toMatch(/Expires/i);
    expect(cookie).not.toMatch(/Secure/);
    const [s] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.row.id));
    expect(s!.persistent).toBe(false);
    // The token is stored only as a hash.
    expect(s!.tokenHash).not.toBe(sessionCookie(res.setCookie).slice(4));
  });

  it("logs in by username, and Remember Me gives a persistent 30-day cookie", async () => {
    const m = await signUp(t);
    const res = await login(t, m.row.userName.toUpperCase(), m.password, true);
    expect(res.status).toBe(200);
    const cookie = res.setCookie.find((s) => s.startsWith("sid="))!;
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const dash = await t.request("/userRoute/userDataGet_dashboard", {
      cookie: sessionCookie(res.setCookie),
    });
    expect(dash.status).toBe(200);
    expect(dash.body.msg.userEmail).toBe(m.row.email);
  });

  it("answers 'Invalid details' (401) for a wrong password and for an unknown account, creating no session", async () => {
    const m = await signUp(t);
    const before = await countOf(t, sessions);
    const wrong = await login(t, m.email_address, "wrong-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      error_msg: "Invalid details",
      error_code: "invalid_credentials",
    });
    const unknown = await login(t, "nobody@example.com", "whatever-password");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      success: false,
      error_msg: "Invalid details",
      error_code: "invalid_credentials",
    });
    expect(wrong.setCookie).toEqual([]);
    expect(await countOf(t, sessions)).toBe(before);
  });

  it("refuses malformed login bodies with a 4xx and no session", async () => {
    const m = await signUp(t);
    const before = await countOf(t, sessions);
    const cases: Parameters<TestApi["request"]>[1][] = [
      { json: {} },
      { json: { obj: 42 } },
      { json: { obj: "garbage" } },
      { rawBody: "not json", method: "POST" },
      { obj: { email_userName: m.email_address } },
      { obj: { email_userName: m.email_address, password: "" } },
      { obj: { email_userName: m.email_address, password: 12345678 } },
      { obj: { email_userName: m.email_address, password: m.password, loginRemember_state: "yes" } },
      {
        obj: {
          email_userName: m.email_address,
          password: m.password,
          loginRemember_state: false,
          admin: true,
        },
      },
      { obj: "just a string" },
    ];
    for (const init of cases) {
      const res = await t.request("/userRoute/login", init);
      expect(res.status, JSON.stringify(init)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(init)).toBeLessThan(500);
      expect(res.body.success).toBe(false);
      expect(res.setCookie).toEqual([]);
    }
    const missing = await t.request("/userRoute/login", { obj: { email_userName: m.email_address } });
    expect(missing.body.error_msg).toBe("Please enter your password.");
    const empty = await t.request("/userRoute/login", {
      obj: { email_userName: m.email_address, password: "" },
    });
    expect(empty.body.error_msg).toBe("Please enter your password.");
    expect(await countOf(t, sessions)).toBe(before);
  });

  it("a member without a password (Google sign-up) cannot log in with one", async () => {
    const { createMember } = await import("../../api/accounts/accounts");
    const g = await createMember(t.deps.db, {
      name: "G",
      email: "google.only@example.com",
      googleSub: "sub-1",
    });
    const res = await login(t, g.email, "anything-at-all");
    expect(res.status).toBe(401);
    expect(res.body.error_msg).toBe("Invalid details");
  });

  it("logout revokes the session and clears the cookie; the old cookie then gets jwtMiddleware_error", async () => {
    const m = await signUp(t);
    const cookie = sessionCookie((await login(t, m.email_address, m.password)).setCookie);
    expect((await t.request("/userRoute/userDataGet_dashboard", { cookie })).status).toBe(200);

    const out = await t.request("/userRoute/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, msg: "LogOut success!" });
    const cleared = out.setCookie.find((s) => s.startsWith("sid="))!;
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.row.id))).toEqual([]);

    const after = await t.request("/userRoute/userDataGet_dashboard", { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, jwtMiddleware_error: true });
    // Logging out twice, or without a cookie, is harmless.
    expect((await t.request("/userRoute/logout", { method: "POST" })).status).toBe(200);
  });

  it("a new login from the same browser replaces its previous session", async () => {
    const m = await signUp(t);
    const first = sessionCookie((await login(t, m.email_address, m.password)).setCookie);
    const second = await t.request("/userRoute/login", {
      obj: { email_userName: m.email_address, password: m.password, loginRemember_state: false },
      cookie: first,
    });
    expect(second.status).toBe(200);
    expect(
      (await t.request("/userRoute/userDataGet_dashboard", { cookie: first })).body.jwtMiddleware_error,
    ).toBe(true);
    expect(
      (await t.request("/userRoute/userDataGet_dashboard", { cookie: sessionCookie(second.setCookie) }))
        .status,
    ).toBe(200);
  });
});
