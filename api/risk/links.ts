import { isIP } from "node:net";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { together } from "../db/errors";
import { memberAddresses, memberDevices, users } from "../db/schema";
import type { ProxyCheck } from "../lib/proxyCheck";
import { DomainError } from "../lib/errors";
import { recordSignals, riskPolicy, type SignalInput } from "./score";
import {
  EVIDENCE_ACCOUNTS,
  INSERTED,
  LINK_LIST_CAP,
  plural,
  linkStatement,
  seenPairStatement,
  sharedSignals,
  writeLink,
  type Link,
} from "./pairs";
import { payoutAccountLink, sharedPayoutOnDevice, type PayoutAccountUse } from "./payoutAccounts";
import type { SameDevicePolicy } from "../../shared/risk";

/**
 * Links between members (issue 21 §1): the devices (the long-lived device cookie), addresses and
 * payout accounts each member used, kept as (link, member) pairs, and the signals they give —
 * shared_device, shared_address, self_referral, shared_payout, proxy. In India many honest members
 * share one carrier NAT address, so the device and the payout account are the strong links and
 * the address a weak one (its weight is small and its strength stops at three other accounts).
 *
 * Every lookup goes through the pair tables' primary keys (by link) or member indexes (by
 * member): one member's links, then the others on each link — never a scan of all members.
 */

export { DEVICE_COOKIE, deviceIdInCookies, isDeviceId } from "../lib/deviceId";

export type OriginKind = "signup" | "login" | "google" | "withdrawal";

export interface Origin {
  userId: string;
  kind: OriginKind;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  now?: Date;
}

/** The spec's one-account rule, in its own words: the answer to a sign-up the policy refuses. */
export const ONE_ACCOUNT_MSG = "Multiple accounts from the same IP address are not allowed.";

/** The address signal's strength stops at this many other accounts (carrier NAT: weak by design). */
export const ADDRESS_STEPS = 3;

/* ---------- recording ---------- */

/** Only real addresses are links ("unknown", "local": a request from inside the process has none). */
const realIp = (ip: string | null): string | null => (ip && isIP(ip) !== 0 ? ip : null);

/** Device signals: every member on the device when one joins it, else the acting member. */
function deviceSignals(userId: string, deviceId: string, { joined, total, others }: Link): SignalInput[] {
  if (total < 2) return [];
  const members = joined ? [userId, ...others].slice(0, LINK_LIST_CAP) : [userId];
  const everyone = [userId, ...others];
  return sharedSignals(members, everyone, total, (m, accounts, count) => ({
    userId: m,
    kind: "shared_device",
    key: `device:${deviceId}`,
    strength: 100 * count,
    summary: `Device shared with ${count} other ${plural(count)}`,
    evidence: { device: deviceId, accounts },
  }));
}

/**
 * Address signals, weak by design: strength 100 × min(N − 1, 3). The others are rescored only
 * when a new member moves the count across a step (2, 3, 4 members); past that their signal
 * says the same ("3 or more"), so 200 members behind one carrier address cost one row each.
 */
function addressSignals(userId: string, ip: string, { joined, total, others }: Link): SignalInput[] {
  if (total < 2) return [];
  const steps = Math.min(total - 1, ADDRESS_STEPS);
  const make = (m: string): SignalInput => ({
    userId: m,
    kind: "shared_address",
    key: `address:${ip}`,
    strength: 100 * steps,
    // At the cap the words stop changing too, so a crowded address is not rewritten on every visit.
    summary:
      steps === ADDRESS_STEPS
        ? `Address ${ip} shared with ${ADDRESS_STEPS} or more other accounts`
        : `Address ${ip} shared with ${steps} other ${plural(steps)}`,
    evidence: {
      ip,
      accounts: [userId, ...others].filter((o) => o !== m).slice(0, EVIDENCE_ACCOUNTS),
      figures: { members: total },
    },
  });
  const crossed = joined && total <= ADDRESS_STEPS + 1;
  return [make(userId), ...(crossed ? others.map(make) : [])];
}

/**
 * Self-referral: the acting member and their referrer, or a member they referred, on one device.
 * Both members get the signal (strength 100), one per referral pair. The candidates are the
 * members on this device who are in a referral pair with the acting one (the users.referred_by
 * index), never the referrer's whole downline. A pair on one address only is no signal: friends
 * referring friends behind one carrier address is what honest referral looks like in India (the
 * linked accounts still show the referral and the shared address).
 */
