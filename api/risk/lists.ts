import { and, count, desc, eq, gt, gte, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { memberRisk, riskSignals, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { istDayStart } from "../ledger/earningKinds";
import { PAGE_SIZE } from "../../shared/pagination";
import { RISK_SIGNAL_LABELS, signalPoints, type RiskLevel, type RiskSignalKind } from "../../shared/risk";
import type {
  MemberRiskPage,
  RiskFilters,
  RiskMemberPage,
  RiskSignalRecord,
} from "../../shared/contracts/risk";
import { riskPolicy } from "./score";
import { linkedAccounts } from "./linked";

/**
 * The operator's risk lists (issue 21 §4): members by score with filters, and one member's
 * signals and linked accounts. Read from member_risk (the score each member's last signal left)
 * and risk_signals by their indexes — never a scan that scores members.
 */

/** How many linked accounts a member's risk page lists. */
export const LINKED_LIMIT = 50;

export const RISK_MESSAGES = {
  notFound: "Member not found.",
} as const;

/**
 * Members by score, highest first, 20 a page (operators' accounts never listed). Without filters: every member with a score above 0
 * or held withdrawals. `kind`: members with an open (not cleared) signal of that kind; `newToday`:
 * members who signed up today, India time (every one of them, by score); `held`: members whose
 * withdrawals are held.
 */
export async function riskMembers(
  db: Db,
  filters: RiskFilters,
  requestedPage: number,
  now: Date,
): Promise<RiskMemberPage> {
  // Operators are not members at risk: their accounts never show in these lists.
  const conds: (SQL | undefined)[] = [eq(users.role, "member")];
  if (!filters.newToday) conds.push(or(gt(memberRisk.score, 0), isNotNull(users.withdrawalsHeldAt)));
  if (filters.newToday) conds.push(gte(users.createdAt, istDayStart(now)));
  if (filters.held) conds.push(isNotNull(users.withdrawalsHeldAt));
  if (filters.kind)
    conds.push(
      sql`exists (select 1 from ${riskSignals} where ${riskSignals.userId} = ${users.id}
        and ${riskSignals.kind} = ${filters.kind} and ${riskSignals.clearedAt} is null)`,
    );
  const where = and(...conds);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(users).leftJoin(memberRisk, eq(memberRisk.userId, users.id)).where(where),
    requestedPage,
    PAGE_SIZE.operatorLists,
    db
      .select({
        id: users.id,
        userName: users.userName,
        email: users.email,
        role: users.role,
        joined: users.createdAt,
        heldAt: users.withdrawalsHeldAt,
        suspendedAt: users.earningSuspendedAt,
        bannedAt: users.bannedAt,
        score: memberRisk.score,
        level: memberRisk.level,
        reasons: memberRisk.reasons,
      })
      .from(users)
      .leftJoin(memberRisk, eq(memberRisk.userId, users.id))
      .where(where)
      .orderBy(sql`coalesce(${memberRisk.score}, 0) desc`, desc(users.createdAt), desc(users.id)),
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      email: r.email,
      role: r.role,
      score: r.score ?? 0,
      level: (r.level ?? "none") as RiskLevel,
      reasons: (r.reasons ?? []).slice(0, 3),
      joined: r.joined.toISOString(),
      held: r.heldAt !== null,
      suspended: r.suspendedAt !== null,
      banned: r.bannedAt !== null,
    })),
    pagination,
    filters,
  };
}

/**
 * One member's risk page: score, step and reasons; the signals, open ones first then newest,
 * 20 a page, each with the points it adds under the current policy; the accounts linked to them;
 * and the usernames of the members the evidence names.
 */
export async function memberRiskPage(db: Db, userId: string, requestedPage: number): Promise<MemberRiskPage> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new DomainError("not_found", RISK_MESSAGES.notFound);
  const policy = await riskPolicy(db);
  const [risk] = await db.select().from(memberRisk).where(eq(memberRisk.userId, userId));
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(riskSignals).where(eq(riskSignals.userId, userId)),
    requestedPage,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(riskSignals)
      .where(eq(riskSignals.userId, userId))
      .orderBy(sql`${riskSignals.clearedAt} is not null`, desc(riskSignals.updatedAt), desc(riskSignals.id)),
  );
  const signals: RiskSignalRecord[] = rows.map((s) => {
    const kind = s.kind as RiskSignalKind;
    const known = kind in RISK_SIGNAL_LABELS;
    return {
      id: s.id,
      kind,
      label: known ? RISK_SIGNAL_LABELS[kind] : String(s.kind),
      summary: s.summary,
      strength: s.strength,
      points: known && s.clearedAt === null ? signalPoints(policy, kind, s.strength) : 0,
      evidence: s.evidence ?? {},
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      cleared: s.clearedAt ? { at: s.clearedAt.toISOString(), by: s.clearedBy ?? "" } : null,
    };
  });
  const linked = await linkedAccounts(db, userId, LINKED_LIMIT);

  // The evidence names members by id, and a signal may be cleared by an operator: their usernames.
  const ids = new Set<string>();
  for (const s of signals) {
    for (const a of s.evidence.accounts ?? []) if (typeof a === "string") ids.add(a);
    if (s.cleared?.by) ids.add(s.cleared.by);
  }
  if (risk?.clearedBy) ids.add(risk.clearedBy);
  const names: Record<string, string> = {};
  const wanted = [...ids].filter((id) => /^[0-9a-f]{24}$/.test(id)).slice(0, 500);
  if (wanted.length > 0)
    for (const n of await db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(inArray(users.id, wanted)))
      names[n.id] = n.userName;

  return {
    member: {
      id: u.id,
      userName: u.userName,
      email: u.email,
      isOperator: u.role === "operator",
      held: u.withdrawalsHeldAt !== null,
      suspended: u.earningSuspendedAt !== null,
      banned: u.bannedAt !== null,
    },
    score: risk?.score ?? 0,
    level: (risk?.level ?? "none") as RiskLevel,
    reasons: risk?.reasons ?? [],
    cleared: risk?.clearedAt
      ? { at: risk.clearedAt.toISOString(), by: risk.clearedBy ?? "", note: risk.clearedNote ?? "" }
      : null,
    signals,
    pagination,
    linked,
    names,
    thresholds: policy.thresholds,
  };
}

/** Whether members exist: the ids of those that do, with their usernames. */
export async function membersNamed(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.userName]));
}
