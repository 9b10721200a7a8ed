import { createHmac, randomBytes, randomInt } from "node:crypto";
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

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
 */

export type LocalPayoutStatus =
  "queued" | "pending" | "processing" | "processed" | "reversed" | "failed" | "rejected" | "cancelled";

const STATUSES: readonly LocalPayoutStatus[] = [
  "queued",
  "pending",
  "processing",
  "processed",
  "reversed",
  "failed",
  "rejected",
  "cancelled",
];

/** The webhook event RazorpayX sends when a payout reaches each status. */
const EVENT_OF: Record<LocalPayoutStatus, string> = {
  queued: "payout.queued",
  pending: "payout.pending",
  processing: "payout.initiated",
  processed: "payout.processed",
  reversed: "payout.reversed",
  failed: "payout.failed",
  rejected: "payout.rejected",
  cancelled: "payout.updated",
};

/** The statuses that carry a failure reason, with the reason used when the caller gives none. */
const DEFAULT_REASON: Partial<Record<LocalPayoutStatus, string>> = {
  failed: "Payout failed at the beneficiary bank",
  reversed: "Payout reversed by the beneficiary bank",
  rejected: "Payout rejected by the beneficiary bank",
  cancelled: "Payout cancelled",
};

export interface LocalPayout {
  id: string;
  fund_account_id: string;
  amount: number;
  currency: string;
  mode: string;
  purpose: string;
  reference_id: string | null;
  narration: string | null;
  notes: Record<string, string>;
  status: LocalPayoutStatus;
  utr: string | null;
  failure_reason: string | null;
  status_details: { description: string; source: string; reason: string } | null;
  fees: number;
  tax: number;
  batch_id: null;
  created_at: number;
  entity: "payout";
  idempotency_key: string;
}

export interface LocalContact {
  id: string;
  entity: "contact";
  name: string;
  email: string | null;
  contact: string | null;
  type: string | null;
  reference_id: string | null;
  active: boolean;
  notes: Record<string, string>;
  created_at: number;
}

export interface LocalFundAccount {
  id: string;
  entity: "fund_account";
  contact_id: string;
  account_type: string;
  vpa?: { address: string; username: string; handle: string };
  bank_account?: { name: string; ifsc: string; account_number: string; bank_name: null };
  active: boolean;
  created_at: number;
}

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

