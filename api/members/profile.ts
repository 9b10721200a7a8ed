import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  adCheatLog,
  campaigns,
  contactMessages,
  conversions,
  gamePlayers,
  operatorNotes,
  payoutMethods,
  sessions,
  signIns,
  users,
  withdrawals,
} from "../db/schema";
import { memberBalances, memberDebt } from "../ledger/ledger";
import { DomainError } from "../lib/errors";
import { milliToRupeeString } from "../../shared/money";
import type { MemberProfile, MemberRef, MemberRestriction } from "../../shared/contracts/members";

/** The head of the operators' member page: who the member is, what they hold, what is in force. */

export const MEMBER_MESSAGES = {
  notFound: "No member has this id.",
  noteAdded: "Note added.",
} as const;

/** Member ids are 24 lower-case hex characters (api/lib/ids.ts); anything unlike an id is unknown. */
const MEMBER_ID = /^[\w-]{1,64}$/;

/** The member row, or a 404 with a clear message. */
export async function memberOr404(db: Db, id: string): Promise<typeof users.$inferSelect> {
  const [u] = MEMBER_ID.test(id) ? await db.select().from(users).where(eq(users.id, id)) : [];
  if (!u) throw new DomainError("not_found", MEMBER_MESSAGES.notFound);
  return u;
}

/** Whether the account with this id is an operator's (any operator role): false for an unknown id. */
export async function isOperatorAccount(db: Db, id: string): Promise<boolean> {
  if (!MEMBER_ID.test(id)) return false;
  const [u] = await db
    .select({ role: users.role, operatorRoles: users.operatorRoles })
    .from(users)
    .where(eq(users.id, id));
  return !!u && (u.role === "operator" || u.operatorRoles.length > 0);
}

const restriction = (at: Date | null, reason: string | null): MemberRestriction | null =>
  at ? { since: at.toISOString(), reason: reason ?? "" } : null;

export async function memberRef(db: Db, id: string | null): Promise<MemberRef | null> {
  if (!id) return null;
  const [r] = await db
    .select({ id: users.id, userName: users.userName, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return r ?? null;
}

/** A count query's number. */
const num = (q: PromiseLike<{ n: number }[]>): Promise<number> =>
  Promise.resolve(q).then(([r]) => Number(r?.n ?? 0));

export async function memberProfile(db: Db, id: string, now: Date): Promise<MemberProfile> {
  const u = await memberOr404(db, id);
  const [method] = u.payoutMethodId
    ? await db
        .select({ name: payoutMethods.name })
        .from(payoutMethods)
        .where(eq(payoutMethods.id, u.payoutMethodId))
    : [];
  const [bal, debt, [pending], referrer] = await Promise.all([
    memberBalances(db, u.id),
    memberDebt(db, u.id),
    db
      .select({ s: sql<string | null>`sum(${withdrawals.amount})` })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, u.id), eq(withdrawals.status, "Pending"))),
    memberRef(db, u.referredBy),
  ]);
  const [
    referrals,
    nWithdrawals,
    nConversions,
    nCampaigns,
    games,
    signins,
    activeSessions,
    cheats,
    messages,
    notes,
  ] = await Promise.all([
    num(db.select({ n: count() }).from(users).where(eq(users.referredBy, u.id))),
    num(db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, u.id))),
    num(db.select({ n: count() }).from(conversions).where(eq(conversions.userId, u.id))),
    num(db.select({ n: count() }).from(campaigns).where(eq(campaigns.advertiserId, u.id))),
    num(db.select({ n: count() }).from(gamePlayers).where(eq(gamePlayers.userId, u.id))),
    num(db.select({ n: count() }).from(signIns).where(eq(signIns.userId, u.id))),
    num(
      db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, u.id), gt(sessions.expiresAt, now))),
    ),
    num(db.select({ n: count() }).from(adCheatLog).where(eq(adCheatLog.userId, u.id))),
    num(db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.userId, u.id))),
    num(db.select({ n: count() }).from(operatorNotes).where(eq(operatorNotes.userId, u.id))),
  ]);
  return {
    id: u.id,
    userName: u.userName,
    name: u.name,
    email: u.email,
    emailKey: u.emailKey,
    emailVerified: u.emailVerifiedAt !== null,
    mobile: u.mobileNumber === null ? null : String(u.mobileNumber),
    address: u.address,
    city: u.city,
    state: u.state,
    zipCode: u.zipCode,
    googleLinked: u.googleSub !== null,
    hasPassword: u.passwordHash !== null,
    role: u.role,
    operatorRoles: u.operatorRoles,
    joined: u.createdAt.toISOString(),
    payout: { method: method?.name ?? null, accountInfo: u.payoutAccountInfo },
    balances: {
      withdrawable: milliToRupeeString(bal.withdrawable),
      deposit: milliToRupeeString(bal.deposit),
      debt: milliToRupeeString(debt),
      pendingWithdrawals: milliToRupeeString(Number(pending?.s ?? 0)),
    },
    restrictions: {
      withdrawalsHeld: restriction(u.withdrawalsHeldAt, u.withdrawalsHeldReason),
      earningSuspended: restriction(u.earningSuspendedAt, u.earningSuspendedReason),
      banned: restriction(u.bannedAt, u.bannedReason),
    },
    referrer,
    counts: {
      referrals,
      withdrawals: nWithdrawals,
      conversions: nConversions,
      campaigns: nCampaigns,
      games,
      signins,
      activeSessions,
      cheats,
      messages,
      notes,
    },
  };
}