async function selfReferralSignals(db: Db, userId: string, deviceId: string): Promise<SignalInput[]> {
  const [me] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  if (!me) return [];
  const rows = await db
    .select({ id: users.id })
    .from(memberDevices)
    .innerJoin(users, eq(users.id, memberDevices.userId))
    .where(
      and(
        eq(memberDevices.deviceId, deviceId),
        ne(memberDevices.userId, userId),
        me.referredBy
          ? sql`(${users.referredBy} = ${userId} or ${users.id} = ${me.referredBy})`
          : eq(users.referredBy, userId),
      ),
    )
    .limit(LINK_LIST_CAP);
  const signals: SignalInput[] = [];
  for (const { id } of rows) {
    const [referrer, referee] = id === me.referredBy ? [id, userId] : [userId, id];
    for (const [m, other] of [
      [referrer, referee],
      [referee, referrer],
    ] as const) {
      signals.push({
        userId: m,
        kind: "self_referral",
        key: `selfref:${referrer}:${referee}`,
        strength: 100,
        summary: "Referrer and referred member on one device",
        evidence: { device: deviceId, accounts: [other] },
      });
    }
  }
  return signals;
}

/**
 * Records where a member acted from and the signals it gives (the member's and the linked
 * ones'): the device and address pairs, shared device and address, self-referral, and a proxy
 * at sign-up, login or withdrawal. Called after the action committed, outside its transaction:
 * a failure here is the caller's to log, never a reason to refuse the login.
 */
export async function recordOrigin(db: Db, proxy: ProxyCheck, origin: Origin): Promise<void> {
  const signals = await originLinks(db, proxy, origin);
  if (signals.length > 0) await recordSignals(db, signals, origin.now ?? new Date());
}

/** A (device, member) pair written, and who else is on the device (writeLink). */
const devicePair = linkStatement<{
  userAgent: string | null;
  lastIp: string | null;
  lastKind: OriginKind;
  now: Date;
}>(memberDevices, memberDevices.deviceId, (db) =>
  db
    .insert(memberDevices)
    .values({
      deviceId: sql.placeholder("value"),
      userId: sql.placeholder("userId"),
      userAgent: sql.placeholder("userAgent"),
      lastIp: sql.placeholder("lastIp"),
      lastKind: sql.placeholder("lastKind"),
      firstSeenAt: sql.placeholder("now"),
      lastSeenAt: sql.placeholder("now"),
    })
    .onConflictDoUpdate({
      target: [memberDevices.deviceId, memberDevices.userId],
      set: {
        userAgent: sql`excluded.user_agent`,
        lastIp: sql`excluded.last_ip`,
        lastKind: sql`excluded.last_kind`,
        lastSeenAt: sql`excluded.last_seen_at`,
      },
    })
    .returning({ inserted: INSERTED }),
);

/** An (address, member) pair written, and who else is on the address (writeLink). */
const addressPair = seenPairStatement(memberAddresses, "ip");

/**
 * recordOrigin's links written, and the signals they give (not yet recorded). The device's and
 * the address's writes are sent together: on one connection they run in order, without waiting
 * for each other's answer, and both are settled before a failure is thrown.
 */
async function originLinks(db: Db, proxy: ProxyCheck, origin: Origin): Promise<SignalInput[]> {
  const now = origin.now ?? new Date();
  const ip = realIp(origin.ip);
  const { userId, deviceId } = origin;
  const deviceLink = (deviceId: string) =>
    writeLink(db, devicePair, {
      value: deviceId,
      userId,
      limit: LINK_LIST_CAP,
      userAgent: origin.userAgent?.slice(0, 400) ?? null,
      lastIp: ip,
      lastKind: origin.kind,
      now,
    });
  const addressLink = (ip: string) =>
    writeLink(db, addressPair, { value: ip, userId, limit: EVIDENCE_ACCOUNTS, now });
  const [device, address] = await together([
    deviceId ? deviceLink(deviceId) : Promise.resolve(null),
    ip ? addressLink(ip) : Promise.resolve(null),
  ] as const);
  const signals: SignalInput[] = [
    ...(deviceId && device ? deviceSignals(userId, deviceId, device) : []),
    ...(ip && address ? addressSignals(userId, ip, address) : []),
  ];
  // A pair already on this device was judged when the second of them arrived on it.
  if (deviceId && device?.joined) signals.push(...(await selfReferralSignals(db, userId, deviceId)));
  // A device joined corroborates a payout account the member holds with the others on it: its
  // earlier holder is scored now too (issue 42; payoutAccounts.ts).
  if (device?.joined && device.total >= 2)
    signals.push(...(await sharedPayoutOnDevice(db, userId, device.others, now)));
  if (ip && proxy.enabled && (await proxy.isProxy(ip))) {
    const when = { signup: "sign-up", login: "login", google: "Google sign-in", withdrawal: "withdrawal" }[
      origin.kind
    ];
    signals.push({
      userId,
      kind: "proxy",
      key: `proxy:${ip}`,
      strength: 100,
      summary: `Proxy or VPN at ${when} (${ip})`,
      evidence: { ip, figures: { context: origin.kind } },
    });
  }
  return signals;
}

