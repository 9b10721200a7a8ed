import pino, { type Logger } from "pino";

/**
 * The site's one logger: one JSON object per line on stdout (pino), with `level`, `time`, `msg`
 * and, for anything said about a request or a socket, its `reqId`. LOG_LEVEL picks the level
 * (default `info`; `warn` under NODE_ENV=test so test runs stay readable).
 *
 * What never goes into a line: passwords, session cookies, tokens, secrets, signatures and full
 * payout accounts. The code logs routes (patterns, never paths with their query) and ids; the
 * redaction below is the second line of defence for an object logged whole by mistake.
 */
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function levelFromEnv(): (typeof LEVELS)[number] {
  const asked = process.env.LOG_LEVEL?.toLowerCase();
  if (asked && (LEVELS as readonly string[]).includes(asked)) return asked as (typeof LEVELS)[number];
  return process.env.NODE_ENV === "test" ? "warn" : "info";
}

/** Keys whose values are never written, at the top level and down to REDACT_DEPTH objects below. */
export const REDACTED_KEYS = [
  "password",
  "newPassword",
  "new_password",
  "confirmPassword",
  "token",
  "secret",
  "signature",
  "authorization",
  "cookie",
  "set-cookie",
  "obj",
  "encryptedObj",
  "upi_id",
  "upiId",
  "account_number",
  "accountNumber",
  "paytm_number",
  "card",
] as const;

/** What stands in place of a secret, in a log line and in a recorded mail (api/site/mailer.ts). */
export const REDACTED = "[redacted]";
const REDACTED_KEY_SET = new Set<string>(REDACTED_KEYS);
/** How deep redaction looks: the line, and three objects down. */
const REDACT_DEPTH = 3;

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with the values under REDACTED_KEYS replaced by "[redacted]", in plain objects and
 * arrays down to REDACT_DEPTH; copied only where something was replaced, so a line without any
 * costs one look at each key. The logger runs every line through it (formatters.log), and every
 * logged error once pino has read it into a plain object. It replaced pino's own `redact`, which
 * parsed its paths again for every key of every line: 3.3 % of the API's thread in the money
 * bench (bench/README.md).
 */
export function redacted<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== "object" || depth > REDACT_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const r = redacted(item, depth + 1);
      if (r !== item) (copy ??= [...(value as unknown[])])[i] = r;
    });
    return (copy ?? value) as T;
  }
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const r = REDACTED_KEY_SET.has(key) ? REDACTED : redacted(item, depth + 1);
    if (r !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = r;
  }
  return (copy ?? value) as T;
}

const FLUSH_MS = 50;
const BATCH_BYTES = 64 * 1024;

/**
 * Lines gathered and written to `out` together: FLUSH_MS after the first of them waits, at once
 * when 64 KiB wait, and at the process's exit (a crash logs its fatal line, then exits). One write
 * a batch, not one a line: under load a write for every request's line was a twentieth of the
 * API's thread (bench/README.md). A node killed outright loses at most FLUSH_MS of lines.
 */
export function batchLines(out: (chunk: string) => void): {
  write: (line: string) => void;
  flush: () => void;
} {
  let pending: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    size = 0;
    out(chunk);
  };
  process.on("exit", flush);
  return {
    flush,
    write: (line) => {
      pending.push(line);
      size += line.length;
      if (size >= BATCH_BYTES) flush();
      else if (!timer) {
        timer = setTimeout(flush, FLUSH_MS);
        timer.unref();
      }
    },
  };
}

/**
 * Where lines go: stdout, in batches (on Linux stdout to a file or a pipe is written
 * synchronously, so the batch of the exit is written too); a test may read them instead
 * (captureLogs).
 */
const stdoutLines = batchLines((chunk) => void process.stdout.write(chunk));
let write: (line: string) => void = stdoutLines.write;
/** Writes the lines still waiting for their batch now (server.ts, before its start banner). */
export const flushLogs = (): void => stdoutLines.flush();

export const log: Logger = pino(
  {
    level: levelFromEnv(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (line) => redacted(line),
    },
    // An error is read into a plain object first (pino's own reading), then redacted like the rest.
    serializers: {
      err: (e: unknown) => {
        const read: unknown = pino.stdSerializers.err(e as Error);
        return read !== null && typeof read === "object" ? redacted({ ...read }) : read;
      },
    },
  },
  { write: (line: string) => write(line) },
);

/** What the one line per answered request holds (the web tier's pages and the API's answers). */
export type RequestLine = {
  reqId: string;
  tier: "api" | "web";
  method: string;
  /** The route's pattern, never the path (it can carry a token or an e-mail address). */
  route: string;
  status: number;
  ms: number;
  errorCode?: string;
};

const INFO = pino.levels.values.info!;

let isoAt = 0;
let iso = "";
/** The time as pino's isoTime writes it, made once a millisecond however many lines share it. */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoAt) {
    isoAt = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}
const PID = `,"pid":${process.pid}`;

/**
 * The request line, at `info`: the same JSON object, key for key, as `log.info(fields, "request")`
 * writes, built here without the logger's general path (the redaction pass, the serialisation of
 * an object of unknown shape): 0.56 µs a line against pino's 2.6 µs, and it is written for every
 * answer (bench/README.md). Its fields are known and hold no secret: an id we made or checked
 * (validRequestId), a method, a route pattern, a status, a time and an error code from
 * docs/api.md; strings still go through JSON.stringify, so a line is one valid JSON object
 * whatever they hold.
 */
export function logRequest(line: RequestLine): void {
  if (log.levelVal > INFO) return;
  write(
    `{"level":"info","time":"${isoNow()}"${PID},"reqId":${JSON.stringify(line.reqId)},` +
      `"tier":"${line.tier}","method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},` +
      `"status":${line.status},"ms":${line.ms}` +
      (line.errorCode === undefined ? "" : `,"errorCode":${JSON.stringify(line.errorCode)}`) +
      `,"msg":"request"}\n`,
  );
}

/** Sends every line from now on to `sink` (a file, a test's array), at `level`; answers the undo. */
export function sendLogsTo(sink: (line: string) => void, level: string = log.level): () => void {
  const before = { write, level: log.level };
  write = sink;
  log.level = level;
  return () => {
    write = before.write;
    log.level = before.level;
  };
}

/** For tests: every line written from now on, at `level`, until `stop()`. */
export function captureLogs(level = "info") {
  const lines: string[] = [];
  const stop = sendLogsTo((line) => void lines.push(line), level);
  return { lines, stop };
}

/** A request id we accept from a caller we trust (the web tier, a proxy): short, no spaces or quotes. */
export function validRequestId(value: string | null | undefined): string | undefined {
  return value && /^[A-Za-z0-9._:-]{8,64}$/.test(value) ? value : undefined;
}
