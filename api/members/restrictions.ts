import { and, count, eq, sql } from "drizzle-orm";
import { jsonValue, type Db, type Tx } from "../db/client";
import { sessions, settings, users, withdrawals } from "../db/schema";
import { SETTING_DEFAULTS } from "../site/settings";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { ACCOUNT_CLOSED_MSG, endAllSessions } from "../sessions/sessions";
import { settlePendingInTx } from "../payouts/reject";
import { memberBalances } from "../ledger/ledger";
import type {
  BanPending,
  MemberActionOutcome,
  MemberRestrictionState,
} from "../../shared/contracts/memberActions";
import type { MemberRestrictions } from "../../shared/contracts/accounts";

/**
 * Operators' restrictions on a member (issue 20 §1): end all sessions, hold withdrawals, suspend
 * earning, ban; and lifting each. Every action runs in one transaction that first locks the
 * member's row FOR UPDATE, changes the state, and records the audit row (before and after) with
 * it. An action asked of a member already in that state changes nothing and records nothing: it
 * answers `changed: false` with a message saying so.
 *
 * The enforcement reads the same row: an approval reads it FOR SHARE (settleWithdrawal), and so
 * does every earning transaction (assertMayEarn), so a restriction racing either ends in one
 * consistent state — the other transaction landed before it, or sees it.
 */

export const RESTRICTION_MESSAGES = {
  notFound: "Member not found.",
  operator: "Operators' accounts cannot be restricted here.",
  earningSuspended: (reason: string | null) =>
    `Your earning is suspended${reason ? `: ${reason}` : ""}. Contact support through the Support page.`,
  withdrawalsHeld:
    "Your withdrawals are on hold while we review your account. You can still request a withdrawal: it stays Pending until the hold is released. Contact support through the Support page if you have questions.",
  accountClosed: ACCOUNT_CLOSED_MSG,
  /** Remark on the withdrawals a ban rejects back to the balance. */
  closedRemark: "Account closed",
} as const;

export type MemberAction =
  "sessions.end" | "hold" | "hold.release" | "suspend" | "suspend.lift" | "ban" | "ban.lift";

type Row = typeof users.$inferSelect;

const note = (at: Date | null, reason: string | null) =>
  at ? { since: at.toISOString(), reason: reason ?? "" } : null;

/** The restriction fields as the audit log records them. */
function auditState(u: Row, sessionCount?: number) {
  return {
    withdrawalsHeld: u.withdrawalsHeldAt !== null,
    withdrawalsHeldReason: u.withdrawalsHeldReason,
    earningSuspended: u.earningSuspendedAt !== null,
    earningSuspendedReason: u.earningSuspendedReason,
    banned: u.bannedAt !== null,
    bannedReason: u.bannedReason,
    ...(sessionCount === undefined ? {} : { sessions: sessionCount }),
  };
}

async function counts(db: Db | Tx, userId: string) {
  const [[s], [w]] = await Promise.all([
    db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)),
    db
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, "Pending"))),
  ]);
  return { activeSessions: Number(s?.n ?? 0), pendingWithdrawals: Number(w?.n ?? 0) };
}

function stateOf(u: Row, c: { activeSessions: number; pendingWithdrawals: number }): MemberRestrictionState {
  return {
    id: u.id,
    userName: u.userName,
    email: u.email,
    isOperator: u.role === "operator",
    withdrawalsHeld: note(u.withdrawalsHeldAt, u.withdrawalsHeldReason),
    earningSuspended: note(u.earningSuspendedAt, u.earningSuspendedReason),
    banned: note(u.bannedAt, u.bannedReason),
    ...c,
  };
}

/** The member's restrictions for the operator's actions page. */
export async function restrictionState(db: Db, userId: string): Promise<MemberRestrictionState> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new DomainError("not_found", RESTRICTION_MESSAGES.notFound);
  return stateOf(u, await counts(db, userId));
}

