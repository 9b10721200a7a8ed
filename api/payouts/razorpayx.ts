import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { PROVIDER_STATUSES } from "../../shared/contracts/payouts";
import type { PayoutDestination } from "./destination";
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PayoutProvider,
  type ProviderPayout,
} from "./provider";

/**
 * RazorpayX Payouts, as documented: HTTP basic auth with the key id and secret; contacts and fund
 * accounts (a VPA, or a bank account with IFSC) made once per member and destination; payouts
 * created with the mandatory `X-Payout-Idempotency` header, amount in paise, from the business
 * account (`account_number`); webhooks signed with HMAC-SHA256 of the raw body in
 * `X-Razorpay-Signature`. Requests from this node are spaced to at most `maxRps` a second (their
 * guidance: 5–10 a second); a timeout, a 429 or a 5xx is "unavailable" (nothing is known of the
 * effect: ask again with the same key), a 4xx "refused" with their description.
 */

/** A 429: RazorpayX asks for fewer requests a second. */
class RateLimitedError extends ProviderUnavailableError {}

export interface RazorpayXSettings {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountNumber: string;
  maxRps: number;
  timeoutMs: number;
}

const PayoutEntity = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(PROVIDER_STATUSES),
  utr: z.string().max(100).nullish(),
  failure_reason: z.string().max(1000).nullish(),
  status_details: z
    .object({ description: z.string().max(1000).nullish() })
    .passthrough()
    .nullish(),
  reference_id: z.string().max(100).nullish(),
  amount: z.number().int().nullish(),
});

const WebhookBody = z.object({
  event: z.string().max(100),
  payload: z.object({ payout: z.object({ entity: PayoutEntity }) }),
});

const Created = z.object({ id: z.string().min(1).max(100) });

function payoutOf(e: z.infer<typeof PayoutEntity>): ProviderPayout {
  return {
    id: e.id,
    status: e.status,
    utr: e.utr ?? null,
    // The documented reason is failure_reason; newer payloads carry status_details.description.
    failureReason: e.failure_reason ?? e.status_details?.description ?? null,
    referenceId: e.reference_id ?? null,
    amountPaise: e.amount ?? null,
  };
}

/** RazorpayX allows letters, digits and spaces in a narration, at most 30 of them. */
export function narrationOf(siteName: string): string {
  const words = `${siteName} withdrawal`
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return words.slice(0, 30).trim() || "Withdrawal";
}

/**
 * Holds calls to at most `rps` starts in any second from this process: a sliding window of the
 * last `rps` start times, with a margin for the network's jitter (two calls a second apart here
 * may arrive closer together there).
 */
function spacer(rps: number, marginMs = 25) {
  const starts: number[] = [];
  let queue = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      const oldest = starts.length >= rps ? starts[starts.length - rps]! : -Infinity;
      const wait = oldest + 1000 + marginMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      starts.push(Date.now());
      if (starts.length > rps) starts.splice(0, starts.length - rps);
    });
    queue = turn;
    return turn;
  };
}

/** How often a call refused with 429 (too many requests) is tried again here, a second apart. */
const RATE_LIMITED_RETRIES = 2;

export function razorpayX(settings: RazorpayXSettings): PayoutProvider {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;
  const wait = spacer(settings.maxRps);

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    for (let retry = 0; ; retry++) {
      try {
        return await callOnce(method, path, body, headers);
      } catch (e) {
        // Too many requests: safe to ask again (a payout's create carries its idempotency key).
        if (!(e instanceof RateLimitedError) || retry >= RATE_LIMITED_RETRIES) throw e;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  async function callOnce(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) {
    await wait();
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: auth,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (e) {
      const what =
        e instanceof Error && e.name === "TimeoutError" ? "did not answer in time" : "could not be reached";
      throw new ProviderUnavailableError(`RazorpayX ${what} (${method} ${path.split("?")[0]}).`);
    }
    const text = await res.text().catch(() => "");
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status === 429)
      throw new RateLimitedError(`RazorpayX answered 429 (${method} ${path.split("?")[0]}).`);
    if (res.status >= 500)
      throw new ProviderUnavailableError(
        `RazorpayX answered ${res.status} (${method} ${path.split("?")[0]}).`,
      );
    if (res.status >= 400) {
      const error = (json as { error?: { description?: unknown; code?: unknown } } | undefined)?.error;
      const description = typeof error?.description === "string" ? error.description.slice(0, 500) : null;
      throw new ProviderRefusedError(
        description ?? `RazorpayX refused the request (${res.status}).`,
        res.status,
        typeof error?.code === "string" ? error.code : null,
      );
    }
    if (json === undefined)
      throw new ProviderUnavailableError(`RazorpayX answered ${res.status} without JSON.`);
    return json;
  }

  const fundAccountBody = (contactId: string, d: PayoutDestination) =>
    d.kind === "vpa"
      ? { contact_id: contactId, account_type: "vpa", vpa: { address: d.address } }
      : {
          contact_id: contactId,
          account_type: "bank_account",
          bank_account: { name: d.name, ifsc: d.ifsc, account_number: d.accountNumber },
        };

  const parsed = <T>(schema: z.ZodType<T>, json: unknown, what: string): T => {
    const r = schema.safeParse(json);
    if (!r.success) throw new ProviderUnavailableError(`RazorpayX answered a ${what} we cannot read.`);
    return r.data;
  };

  return {
    channel: "razorpayx",
    async createFundAccount({ userId, name, email, destination }) {
      const contact = parsed(
        Created,
        await call("POST", "/v1/contacts", {
          name: name.slice(0, 50) || "Member",
          email,
          type: "customer",
          reference_id: userId,
        }),
        "contact",
      );
      const account = parsed(
        Created,
        await call("POST", "/v1/fund_accounts", fundAccountBody(contact.id, destination)),
        "fund account",
      );
      return { contactId: contact.id, fundAccountId: account.id };
    },
    async createPayout(input) {
      const json = await call(
        "POST",
        "/v1/payouts",
        {
          account_number: settings.accountNumber,
          fund_account_id: input.fundAccountId,
          amount: input.amountPaise,
          currency: "INR",
          mode: input.mode,
          purpose: "payout",
          queue_if_low_balance: true,
          reference_id: input.referenceId,
          narration: input.narration,
        },
        { "X-Payout-Idempotency": input.idempotencyKey },
      );
      return payoutOf(parsed(PayoutEntity, json, "payout"));
    },
    async fetchPayout(id) {
      return payoutOf(
        parsed(PayoutEntity, await call("GET", `/v1/payouts/${encodeURIComponent(id)}`), "payout"),
      );
    },
    verifyWebhook(rawBody, header) {
      const given = header("x-razorpay-signature")?.trim() ?? "";
      if (!/^[0-9a-f]{64}$/i.test(given)) return false;
      const expected = createHmac("sha256", settings.webhookSecret).update(rawBody, "utf8").digest();
      return timingSafeEqual(expected, Buffer.from(given, "hex"));
    },
    parseWebhook(rawBody, header) {
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const r = WebhookBody.safeParse(json);
      if (!r.success || !r.data.event.startsWith("payout.")) return null;
      const eventId = header("x-razorpay-event-id")?.trim().slice(0, 100) || null;
      return { eventId, event: r.data.event, payout: payoutOf(r.data.payload.payout.entity) };
    },
  };
}