/**
 * Writes risk evidence (links and signals, never money) in one transaction that commits without
 * waiting for its WAL flush: `synchronous_commit` off for this transaction only (docs/decisions/
 * 0025-risk-evidence-commits-without-waiting.md). Each statement of `record` would otherwise be
 * its own transaction, and wait for a flush of its own. A crash can lose the last fraction of a
 * second of evidence, never a rupee, and the member's next sign-in or request records it again.
 * Only with the pool: inside a transaction that moves money, the setting would apply to it too.
 */
export async function recordEvidence(db: Db, record: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    // Sent without waiting for its answer: it goes out with the first statement of `record`
    // (on PostgreSQL, with BEGIN too: ADR 0026). Were it refused, that statement fails with it.
    // The ORM's query runs again at each `then`: `then` once, a promise of its one run kept.
    const off = tx.execute(sql`set local synchronous_commit = off`).then(() => undefined);
    off.catch(() => undefined);
    await record(tx as unknown as Db);
    await off;
  });
}

/**
 * The proxy check of `ip` asked now, so that it is not asked while a transaction holds a pooled
 * connection (recordEvidence): a check that answers recordOrigin from the answer given.
 */
async function askedProxyCheck(proxy: ProxyCheck, ip: string | null): Promise<ProxyCheck> {
  const address = realIp(ip);
  if (!proxy.enabled || !address) return proxy;
  const answer = await proxy.isProxy(address);
  return { enabled: true, isProxy: async (asked) => asked === address && answer };
}

/**
 * Where a member came from (recordOrigin), recorded as evidence (recordEvidence), with the proxy
 * check asked before the transaction opens; with `payout`, the payout account the action pays to
 * too (recordPayoutAccount: a withdrawal's). The links' writes are sent together, then their
 * signals recorded at once.
 */
export async function recordOriginEvidence(
  db: Db,
  proxy: ProxyCheck,
  origin: Origin | null,
  payout?: PayoutAccountUse,
): Promise<void> {
  const asked = origin ? await askedProxyCheck(proxy, origin.ip) : proxy;
  await recordEvidence(db, async (tx) => {
    // Settled both before any failure is thrown: no statement of either goes out after the
    // transaction's ROLLBACK. The payout account's first, so its lock is the transaction's first.
    const [account, fromOrigin] = await together([
      payout ? payoutAccountLink(tx, payout) : Promise.resolve(null),
      origin ? originLinks(tx, asked, origin) : Promise.resolve([]),
    ] as const);
    const signals = strongestOnly([...(account?.signals ?? []), ...fromOrigin]);
    if (signals.length > 0) await recordSignals(tx, signals, origin?.now ?? payout?.now ?? new Date());
  });
}

/**
 * One signal per member and key, the strongest: a payout account judged from its use and again
 * from the device of the same request (which does not know the request withdraws to it) gives
 * two, and the weaker must not overwrite the stronger.
 */
function strongestOnly(signals: SignalInput[]): SignalInput[] {
  const kept = new Map<string, SignalInput>();
  for (const s of signals) {
    const at = `${s.userId} ${s.key}`;
    const seen = kept.get(at);
    if (!seen || s.strength > seen.strength) kept.set(at, s);
  }
  return [...kept.values()];
}

/* ---------- the one-account rule ---------- */

/**
 * The one-account rule at sign-up (the spec's 'Multiple accounts from the same IP address are
 * not allowed.', as a server policy): null to go on — no device, the policy off, or a device no
 * member used — else the policy that applies and the members already on this device. "The
 * same" means the same device, never merely the same (carrier) address. Links are recorded
 * whatever the policy: it governs refusal only, the score's weights are separate.
 */
export async function sameDeviceVerdict(
  db: Db,
  deviceId: string | null,
): Promise<{ policy: SameDevicePolicy; others: string[] } | null> {
  if (!deviceId) return null;
  const { sameDevicePolicy: policy } = await riskPolicy(db);
  if (policy === "off") return null;
  const rows = await db
    .select({ userId: memberDevices.userId })
    .from(memberDevices)
    .where(eq(memberDevices.deviceId, deviceId))
    .orderBy(asc(memberDevices.firstSeenAt))
    .limit(LINK_LIST_CAP);
  if (rows.length === 0) return null;
  return { policy, others: rows.map((r) => r.userId) };
}

/** Refuses a sign-up the policy refuses (409 conflict, the spec's words), before anything is written. */
export async function enforceOneAccountRule(db: Db, deviceId: string | null): Promise<void> {
  const verdict = await sameDeviceVerdict(db, deviceId);
  if (verdict?.policy === "refuse") throw new DomainError("conflict", ONE_ACCOUNT_MSG);
}
