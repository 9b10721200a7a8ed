import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is written to the outbox table. With SMTP_URL it is also sent; without, the dev
 * outbox is the only copy and the mail is printed to the console so a developer can follow links.
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
  const log = opts.log ?? ((line: string) => console.log(line));
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
      } else {
        log(`[dev outbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
      }
      await opts.db
        .insert(mailOutbox)
        .values({ ...mail, html: mail.html ?? null, sentVia: transport ? "smtp" : "outbox" });
    },
  };
}
