import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import { REDACTED } from "../../shared/log.server";

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

/**
 * Every mail is recorded in the outbox table with its links' tokens redacted, so reading the
 * table never gives a usable reset or change link. With SMTP_URL the mail is sent; without
 * (local runs only: production requires SMTP_URL) it is printed whole to the console so a
 * developer can follow its links.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  // No SMTP (a local demo): the mail, links included, is shown to the person running the site on
  // stderr, never written to the JSON log.
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  return {
    async send({ secrets, ...mail }) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
      } else {
        log(`[dev outbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
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
