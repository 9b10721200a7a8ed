import { sql, type SQLWrapper } from "drizzle-orm";
import { jsonValue, rowsOf, type Db } from "../db/client";
import type { memberAddresses, memberDevices, memberPayoutAccounts } from "../db/schema";
import type { SignalInput } from "./score";

/**
 * The (link, member) pairs that link members (api/risk/links.ts: devices and addresses;
 * api/risk/payoutAccounts.ts: payout accounts): one pair written with who else is on its link, in
 * one statement, and the signals of members sharing a strong link.
 */

/** Most members rescored or listed for one link (a device or payout account shared wider is a farm already). */
export const LINK_LIST_CAP = 50;
/** Most other accounts named in one signal's evidence. */
export const EVIDENCE_ACCOUNTS = 20;
/** "account" or "accounts", for a signal's summary. */
export const plural = (n: number) => (n === 1 ? "account" : "accounts");

/** A pair's upsert returns whether it inserted (the row's xmax is 0 only for a new row). */
export const INSERTED = sql<boolean>`(xmax = 0)`;

type LinkTable = typeof memberDevices | typeof memberAddresses | typeof memberPayoutAccounts;
type LinkColumn =
  typeof memberDevices.deviceId | typeof memberAddresses.ip | typeof memberPayoutAccounts.accountKey;

/** One link as a member's action left it: whether they joined it now, its members, and others on it. */
export interface Link {
  joined: boolean;
  /** The members on the link, the acting one included. */
  total: number;
  /** Up to the limit asked, first seen first, the acting member left out. */
  others: string[];
}

/**
 * Writes one (link, member) pair — `upsert`, an insert that updates the pair when it is there
 * and returns whether it inserted — and reads who is on the link, in one statement. The reads
 * see the link as it was before the write (one snapshot), so a pair inserted now is counted on
 * top; the others never include the acting member.
 */
export async function writeLink(
  db: Db,
  upsert: SQLWrapper,
  link: { table: LinkTable; column: LinkColumn; value: string; userId: string; limit: number },
): Promise<Link> {
  const { table, column, value, userId, limit } = link;
  const [row] = rowsOf<{ joined: boolean; before: number; others: unknown }>(
    await db.execute(sql`with up(joined) as (${upsert.getSQL()})
      select up.joined,
        (select count(*)::int from ${table} where ${column} = ${value}) as before,
        (select coalesce(json_agg(o.user_id), '[]'::json) from (
          select ${table.userId} as user_id from ${table} where ${column} = ${value} and ${table.userId} <> ${userId}
          order by ${table.firstSeenAt}, ${table.userId} limit ${limit}) o) as others
      from up`),
  );
  const joined = row?.joined === true;
  return {
    joined,
    total: Number(row?.before ?? 0) + (joined ? 1 : 0),
    others: jsonValue<string[]>(row?.others ?? []),
  };
}

/**
 * The signals of members sharing one strong link (a device, a payout account): each of `members`
 * (at most LINK_LIST_CAP) gets one at strength 100 × (N − 1), naming the others of `everyone`.
 */
export function sharedSignals(
  members: string[],
  everyone: string[],
  total: number,
  make: (userId: string, others: string[], count: number) => SignalInput,
): SignalInput[] {
  if (total < 2) return [];
  return members.map((userId) =>
    make(userId, everyone.filter((m) => m !== userId).slice(0, EVIDENCE_ACCOUNTS), total - 1),
  );
}
