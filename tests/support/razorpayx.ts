import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ApiError,
  STATUSES,
  canonical,
  createContact,
  createFundAccount,
  errorBody,
  headerOf,
  invalid,
  listPayouts,
  newId,
  nowSeconds,
  parseBody,
  payoutEntity,
  readBody,
  sendJson,
  validatePayout,
  type Body,
  type LocalContact,
  type LocalFundAccount,
  type LocalPayout,
  type LocalPayoutStatus,
} from "./razorpayx-entities";
import { localWebhooks, setPayoutStatus } from "./razorpayx-webhooks";

export type { LocalContact, LocalFundAccount, LocalPayout, LocalPayoutStatus } from "./razorpayx-entities";
export { razorpaySignature } from "./razorpayx-webhooks";

/**
 * A local stand-in for RazorpayX Payouts (api/payouts/razorpayx.ts talks to it as to the real one):
 * basic auth with the key id and secret, contacts, fund accounts (VPA or bank account), payouts
 * under the mandatory `X-Payout-Idempotency` header, and signed webhooks shaped like theirs. The
 * test (or the CLI's `auto`) decides what happens to a payout after its create, and can make the
 * awkward cases happen on purpose: a create answered too late, a webhook before the create's answer,
 * duplicate, lost or forged webhooks, a rate limit.
 *
 * `/_local/...` are control endpoints for callers that cannot hold the module (Playwright, the CLI's
 * user): no auth, as this only ever listens on a local address.
 *
 * This file is the public module and the server (auth, rate limit, routes, idempotent payout
 * creates, the control endpoints); the entities, their validation and the wire are in
 * razorpayx-entities.ts; status moves and webhooks in razorpayx-webhooks.ts.
 */

export interface LocalRazorpayXOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default "rzp_test_local". */
  keyId?: string;
  /** Default "local-key-secret". */
  keySecret?: string;
  /** Default "local-webhook-secret". */
  webhookSecret?: string;
  /** The business account payouts must name. Default "7878780080316316". */
  accountNumber?: string;
  webhookUrl?: string;
  /** More API requests than this in one rolling second are answered 429. */
  maxRps?: number;
  /** The clock the rate limit reads (ms); tests fix it so the limit does not depend on their speed. */
  clock?: () => number;
  /**
   * Automatic progress after each create (the CLI, the bench, Playwright): after delayMs the
   * payout goes to the outcome (default: processed) and its webhook is sent. Off when absent
   * (tests drive it).
   */
  auto?: {
    delayMs: number;
    outcome?: (p: LocalPayout, vpaOrAccount: string) => { status: LocalPayoutStatus; reason?: string };
  };
  /** One line per API request answered and per webhook sent (the CLI prints them). Never a secret. */
  log?: (line: string) => void;
}

export interface LocalRazorpayX {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountNumber: string;
  payouts: Map<string, LocalPayout>;
  contacts: Map<string, LocalContact>;
  fundAccounts: Map<string, LocalFundAccount>;
  /** Every API request answered: method, path, idempotency key (if any), the HTTP status sent. */
  requests: { method: string; path: string; idempotencyKey: string | null; status: number }[];
  /** API requests refused by `maxRps`. */
  rateLimited: number;
  setWebhookUrl(url: string): void;
  /**
   * Moves a payout to `status` (setting utr / failure_reason) and sends its signed webhook `copies`
   * times in parallel (default 1); resolves with the HTTP statuses the webhook URL answered (0 when
   * it could not be reached; none without a webhook URL). `secret` signs with another secret (a
   * forged webhook).
   */
  advance(
    payoutId: string,
    status: LocalPayoutStatus,
    opts?: { reason?: string; utr?: string; copies?: number; secret?: string },
  ): Promise<number[]>;
  /** Moves a payout without sending any webhook (a lost webhook). */
  setStatus(payoutId: string, status: LocalPayoutStatus, opts?: { reason?: string; utr?: string }): void;
  /**
   * Re-sends the webhook of a payout's current status (a provider retry), `copies` times in
   * parallel: the same event (id and body) as last sent for that status, or a new event when the
   * status changed without one (after `setStatus`).
   */
  resend(payoutId: string, copies?: number): Promise<number[]>;
  /** Posts a raw body with a given signature header to the webhook URL; resolves with the status. */
  sendRaw(body: string, signature: string): Promise<number>;
  /**
   * The next `n` payout creates are recorded (idempotency kept) but answered only after `ms` (the
   * client times out first): a timeout on create. A retry with the same key is answered at once.
   */
  stallCreates(n: number, ms: number): void;
  /**
   * The next payout create sends the webhook for `status` (and waits for its answer) BEFORE
   * answering the create. The create's answer is the payout as created (status processing), as
   * the real answer raced by a faster webhook would be.
   */
  webhookBeforeAnswer(status: LocalPayoutStatus, opts?: { reason?: string; utr?: string }): void;
  payoutsByReference(referenceId: string): LocalPayout[];
  close(): Promise<void>;
}

