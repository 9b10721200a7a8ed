import { createHmac, randomBytes, randomInt } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { nowSeconds, payoutEntity, type LocalPayout, type LocalPayoutStatus } from "./razorpayx-entities";

/**
 * What happens to a payout of the local RazorpayX (tests/support/razorpayx.ts) after its create:
 * its status moves (a UTR, a failure reason), and the webhooks that tell the site: the event for
 * its status, shaped and signed as theirs, posted to the webhook URL in as many parallel copies as
 * a test asks for; the provider's retry of the same event; a raw body with any signature.
 */

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

function newUtr(): string {
  return String(randomInt(0, 1_000_000_000_000)).padStart(12, "0");
}

const snakeCase = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 100) || "unknown";

/**
 * Puts a payout in `status`: a UTR once processed, and a failure reason (the caller's or the
 * default) with its status details for the statuses that carry one.
 */
export function setPayoutStatus(
  p: LocalPayout,
  status: LocalPayoutStatus,
  o: { reason?: string; utr?: string } = {},
): LocalPayout {
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

/** The signature RazorpayX puts in X-Razorpay-Signature: hex HMAC-SHA256 of the raw body. */
export function razorpaySignature(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

/** A webhook not answered in this long counts as unanswered (status 0). */
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface LocalWebhooks {
  /**
   * Sends the event of the payout's current status, signed with `secret`, `copies` times in
   * parallel; resolves with the HTTP statuses the webhook URL answered (0 when it could not be
   * reached; none without a webhook URL).
   */
  send(p: LocalPayout, copies: number, secret: string): Promise<number[]>;
  /** The same event as last sent for the payout's current status, or a new one when there is none. */
  resend(p: LocalPayout, copies: number): Promise<number[]>;
  /** Posts a raw body with a given signature header to the webhook URL; resolves with the status. */
  sendRaw(body: string, signature: string): Promise<number>;
  /** Drops the sockets, a webhook receiver's that never answers too. */
  close(): void;
}

/**
 * `url` is read at each send (a test may set it late); `webhookSecret` is the provider's own, the
 * one whose events a retry resends.
 */
export function localWebhooks(o: {
  url: () => string | null;
  webhookSecret: string;
  log: (line: string) => void;
}): LocalWebhooks {
  const { webhookSecret, log } = o;
  /** The last event sent per payout, so a provider retry resends the same event. */
  const lastEvent = new Map<string, { status: LocalPayoutStatus; eventId: string; body: string }>();
  // Our own agent, so close() can drop its sockets (a webhook receiver that never answers too).
  const agent = new Agent({ keepAlive: true });

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
    const url = o.url();
    if (!url) {
      log(`webhook ${event} ${payoutId} not sent: no webhook URL`);
      return [];
    }
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

  function send(p: LocalPayout, copies: number, secret: string): Promise<number[]> {
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

  function resend(p: LocalPayout, copies: number): Promise<number[]> {
    const last = lastEvent.get(p.id);
    if (last && last.status === p.status)
      return deliver(
        last.eventId,
        EVENT_OF[p.status],
        p.id,
        last.body,
        razorpaySignature(last.body, webhookSecret),
        copies,
      );
    return send(p, copies, webhookSecret);
  }

  return {
    send,
    resend,
    sendRaw(body, signature) {
      const webhookUrl = o.url();
      if (!webhookUrl) return Promise.resolve(0);
      return post(webhookUrl, body, {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": signature,
        "X-Razorpay-Event-Id": `evt_${randomBytes(7).toString("hex")}`,
      });
    },
    close() {
      agent.destroy();
    },
  };
}
