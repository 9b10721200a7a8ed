import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { accountTokens, users } from "../../api/db/schema";
import { hashToken, newToken } from "../../api/lib/ids";
import { setSetting } from "../../api/site/settings";
import { createMember } from "../../api/accounts/accounts";

const TOKEN_FAILED = "Token Verification Failed!";
const WAIT_MSG = "A reset link was already sent. Please check your inbox.";

let seq = 0;
async function member(t: TestApi, password = "first-password-1") {
  seq += 1;
  const email = `reset${seq}@example.com`;
  const created = await createMember(t.deps.db, { name: `Reset ${seq}`, email, password });
  return { ...created, password };
}

const login = (t: TestApi, email: string, password: string) =>
  t.request("/userRoute/login", { obj: { email_userName: email, password, loginRemember_state: false } });

function linkToken(text: string): string {
  const m = /http:\/\/localhost:3000\/password-reset-form\/([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in ${text}`);
  return m[1]!;
}

describe.each(drivers("one"))("accounts: forgot password, reset, e-mail change (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const forgot = (email: unknown) =>
    t.request("/userRoute/userLoginforgot_password_send_mail", { obj: { email_address: email } });

  it("answers success for an unknown address without sending or recording anything", async () => {
    const mailsBefore = t.mails.length;
    const tokensBefore = (await t.deps.db.select().from(accountTokens)).length;
    for (let i = 0; i < 2; i++) {
      const res = await forgot("nobody-here@example.com");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, msg: "Password reset link sent successfully." });
    }
    expect(t.mails.length).toBe(mailsBefore);
    expect((await t.deps.db.select().from(accountTokens)).length).toBe(tokensBefore);
  });

  it("requires an e-mail", async () => {
    const empty = await forgot("  ");
    expect(empty.status).toBe(400);
    expect(empty.body.error_msg).toBe("Email is required!");
    const missing = await t.request("/userRoute/userLoginforgot_password_send_mail", { obj: {} });
    expect(missing.body.error_msg).toBe("Email is required!");
    const wrongType = await forgot(12);
    expect(wrongType.status).toBe(400);
    const extra = await t.request("/userRoute/userLoginforgot_password_send_mail", {
      obj: { email_address: "a@example.com", x: 1 },
    });
    expect(extra.status).toBe(400);
  });

  it("mails a single-use link, stores only its hash, and answers time_left to a repeat inside 5 minutes", async () => {
    const m = await member(t);
    const res = await forgot(` ${m.email.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, msg: "Password reset link sent successfully." });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(m.email);
    expect(mail.subject).toBe("Reset your password");
    const token = linkToken(mail.text);
    const rows = await t.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe("password_reset");
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBe(60 * 60 * 1000);

    const mailsBefore = t.mails.length;
    const again = await forgot(m.email);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      success: false,
      msg: WAIT_MSG,
      error_msg: WAIT_MSG,
      error_code: "too_soon",
    });
    expect(again.body.time_left).toBeGreaterThan(4 * 60 * 1000);
    expect(again.body.time_left).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("two simultaneous requests for one address send one link", async () => {
    const m = await member(t);
    const mailsBefore = t.mails.length;
    const results = await Promise.all([forgot(m.email), forgot(m.email), forgot(m.email)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    expect(t.mails.length).toBe(mailsBefore + 1);
    expect(await t.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, m.id))).toHaveLength(
      1,
    );
  });

  it("verifies the token, resets the password once, ends every session, and refuses the link afterwards", async () => {
    const m = await member(t);
    const cookie = sessionCookie((await login(t, m.email, m.password)).setCookie);
    await forgot(m.email);
    const token = linkToken(t.mails.at(-1)!.text);

    const verified = await t.request(`/userRoute/verify_reset_token?token=${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, msg: "Token verified" });

    const short = await t.request("/userRoute/reset_password_form_post", {
      obj: { password: "short", token },
    });
    expect(short.status).toBe(400);
    expect(short.body.error_msg).toBe("Password must be at least 8 characters long.");
    // A refused attempt does not spend the token.
    expect((await t.request(`/userRoute/verify_reset_token?token=${token}`)).status).toBe(200);

    const done = await t.request("/userRoute/reset_password_form_post", {
      obj: { password: "second-password-2", token },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, msg: "Password reset successfully." });

    const dash = await t.request("/userRoute/userDataGet_dashboard", { cookie });
    expect(dash.status).toBe(401);
    expect(dash.body.jwtMiddleware_error).toBe(true);
    expect((await login(t, m.email, m.password)).status).toBe(401);
    expect((await login(t, m.email, "second-password-2")).status).toBe(200);

    const reverify = await t.request(`/userRoute/verify_reset_token?token=${token}`);
    expect(reverify.status).toBe(400);
    expect(reverify.body).toEqual({ success: false, error_msg: TOKEN_FAILED, error_code: "invalid_token" });
    const reuse = await t.request("/userRoute/reset_password_form_post", {
      obj: { password: "third-password-3", token },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_msg).toBe(TOKEN_FAILED);
    expect((await login(t, m.email, "third-password-3")).status).toBe(401);
  });

  it("a double-submitted reset form has exactly one effect", async () => {
    const m = await member(t);
    const token = newToken();
    await t.deps.db.insert(accountTokens).values({
      userId: m.id,
      purpose: "password_reset",
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const results = await Promise.all(
      ["parallel-one-1", "parallel-two-2", "parallel-three-3"].map((password) =>
        t.request("/userRoute/reset_password_form_post", { obj: { password, token } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const winner = ["parallel-one-1", "parallel-two-2", "parallel-three-3"][
      results.findIndex((r) => r.status === 200)
    ]!;
    expect((await login(t, m.email, winner)).status).toBe(200);
  });

  it("refuses expired, unknown, missing and wrong-purpose tokens", async () => {
    const m = await member(t);
    const expired = newToken();
    const emailToken = newToken();
    await t.deps.db.insert(accountTokens).values([
      {
        userId: m.id,
        purpose: "password_reset",
        tokenHash: hashToken(expired),
        expiresAt: new Date(Date.now() - 1000),
      },
      {
        userId: m.id,
        purpose: "email_change",
        tokenHash: hashToken(emailToken),
        newEmail: "x@example.com",
        expiresAt: new Date(Date.now() + 3600_000),
      },
    ]);
    for (const q of [`token=${expired}`, `token=${emailToken}`, "token=unknown", "", "token="]) {
      const res = await t.request(`/userRoute/verify_reset_token?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error_msg).toBe(TOKEN_FAILED);
    }
    for (const token of [expired, emailToken, "unknown"]) {
      const res = await t.request("/userRoute/reset_password_form_post", {
        obj: { password: "another-password", token },
      });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe(TOKEN_FAILED);
    }
    const badBody = await t.request("/userRoute/reset_password_form_post", {
      obj: { password: "another-password" },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error_msg).toBe(TOKEN_FAILED);
    expect((await login(t, m.email, m.password)).status).toBe(200);
  });

  it("after the wait a new link is sent and only the newest link works", async () => {
    const m = await member(t);
    await setSetting(t.deps.db, "password_reset_wait_ms", 0);
    try {
      await forgot(m.email);
      const first = linkToken(t.mails.at(-1)!.text);
      await forgot(m.email);
      const second = linkToken(t.mails.at(-1)!.text);
      expect(second).not.toBe(first);
      expect((await t.request(`/userRoute/verify_reset_token?token=${first}`)).status).toBe(400);
      expect((await t.request(`/userRoute/verify_reset_token?token=${second}`)).status).toBe(200);
    } finally {
      await setSetting(t.deps.db, "password_reset_wait_ms", 5 * 60 * 1000);
    }
  });

  it("builds the link on the configured origin, never on the request's Host or X-Forwarded-Host", async () => {
    const m = await member(t);
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example" };
    await t.request("/userRoute/userLoginforgot_password_send_mail", {
      obj: { email_address: m.email },
      headers: forged,
    });
    expect(t.mails.at(-1)!.text).toContain("http://localhost:3000/password-reset-form/");
    expect(t.mails.at(-1)!.text).not.toContain("evil.example");

    const other = await member(t);
    t.deps.config.PUBLIC_ORIGIN = "https://rewards.example.in";
    t.deps.config.TRUST_PROXY = 1;
    try {
      await t.request("/userRoute/userLoginforgot_password_send_mail", {
        obj: { email_address: other.email },
        headers: forged,
      });
    } finally {
      t.deps.config.PUBLIC_ORIGIN = undefined;
      t.deps.config.TRUST_PROXY = 0;
    }
    expect(t.mails.at(-1)!.text).toContain("https://rewards.example.in/password-reset-form/");
    expect(t.mails.at(-1)!.html).not.toContain("evil.example");
  });

  describe("e-mail change verification", () => {
    async function emailToken(userId: string, newEmail: string, opts: { expiresAt?: Date } = {}) {
      const token = newToken();
      await t.deps.db.insert(accountTokens).values({
        userId,
        purpose: "email_change",
        tokenHash: hashToken(token),
        newEmail,
        expiresAt: opts.expiresAt ?? new Date(Date.now() + 3600_000),
      });
      return token;
    }
    const verify = (token: string, email: string) =>
      t.request(
        `/userRoute/verify_reset_email_token?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
      );

    it("applies the change once when the token names the same (normalized) address", async () => {
      const m = await member(t);
      const token = await emailToken(m.id, "newaddress@example.com");
      const wrongEmail = await verify(token, "other@example.com");
      expect(wrongEmail.status).toBe(400);
      expect(wrongEmail.body.error_msg).toBe(TOKEN_FAILED);

      const ok = await verify(token, "New.Address@Example.com");
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true, msg: "Email updated successfully." });
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
      expect(row!.email).toBe("newaddress@example.com");
      expect((await login(t, "newaddress@example.com", m.password)).status).toBe(200);
      expect((await login(t, m.email, m.password)).status).toBe(401);

      const again = await verify(token, "newaddress@example.com");
      expect(again.status).toBe(400);
      expect(again.body.error_msg).toBe(TOKEN_FAILED);
    });

    it("answers 409 when the address was taken meanwhile, and keeps the token unspent", async () => {
      const m = await member(t);
      const other = await member(t);
      const token = await emailToken(m.id, other.email);
      const res = await verify(token, other.email);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        error_msg: "The new email is already in use. Please choose a different email.",
        error_code: "email_in_use",
      });
      const [tok] = await t.deps.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, m.id), eq(accountTokens.tokenHash, hashToken(token))));
      expect(tok!.usedAt).toBeNull();
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
      expect(row!.email).toBe(m.email);
    });

    it("refuses expired, password-reset and missing tokens", async () => {
      const m = await member(t);
      const expired = await emailToken(m.id, "late@example.com", { expiresAt: new Date(Date.now() - 1) });
      expect((await verify(expired, "late@example.com")).status).toBe(400);
      const reset = newToken();
      await t.deps.db.insert(accountTokens).values({
        userId: m.id,
        purpose: "password_reset",
        tokenHash: hashToken(reset),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      expect((await verify(reset, m.email)).status).toBe(400);
      const none = await t.request("/userRoute/verify_reset_email_token");
      expect(none.status).toBe(400);
      expect(none.body.error_msg).toBe(TOKEN_FAILED);
    });
  });
});
