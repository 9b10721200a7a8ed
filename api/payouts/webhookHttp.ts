import { Hono } from "hono";
import type { Db } from "../db/client";
import { payoutWebhooks } from "../db/schema";
import { clientIp, fail, type ApiEnv } from "../http";
import { applyStatus, findAttempt, type ApplyVerdict } from "./apply";
import { log as logger } from "../../shared/log.server";

/**
 * The payout provider's webhooks (docs/api/payouts.md): `POST /webhooks/payouts/razorpayx`.
 * Public: RazorpayX calls it server to server, with no session and no Origin. The raw body is
 * verified first (HMAC-SHA256 with the webhook secret, in constant time); every webhook is kept,
 * raw, with its verdict; the answer is 2xx only once the status it carries is committed (or found
 * applied already: a repeated webhook is answered 2xx and changes nothing), 400 for a bad
 * signature or a body that is not a payout event, 404 when no provider is configured.
 */

export type WebhookVerdict = ApplyVerdict | "bad_signature" | "malformed";

/** Headers never kept: the signature is kept (it proves nothing without the secret); cookies are not. */
const NOT_STORED = new Set(["cookie", "authorization", "x-internal-token"]);

async function keep(
  db: Db,
  row: {
    channel: string;
    body: string;
    headers: Record<string, string>;
    ip: string;
    verdict: WebhookVerdict;
    detail?: string | null;
    eventId?: string | null;
    event?: string | null;
    providerPayoutId?: string | null;
    status?: string | null;
  },
) {
  await db.insert(payoutWebhooks).values({
    channel: row.channel,
    body: row.body.slice(0, 100_000),
    headers: row.headers,
    ip: row.ip,
    verdict: row.verdict,
    detail: row.detail ?? null,
    eventId: row.eventId ?? null,
    event: row.event ?? null,
    providerPayoutId: row.providerPayoutId ?? null,
    status: row.status ?? null,
  });
}

export function payoutWebhookRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  r.post("/payouts/:provider", async (c) => {
    const { deps } = c.var;
    const provider = deps.payoutProvider;
    if (!provider || c.req.param("provider") !== provider.channel)
      return fail(c, 404, "No payout provider is configured at this address.");
    // Before anything is stored: a flood from one address does not fill the log.
    await deps.limiter.consume("postbacks", clientIp(c));
    const body = await c.req.text();
    const header = (name: string) => c.req.header(name);
    const headers = Object.fromEntries(Object.entries(c.req.header()).filter(([k]) => !NOT_STORED.has(k)));
    const base = { channel: provider.channel, body, headers, ip: clientIp(c) };

    if (!provider.verifyWebhook(body, header)) {
      logger.warn(`payouts: webhook with a bad signature refused (from ${base.ip})`);
      await keep(deps.db, { ...base, verdict: "bad_signature" });
      return fail(c, 400, "The webhook's signature does not match.");
    }
    const hook = provider.parseWebhook(body, header);
    if (!hook) {
      await keep(deps.db, { ...base, verdict: "malformed", detail: "Not a payout event." });
      return fail(c, 400, "The webhook is not a payout event.");
    }
    const about = {
      eventId: hook.eventId,
      event: hook.event,
      providerPayoutId: hook.payout.id,
      status: hook.payout.status,
    };
    const attemptId = await findAttempt(deps.db, provider.channel, {
      providerPayoutId: hook.payout.id,
      referenceId: hook.payout.referenceId,
    });
    const verdict: WebhookVerdict = attemptId
      ? await applyStatus(
          deps.db,
          attemptId,
          {
            status: hook.payout.status,
            utr: hook.payout.utr,
            reason: hook.payout.failureReason,
            providerPayoutId: hook.payout.id,
          },
          "webhook",
          deps.clock(),
        )
      : "unknown_payout";
    await keep(deps.db, { ...base, ...about, verdict });
    // Known or not, the event was received: RazorpayX stops retrying on 2xx.
    return c.json({ success: true, msg: verdict }, 200);
  });
  return r;
}
