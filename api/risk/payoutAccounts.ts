import { aliasedTable, and, eq, inArray, sql } from "drizzle-orm";
import { builtOnce, jsonValue, rowsOf, type Db } from "../db/client";
import { memberDevices, memberPayoutAccounts, users, withdrawals } from "../db/schema";
import { together } from "../db/errors";
import { recordSignals, type SignalInput } from "./score";
import { maskPayoutAccount, normalizePayoutAccount } from "../../shared/payoutAccountMask";
import { EVIDENCE_ACCOUNTS, INSERTED, LINK_LIST_CAP, plural } from "./pairs";

/**
 * Payout accounts as links between members (issue 21 §1): one normal form per account, the
 * masked form operators see, and the shared_payout signal — which lands on the account that
 * bound a payout account later, never on its earlier holder without corroboration (issue 42).
 */

// One normal form and one mask for payout accounts, shared with the console (shared/payoutAccountMask.ts).
export { maskPayoutAccount, normalizePayoutAccount };

/** A payout account a member bound or asked to be paid to. */
export interface PayoutAccountUse {
  userId: string;
  methodName: string;
  accountInfo: string;
  /** The member asks to be paid to it (a withdrawal), not only binds it. */
  withdrawal?: boolean;
  now?: Date;
}

/**
 * Records a payout account a member bound (profile) or asked to be paid to (withdrawal), and
 * the shared_payout signals it gives (payoutAccountLink), in one transaction of its own — inside
 * the caller's, when given one. Answers the normal form.
 */
export async function recordPayoutAccount(db: Db, input: PayoutAccountUse): Promise<string | null> {
  if (!input.accountInfo.trim()) return null;
  return db.transaction(async (tx) => {
    const link = await payoutAccountLink(tx as unknown as Db, input);
    if (link && link.signals.length > 0)
      await recordSignals(tx as unknown as Db, link.signals, input.now ?? new Date());
    return link?.accountKey ?? null;
  });
}

/**
 * One payout account's uses are judged one after another (payoutAccountLink): a transaction-scoped
 * advisory lock on the account, in its own namespace.
 */
const PAYOUT_ACCOUNT_LOCK_NAMESPACE = 42_021_042;
const lockPayoutAccount = builtOnce<{ value: string }>(
  () =>
    sql`select pg_advisory_xact_lock(${sql.raw(String(PAYOUT_ACCOUNT_LOCK_NAMESPACE))}, hashtext(${sql.placeholder("value")}))`,
);

/**
 * Who holds the payout account `value`, as `member` acting at `now` sees it: `before`, the
 * members on it; `earlier`, how many of the others hold it from before `member` — first seen
 * earlier, or at the same moment with a lower id (ids start with their time), so two bindings at
 * once have one order, whichever commits first; `others`, the first `limit` others in that order.
 * In a statement that writes `member`'s pair, the reads see the account as it was before.
 */
const holders = () => {
  const value = sql.placeholder("value");
  const userId = sql.placeholder("userId");
  const p = memberPayoutAccounts;
  return sql`(select count(*)::int from ${p} where ${p.accountKey} = ${value}) as before,
    (select count(*)::int from ${p} as o where o.account_key = ${value} and o.user_id <> ${userId}
      and (o.first_seen_at, o.user_id) < (coalesce(
        (select m.first_seen_at from ${p} as m where m.account_key = ${value} and m.user_id = ${userId}),
        ${sql.placeholder("at")}::timestamptz), ${userId}::text)) as earlier,
    (select coalesce(json_agg(o.user_id order by o.first_seen_at, o.user_id), '[]'::json) from (
      select o.user_id, o.first_seen_at from ${p} as o where o.account_key = ${value} and o.user_id <> ${userId}
      order by o.first_seen_at, o.user_id limit ${sql.placeholder("limit")}) o) as others`;
};

interface HoldersValues {
  value: string;
  userId: string;
  now: Date;
  /** `now` as text, for the reads (no column to encode it). */
  at: string;
  limit: number;
}

