import { and, asc, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactMessages, retentionRuns, riskSignals, sessions, signIns } from "../db/schema";
import { getSetting, setSetting, updateSettingAudited } from "../site/settings";
import { setPostbackLogRetention, sweepPostbackLog } from "../taskWalls/log";
import { setWebhookLogRetention, sweepPayoutWebhooks } from "../payouts/webhookLog";
import { recordAudit } from "../site/audit";
import {
  RETENTION_KINDS,
  type OwnRetentionKind,
  type RetentionKind,
  type RetentionOverview,
  type RetentionRun,
  type RetentionSettings,
} from "../../shared/retention";

/**
 * The retention job (issue 44 §4, ADR 0035): per kind, the rows past the owner's period are deleted
 * in small batches — one statement deletes at most `batch` rows, picked oldest first by an index
 * and locked FOR UPDATE SKIP LOCKED, so two nodes running the job at once never wait for each other
 * and delete each row once — looping until a statement finds fewer than a batch. Never one
 * statement over everything. Each kind's last run (rows, statements, cutoff) is kept for the console.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement removes at most. */
export const RETENTION_BATCH = 500;
/** Statements one kind runs at most per run (500 × 200 = 100,000 rows): the next run carries on. */
const MAX_STATEMENTS = 200;

/** The days each kind is kept, as the owner set them (the two logs from their own settings). */
export async function retentionDays(db: Db): Promise<Record<RetentionKind, number>> {
  const [own, postbacks, webhooks] = await Promise.all([
    getSetting(db, "retention_days"),
    getSetting(db, "postback_log_retention_days"),
    getSetting(db, "payout_webhook_log_retention_days"),
  ]);
  return { ...own, postback_logs: postbacks, payout_webhook_logs: webhooks };
}

