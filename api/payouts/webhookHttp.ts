import { Hono } from "hono";
import { clientIp, fail, type ApiEnv } from "../http";
import { applyStatus, findAttempt } from "./apply";
import { logWebhook, sweepAfterWebhook, type ReceivedWebhook, type WebhookVerdict } from "./webhookLog";
import { log as logger } from "../../shared/log.server";

/**
 * The payout provider's webhooks (docs/api/payouts.md): `POST /webhooks/payouts/razorpayx`.
 * Public: RazorpayX calls it server to server, with no session and no Origin. The raw body is
 * verified first (HMAC-SHA256 with the webhook secret, in constant time); every webhook is logged
 * with its verdict (webhookLog.ts: a verified one whole, a refused one as a bounded summary) and
 * the log swept of rows past its retention; the answer is 2xx only once the status it carries is
 * committed (or found applied already: a repeated webhook is answered 2xx and changes nothing),
 * 400 for a bad signature or a body that is not a payout event, 404 when no provider is configured.
 */

/** Headers never kept: the signature is kept (it proves nothing without the secret); cookies are not. */
const NOT_STORED = new Set(["cookie", "authorization", "x-internal-token"]);

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
    const keep = async (row: Omit<ReceivedWebhook, keyof typeof base>) => {
      const now = deps.clock();
      await logWebhook(deps.db, { ...base, ...row }, now);
      await sweepAfterWebhook(deps.db, now);
    };

    if (!provider.verifyWebhook(body, header)) {
      logger.warn(`payouts: webhook with a bad signature refused (from ${base.ip})`);
      await keep({ verdict: "bad_signature" });
      return fail(c, 400, "The webhook's signature does not match.");
    }
    const hook = provider.parseWebhook(body, header);
    if (!hook) {
      await keep({ verdict: "malformed", detail: "Not a payout event." });
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
          deps,
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
    await keep({ ...about, verdict });
    // Known or not, the event was received: RazorpayX stops retrying on 2xx.
    return c.json({ success: true, msg: verdict }, 200);
  });
  return r;
}
