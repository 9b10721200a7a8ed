import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  anotherSession,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  snapshot,
  type TestMember,
} from "../support/money";
import { accountTokens, users } from "../../api/db/schema";
import { verifyPassword } from "../../api/accounts/accounts";
import { hashToken } from "../../api/lib/ids";
import { setSetting } from "../../api/site/settings";

describe.each(drivers("one"))("settings: password and e-mail (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const patch = (m: TestMember | string, obj: unknown) =>
    t.request("/userRoute/userpassword_and_email_patch", {
      method: "PATCH",
      obj,
      cookie: typeof m === "string" ? m : m.cookie,
    });
  const hashOf = async (id: string) =>
    (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

  it("shows the e-mail address and balance, and whether the privacy step is due", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 1_500);
    const res = await t.request("/userRoute/userpassword_and_email_get", { cookie: m.cookie });
    // Made without the sign-up form, this member never accepted the notice nor gave an age (issue 44).
    expect(res.body).toEqual({
      success: true,
      msg: { email_address: m.email, available_balance: "1.500", privacy_due: true },
    });
  });

  describe("password", () => {
    it("changes it after checking the current one, and ends the member's other sessions", async () => {
      const m = await newMember(t, { password: "old-password-1" });
      const second = await anotherSession(t, m.id);
      const bystander = await newMember(t);
      const res = await patch(m, {
        currentPassword_state: "old-password-1",
        newPassword_state: "new-password-2",
      });
      expect(res.body).toEqual({ success: true, msg: "Password changed successfully." });
      expect(await verifyPassword(await hashOf(m.id), "new-password-2")).toBe(true);
      expect(await verifyPassword(await hashOf(m.id), "old-password-1")).toBe(false);
      // This session lives on; the other one is gone; other members are untouched.
      expect((await t.request("/userRoute/userpassword_and_email_get", { cookie: m.cookie })).status).toBe(
        200,
      );
      const ended = await t.request("/userRoute/userpassword_and_email_get", { cookie: second });
      expect(ended.status).toBe(401);
      expect(ended.body.jwtMiddleware_error).toBe(true);
      expect(
        (await t.request("/userRoute/userpassword_and_email_get", { cookie: bystander.cookie })).status,
      ).toBe(200);
    });

    it("refuses a wrong current password, a short one and an unchanged one", async () => {
      const m = await newMember(t, { password: "old-password-1" });
      const second = await anotherSession(t, m.id);
      const googleOnly = await newMember(t, { password: null });
      const before = await snapshot(t);
      const cases: [TestMember, Record<string, unknown>, string][] = [
        [
          m,
          { currentPassword_state: "wrong-password", newPassword_state: "new-password-2" },
          "Current password is incorrect.",
        ],
        [
          m,
          { currentPassword_state: "old-password-1", newPassword_state: "short" },
          "Password must be at least 8 characters long.",
        ],
        [
          m,
          { currentPassword_state: "old-password-1", newPassword_state: "old-password-1" },
          "New password must differ from the current password.",
        ],
        [
          googleOnly,
          { currentPassword_state: "anything-at-all", newPassword_state: "new-password-2" },
          "Current password is incorrect.",
        ],
        [
          m,
          { currentPassword_state: "", newPassword_state: "new-password-2" },
          "Current password is required.",
        ],
        [m, { currentPassword_state: "old-password-1" }, "newPassword_state is required."],
        [
          m,
          { currentPassword_state: "old-password-1", newPassword_state: 12345678 },
          "New password must be text.",
        ],
        [
          m,
          { currentPassword_state: "old-password-1", newPassword_state: "x".repeat(129) },
          "Password must be at most 128 characters long.",
        ],
        [
          m,
          {
            currentPassword_state: "old-password-1",
            newPassword_state: "new-password-2",
            email_address: "a@b.co",
          },
          "Unexpected field: newPassword_state.",
        ],
        [m, {}, "currentPassword_state is required."],
      ];
      for (const [who, obj, message] of cases) {
        const res = await patch(who, obj);
        expect(res.status, JSON.stringify(obj)).toBe(400);
        expect(res.body.error_msg).toBe(message);
      }
      expect(await snapshot(t)).toEqual(before);
      expect((await t.request("/userRoute/userpassword_and_email_get", { cookie: second })).status).toBe(200);
    });
  });

  describe("e-mail", () => {
    it("mails a single-use link to the NEW address and records the pending change", async () => {
      const m = await newMember(t);
      const mailsBefore = t.mails.length;
      const res = await patch(m, {
        currentPassword_state: m.password,
        email_address: "  New.Address@Example.COM ",
      });
      expect(res.body).toEqual({
        success: true,
        msg: "A verification link has been sent to your new email address.",
      });
      // Nothing changes until the link is opened.
      expect((await t.deps.db.select().from(users).where(eq(users.id, m.id)))[0]!.email).toBe(m.email);
      expect(t.mails.length).toBe(mailsBefore + 2);
      const mail = t.mails.at(-2)!;
      expect(mail.to).toBe("New.Address@example.com");
      const link = /http:\/\/localhost:3000\/email-verification\/([A-Za-z0-9_-]+)\/([^\s"<]+)/.exec(
        mail.text,
      );
      expect(link).not.toBeNull();
      expect(link![2]).toBe(encodeURIComponent("New.Address@example.com"));
      const [token] = await t.deps.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, m.id), eq(accountTokens.purpose, "email_change")));
      expect(token).toMatchObject({
        tokenHash: hashToken(link![1]!),
        newEmail: "New.Address@example.com",
        usedAt: null,
      });
      const ttl = token!.expiresAt.getTime() - Date.now();
      expect(ttl).toBeGreaterThan(59 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
    });

    it("changes the address when the mailed link is opened, once", async () => {
      const m = await newMember(t);
      expect(
        (await patch(m, { currentPassword_state: m.password, email_address: "Round.Trip@Example.com" }))
          .status,
      ).toBe(200);
      const link = /\/email-verification\/([A-Za-z0-9_-]+)\/([^\s"<]+)/.exec(t.mails.at(-2)!.text)!;
      const verify = `/userRoute/verify_reset_email_token?token=${link[1]}&email=${link[2]}`;
      const res = await t.request(verify);
      expect(res.body).toEqual({ success: true, msg: "Email updated successfully." });
      expect((await t.deps.db.select().from(users).where(eq(users.id, m.id)))[0]!.email).toBe(
        "Round.Trip@example.com",
      );
      expect((await t.request(verify)).status).toBe(400);
      const page = await t.request("/userRoute/userpassword_and_email_get", { cookie: m.cookie });
      expect(page.body.msg.email_address).toBe("Round.Trip@example.com");
      // The old address is told the change happened; the new one is verified by the opened link.
      expect(t.mails.at(-1)).toMatchObject({
        to: m.email,
        subject: "Your Rupee Rewards e-mail address was changed",
      });
      expect(t.mails.at(-1)!.text).toContain("Round.Trip@example.com");
      expect(
        (await t.deps.db.select().from(users).where(eq(users.id, m.id)))[0]!.emailVerifiedAt,
      ).not.toBeNull();
    });

    it("makes the member wait between requests, with the time left", async () => {
      const m = await newMember(t);
      expect(
        (await patch(m, { currentPassword_state: m.password, email_address: "first@example.com" })).status,
      ).toBe(200);
      const before = await snapshot(t);
      const res = await patch(m, { currentPassword_state: m.password, email_address: "second@example.com" });
      expect(res.status).toBe(429);
      expect(res.body.error_msg).toBe("Already Email update reset registered");
      expect(res.body.time_left).toBeGreaterThan(9 * 60 * 1000);
      expect(res.body.time_left).toBeLessThanOrEqual(10 * 60 * 1000);
      expect(await snapshot(t)).toEqual(before);

      // After the wait a new link replaces the old one.
      await setSetting(t.deps.db, "email_change_wait_ms", 0);
      try {
        expect(
          (await patch(m, { currentPassword_state: m.password, email_address: "second@example.com" })).status,
        ).toBe(200);
      } finally {
        await setSetting(t.deps.db, "email_change_wait_ms", 10 * 60 * 1000);
      }
      const tokens = await t.deps.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, m.id), eq(accountTokens.purpose, "email_change")));
      expect(tokens).toHaveLength(2);
      expect(tokens.find((x) => x.newEmail === "first@example.com")!.usedAt).not.toBeNull();
      expect(tokens.find((x) => x.newEmail === "second@example.com")!.usedAt).toBeNull();
    });

    it("refuses the current address, a taken one and a malformed one", async () => {
      const m = await newMember(t);
      const other = await newMember(t);
      const before = await snapshot(t);
      const sameWithDots = m.email.replace("@", "").length
        ? `${m.email[0]}.${m.email.slice(1)}`.toUpperCase()
        : m.email;
      for (const email of [m.email, sameWithDots, other.email]) {
        const res = await patch(m, { currentPassword_state: m.password, email_address: email });
        expect(res.status, email).toBe(409);
        expect(res.body.error_msg).toBe("The new email is already in use. Please choose a different email.");
      }
      for (const [email, message] of [
        ["not-an-email", "Please enter a valid email address."],
        [42, "Please enter a valid email address."],
        [`${"a".repeat(250)}@example.com`, "Please enter a valid email address."],
        ["", "Please enter your email address."],
        ["  ", "Please enter your email address."],
      ]) {
        const res = await patch(m, { currentPassword_state: m.password, email_address: email });
        expect(res.status).toBe(400);
        expect(res.body.error_msg).toBe(message);
      }
      expect(await snapshot(t)).toEqual(before);
    });

    it("answers 503 and keeps no pending change when the mail cannot be sent", async () => {
      const m = await newMember(t);
      const mailer = t.deps.mailer;
      t.deps.mailer = {
        send: async () => {
          throw new Error("SMTP unreachable");
        },
      };
      try {
        const res = await patch(m, {
          currentPassword_state: m.password,
          email_address: "never-sent@example.com",
        });
        expect(res.status).toBe(503);
        expect(res.body.error_msg).toBe("We could not send the e-mail right now. Please try again later.");
      } finally {
        t.deps.mailer = mailer;
      }
      const tokens = await t.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, m.id));
      expect(tokens).toEqual([]);
      // No wait is imposed for a link that never went out.
      expect(
        (await patch(m, { currentPassword_state: m.password, email_address: "never-sent@example.com" }))
          .status,
      ).toBe(200);
    });

    it("needs the current password: missing, wrong, or none set (Google only) change nothing", async () => {
      const m = await newMember(t);
      const second = await anotherSession(t, m.id);
      const mailsBefore = t.mails.length;
      const missing = await patch(m, { email_address: "stolen@example.com" });
      expect(missing.status).toBe(400);
      expect(missing.body.error_msg).toBe(
        "Please enter your current password to change your e-mail address.",
      );
      const wrong = await patch(m, {
        email_address: "stolen@example.com",
        currentPassword_state: "not-it-123",
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error_msg).toBe("Current password is incorrect.");
      const googleOnly = await newMember(t, { password: null });
      const noPassword = await patch(googleOnly, {
        email_address: "g2@example.com",
        currentPassword_state: "x",
      });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.error_msg).toBe(
        "Your account has no password yet. Set one with I Forgot My Password on the login page, then try again.",
      );
      expect(t.mails.length).toBe(mailsBefore);
      const tokens = await t.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, m.id));
      expect(tokens).toEqual([]);
      expect((await t.request("/userRoute/userpassword_and_email_get", { cookie: second })).status).toBe(200);
    });

    it("tells the old address about the request and ends the member's other sessions", async () => {
      const m = await newMember(t);
      const second = await anotherSession(t, m.id);
      const res = await patch(m, { currentPassword_state: m.password, email_address: "moved@example.com" });
      expect(res.status).toBe(200);
      const notice = t.mails.at(-1)!;
      expect(notice.to).toBe(m.email);
      expect(notice.subject).toBe("A change of your Rupee Rewards e-mail address was requested");
      expect(notice.text).toContain("moved@example.com");
      expect(notice.text).toContain("I Forgot My Password");
      expect(notice.text).not.toContain("/email-verification/");
      expect((await t.request("/userRoute/userpassword_and_email_get", { cookie: m.cookie })).status).toBe(
        200,
      );
      expect((await t.request("/userRoute/userpassword_and_email_get", { cookie: second })).status).toBe(401);
    });

    it("uses the configured public origin in the link when there is one", async () => {
      const m = await newMember(t);
      t.deps.config.PUBLIC_ORIGIN = "https://rewards.example.in";
      try {
        expect(
          (await patch(m, { currentPassword_state: m.password, email_address: "origin-check@example.com" }))
            .status,
        ).toBe(200);
      } finally {
        t.deps.config.PUBLIC_ORIGIN = undefined;
      }
      expect(t.mails.at(-2)!.text).toContain("https://rewards.example.in/email-verification/");
    });
  });
});
