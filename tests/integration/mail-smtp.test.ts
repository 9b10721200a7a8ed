import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { createMailer, type Mailer } from "../../api/site/mailer";
import { createMember } from "../../api/accounts/accounts";
import { mailOutbox } from "../../api/db/schema";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link out of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe.each(drivers("one"))("password reset mail through a real SMTP server (%s)", (driver) => {
  let t: TestApi;
  let smtp: SMTPServer;
  const inbox: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    // The mailer records each mail in the database's outbox, so it is made once the database exists.
    const target: { mailer?: Mailer } = {};
    const mailer: Mailer = { send: (mail) => target.mailer!.send(mail) };
    t = await startTestApi(driver, {}, { mailer });
    target.mailer = createMailer({
      db: t.deps.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Rupee Rewards <no-reply@rewards.test>",
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers the link by SMTP, and the link resets the password", async () => {
    await createMember(t.deps.db, {
      name: "Smtp Member",
      email: "smtp.member@example.com",
      password: "old-password-1",
    });
    const res = await t.request("/userRoute/userLoginforgot_password_send_mail", {
      obj: { email_address: "Smtp.Member@example.com" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, msg: "Password reset link sent successfully." });

    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.from).toBe("no-reply@rewards.test");
    expect(mail.to).toEqual(["smtp.member@example.com"]);
    expect(mail.raw).toMatch(/^Subject: Reset your password\r?$/m);
    const body = decodeQuotedPrintable(mail.raw);
    const match = /http:\/\/localhost:3000\/password-reset-form\/([A-Za-z0-9_-]{20,})/.exec(body);
    expect(match).not.toBeNull();
    const token = match![1]!;

    const [outbox] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "smtp.member@example.com"));
    expect(outbox).toMatchObject({ subject: "Reset your password", sentVia: "smtp" });
    // The delivered mail has the link; the recorded copy does not.
    expect(outbox!.text).toContain("/password-reset-form/[redacted]");
    expect(outbox!.text).not.toContain(token);
    expect(outbox!.html).not.toContain(token);

    expect((await t.request(`/userRoute/verify_reset_token?token=${token}`)).body.msg).toBe("Token verified");
    const reset = await t.request("/userRoute/reset_password_form_post", {
      obj: { password: "new-password-2", token },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe("Password reset successfully.");
    const login = (password: string) =>
      t.request("/userRoute/login", {
        obj: { email_userName: "smtp.member@example.com", password, loginRemember_state: false },
      });
    expect((await login("old-password-1")).status).toBe(401);
    expect((await login("new-password-2")).status).toBe(200);
  });

  it("a failed delivery answers an error and does not make the member wait for a link that never came", async () => {
    await createMember(t.deps.db, { name: "Bounce", email: "bounce@example.com", password: "bounce-pass-1" });
    // Point deliveries at a port where nothing listens.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ disabledCommands: ["STARTTLS"], authOptional: true, logger: false });
      probe.listen(0, "127.0.0.1", () => {
        const p = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const failing = createMailer({
      db: t.deps.db,
      smtpUrl: `smtp://127.0.0.1:${closedPort}?connectionTimeout=2000`,
      from: "x@rewards.test",
    });
    const original = t.deps.mailer.send;
    t.deps.mailer.send = (mail) => failing.send(mail);
    try {
      const res = await t.request("/userRoute/userLoginforgot_password_send_mail", {
        obj: { email_address: "bounce@example.com" },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        error_msg: "We could not send the e-mail right now. Please try again later.",
        error_code: "unavailable",
      });
    } finally {
      t.deps.mailer.send = original;
    }
    const retry = await t.request("/userRoute/userLoginforgot_password_send_mail", {
      obj: { email_address: "bounce@example.com" },
    });
    expect(retry.status).toBe(200);
    expect(inbox.at(-1)!.to).toEqual(["bounce@example.com"]);
  });
});