/** The signature RazorpayX puts in X-Razorpay-Signature: hex HMAC-SHA256 of the raw body. */
export function razorpaySignature(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `prefix_` and 14 letters or digits, as RazorpayX's ids. */
function newId(prefix: string): string {
  let id = "";
  for (let i = 0; i < 14; i++) id += ALNUM[randomInt(ALNUM.length)];
  return `${prefix}_${id}`;
}

function newUtr(): string {
  return String(randomInt(0, 1_000_000_000_000)).padStart(12, "0");
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const snakeCase = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 100) || "unknown";

/** A RazorpayX error body: always this shape, `field` when one input is at fault. */
function errorBody(description: string, field?: string) {
  return {
    error: {
      code: "BAD_REQUEST_ERROR",
      description,
      source: "NA",
      step: "NA",
      reason: "NA",
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

const invalid = (description: string, field?: string) => new ApiError(400, description, field);

/** Sorted-key JSON, so the same body sent with its keys in another order is still the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

type Body = Record<string, unknown>;

/** What a route answers: the status and JSON, and how long to hold the answer back (a stalled create). */
type Answer = { status: number; json: unknown; delayMs?: number };

function optionalString(
  body: Body,
  field: string,
  max: number,
  pattern?: RegExp,
  hint?: string,
): string | null {
  const v = body[field];
  if (v === undefined || v === null || v === "") return null;
  if (typeof v !== "string") throw invalid(`The ${field} must be a string.`, field);
  if (v.length > max) throw invalid(`The ${field} may not be greater than ${max} characters.`, field);
  if (pattern && !pattern.test(v)) throw invalid(hint ?? `The ${field} format is invalid.`, field);
  return v;
}

function notesOf(body: Body): Record<string, string> {
  const v = body.notes;
  if (v === undefined || v === null) return {};
  if (typeof v !== "object" || Array.isArray(v)) throw invalid("The notes must be an object.", "notes");
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 15) throw invalid("The notes may not have more than 15 items.", "notes");
  const notes: Record<string, string> = {};
  for (const [k, value] of entries) {
    if (typeof value !== "string" && typeof value !== "number")
      throw invalid("The notes values must be strings or numbers.", "notes");
    if (String(value).length > 256)
      throw invalid("The notes values may not be longer than 256 characters.", "notes");
    notes[k] = String(value);
  }
  return notes;
}

/** The payout as the API (and the webhooks) show it: without the key we keep it under. */
function payoutEntity(p: LocalPayout) {
  return {
    id: p.id,
    entity: p.entity,
    fund_account_id: p.fund_account_id,
    amount: p.amount,
    currency: p.currency,
    notes: { ...p.notes },
    fees: p.fees,
    tax: p.tax,
    status: p.status,
    purpose: p.purpose,
    utr: p.utr,
    mode: p.mode,
    reference_id: p.reference_id,
    narration: p.narration,
    batch_id: p.batch_id,
    failure_reason: p.failure_reason,
    status_details: p.status_details ? { ...p.status_details } : null,
    created_at: p.created_at,
  };
}

const VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_ACCOUNT = /^[A-Za-z0-9]{5,35}$/;
const NARRATION = /^[A-Za-z0-9 ]{1,30}$/;
const MODES = ["UPI", "IMPS", "NEFT", "RTGS"];
const CONTACT_TYPES = ["vendor", "customer", "employee", "self"];
const MAX_BODY = 1024 * 1024;

/** A webhook not answered in this long counts as unanswered (status 0). */
const WEBHOOK_TIMEOUT_MS = 10_000;

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
  /** The last event sent per payout, so a provider retry resends the same event. */
  const lastEvent = new Map<string, { status: LocalPayoutStatus; eventId: string; body: string }>();
  const timers = new Set<NodeJS.Timeout>();
  /** Start times of the API requests let through in the last second (for maxRps). */
  const recent: number[] = [];
  let stall: { left: number; ms: number } | null = null;
  let beforeAnswer: { status: LocalPayoutStatus; reason?: string; utr?: string } | null = null;
  let closed = false;
  let rateLimited = 0;
  // Our own agent, so close() can drop its sockets (a webhook receiver that never answers too).
  const agent = new Agent({ keepAlive: true });

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        resolve(0);
        return;
      }
      if (target.protocol !== "http:") {
        log(`webhook not sent: only http:// webhook URLs are supported (${target.origin})`);
        resolve(0);
        return;
      }
      const req = httpRequest(
        target,
        {
          method: "POST",
          agent,
          headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
          timeout: WEBHOOK_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("timeout", () => req.destroy());
      req.on("error", () => resolve(0));
      req.end(body);
    });
  }

  async function deliver(
    eventId: string,
    event: string,
    payoutId: string,
    body: string,
    signature: string,
    copies: number,
  ) {
    if (!webhookUrl) {
      log(`webhook ${event} ${payoutId} not sent: no webhook URL`);
      return [];
    }
    const url = webhookUrl;
    const headers = {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": signature,
      "X-Razorpay-Event-Id": eventId,
    };
    const statuses = await Promise.all(
      Array.from({ length: Math.max(1, copies) }, () => post(url, body, headers)),
    );
    log(`webhook ${event} ${payoutId} ${eventId} x${statuses.length} -> ${statuses.join(",")}`);
    return statuses;
  }

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
    const p = payoutOrThrow(id);
    p.status = status;
    if (status === "processed") p.utr = o.utr ?? p.utr ?? newUtr();
    else if (o.utr) p.utr = o.utr;
    const reason = o.reason ?? DEFAULT_REASON[status];
    if (reason && DEFAULT_REASON[status]) {
      p.failure_reason = reason;
      p.status_details = { description: reason, source: "beneficiary_bank", reason: snakeCase(reason) };
    } else {
      p.failure_reason = null;
      p.status_details = null;
    }
    return p;
  }

  function sendEvent(p: LocalPayout, copies: number, secret: string) {
    const eventId = `evt_${randomBytes(7).toString("hex")}`;
    const event = EVENT_OF[p.status];
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_local0000001",
      event,
      contains: ["payout"],
      payload: { payout: { entity: payoutEntity(p) } },
      created_at: nowSeconds(),
    });
    // A forged copy is not the provider's event: a later retry must not resend it.
    if (secret === webhookSecret) lastEvent.set(p.id, { status: p.status, eventId, body });
    return deliver(eventId, event, p.id, body, razorpaySignature(body, secret), copies);
  }

  function advance(
    payoutId: string,
    status: LocalPayoutStatus,
    o: { reason?: string; utr?: string; copies?: number; secret?: string } = {},
  ): Promise<number[]> {
    const p = move(payoutId, status, o);
    return sendEvent(p, o.copies ?? 1, o.secret ?? webhookSecret);
  }

  function resend(payoutId: string, copies = 1): Promise<number[]> {
    const p = payoutOrThrow(payoutId);
    const last = lastEvent.get(payoutId);
    if (last && last.status === p.status)
      return deliver(
        last.eventId,
        EVENT_OF[p.status],
        p.id,
        last.body,
        razorpaySignature(last.body, webhookSecret),
        copies,
      );
    return sendEvent(p, copies, webhookSecret);
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

  function createContact(body: Body): { status: number; json: unknown } {
    const name = body.name;
    if (typeof name !== "string" || !name.trim()) throw invalid("The name field is required.", "name");
    if (name.length > 50) throw invalid("The name may not be greater than 50 characters.", "name");
    const email = optionalString(
      body,
      "email",
      100,
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
      "The email must be a valid email address.",
    );
    const contact = optionalString(body, "contact", 15, /^\+?[0-9]{8,14}$/, "The contact format is invalid.");
    const type = optionalString(body, "type", 20);
    if (type !== null && !CONTACT_TYPES.includes(type)) throw invalid("Invalid type: " + type, "type");
    const referenceId = optionalString(body, "reference_id", 40);
    const notes = notesOf(body);
    // RazorpayX answers the existing contact for the same details instead of making another.
    for (const c of contacts.values())
      if (
        c.name === name &&
        c.email === email &&
        c.contact === contact &&
        c.type === type &&
        c.reference_id === referenceId
      )
        return { status: 200, json: c };
    const c: LocalContact = {
      id: newId("cont"),
      entity: "contact",
      name,
      email,
      contact,
      type,
      reference_id: referenceId,
      active: true,
      notes,
      created_at: nowSeconds(),
    };
    contacts.set(c.id, c);
    return { status: 201, json: c };
  }

  function createFundAccount(body: Body): { status: number; json: unknown } {
    const contactId = body.contact_id;
    if (typeof contactId !== "string" || !contactId)
      throw invalid("The contact id field is required.", "contact_id");
    if (!contacts.has(contactId)) throw invalid("The id provided does not exist", "contact_id");
    const type = body.account_type;
    let fa: LocalFundAccount;
    const base = {
      id: "",
      entity: "fund_account" as const,
      contact_id: contactId,
      active: true,
      created_at: 0,
    };
    if (type === "vpa") {
      const address = (body.vpa as { address?: unknown } | undefined)?.address;
      if (typeof address !== "string" || !VPA.test(address))
        throw invalid("Invalid VPA. Please enter a valid Virtual Payment Address", "vpa.address");
      const [username = "", handle = ""] = address.split("@");
      fa = { ...base, account_type: "vpa", vpa: { address, username, handle } };
    } else if (type === "bank_account") {
      const b = (body.bank_account ?? {}) as { name?: unknown; ifsc?: unknown; account_number?: unknown };
      if (typeof b.name !== "string" || b.name.trim().length < 3 || b.name.length > 120)
        throw invalid("The name must be between 3 and 120 characters.", "bank_account.name");
      if (typeof b.ifsc !== "string" || !IFSC.test(b.ifsc))
        throw invalid("Invalid IFSC Code", "bank_account.ifsc");
      if (typeof b.account_number !== "string" || !BANK_ACCOUNT.test(b.account_number))
        throw invalid("The account number format is invalid.", "bank_account.account_number");
      fa = {
        ...base,
        account_type: "bank_account",
        bank_account: { name: b.name, ifsc: b.ifsc, account_number: b.account_number, bank_name: null },
      };
    } else {
      throw invalid("The selected account type is invalid.", "account_type");
    }
    for (const existing of fundAccounts.values())
      if (
        existing.contact_id === contactId &&
        existing.account_type === fa.account_type &&
        existing.vpa?.address === fa.vpa?.address &&
        existing.bank_account?.ifsc === fa.bank_account?.ifsc &&
        existing.bank_account?.account_number === fa.bank_account?.account_number &&
        existing.bank_account?.name === fa.bank_account?.name
      )
        return { status: 200, json: existing };
    fa.id = newId("fa");
    fa.created_at = nowSeconds();
    fundAccounts.set(fa.id, fa);
    return { status: 201, json: fa };
  }

  function validatePayout(body: Body): Omit<LocalPayout, "id" | "idempotency_key" | "created_at"> {
    if (body.account_number !== accountNumber)
      throw invalid("The account number is invalid.", "account_number");
    const faId = body.fund_account_id;
    if (typeof faId !== "string" || !faId)
      throw invalid("The fund account id field is required.", "fund_account_id");
    const fa = fundAccounts.get(faId);
    if (!fa) throw invalid("The id provided does not exist", "fund_account_id");
    const amount = body.amount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount))
      throw invalid("The amount must be an integer.", "amount");
    if (amount < 100) throw invalid("Minimum transaction amount should be 100 paise", "amount");
    if (body.currency !== "INR") throw invalid("The selected currency is invalid.", "currency");
    const mode = body.mode;
    if (typeof mode !== "string" || !MODES.includes(mode))
      throw invalid("The selected mode is invalid.", "mode");
    if ((mode === "UPI") !== (fa.account_type === "vpa"))
      throw invalid(
        `Invalid combination of payout mode (${mode}) and beneficiary account type (${fa.account_type})`,
        "mode",
      );
    const purpose = body.purpose;
    if (typeof purpose !== "string" || !purpose.trim())
      throw invalid("The purpose field is required.", "purpose");
    if (body.queue_if_low_balance !== undefined && typeof body.queue_if_low_balance !== "boolean")
      throw invalid("The queue if low balance field must be true or false.", "queue_if_low_balance");
    const referenceId = optionalString(body, "reference_id", 40);
    const narration = optionalString(
      body,
      "narration",
      30,
      NARRATION,
      "Narration should be alphanumeric with spaces, maximum 30 characters",
    );
    return {
      entity: "payout",
      fund_account_id: faId,
      amount,
      currency: "INR",
      notes: notesOf(body),
      fees: 0,
      tax: 0,
      status: "processing",
      purpose,
      utr: null,
      mode,
      reference_id: referenceId,
      narration,
      batch_id: null,
      failure_reason: null,
      status_details: null,
    };
  }

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
    const fields = validatePayout(body);
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

  function listPayouts(query: URLSearchParams): unknown {
    if (query.get("account_number") !== accountNumber)
      throw invalid("The account number is invalid.", "account_number");
    const reference = query.get("reference_id");
    const fundAccount = query.get("fund_account_id");
    const status = query.get("status");
    const count = Math.min(100, Math.max(1, Number(query.get("count") ?? 10) || 10));
    const skip = Math.max(0, Number(query.get("skip") ?? 0) || 0);
    const items = [...payouts.values()]
      .filter(
        (p) =>
          (reference === null || p.reference_id === reference) &&
          (fundAccount === null || p.fund_account_id === fundAccount) &&
          (status === null || p.status === status),
      )
      .reverse() // newest first, as RazorpayX lists
      .slice(skip, skip + count)
      .map(payoutEntity);
    return { entity: "collection", count: items.length, items };
  }

  async function api(
    method: string,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    body: Body,
  ): Promise<Answer> {
    const key = headerOf(req, "x-payout-idempotency");
    if (method === "POST" && path === "/v1/contacts") return createContact(body);
    if (method === "POST" && path === "/v1/fund_accounts") return createFundAccount(body);
    if (method === "POST" && path === "/v1/payouts") return createPayout(body, key);
    if (method === "GET" && path === "/v1/payouts") return { status: 200, json: listPayouts(query) };
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

  function headerOf(req: IncomingMessage, name: string): string | null {
    const v = req.headers[name];
    const s = Array.isArray(v) ? v[0] : v;
    return s === undefined || s === "" ? null : s;
  }

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) reject(new ApiError(413, "The request body is too large."));
        else chunks.push(c);
      });
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  }

  function parseBody(text: string): Body {
    if (!text.trim()) return {};
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid("The request body is not valid JSON.");
    }
    if (!json || typeof json !== "object" || Array.isArray(json))
      throw invalid("The request body must be a JSON object.");
    return json as Body;
  }

  function send(res: ServerResponse, status: number, json: unknown) {
    if (res.destroyed || res.writableEnded) return;
    const text = JSON.stringify(json);
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  }

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
      send(res, status, json);
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
      if (!webhookUrl) return Promise.resolve(0);
      return post(webhookUrl, body, {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": signature,
        "X-Razorpay-Event-Id": `evt_${randomBytes(7).toString("hex")}`,
      });
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
      agent.destroy();
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return self;
}
