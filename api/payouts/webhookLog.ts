import { asc, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { payoutWebhooks } from "../db/schema";
import { getSetting, updateSettingAudited } from "../site/settings";
import { DomainError } from "../lib/errors";
import { clipBytes } from "../lib/text";
import { log as logger } from "../../shared/log.server";
import type { ApplyVerdict } from "./apply";

/**
 * The payout webhook log (docs/api/payouts.md): the row every webhook leaves with its verdict,
 * and the retention sweep that keeps the log bounded (as the offer-wall postback log does,
 * api/taskWalls/log.ts).
 */

export type WebhookVerdict = ApplyVerdict | "bad_signature" | "malformed";

/** The verdicts of webhooks that were refused: anyone can send them, so they keep a summary only. */
export const REFUSED_VERDICTS: ReadonlySet<WebhookVerdict> = new Set(["bad_signature", "malformed"]);

/** How much of a refused webhook's body is kept (bytes of UTF-8; migration 0023 checks it). */
export const SUMMARY_BODY_BYTES = 300;

/** The most of a body a verified webhook keeps (the API reads at most 64 KB anyway). */
const WHOLE_BODY_CHARS = 100_000;

const DAY_MS = 24 * 60 * 60 * 1000;

const clip = (s: string | null | undefined, n: number) =>
  s === null || s === undefined ? null : s.slice(0, n);

/** Text as PostgreSQL can store it: a NUL character (which text refuses) becomes U+FFFD. */
const storable = (s: string) => (s.includes("\u0000") ? s.replaceAll("\u0000", "\uFFFD") : s);

/**
 * The event type a refused body names, best effort: its top-level `event` when the body is JSON
 * and it is text (first 100 characters); null otherwise. The body is at most the API's 64 KB.
 */
export function eventOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const event = (parsed as { event?: unknown }).event;
      if (typeof event === "string") return storable(event.slice(0, 100));
    }
  } catch {
    /* not JSON: no event */
  }
  return null;
}

/** A webhook as received, and what was found in it. */
export interface ReceivedWebhook {
  channel: string;
  body: string;
  /** Lower-case header names; the cookie and our internal token are never kept. */
  headers: Record<string, string>;
  ip: string;
  verdict: WebhookVerdict;
  detail?: string | null;
  eventId?: string | null;
  event?: string | null;
  providerPayoutId?: string | null;
  status?: string | null;
}

/**
 * One row of the webhook log. A verified webhook (its signature matched and it was a payout event)
 * is kept whole: body and headers. A refused one (bad_signature, malformed) — which anyone can
 * post — is kept as a bounded summary: verdict, address, time, its size, the event type when the
 * body names one, the first 300 bytes of the body; no headers and no whole body, so nobody can
 * fill the log with large requests. A NUL character, which PostgreSQL's text cannot hold, is kept
 * as U+FFFD.
 */
export async function logWebhook(db: Db, w: ReceivedWebhook, at: Date): Promise<void> {
  const refused = REFUSED_VERDICTS.has(w.verdict);
  await db.insert(payoutWebhooks).values({
    channel: w.channel.slice(0, 100),
    body: refused ? null : storable(w.body.slice(0, WHOLE_BODY_CHARS)),
    bodyStart: refused ? clipBytes(storable(w.body.slice(0, SUMMARY_BODY_BYTES)), SUMMARY_BODY_BYTES) : null,
    bodyBytes: Buffer.byteLength(w.body, "utf8"),
    headers: refused ? null : w.headers,
    ip: clip(w.ip, 100),
    verdict: w.verdict,
    detail: clip(w.detail, 500),
    eventId: refused ? null : clip(w.eventId, 200),
    event: refused ? eventOf(w.body) : clip(w.event, 100),
    providerPayoutId: refused ? null : clip(w.providerPayoutId, 200),
    status: refused ? null : clip(w.status, 100),
    createdAt: at,
  });
}

/** Rows one sweep removes at most: the sweep runs after every logged webhook. */
export const WEBHOOK_SWEEP_BATCH = 100;

/**
 * Removes up to `limit` log rows older than the setting `payout_webhook_log_retention_days`,
 * oldest first, by the created-at index. Run after every logged webhook: the log grows by one row
 * and loses up to 100 expired ones, at the cost of one indexed look-up. Rows another sweep is
 * deleting are skipped, not waited for.
 */
export async function sweepPayoutWebhooks(db: Db, now: Date, limit = WEBHOOK_SWEEP_BATCH): Promise<number> {
  const days = await getSetting(db, "payout_webhook_log_retention_days");
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const expired = db
    .select({ id: payoutWebhooks.id })
    .from(payoutWebhooks)
    .where(lt(payoutWebhooks.createdAt, cutoff))
    .orderBy(asc(payoutWebhooks.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(payoutWebhooks)
    .where(inArray(payoutWebhooks.id, expired))
    .returning({ id: payoutWebhooks.id });
  return deleted.length;
}

/** The sweep after a webhook: a failure is logged, never the provider's answer. */
export async function sweepAfterWebhook(db: Db, now: Date): Promise<void> {
  try {
    await sweepPayoutWebhooks(db, now);
  } catch (e) {
    logger.error({ err: e }, "payout webhook log sweep failed");
  }
}

/** The log's retention the owner may set: a day to ten years. */
export const WEBHOOK_RETENTION_DAYS = { min: 1, max: 3650 } as const;

export const WEBHOOK_RETENTION_MESSAGE = `retentionDays must be a whole number of days from ${WEBHOOK_RETENTION_DAYS.min} to ${WEBHOOK_RETENTION_DAYS.max}.`;

/** The owner sets how many days the webhook log keeps a row (audited with before and after). */
export async function setWebhookLogRetention(db: Db, actorUserId: string, days: number): Promise<void> {
  if (!Number.isInteger(days) || days < WEBHOOK_RETENTION_DAYS.min || days > WEBHOOK_RETENTION_DAYS.max)
    throw new DomainError("invalid_input", WEBHOOK_RETENTION_MESSAGE);
  await updateSettingAudited(db, {
    actorUserId,
    key: "payout_webhook_log_retention_days",
    value: days,
    action: "payouts.webhook_retention",
    field: "days",
  });
}