/** A (payout account, member) pair written, and who holds the account (holders), in one statement. */
const payoutAccountPair = builtOnce<HoldersValues>(
  (db) => sql`with up(joined) as (${db
    .insert(memberPayoutAccounts)
    .values({
      accountKey: sql.placeholder("value"),
      userId: sql.placeholder("userId"),
      firstSeenAt: sql.placeholder("now"),
      lastSeenAt: sql.placeholder("now"),
    })
    .onConflictDoUpdate({
      target: [memberPayoutAccounts.accountKey, memberPayoutAccounts.userId],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    })
    .returning({ inserted: INSERTED })
    .getSQL()})
    select up.joined, ${holders()} from up`,
);

/** Who holds a payout account (holders), nothing written. */
const payoutAccountHolders = builtOnce<HoldersValues>(() => sql`select false as joined, ${holders()}`);

interface Holders {
  joined: boolean;
  /** The members on the account, the acting one included. */
  total: number;
  /** How many others hold it from before the acting member. */
  earlier: number;
  /** Up to LINK_LIST_CAP others, earlier holders first. */
  others: string[];
}

function holdersOf(result: unknown, wrote: boolean): Holders {
  const [row] = rowsOf<{ joined: boolean; before: number; earlier: number; others: unknown }>(result);
  const joined = row?.joined === true;
  return {
    joined,
    total: Number(row?.before ?? 0) + (wrote && joined ? 1 : 0),
    earlier: Number(row?.earlier ?? 0),
    others: jsonValue<string[]>(row?.others ?? []),
  };
}

/**
 * recordPayoutAccount's pair written and the signals it gives (not yet recorded): inside a
 * transaction, which holds the account's lock to its end. The lock is the transaction's first
 * lock (sent before any statement the caller sends with this one), so two uses of one account —
 * two members binding it at once — are judged one after the other, the second seeing the first.
 */
export async function payoutAccountLink(
  db: Db,
  input: PayoutAccountUse,
): Promise<{ accountKey: string; signals: SignalInput[] } | null> {
  if (!input.accountInfo.trim()) return null;
  const now = input.now ?? new Date();
  const accountKey = normalizePayoutAccount(input.methodName, input.accountInfo);
  const locked = lockPayoutAccount(db, { value: accountKey });
  locked.catch(() => undefined);
  const wrote = payoutAccountPair(db, {
    value: accountKey,
    userId: input.userId,
    now,
    at: now.toISOString(),
    limit: LINK_LIST_CAP,
  });
  wrote.catch(() => undefined);
  await locked;
  const held = holdersOf(await wrote, true);
  const withdrawal = input.withdrawal === true;
  const signals = await holderSignals(db, accountKey, input.userId, held, {
    withdrawing: withdrawal,
    // The others' pairs with the acting member changed only when they joined or withdrew.
    others: held.joined || withdrawal,
  });
  return { accountKey, signals };
}

/**
 * The shared_payout signals of payout accounts `userId` holds with members who just came on one
 * device with them (links.ts, when a device is joined): the device corroborates the pair, so the
 * earlier holder is scored now too. Read only: no lock (a race can only leave a signal out, for
 * the account's next use to give).
 */
export async function sharedPayoutOnDevice(
  db: Db,
  userId: string,
  others: string[],
  now: Date,
): Promise<SignalInput[]> {
  if (others.length === 0) return [];
  const theirs = aliasedTable(memberPayoutAccounts, "theirs");
  const keys = await db
    .selectDistinct({ accountKey: memberPayoutAccounts.accountKey })
    .from(memberPayoutAccounts)
    .innerJoin(
      theirs,
      and(eq(theirs.accountKey, memberPayoutAccounts.accountKey), inArray(theirs.userId, others)),
    )
    .where(eq(memberPayoutAccounts.userId, userId))
    .limit(EVIDENCE_ACCOUNTS);
  const signals: SignalInput[] = [];
  for (const { accountKey } of keys) {
    const held = holdersOf(
      await payoutAccountHolders(db, {
        value: accountKey,
        userId,
        now,
        at: now.toISOString(),
        limit: LINK_LIST_CAP,
      }),
      false,
    );
    signals.push(
      ...(await holderSignals(db, accountKey, userId, held, { withdrawing: false, others: true })),
    );
  }
  return signals;
}

/** Why two holders of one payout account are scored both: evidence beyond the account itself. */
type Corroboration = "device" | "referral" | "withdrawals";