/** What the member's pages tell them (withdraw page, earning pages). */
export async function memberRestrictions(db: Db, userId: string): Promise<MemberRestrictions> {
  const [u] = await db
    .select({
      heldAt: users.withdrawalsHeldAt,
      suspendedAt: users.earningSuspendedAt,
      suspendedReason: users.earningSuspendedReason,
    })
    .from(users)
    .where(eq(users.id, userId));
  const held = !!u?.heldAt;
  const suspended = !!u?.suspendedAt;
  return {
    withdrawalsHeld: held,
    earningSuspended: suspended,
    withdrawalsHeldMessage: held ? RESTRICTION_MESSAGES.withdrawalsHeld : null,
    earningSuspendedMessage: suspended ? RESTRICTION_MESSAGES.earningSuspended(u!.suspendedReason) : null,
  };
}

/**
 * Refuses earning for a suspended or closed account. Inside an earning transaction, `lock` reads
 * the member's row FOR SHARE as the transaction's first statement: a suspension or ban committed
 * before is seen, one committing after waits for this claim to end. Answers, from the same
 * statement, what an earning's referral share needs: the member's referrer and the rate.
 */
export async function assertMayEarn(
  db: Db | Tx,
  userId: string,
  { lock = true } = {},
): Promise<{ referredBy: string | null; referralRateBp: number }> {
  const q = db
    .select({
      suspendedAt: users.earningSuspendedAt,
      reason: users.earningSuspendedReason,
      bannedAt: users.bannedAt,
      referredBy: users.referredBy,
      rate: sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = 'referral_rate_bp')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [u] = lock ? await q.for("share") : await q;
  assertMayEarnRow(u);
  const rate = jsonValue<unknown>(u?.rate);
  return {
    referredBy: u?.referredBy ?? null,
    referralRateBp: typeof rate === "number" ? rate : SETTING_DEFAULTS.referral_rate_bp,
  };
}

/** Refuses earning for a member's row that is suspended or banned (the refusal assertMayEarn throws). */
export function assertMayEarnRow(u: Parameters<typeof earningRefusal>[0]): void {
  const refusal = earningRefusal(u);
  if (refusal) throw new DomainError("forbidden", refusal, { earning_suspended: true });
}

/** The message an earning is refused with, or null when the member may earn. */
export function earningRefusal(
  u: { suspendedAt: Date | null; reason: string | null; bannedAt: Date | null } | undefined,
): string | null {
  if (u?.bannedAt) return RESTRICTION_MESSAGES.accountClosed;
  if (u?.suspendedAt) return RESTRICTION_MESSAGES.earningSuspended(u.reason);
  return null;
}

/** Task-wall credits: the member's row read FOR SHARE in the credit's transaction. */
export async function earningRefusalInTx(tx: Tx, userId: string): Promise<string | null> {
  const [u] = await tx
    .select({
      suspendedAt: users.earningSuspendedAt,
      reason: users.earningSuspendedReason,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("share");
  return earningRefusal(u);
}

const ACTION_DONE: Record<MemberAction, { done: string; already: string }> = {
  "sessions.end": { done: "All sessions ended.", already: "The member has no active sessions." },
  hold: { done: "Withdrawals held.", already: "Withdrawals are already held." },
  "hold.release": { done: "Hold released.", already: "Withdrawals are not held." },
  suspend: { done: "Earning suspended.", already: "Earning is already suspended." },
  "suspend.lift": { done: "Suspension lifted.", already: "Earning is not suspended." },
  ban: { done: "Member banned.", already: "The member is already banned." },
  "ban.lift": { done: "Ban lifted.", already: "The member is not banned." },
};

/**
 * One action on a member, in one transaction: lock the row, check it is a member's, change the
 * state (and the sessions and withdrawals a ban touches), audit before/after.
 */
export async function applyMemberAction(
  db: Db,
  input: {
    actorUserId: string;
    userId: string;
    action: MemberAction;
    reason: string;
    /** Ban only: reject the Pending withdrawals back to the balance, or hold them. */
    pending?: BanPending;
    now?: Date;
  },
): Promise<MemberActionOutcome> {
  const result = await db.transaction((tx) => applyMemberActionInTx(tx, input));
  const state = await restrictionState(db, input.userId);
  const { action } = input;
  const words = ACTION_DONE[action];
  if (!result) return { changed: false, message: words.already, state };
  let message: string = words.done;
  if (action === "ban") {
    message +=
      input.pending === "hold"
        ? " Pending withdrawals are held."
        : ` ${result.rejectedWithdrawals ?? 0} pending withdrawal(s) rejected back to the balance.`;
  }
  return {
    changed: true,
    message,
    state,
    ...(result.endedSessions === undefined ? {} : { endedSessions: result.endedSessions }),
    ...(result.rejectedWithdrawals === undefined ? {} : { rejectedWithdrawals: result.rejectedWithdrawals }),
  };
}

/**
 * The body of `applyMemberAction` inside the caller's transaction (the risk response applies its
 * automatic steps with the score's own transaction): null when the member was already in that
 * state, so nothing changed and nothing was recorded.
 */
export async function applyMemberActionInTx(
  tx: Tx,
  input: {
    actorUserId: string;
    userId: string;
    action: MemberAction;
    reason: string;
    pending?: BanPending;
    now?: Date;
    /** Set when the caller already locked the member's row FOR UPDATE. */
    locked?: Row;
  },
): Promise<{ endedSessions?: number; rejectedWithdrawals?: number } | null> {
  const now = input.now ?? new Date();
  const reason = input.reason.trim();
  const { action } = input;
  const [before] = input.locked
    ? [input.locked]
    : await tx.select().from(users).where(eq(users.id, input.userId)).for("update");
  if (!before) throw new DomainError("not_found", RESTRICTION_MESSAGES.notFound);
  if (before.role === "operator") throw new DomainError("conflict", RESTRICTION_MESSAGES.operator);

  let set: Partial<Row> | null = null;
  let endedSessions: number | undefined;
  let rejectedWithdrawals: number | undefined;
  let sessionsBefore: number | undefined;
  let balancesAtBan: { withdrawable: number; deposit: number } | undefined;

  switch (action) {
    case "sessions.end": {
      const ended = await endAllSessions(tx, before.id);
      if (ended === 0) return null;
      sessionsBefore = ended;
      endedSessions = ended;
      break;
    }
    case "hold":
      if (before.withdrawalsHeldAt) return null;
      set = { withdrawalsHeldAt: now, withdrawalsHeldReason: reason };
      break;
    case "hold.release":
      if (!before.withdrawalsHeldAt) return null;
      set = { withdrawalsHeldAt: null, withdrawalsHeldReason: null };
      break;
    case "suspend":
      if (before.earningSuspendedAt) return null;
      set = { earningSuspendedAt: now, earningSuspendedReason: reason };
      break;
    case "suspend.lift":
      if (!before.earningSuspendedAt) return null;
      set = { earningSuspendedAt: null, earningSuspendedReason: null };
      break;
    case "ban": {
      if (before.bannedAt) return null;
      set = { bannedAt: now, bannedReason: reason };
      const ended = await endAllSessions(tx, before.id);
      sessionsBefore = ended;
      endedSessions = ended;
      // What the member holds when the account closes (after any claim that committed first).
      balancesAtBan = await memberBalances(tx, before.id);
      if (input.pending === "hold") {
        if (!before.withdrawalsHeldAt)
          Object.assign(set, {
            withdrawalsHeldAt: now,
            withdrawalsHeldReason: `Account closed: ${reason}`,
          });
      } else {
        const pending = await tx
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, before.id), eq(withdrawals.status, "Pending")));
        rejectedWithdrawals = 0;
        for (const w of pending) {
          const settled = await settlePendingInTx(tx, {
            id: w.id,
            actorUserId: input.actorUserId,
            action: "reject",
            remark: RESTRICTION_MESSAGES.closedRemark,
          });
          if (settled) rejectedWithdrawals++;
        }
      }
      break;
    }
    case "ban.lift":
      if (!before.bannedAt) return null;
      set = { bannedAt: null, bannedReason: null };
      break;
  }

  const [after] = set ? await tx.update(users).set(set).where(eq(users.id, before.id)).returning() : [before];
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: `member.${action}`,
    target: `member:${before.id}`,
    before: auditState(before, sessionsBefore),
    after: {
      ...auditState(after!, sessionsBefore === undefined ? undefined : 0),
      reason,
      ...(action === "ban" ? { pending: input.pending ?? "reject", rejectedWithdrawals, balancesAtBan } : {}),
    },
  });
  return { endedSessions, rejectedWithdrawals };
}