/** One statement of a kind: removes (or, for risk evidence, empties) up to `limit` expired rows. */
async function sweepOnce(
  db: Db,
  kind: RetentionKind,
  cutoff: Date,
  now: Date,
  limit: number,
): Promise<number> {
  switch (kind) {
    case "sessions": {
      const expired = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(lt(sessions.expiresAt, cutoff))
        .orderBy(asc(sessions.expiresAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return (await db.delete(sessions).where(inArray(sessions.id, expired)).returning({ id: sessions.id }))
        .length;
    }
    case "sign_ins": {
      const expired = db
        .select({ id: signIns.id })
        .from(signIns)
        .where(lt(signIns.createdAt, cutoff))
        .orderBy(asc(signIns.createdAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return (await db.delete(signIns).where(inArray(signIns.id, expired)).returning({ id: signIns.id }))
        .length;
    }
    case "support_messages": {
      // Closed messages (grievances too) after their last change; their replies go with them.
      const expired = db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(and(sql`${contactMessages.status} = 'closed'`, lt(contactMessages.updatedAt, cutoff)))
        .orderBy(asc(contactMessages.updatedAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return (
        await db
          .delete(contactMessages)
          .where(inArray(contactMessages.id, expired))
          .returning({ id: contactMessages.id })
      ).length;
    }
    case "risk_evidence": {
      // The signal stays (its key keeps cleared evidence from triggering again); its evidence goes.
      const expired = db
        .select({ id: riskSignals.id })
        .from(riskSignals)
        .where(
          and(
            isNotNull(riskSignals.clearedAt),
            lt(riskSignals.clearedAt, cutoff),
            ne(riskSignals.evidence, sql`'{}'::jsonb`),
          ),
        )
        .orderBy(asc(riskSignals.clearedAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return (
        await db
          .update(riskSignals)
          .set({ evidence: {}, updatedAt: now })
          .where(inArray(riskSignals.id, expired))
          .returning({ id: riskSignals.id })
      ).length;
    }
    case "postback_logs":
      return sweepPostbackLog(db, now, limit);
    case "payout_webhook_logs":
      return sweepPayoutWebhooks(db, now, limit);
  }
}

/** One kind swept to the end (or MAX_STATEMENTS), its run recorded: rows removed and statements run. */
export async function sweepKind(
  db: Db,
  kind: RetentionKind,
  now: Date,
  { batch = RETENTION_BATCH, days }: { batch?: number; days?: number } = {},
): Promise<RetentionRun> {
  const keep = days ?? (await retentionDays(db))[kind];
  const cutoff = new Date(now.getTime() - keep * DAY_MS);
  let deleted = 0;
  let statements = 0;
  while (statements < MAX_STATEMENTS) {
    const n = await sweepOnce(db, kind, cutoff, now, batch);
    statements++;
    deleted += n;
    if (n < batch) break;
  }
  const run = { kind, ranAt: now, deleted, statements, cutoff };
  await db
    .insert(retentionRuns)
    .values(run)
    .onConflictDoUpdate({ target: retentionRuns.kind, set: { ranAt: now, deleted, statements, cutoff } });
  return { kind, ran_at: now.toISOString(), deleted, statements, cutoff: cutoff.toISOString() };
}

/** Every kind, one after the other. */
export async function runRetention(db: Db, now: Date, batch = RETENTION_BATCH): Promise<RetentionRun[]> {
  const days = await retentionDays(db);
  const runs: RetentionRun[] = [];
  for (const kind of RETENTION_KINDS) runs.push(await sweepKind(db, kind, now, { batch, days: days[kind] }));
  return runs;
}

/** The console's page: the periods, the dormant policy, and each kind's last run. */
export async function retentionOverview(db: Db): Promise<RetentionOverview> {
  const [days, dormantAfter, policy, runs] = await Promise.all([
    retentionDays(db),
    getSetting(db, "dormant_after_days"),
    getSetting(db, "dormant_balance_policy"),
    db.select().from(retentionRuns),
  ]);
  const byKind = new Map(runs.map((r) => [r.kind, r]));
  return {
    days,
    dormant_after_days: dormantAfter,
    dormant_balance_policy: policy === "forfeit" ? "forfeit" : "payout",
    runs: RETENTION_KINDS.flatMap((kind) => {
      const r = byKind.get(kind);
      return r
        ? [
            {
              kind,
              ran_at: r.ranAt.toISOString(),
              deleted: r.deleted,
              statements: r.statements,
              cutoff: r.cutoff.toISOString(),
            },
          ]
        : [];
    }),
  };
}

/**
 * The owner's change of the periods and the dormant policy: each setting that changed is audited
 * with its value before and after (the two logs through their own setters, as their pages do).
 */
export async function setRetention(db: Db, actorUserId: string, next: RetentionSettings): Promise<void> {
  const current = await retentionOverview(db);
  const own: Record<OwnRetentionKind, number> = {
    sessions: next.days.sessions,
    sign_ins: next.days.sign_ins,
    risk_evidence: next.days.risk_evidence,
    support_messages: next.days.support_messages,
  };
  const ownChanged = (Object.keys(own) as OwnRetentionKind[]).some((k) => own[k] !== current.days[k]);
  if (ownChanged)
    await updateSettingAudited(db, {
      actorUserId,
      key: "retention_days",
      value: own,
      action: "retention.days",
    });
  if (next.days.postback_logs !== current.days.postback_logs)
    await setPostbackLogRetention(db, actorUserId, next.days.postback_logs);
  if (next.days.payout_webhook_logs !== current.days.payout_webhook_logs)
    await setWebhookLogRetention(db, actorUserId, next.days.payout_webhook_logs);
  if (
    next.dormant_after_days !== current.dormant_after_days ||
    next.dormant_balance_policy !== current.dormant_balance_policy
  ) {
    await db.transaction(async (tx) => {
      await setSetting(tx, "dormant_after_days", next.dormant_after_days);
      await setSetting(tx, "dormant_balance_policy", next.dormant_balance_policy);
      await recordAudit(tx, {
        actorUserId,
        action: "retention.dormant",
        target: "settings:dormant_after_days",
        before: { days: current.dormant_after_days, policy: current.dormant_balance_policy },
        after: { days: next.dormant_after_days, policy: next.dormant_balance_policy },
      });
    });
  }
}