/** The site's settings that pay through this stand-in (tests, the benchmark, Playwright's third server). */
export function siteEnvFor(
  rzp: Pick<LocalRazorpayX, "url" | "keyId" | "keySecret" | "webhookSecret" | "accountNumber">,
): Record<string, string> {
  return {
    PAYOUT_PROVIDER: "razorpayx",
    RAZORPAYX_BASE_URL: rzp.url,
    RAZORPAYX_KEY_ID: rzp.keyId,
    RAZORPAYX_KEY_SECRET: rzp.keySecret,
    RAZORPAYX_WEBHOOK_SECRET: rzp.webhookSecret,
    RAZORPAYX_ACCOUNT_NUMBER: rzp.accountNumber,
  };
}

/** What a route answers: the status and JSON, and how long to hold the answer back (a stalled create). */
type Answer = { status: number; json: unknown; delayMs?: number };

export async function startLocalRazorpayX(opts: LocalRazorpayXOptions = {}): Promise<LocalRazorpayX> {
  const keyId = opts.keyId ?? "rzp_test_local";
  const keySecret = opts.keySecret ?? "local-key-secret";
  const webhookSecret = opts.webhookSecret ?? "local-webhook-secret";
  const accountNumber = opts.accountNumber ?? "7878780080316316";
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const log = opts.log ?? (() => {});
  let webhookUrl = opts.webhookUrl ?? null;

  const payouts = new Map<string, LocalPayout>();
  const contacts = new Map<string, LocalContact>();
  const fundAccounts = new Map<string, LocalFundAccount>();
  const requests: LocalRazorpayX["requests"] = [];
  /** Idempotency key → the payout it made and the body it was made with. */
  const byKey = new Map<string, { payoutId: string; body: string }>();
  const timers = new Set<NodeJS.Timeout>();
  /** Start times of the API requests let through in the last second (for maxRps). */
  const recent: number[] = [];
  let stall: { left: number; ms: number } | null = null;
  let beforeAnswer: { status: LocalPayoutStatus; reason?: string; utr?: string } | null = null;
  let closed = false;
  let rateLimited = 0;
  const webhooks = localWebhooks({ url: () => webhookUrl, webhookSecret, log });

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  function payoutOrThrow(id: string): LocalPayout {
    const p = payouts.get(id);
    if (!p) throw new Error(`No local payout ${id}.`);
    return p;
  }

  function move(
    id: string,
    status: LocalPayoutStatus,
    o: { reason?: string; utr?: string } = {},
  ): LocalPayout {
    if (!STATUSES.includes(status)) throw new Error(`Unknown payout status ${String(status)}.`);
    return setPayoutStatus(payoutOrThrow(id), status, o);
  }

  function advance(
    payoutId: string,
    status: LocalPayoutStatus,
    o: { reason?: string; utr?: string; copies?: number; secret?: string } = {},
  ): Promise<number[]> {
    const p = move(payoutId, status, o);
    return webhooks.send(p, o.copies ?? 1, o.secret ?? webhookSecret);
  }

  function resend(payoutId: string, copies = 1): Promise<number[]> {
    return webhooks.resend(payoutOrThrow(payoutId), copies);
  }

  function destinationOf(p: LocalPayout): string {
    const fa = fundAccounts.get(p.fund_account_id);
    return fa?.vpa?.address ?? fa?.bank_account?.account_number ?? "";
  }

  function scheduleAuto(p: LocalPayout) {
    const auto = opts.auto;
    if (!auto) return;
    const from = p.status;
    later(auto.delayMs, () => {
      // Moved meanwhile (by the control endpoint or a test): leave it as it is.
      if (closed || p.status !== from) return;
      const outcome = auto.outcome?.(p, destinationOf(p)) ?? { status: "processed" as const };
      void advance(p.id, outcome.status, { reason: outcome.reason });
    });
  }

  // --- The API ---

  async function createPayout(
    body: Body,
    key: string | null,
  ): Promise<{ status: number; json: unknown; delayMs?: number }> {
    if (!key) throw invalid("X-Payout-Idempotency header is missing", "X-Payout-Idempotency");
    const bodyKey = canonical(body);
    const seen = byKey.get(key);
    if (seen) {
      if (seen.body !== bodyKey) throw invalid("Different request body sent for the same Idempotency Header");
      return { status: 200, json: payoutEntity(payoutOrThrow(seen.payoutId)) };
    }
    const fields = validatePayout(body, fundAccounts, accountNumber);
    const p: LocalPayout = { id: newId("pout"), ...fields, created_at: nowSeconds(), idempotency_key: key };
    // Kept before anything is awaited, so a retry arriving meanwhile finds it.
    payouts.set(p.id, p);
    byKey.set(key, { payoutId: p.id, body: bodyKey });
    const answer = payoutEntity(p);
    scheduleAuto(p);
    if (beforeAnswer) {
      const b = beforeAnswer;
      beforeAnswer = null;
      await advance(p.id, b.status, { reason: b.reason, utr: b.utr });
    }
    if (stall && stall.left > 0) {
      stall.left -= 1;
      const ms = stall.ms;
      if (stall.left === 0) stall = null;
      return { status: 200, json: answer, delayMs: ms };
    }
    return { status: 200, json: answer };
  }

  async function api(
    method: string,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    body: Body,
  ): Promise<Answer> {
    const key = headerOf(req, "x-payout-idempotency");
    if (method === "POST" && path === "/v1/contacts") return createContact(contacts, body);
    if (method === "POST" && path === "/v1/fund_accounts")
      return createFundAccount(contacts, fundAccounts, body);
    if (method === "POST" && path === "/v1/payouts") return createPayout(body, key);
    if (method === "GET" && path === "/v1/payouts")
      return { status: 200, json: listPayouts(payouts, accountNumber, query) };
    const one = /^\/v1\/(payouts|contacts|fund_accounts)\/([^/]+)$/.exec(path);
    if (method === "GET" && one) {
      const id = decodeURIComponent(one[2] ?? "");
      const payout = one[1] === "payouts" ? payouts.get(id) : undefined;
      const found = payout
        ? payoutEntity(payout)
        : one[1] === "contacts"
          ? contacts.get(id)
          : one[1] === "fund_accounts"
            ? fundAccounts.get(id)
            : undefined;
      if (!found) throw new ApiError(404, "The id provided does not exist");
      return { status: 200, json: found };
    }
    throw new ApiError(404, "The requested URL was not found on the server.");
  }

  // --- The control endpoints ---

  async function control(
    method: string,
    path: string,
    body: Body,
  ): Promise<{ status: number; json: unknown }> {
    if (method === "GET" && path === "/_local/payouts") return { status: 200, json: [...payouts.values()] };
    const m = /^\/_local\/payouts\/([^/]+)\/(status|resend)$/.exec(path);
    if (method === "POST" && m) {
      const id = decodeURIComponent(m[1] ?? "");
      if (!payouts.has(id)) throw new ApiError(404, "The id provided does not exist");
      if (m[2] === "resend") {
        const copies =
          typeof body.copies === "number" && body.copies >= 1 ? Math.min(50, Math.floor(body.copies)) : 1;
        return { status: 200, json: { payout: payouts.get(id), webhook: await resend(id, copies) } };
      }
      const status = body.status;
      if (typeof status !== "string" || !STATUSES.includes(status as LocalPayoutStatus))
        throw invalid(`The status must be one of ${STATUSES.join(", ")}.`, "status");
      const o = {
        reason: typeof body.reason === "string" && body.reason ? body.reason : undefined,
        utr: typeof body.utr === "string" && body.utr ? body.utr : undefined,
      };
      if (body.webhook === false) {
        move(id, status as LocalPayoutStatus, o);
        return { status: 200, json: { payout: payouts.get(id), webhook: [] } };
      }
      const webhook = await advance(id, status as LocalPayoutStatus, o);
      return { status: 200, json: { payout: payouts.get(id), webhook } };
    }
    throw new ApiError(404, "The requested URL was not found on the server.");
  }

  // --- HTTP ---

  /** Whether this API request is over `maxRps` in the last rolling second (it is then not counted). */
  function overRate(): boolean {
    if (!opts.maxRps) return false;
    const now = (opts.clock ?? Date.now)();
    while (recent.length && (recent[0] ?? 0) <= now - 1000) recent.shift();
    if (recent.length >= opts.maxRps) return true;
    recent.push(now);
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const isControl = path.startsWith("/_local/") || path === "/_local";
    const key = headerOf(req, "x-payout-idempotency");
    const answer = (status: number, json: unknown) => {
      sendJson(res, status, json);
      if (isControl) return;
      requests.push({ method, path, idempotencyKey: key, status });
      const created = status < 300 && (json as { id?: unknown }).id;
      log(
        `${method} ${path} ${status}${key ? ` idempotency=${key}` : ""}${typeof created === "string" ? ` ${created}` : ""}`,
      );
    };
    try {
      if (!isControl) {
        if (path !== "/v1" && !path.startsWith("/v1/")) {
          answer(404, errorBody("The requested URL was not found on the server."));
          return;
        }
        if (overRate()) {
          rateLimited += 1;
          answer(429, errorBody("Too many requests"));
          return;
        }
        if (req.headers.authorization !== expectedAuth) {
          answer(401, errorBody("The api key provided is invalid"));
          return;
        }
      }
      const body = method === "POST" ? parseBody(await readBody(req)) : {};
      if (isControl) {
        const r = await control(method, path, body);
        answer(r.status, r.json);
        return;
      }
      const r = await api(method, path, url.searchParams, req, body);
      const delay = r.delayMs;
      if (delay !== undefined) later(delay, () => answer(r.status, r.json));
      else answer(r.status, r.json);
    } catch (e) {
      if (e instanceof ApiError) answer(e.status, errorBody(e.message, e.field));
      else {
        console.error("local RazorpayX:", e);
        answer(500, { error: { ...errorBody("The server could not answer.").error, code: "SERVER_ERROR" } });
      }
    }
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  const self: LocalRazorpayX = {
    url: `http://${host}:${address.port}`,
    keyId,
    keySecret,
    webhookSecret,
    accountNumber,
    payouts,
    contacts,
    fundAccounts,
    requests,
    get rateLimited() {
      return rateLimited;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    advance,
    setStatus(payoutId, status, o) {
      move(payoutId, status, o);
    },
    resend,
    sendRaw(body, signature) {
      return webhooks.sendRaw(body, signature);
    },
    stallCreates(n, ms) {
      stall = n > 0 ? { left: n, ms } : null;
    },
    webhookBeforeAnswer(status, o = {}) {
      beforeAnswer = { status, ...o };
    },
    payoutsByReference(referenceId) {
      return [...payouts.values()].filter((p) => p.reference_id === referenceId);
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      webhooks.close();
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return self;
}
