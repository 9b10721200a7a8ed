import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Configuration is parsed once, at boot. With no configuration at all the site still starts:
 * secrets are generated and kept in the data folder, the database is embedded.
 */
const boolish = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((v) => v === "on" || v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  ROLE: z.enum(["all", "web", "api"]).default("all"),
  /** `GET /metrics` answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN: at least 16 characters.").optional(),
  /** On SIGTERM, how long requests in flight may take before their connections are closed. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(10),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().url().optional(),
  API_ORIGIN: z.string().url().optional(),
  PUBLIC_ORIGIN: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  OBJ_SECRET: z.string().min(16).optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * The socket.io Redis adapter's channel prefix: every node of one site uses the same, and another
   * site (or a test run) sharing the Redis server a different one, so their pushes never mix.
   */
  REDIS_ADAPTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, "REDIS_ADAPTER_KEY: 1–64 letters, digits, '.', '_', ':' or '-'.")
    .default("socket.io"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Rupee Rewards <no-reply@localhost>"),
  HUMAN_CHECK: z.enum(["altcha", "off"]).default("altcha"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  SITE_NAME: z.string().default("Rupee Rewards"),
  YOUTUBE_CHANNEL_ID: z.string().optional(),
  YOUTUBE_API_KEY: z.string().optional(),
  YOUTUBE_API_ORIGIN: z.string().url().default("https://www.googleapis.com"),
  /** The IFrame Player API script the YouTube ad page loads (tests point it at a local stand-in). */
  YOUTUBE_PLAYER_API_URL: z.string().url().default("https://www.youtube.com/iframe_api"),
  RATE_LIMITS: boolish.default("on"),
  /**
   * Failed logins (wrong password or authenticator code) one address may make per hour, whatever
   * accounts they name; wide, because members share addresses behind mobile carriers' NAT.
   */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Demo content and a demo member with a public password: on by default, off by default in production. */
  SEED_DEMO: boolish.optional(),
  /**
   * How many proxies in front of the site append to X-Forwarded-For (0: none, the default). The
   * client is the address the outermost trusted proxy saw; anything further left was written by
   * the client and is ignored.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((v, ctx) => {
      const t = v.trim().toLowerCase();
      if (t === "off" || t === "false") return 0;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "TRUST_PROXY is the number of proxies in front of the site (0, 1, 2…), not on/off.",
      });
      return z.NEVER;
    }),
  /** How long an anonymous public page, once rendered, is served to other visitors (0: not at all). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * How long a member's rendered dashboard is kept for their session (0: not at all). It is
   * answered only while the API confirms its data unchanged (server/member-page-cache.ts).
   */
  MEMBER_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(600),
  /** The most member pages kept at once per web process (the least recently viewed go first). */
  MEMBER_PAGE_CACHE_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
  /**
   * The proxy check where ads are earned (api/lib/proxyCheck.ts): a proxycheck.io- or
   * IPHub-style service at PROXY_CHECK_URL with PROXY_CHECK_KEY. Unset: no check.
   */
  PROXY_CHECK_PROVIDER: z.enum(["proxycheck", "iphub"]).optional(),
  PROXY_CHECK_URL: z.string().url().optional(),
  PROXY_CHECK_KEY: z.string().optional(),
  /** How long the site waits for a link shortener's API before telling the member it is not answering. */
  SHORTENER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /**
   * Payouts through a provider (api/payouts): unset, approving a withdrawal marks it paid by hand
   * (or it goes into a bank bulk file). `razorpayx` needs the four RAZORPAYX_* below.
   */
  PAYOUT_PROVIDER: z.enum(["razorpayx"]).optional(),
  RAZORPAYX_KEY_ID: z.string().min(1).optional(),
  RAZORPAYX_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAYX_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The business account (RazorpayX's "account_number") the payouts are sent from. */
  RAZORPAYX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[A-Za-z0-9]{5,40}$/, "RAZORPAYX_ACCOUNT_NUMBER: 5–40 letters or digits.")
    .optional(),
  RAZORPAYX_BASE_URL: z.string().url().default("https://api.razorpay.com"),
  /** Requests per second this node sends to RazorpayX (their guidance: 5–10 a second for the account). */
  RAZORPAYX_MAX_RPS: z.coerce.number().int().min(1).max(100).default(5),
  /** How long one request to RazorpayX may take before it counts as unanswered (the reconciler asks again). */
  RAZORPAYX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

/** The RazorpayX settings a configured provider needs, all of them. */
export const RAZORPAYX_KEYS = [
  "RAZORPAYX_KEY_ID",
  "RAZORPAYX_KEY_SECRET",
  "RAZORPAYX_WEBHOOK_SECRET",
  "RAZORPAYX_ACCOUNT_NUMBER",
] as const;

export type Config = Omit<z.infer<typeof EnvSchema>, "SEED_DEMO"> & {
  SEED_DEMO: boolean;
  sessionSecret: string;
  objSecret: string;
  secretsGenerated: boolean;
  googleEnabled: boolean;
};

function loadLocalSecrets(dataDir: string): { sessionSecret: string; objSecret: string } {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    let stored: unknown;
    try {
      stored = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      stored = undefined; // unreadable: generate new ones below (sessions signed with the old ones end)
    }
    const parsed = z
      .object({ sessionSecret: z.string().min(32), objSecret: z.string().min(16) })
      .safeParse(stored);
    if (parsed.success) return parsed.data;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    sessionSecret: randomBytes(32).toString("hex"),
    objSecret: randomBytes(24).toString("hex"),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = result.data;
  const secretsGenerated = !c.SESSION_SECRET || !c.OBJ_SECRET;
  const local = secretsGenerated ? loadLocalSecrets(c.DATA_DIR) : undefined;
  const config: Config = {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== "production",
    sessionSecret: c.SESSION_SECRET ?? local!.sessionSecret,
    objSecret: c.OBJ_SECRET ?? local!.objSecret,
    secretsGenerated,
    googleEnabled: Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET),
  };
  const missing = RAZORPAYX_KEYS.filter((k) => !config[k]);
  if (config.PAYOUT_PROVIDER === "razorpayx" && missing.length > 0)
    throw new Error(`Refusing to start with PAYOUT_PROVIDER=razorpayx without ${missing.join(", ")}.`);
  if (config.NODE_ENV === "production") {
    if (!config.PAYOUT_PROVIDER && missing.length < RAZORPAYX_KEYS.length)
      throw new Error(
        "Refusing to start in production with RAZORPAYX_* set but PAYOUT_PROVIDER unset: set PAYOUT_PROVIDER=razorpayx to pay through RazorpayX, or remove the keys to pay by hand.",
      );
    if (secretsGenerated)
      throw new Error(
        "Refusing to start in production with generated secrets: set SESSION_SECRET and OBJ_SECRET.",
      );
    if (config.HUMAN_CHECK === "off")
      throw new Error("Refusing to start in production with HUMAN_CHECK=off.");
    if (config.SEED_DEMO)
      throw new Error(
        "Refusing to start in production with SEED_DEMO=on: it seeds a demo member whose password is published, with a balance, and serves the demo wall, whose offers credit any member.",
      );
    if (!config.PUBLIC_ORIGIN)
      throw new Error(
        "Refusing to start in production without PUBLIC_ORIGIN: e-mailed links must name the site's own address (e.g. https://rewards.example.com).",
      );
    if (!config.SMTP_URL)
      throw new Error(
        "Refusing to start in production without SMTP_URL: password reset and e-mail change links must reach the member's mailbox.",
      );
  }
  return config;
}

/**
 * The site's address for e-mailed links: PUBLIC_ORIGIN, or on a local run the port this process
 * serves. Never taken from a request's Host or X-Forwarded-Host, which the sender chooses.
 */
export function publicOrigin(config: Pick<Config, "PUBLIC_ORIGIN" | "PORT">): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN.replace(/\/+$/, "");
  return `http://localhost:${config.PORT}`;
}

