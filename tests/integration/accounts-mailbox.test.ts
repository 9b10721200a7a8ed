import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { accountTokens, mailOutbox, users } from "../../api/db/schema";
import { migrationsFolder } from "../../api/db/client";
import { hashToken } from "../../api/lib/ids";
import { createMailer, type Mailer } from "../../api/site/mailer";
import { captureLogs } from "../../shared/log.server";
import { SIGN_UP_PRIVACY } from "../support/privacy";

const TOKEN_FAILED = "Token Verification Failed!";

const signUp = (t: TestApi, email: string, password = "correct-horse-1") =>
  t.request("/userRoute/signUp", {
    obj: { name: "Alice", mobile_number: 9876543210, email_address: email, password, ...SIGN_UP_PRIVACY },
  });
const login = (t: TestApi, identifier: string, password = "correct-horse-1") =>
  t.request("/userRoute/login", {
    obj: { email_userName: identifier, password, loginRemember_state: false },
  });

function linkToken(text: string, route: string): string {
  const m = new RegExp(`http://localhost:3000/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${route} link in ${text}`);
  return m[1]!;
}

describe.each(drivers("one"))("accounts: the mailbox as typed, the identity without dots (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  it("mails a.lice@outlook.com at a.lice@outlook.com, refuses alice@outlook.com as already registered, and logs in with either spelling", async () => {
    const res = await signUp(t, " a.lice@OutLook.com ");
    expect(res.status).toBe(200);
    expect(res.body.user).toBe("a.lice@outlook.com");
    const [row] = await t.deps.db.select().from(users).where(eq(users.emailKey, "alice@outlook.com"));
    expect(row).toMatchObject({
      email: "a.lice@outlook.com",
      emailKey: "alice@outlook.com",
      emailVerifiedAt: null,
    });
    // The sign-up's verification mail goes to the mailbox as typed.
    expect(t.mails.at(-1)!.to).toBe("a.lice@outlook.com");

    const reset = await t.request("/userRoute/userLoginforgot_password_send_mail", {
      obj: { email_address: "alice@outlook.com" },
    });
    expect(reset.status).toBe(200);
    expect(t.mails.at(-1)).toMatchObject({ to: "a.lice@outlook.com", subject: "Reset your password" });

    const again = await signUp(t, "alice@outlook.com");
    expect(again.status).toBe(409);
    expect(again.body.error_msg).toBe("Already Registered");

    for (const identifier of ["alice@outlook.com", "a.lice@OUTLOOK.com", " A.Lice@outlook.com"]) {
      const res = await login(t, identifier);
      expect(res.status, identifier).toBe(200);
      expect(res.body.user).toBe("a.lice@outlook.com");
    }
  });

  it("keeps the local part's case, lower-casing only the domain", async () => {
    const res = await signUp(t, "Ravi.Kumar@Example.IN");
    expect(res.body.user).toBe("Ravi.Kumar@example.in");
    expect((await login(t, "ravikumar@example.in")).status).toBe(200);
  });

  it("sends a single-use verification link at sign-up (hashed, 24 hours) that marks the address verified", async () => {
    expect((await signUp(t, "verify.me@example.com")).status).toBe(200);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("verify.me@example.com");
    const token = linkToken(mail.text, "verify-email");
    expect(mail.secrets).toEqual([token]);
    const [member] = await t.deps.db.select().from(users).where(eq(users.emailKey, "verifyme@example.com"));
    const [stored] = await t.deps.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, member!.id), eq(accountTokens.purpose, "email_verify")));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    const wrong = await t.request(`/userRoute/verify_email_token?token=${token}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_msg).toBe(TOKEN_FAILED);
    const ok = await t.request(`/userRoute/verify_email_token?token=${token}`);
    expect(ok.body).toEqual({ success: true, msg: "E-mail verified." });
    const [after] = await t.deps.db.select().from(users).where(eq(users.id, member!.id));
    expect(after!.emailVerifiedAt).not.toBeNull();
    const twice = await t.request(`/userRoute/verify_email_token?token=${token}`);
    expect(twice.status).toBe(400);
    expect(twice.body.error_msg).toBe(TOKEN_FAILED);
    expect((await t.request("/userRoute/verify_email_token")).status).toBe(400);
  });

  it("a password-reset token does not verify an address", async () => {
    expect((await signUp(t, "cross.purpose@example.com")).status).toBe(200);
    await t.request("/userRoute/userLoginforgot_password_send_mail", {
      obj: { email_address: "cross.purpose@example.com" },
    });
    const token = linkToken(t.mails.at(-1)!.text, "password-reset-form");
    expect((await t.request(`/userRoute/verify_email_token?token=${token}`)).status).toBe(400);
  });

  it("signs the member up even when the verification mail cannot be sent", async () => {
    const mailer = t.deps.mailer;
    t.deps.mailer = {
      send: async () => {
        throw new Error("SMTP unreachable");
      },
    };
    try {
      const res = await signUp(t, "no.mail@example.com");
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe("user registered successfully!");
    } finally {
      t.deps.mailer = mailer;
    }
    expect((await login(t, "nomail@example.com")).status).toBe(200);
  });

  it("the outbox table keeps no usable link; the log's copy (local runs, no SMTP) has it, one JSON line a mail", async () => {
    const original: Mailer = t.deps.mailer;
    t.deps.mailer = createMailer({ db: t.deps.db, from: "x@rewards.test" });
    const logs = captureLogs("info");
    try {
      expect((await signUp(t, "outbox.reader@example.com")).status).toBe(200);
      await t.request("/userRoute/userLoginforgot_password_send_mail", {
        obj: { email_address: "outbox.reader@example.com" },
      });
    } finally {
      logs.stop();
      t.deps.mailer = original;
    }
    // Issue 42: through the site's logger, never raw on the console: a mail's text (whatever a
    // member typed into it) cannot make a line of its own.
    const outbox = logs.lines
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === "dev outbox");
    expect(outbox.map((l) => [l.level, l.to, l.subject])).toEqual([
      ["info", "outbox.reader@example.com", "Confirm your e-mail address for Rupee Rewards"],
      ["info", "outbox.reader@example.com", "Reset your password"],
    ]);
    for (const l of outbox) {
      expect(typeof l.text).toBe("string");
      expect(l.links).toEqual(expect.arrayContaining([expect.stringMatching(/^http:\/\/localhost:3000\//)]));
      for (const link of l.links as string[]) expect(l.text).toContain(link);
    }
    const printed = outbox.map((l) => (l.links as string[]).join("\n"));
    const rows = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "outbox.reader@example.com"));
    expect(rows.map((r) => r.subject).sort()).toEqual([
      "Confirm your e-mail address for Rupee Rewards",
      "Reset your password",
    ]);
    const tokens = [
      linkToken(printed.join("\n"), "verify-email"),
      linkToken(printed.join("\n"), "password-reset-form"),
    ];
    for (const row of rows) {
      expect(row.sentVia).toBe("outbox");
      expect(row.text).toContain("[redacted]");
      expect(row.html).toContain("[redacted]");
      for (const token of tokens) {
        expect(row.text).not.toContain(token);
        expect(row.html).not.toContain(token);
      }
    }
  });
});

describe("migration 0001 on a populated database", () => {
  it("fills email_key from the stored addresses before making it unique and required", async () => {
    const pg = new PGlite();
    const statements = (file: string) =>
      readFileSync(path.join(migrationsFolder, file), "utf8")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter(Boolean);
    for (const s of statements("0000_init.sql")) await pg.exec(s);
    await pg.exec(`insert into users (id, name, user_name, email, google_sub) values
      ('a', 'A', 'asharao', ' Asha.Rao@Example.com', null),
      ('b', 'B', 'gmember', 'gmember@example.com', 'google-sub-1')`);
    for (const s of statements("0001_accounts.sql")) await pg.exec(s);
    const { rows } = await pg.query<{ id: string; email: string; email_key: string; verified: boolean }>(
      "select id, email, email_key, email_verified_at is not null as verified from users order by id",
    );
    expect(rows).toEqual([
      { id: "a", email: " Asha.Rao@Example.com", email_key: "asharao@example.com", verified: false },
      { id: "b", email: "gmember@example.com", email_key: "gmember@example.com", verified: true },
    ]);
    await expect(
      pg.exec(
        `insert into users (id, name, user_name, email, email_key) values ('c', 'C', 'c', 'x@e.com', 'asharao@example.com')`,
      ),
    ).rejects.toThrow(/users_email_key/);
    await pg.close();
  });
});
