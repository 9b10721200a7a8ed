import { describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { razorpaySignature } from "../support/razorpayx";
import { newOperator } from "../support/money";
import { payoutsWorld } from "../support/payouts";
import { auditLog, payoutWebhooks } from "../../api/db/schema";
import { setSetting } from "../../api/site/settings";

/**
 * Issue 42: the payout webhook log. Anyone can post to the webhook address with a wrong
 * signature: a refused webhook keeps a bounded summary (no headers, no whole body, the first 300
 * bytes), a verified one is kept whole, and rows older than `payout_webhook_log_retention_days`
 * are swept after each webhook. On both databases, against the API's webhook address.
 */
describe.each(drivers("one"))("payout webhook log (%s)", (driver) => {
  const w = payoutsWorld(driver);
  const DAY = 24 * 60 * 60 * 1000;

  /** A 60 KB body (three bytes a character after its start) naming a payout event. */
  const bigBody = (event = "payout.processed") =>
    JSON.stringify({ event, entity: "event", note: "अ".repeat(20_000) });
  const post = (body: string, signature: string, headers: Record<string, string> = {}) =>
    w.t.request("/webhooks/payouts/razorpayx", {
      rawBody: body,
      headers: { "x-razorpay-signature": signature, ...headers },
    });
  const latest = async () =>
    (await w.t.deps.db.select().from(payoutWebhooks).orderBy(desc(payoutWebhooks.id)).limit(1))[0]!;
  const extra = { "x-padding": "p".repeat(4000), "x-forwarded-host": "attacker.example" };

  it("keeps a refused webhook as a bounded summary: no headers, no body, its first 300 bytes", async () => {
    const body = bigBody();
    expect(Buffer.byteLength(body)).toBeGreaterThan(60_000);
    const res = await post(body, razorpaySignature(body, "not-the-secret"), extra);
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toBe("The webhook's signature does not match.");
    const row = await latest();
    expect(row).toMatchObject({
      verdict: "bad_signature",
      body: null,
      headers: null,
      event: "payout.processed",
      bodyBytes: Buffer.byteLength(body),
      providerPayoutId: null,
      status: null,
    });
    expect(Buffer.byteLength(row.bodyStart!)).toBeLessThanOrEqual(300);
    expect(Buffer.byteLength(row.bodyStart!)).toBeGreaterThan(297); // cut at a character, not before
    expect(body.startsWith(row.bodyStart!)).toBe(true);

    // Signed but not a payout event: refused too, a summary too.
    const notPayout = JSON.stringify({ event: "x".repeat(500), pad: "y".repeat(50_000) });
    const malformed = await post(notPayout, razorpaySignature(notPayout, w.rzp.webhookSecret), extra);
    expect(malformed.status).toBe(400);
    expect(await latest()).toMatchObject({
      verdict: "malformed",
      body: null,
      headers: null,
      event: "x".repeat(100),
      bodyStart: notPayout.slice(0, 300),
    });

    // Not JSON at all, NUL characters (which PostgreSQL's text refuses): no event, still a summary.
    const junk = "\u0000".repeat(40_000);
    expect((await post(junk, "00", extra)).status).toBe(400);
    expect(await latest()).toMatchObject({
      verdict: "bad_signature",
      event: null,
      body: null,
      headers: null,
      bodyStart: "\uFFFD".repeat(100),
      bodyBytes: 40_000,
    });
  });

  it("keeps a verified webhook whole: body and headers", async () => {
    const body = JSON.stringify({
      entity: "event",
      event: "payout.processed",
      contains: ["payout"],
      payload: {
        payout: {
          entity: { id: "pout_unknown0000001", status: "processed", reference_id: "none", utr: "1" },
        },
      },
      pad: "z".repeat(30_000),
    });
    const res = await post(body, razorpaySignature(body, w.rzp.webhookSecret), extra);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("unknown_payout");
    const row = await latest();
    expect(row).toMatchObject({
      verdict: "unknown_payout",
      body,
      bodyStart: null,
      bodyBytes: Buffer.byteLength(body),
      event: "payout.processed",
      providerPayoutId: "pout_unknown0000001",
    });
    expect(row.headers).toMatchObject({
      "x-razorpay-signature": razorpaySignature(body, w.rzp.webhookSecret),
      "x-padding": extra["x-padding"],
    });
  });

  it("sweeps rows older than the retention after each webhook; the owner sets it, audited", async () => {
    const start = w.now;
    try {
      const refusedAt = async (at: number) => {
        w.now = at;
        const body = JSON.stringify({ event: `payout.at.${at}` });
        expect((await post(body, "00")).status).toBe(400);
        return (await latest()).id;
      };
      const old = await refusedAt(start - 40 * DAY);
      const recent = await refusedAt(start - 10 * DAY);
      const exists = async (id: number) =>
        (await w.t.deps.db.select().from(payoutWebhooks).where(eq(payoutWebhooks.id, id))).length === 1;
      expect(await exists(old)).toBe(true);

      // The next webhook, verified or not, sweeps what is past 30 days (the default).
      const now = await refusedAt(start);
      expect(await exists(old)).toBe(false);
      expect(await exists(recent)).toBe(true);

      // The owner lowers the retention to 5 days: the next webhook sweeps the 10-day-old row.
      const owner = await newOperator(w.t);
      const set = (retentionDays: unknown, cookie = owner.cookie) =>
        w.t.request("/adminRoute/payouts/webhooks/settings", {
          method: "PATCH",
          json: { retentionDays },
          cookie,
        });
      expect((await set(5, w.op1.cookie)).status).toBe(403);
      for (const bad of [0, 3651, 2.5, "5", null]) {
        const refused = await set(bad);
        expect(refused.status).toBe(400);
        expect(refused.body.error_msg).toMatch(/retentionDays/);
      }
      expect((await set(5)).body).toEqual({ success: true, msg: "Webhook log settings saved." });
      const [audit] = await w.t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "payouts.webhook_retention"), eq(auditLog.actorUserId, owner.id)));
      expect(audit).toMatchObject({
        target: "settings:payout_webhook_log_retention_days",
        before: { days: 30 },
        after: { days: 5 },
      });
      await refusedAt(start + 1000);
      expect(await exists(recent)).toBe(false);
      expect(await exists(now)).toBe(true);
    } finally {
      w.now = start;
      await setSetting(w.t.deps.db, "payout_webhook_log_retention_days", 30);
    }
  });
});
