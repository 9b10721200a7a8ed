import { and, eq, isNull, sql } from "drizzle-orm";
import { builtOnce, rowsOf, type Db, type Tx } from "../db/client";
import { memberRisk, riskSignals, users } from "../db/schema";
import { memberScore, riskPolicy } from "./reads";
import { recordAudit } from "../site/audit";
import { applyMemberActionInTx } from "../members/restrictions";
import {
  RISK_LEVELS,
  RISK_SIGNAL_KINDS,
  levelOf,
  signalPoints,
  type RiskEvidence,
  type RiskLevel,
  type RiskPolicy,
  type RiskSignalKind,
} from "../../shared/risk";

/**
 * Risk scoring (issue 21 §2). Signals arrive from where the server sees them (sign-up, login,
 * binding a payout account, claims, postbacks, games, withdrawals); each is stored with its
 * evidence under a key, and the member's score is recomputed from their own signals then and only
 * then — never by a scan of all members. The score's step decides the response: flag (shown to
 * operators), hold withdrawals, and — only when the operator turned automatic action on — suspend
 * earning and ban. Automatic steps are audited with their reasons under the actor `system:risk`.
 */

export { memberScore, riskPolicy };

export const RISK_ACTOR = "system:risk";
/** How an automatic step's reason begins (clearing releases only such a hold). */
export const AUTOMATIC_PREFIX = "Automatic review";

/** One signal about one member. `key` names the evidence: the same key updates its row. */
export interface SignalInput {
  userId: string;
  kind: RiskSignalKind;
  key: string;
  /** Percent of the kind's weight (100 = one unit; capped per kind). */
  strength: number;
  /** The reason in words, as operators read it. */
  summary: string;
  evidence: RiskEvidence;
}

/**
 * One signal stored under its key (recordSignals), built once: it returns a row when the signal
 * was inserted or changed.
 */
const signalUpsert = builtOnce<SignalInput & { now: Date }>((db) =>
  db
    .insert(riskSignals)
    .values({
      userId: sql.placeholder("userId"),
      kind: sql.placeholder("kind"),
      key: sql.placeholder("key"),
      strength: sql.placeholder("strength"),
      summary: sql.placeholder("summary"),
      evidence: sql.placeholder("evidence"),
      createdAt: sql.placeholder("now"),
      updatedAt: sql.placeholder("now"),
    })
    .onConflictDoUpdate({
      target: [riskSignals.userId, riskSignals.key],
      set: {
        strength: sql`excluded.strength`,
        summary: sql`excluded.summary`,
        evidence: sql`excluded.evidence`,
        updatedAt: sql`excluded.updated_at`,
        clearedAt: sql`case when excluded.strength > ${riskSignals.strength} then null else ${riskSignals.clearedAt} end`,
        clearedBy: sql`case when excluded.strength > ${riskSignals.strength} then null else ${riskSignals.clearedBy} end`,
      },
      // Nothing to do when it says what it said (a retried event), or it is cleared and no stronger.
      setWhere: sql`(${riskSignals.strength} <> excluded.strength or ${riskSignals.summary} <> excluded.summary)
          and (${riskSignals.clearedAt} is null or excluded.strength > ${riskSignals.strength})`,
    })
    .returning({ id: riskSignals.id }),
);

/**
 * Stores signals and recomputes the score of each member whose signals changed. A signal whose
 * key exists is updated (its strength, words and evidence) — unless an operator cleared it, in
 * which case only stronger evidence (a higher strength: more accounts on one device, say) opens
 * it again. Each member is rescored in their own transaction.
 */
export async function recordSignals(
  db: Db,
  signals: SignalInput[],
  now: Date = new Date(),
): Promise<Map<string, MemberScore>> {
  const changed = new Set<string>();
  for (const s of signals) {
    const strength = Math.max(0, Math.round(s.strength));
    const rows = rowsOf(
      await signalUpsert(db, {
        userId: s.userId,
        kind: s.kind,
        key: s.key.slice(0, 300),
        strength,
        summary: s.summary.slice(0, 500),
        evidence: s.evidence,
        now,
      }),
    );
    if (rows.length > 0) changed.add(s.userId);
  }
  const scores = new Map<string, MemberScore>();
  for (const userId of [...changed].sort()) scores.set(userId, await rescore(db, userId, now));
  return scores;
}

export interface MemberScore {
  score: number;
  level: RiskLevel;
  reasons: string[];
  /** The automatic steps this rescoring took (`hold`, `suspend`, `ban`). */
  applied: string[];
}

/** The points of a member's open signals, strongest first. */
async function openSignals(db: Db | Tx, userId: string, policy: RiskPolicy) {
  const rows = await db
    .select({ kind: riskSignals.kind, strength: riskSignals.strength, summary: riskSignals.summary })
    .from(riskSignals)
    .where(and(eq(riskSignals.userId, userId), isNull(riskSignals.clearedAt)));
  return rows
    .filter((r) => (RISK_SIGNAL_KINDS as readonly string[]).includes(r.kind))
    .map((r) => ({ ...r, points: signalPoints(policy, r.kind, r.strength) }))
    .sort((a, b) => b.points - a.points || a.summary.localeCompare(b.summary));
}