/**
 * The pairs among `members` (the holders of `accountKey`) that something beyond the account links:
 * a device both used, a referral of one by the other, or withdrawals to the account by both
 * (`withdrawing`, the member asking to be paid to it now).
 */
async function corroborations(
  db: Db,
  accountKey: string,
  members: string[],
  withdrawing: string | null,
): Promise<(a: string, b: string) => Corroboration[]> {
  const other = aliasedTable(memberDevices, "other_device");
  const [devices, referrals, asked] = await together([
    db
      .selectDistinct({ a: memberDevices.userId, b: other.userId })
      .from(memberDevices)
      .innerJoin(
        other,
        and(
          eq(other.deviceId, memberDevices.deviceId),
          inArray(other.userId, members),
          sql`${other.userId} <> ${memberDevices.userId}`,
        ),
      )
      .where(inArray(memberDevices.userId, members)),
    db.select({ id: users.id, referredBy: users.referredBy }).from(users).where(inArray(users.id, members)),
    db
      .selectDistinct({
        userId: withdrawals.userId,
        methodName: withdrawals.methodName,
        accountInfo: withdrawals.accountInfo,
      })
      .from(withdrawals)
      .where(inArray(withdrawals.userId, members)),
  ] as const);
  const pair = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
  const sameDevice = new Set(devices.map((d) => pair(d.a, d.b)));
  const referral = new Set(
    referrals.flatMap((r) =>
      r.referredBy && members.includes(r.referredBy) ? [pair(r.id, r.referredBy)] : [],
    ),
  );
  const withdrew = new Set(
    asked
      .filter((w) => normalizePayoutAccount(w.methodName, w.accountInfo) === accountKey)
      .map((w) => w.userId),
  );
  if (withdrawing) withdrew.add(withdrawing);
  return (a, b) => {
    const reasons: Corroboration[] = [];
    if (sameDevice.has(pair(a, b))) reasons.push("device");
    if (referral.has(pair(a, b))) reasons.push("referral");
    if (withdrew.has(a) && withdrew.has(b)) reasons.push("withdrawals");
    return reasons;
  };
}

/**
 * The shared_payout signals of one payout account as `userId` acting on it leaves it. Each
 * holder counts the others that hold it from before them — a later account binding it is the
 * newcomer's evidence, never the earlier holder's — and, later ones, only those a corroboration
 * links them to (a device, a referral, or both withdrew to the account). Strength 100 per account
 * counted. The acting member's signal always; with `others`, the signals of the holders whose
 * count includes the acting member (only their pairs with it changed). Holders beyond
 * LINK_LIST_CAP are left out (an account shared wider is a farm already).
 */
async function holderSignals(
  db: Db,
  accountKey: string,
  userId: string,
  held: Holders,
  opts: { withdrawing: boolean; others: boolean },
): Promise<SignalInput[]> {
  if (held.total < 2) return [];
  // Every listed holder in order, the acting one in its place (after them all when further on).
  const ordered = [...held.others];
  ordered.splice(Math.min(held.earlier, ordered.length), 0, userId);
  const linked = await corroborations(db, accountKey, ordered, opts.withdrawing ? userId : null);
  const masked = maskPayoutAccount(accountKey);
  const signals: SignalInput[] = [];
  ordered.forEach((m, i) => {
    const earlier = ordered.slice(0, i);
    const corroborated = ordered.slice(i + 1).filter((o) => linked(m, o).length > 0);
    const counted = [...earlier, ...corroborated];
    if (m !== userId && !(opts.others && counted.includes(userId))) return;
    const count = (m === userId ? held.earlier : earlier.length) + corroborated.length;
    if (count === 0) return;
    signals.push({
      userId: m,
      kind: "shared_payout",
      key: `payout:${accountKey}`.slice(0, 300),
      strength: 100 * count,
      summary: `Payout account ${masked} shared with ${count} other ${plural(count)}`,
      evidence: {
        payoutAccount: accountKey,
        accounts: counted.slice(0, EVIDENCE_ACCOUNTS),
        figures: {
          holders: held.total,
          earlier: count - corroborated.length,
          corroborated: corroborated.length,
        },
      },
    });
  });
  return signals;
}
