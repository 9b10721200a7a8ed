import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import { REDACTED, log } from "../../shared/log.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The single-use tokens the mail carries: they reach the recipient, never the outbox table. */
  secrets?: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function redactSecrets(body: string, secrets: readonly string[] = []): string {
  return secrets.reduce((s, secret) => (secret ? s.split(secret).join(REDACTED) : s), body);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The links a mail's text holds, each once, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

/**
 * Every mail is recorded in the outbox table with its links' tokens redacted, so reading the
 * table never gives a usable reset or change link. With SMTP_URL the mail is sent; without
 * (local runs only: production requires SMTP_URL) it is written whole, links included, as one
 * line of the site's JSON log (`"msg":"dev outbox"` with `to`, `subject`, `text` and `links`) so
 * a developer can follow its links: escaped like every line, so no text in a mail can pass for
 * a line of its own (issue 42).
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  return {
    async send({ secrets, ...mail }) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
      } else {
        log.info(
          { to: mail.to, subject: mail.subject, text: mail.text, links: linksIn(mail.text) },
          "dev outbox",
        );
      }
      await opts.db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: redactSecrets(mail.text, secrets),
        html: mail.html === undefined ? null : redactSecrets(mail.html, secrets),
        sentVia: transport ? "smtp" : "outbox",
      });
    },
  };
}