const rank = (level: RiskLevel) => RISK_LEVELS.indexOf(level);

/**
 * Recomputes one member's score in one transaction that first locks their row FOR UPDATE — the
 * same row a withdrawal approval reads FOR SHARE — so a hold this score applies and an approval
 * racing it end one way: the approval landed first, or it sees the hold.
 */
export async function rescore(db: Db, userId: string, now: Date = new Date()): Promise<MemberScore> {
  const policy = await riskPolicy(db);
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!member) return { score: 0, level: "none" as RiskLevel, reasons: [], applied: [] };
    const signals = await openSignals(tx, userId, policy);
    const score = signals.reduce((sum, s) => sum + s.points, 0);
    const level = levelOf(policy, score);
    const reasons = signals.filter((s) => s.points > 0).map((s) => `${s.summary} (+${s.points})`);
    const top = reasons.slice(0, 5);
    const state = { score, level, reasons: top, updatedAt: now };
    await tx
      .insert(memberRisk)
      .values({ userId, ...state })
      .onConflictDoUpdate({ target: memberRisk.userId, set: state });

    const applied: string[] = [];
    // Operators' own accounts are scored but never restricted automatically.
    if (member.role === "operator") return { score, level, reasons: top, applied };
    const why = `${AUTOMATIC_PREFIX}: risk score ${score} — ${top.slice(0, 3).join("; ")}`.slice(0, 500);
    const steps: { at: RiskLevel; action: "hold" | "suspend" | "ban"; on: boolean }[] = [
      { at: "hold", action: "hold", on: true },
      { at: "suspend", action: "suspend", on: policy.autoSuspend },
      { at: "ban", action: "ban", on: policy.autoBan },
    ];
    let locked = member;
    for (const step of steps) {
      if (!step.on || rank(level) < rank(step.at)) continue;
      const done = await applyMemberActionInTx(tx, {
        actorUserId: RISK_ACTOR,
        userId,
        action: step.action,
        reason: why,
        pending: "hold",
        now,
        locked,
      });
      if (done) {
        applied.push(step.action);
        const [again] = await tx.select().from(users).where(eq(users.id, userId));
        locked = again!;
      }
    }
    return { score, level, reasons: top, applied };
  });
}

/**
 * An operator clears a member: every open signal is marked cleared (the same evidence does not
 * trigger again; stronger evidence does), the score goes back to what is left, and an automatic
 * hold is released. Audited with the note, the score before and after.
 */
export async function clearMember(
  db: Db,
  input: { userId: string; actorUserId: string; note: string; now?: Date },
): Promise<{ cleared: number; released: boolean }> {
  const now = input.now ?? new Date();
  const note = input.note.trim().slice(0, 1000);
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, input.userId)).for("update");
    if (!member) return { cleared: 0, released: false };
    const [before] = await tx.select().from(memberRisk).where(eq(memberRisk.userId, input.userId));
    const cleared = await tx
      .update(riskSignals)
      .set({ clearedAt: now, clearedBy: input.actorUserId })
      .where(and(eq(riskSignals.userId, input.userId), isNull(riskSignals.clearedAt)))
      .returning({ id: riskSignals.id });
    const policy = await riskPolicy(tx);
    const left = await openSignals(tx, input.userId, policy);
    const score = left.reduce((sum, s) => sum + s.points, 0);
    const level = levelOf(policy, score);
    const reasons = left.slice(0, 5).map((s) => `${s.summary} (+${s.points})`);
    const state = {
      score,
      level,
      reasons,
      updatedAt: now,
      clearedAt: now,
      clearedBy: input.actorUserId,
      clearedNote: note,
    };
    await tx
      .insert(memberRisk)
      .values({ userId: input.userId, ...state })
      .onConflictDoUpdate({ target: memberRisk.userId, set: state });
    // Only a hold this scoring applied is released: an operator's own hold stays theirs to lift.
    const released =
      member.withdrawalsHeldAt !== null &&
      (member.withdrawalsHeldReason ?? "").startsWith(AUTOMATIC_PREFIX) &&
      rank(level) < rank("hold")
        ? (await applyMemberActionInTx(tx, {
            actorUserId: input.actorUserId,
            userId: input.userId,
            action: "hold.release",
            reason: note,
            now,
            locked: member,
          })) !== null
        : false;
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "risk.clear",
      target: `member:${input.userId}`,
      before: { score: before?.score ?? 0, level: before?.level ?? "none", reasons: before?.reasons ?? [] },
      after: { score, level, note, clearedSignals: cleared.length, holdReleased: released },
    });
    return { cleared: cleared.length, released };
  });
}