/**
 * The host (and port) a request was sent to: X-Forwarded-Host behind a trusted proxy, else Host;
 * undefined unless it is a plain host[:port].
 */
export function requestHost(
  config: Pick<Config, "TRUST_PROXY">,
  header: (name: string) => string | undefined,
): string | undefined {
  const raw = ((config.TRUST_PROXY ? header("x-forwarded-host") : undefined) ?? header("host"))
    ?.split(",")[0]
    ?.trim()
    .toLowerCase();
  if (!raw || raw.length > 260) return undefined;
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(raw)) return undefined;
  try {
    return new URL(`http://${raw}`).host;
  } catch {
    return undefined;
  }
}

/**
 * The address of the site as the member in front of it reached it, for the links made for them
 * (the short link's end page, links shown to operators). PUBLIC_ORIGIN when set — always in
 * production, which never reads Host. On a local run without it, the origin of the member's own
 * request: a member who opened the site at 127.0.0.1 or at the computer's address from a phone on
 * the same Wi-Fi is sent back there, where they are signed in, not to localhost.
 */
export function siteOrigin(
  config: Pick<Config, "PUBLIC_ORIGIN" | "PORT" | "NODE_ENV" | "TRUST_PROXY">,
  header: (name: string) => string | undefined,
): string {
  if (config.PUBLIC_ORIGIN || config.NODE_ENV === "production") return publicOrigin(config);
  const host = requestHost(config, header);
  if (!host) return publicOrigin(config);
  const https = config.TRUST_PROXY > 0 && header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  return `${https ? "https" : "http"}://${host}`;
}

/** The answer to a state-changing request or a socket handshake from another site (isCrossSite). */
export const CROSS_SITE_REFUSED = "Cross-site request refused.";

/**
 * The origin check on state-changing requests. A browser names the page's origin in `Origin`
 * (`null` from sandboxed frames, file pages and some redirects: never ours). Only the configured
 * public origin is ours; without one (local runs) the address the request came to is. Without
 * `Origin`, `Sec-Fetch-Site` tells whether another site sent it; a client sending neither is not
 * a browser acting for another site (the web tier, scripts). The API's state-changing requests and
 * the socket handshake both ask it.
 */
export function isCrossSite(
  header: (name: string) => string | undefined,
  config: Pick<Config, "PUBLIC_ORIGIN" | "TRUST_PROXY">,
): boolean {
  const origin = header("origin");
  if (origin === undefined) {
    const site = header("sec-fetch-site");
    return site === "cross-site" || site === "same-site";
  }
  if (origin === "null") return true;
  if (config.PUBLIC_ORIGIN) return origin !== new URL(config.PUBLIC_ORIGIN).origin;
  const host = requestHost(config, header);
  return !host || (origin !== `http://${host}` && origin !== `https://${host}`);
}
