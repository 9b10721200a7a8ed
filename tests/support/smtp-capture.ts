import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { SMTPServer } from "smtp-server";

/** A mail as the e2e tests see it: one JSON file per message. */
export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  time: string;
}

/** Decodes RFC 2047 encoded words (=?utf-8?B?...?= / =?utf-8?Q?...?=) found in headers. */
function decodeWords(value: string): string {
  // Whitespace between adjacent encoded words is not part of the text.
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === "B") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data
        .replace(/_/g, " ")
        .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Unfold continuation lines first.
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { headers: parseHeaders(raw), body: "" };
  return { headers: parseHeaders(raw.slice(0, m.index)), body: raw.slice(m.index + m[0].length) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** The text of a message: the text/plain part when multipart (first one found, depth-first), else the body. */
function textOf(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    let fallback = "";
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const p = splitPart(part.replace(/^\r?\n/, ""));
      const ptype = p.headers.get("content-type") ?? "text/plain";
      if (/^multipart\//i.test(ptype) || /^text\/plain/i.test(ptype)) {
        const t = textOf(p.headers, p.body);
        if (t) return t;
      } else if (!fallback && /^text\/html/i.test(ptype)) {
        fallback = decodeBody(p.headers, p.body);
      }
    }
    return fallback;
  }
  return decodeBody(headers, body);
}

/** Minimal parse: To, Subject and the body text. Enough for the tests to follow a link. */
export function parseMail(raw: string): Omit<CapturedMail, "time"> {
  const { headers, body } = splitPart(raw);
  const toHeader = decodeWords(headers.get("to") ?? "");
  const to = (/<([^>]+)>/.exec(toHeader)?.[1] ?? toHeader).trim().toLowerCase();
  return { to, subject: decodeWords(headers.get("subject") ?? ""), text: textOf(headers, body).trim() };
}

/**
 * A local SMTP server that accepts everything (no auth needed, no STARTTLS) and writes each
 * message as JSON into `dir`, so tests in any worker process can read the mail.
 */
export async function startSmtpCapture(opts: {
  port: number;
  dir: string;
  host?: string;
}): Promise<{ close(): Promise<void> }> {
  mkdirSync(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString("utf8"));
          // Fall back to the envelope recipient when the header is missing.
          const to = parsed.to || (session.envelope.rcptTo[0]?.address ?? "").toLowerCase();
          const time = new Date().toISOString();
          const mail: CapturedMail = { ...parsed, to, time };
          const name = `${Date.now()}-${randomBytes(4).toString("hex")}.json`;
          writeFileSync(path.join(opts.dir, name), JSON.stringify(mail, null, 2));
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve());
  });
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
