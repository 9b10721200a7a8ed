import { sql, type SQLWrapper } from "drizzle-orm";
import { builtOnce, jsonValue, rowsOf, type Db, type Tx } from "../db/client";
import type { memberAddresses, memberDevices, memberPayoutAccounts } from "../db/schema";
import type { SignalInput } from "./score";

/**
 * The (link, member) pairs that link members (api/risk/links.ts: devices and addresses;
 * api/risk/payoutAccounts.ts: payout accounts, with its own statement and signals, issue 42): one
 * pair written with who else is on its link, in one statement, and the signals of members sharing
 * a device.
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

/** The values every link's statement takes: the link, the acting member, how many others to list. */
interface LinkValues {
  value: string;
  userId: string;
  limit: number;
}

/**
 * The statement writeLink runs for one kind of link: `upsert`, an insert that updates the pair
 * when it is there and returns whether it inserted, its values placeholders (the link's value
 * `value`, the member `userId`), then who is on the link. Built once (builtOnce): declare it at
 * module level.
 */
export function linkStatement<V extends Record<string, unknown>>(
  table: LinkTable,
  column: LinkColumn,
  upsert: (db: Db | Tx) => SQLWrapper,
): (db: Db, values: V & LinkValues) => Promise<unknown> {
  const value = sql.placeholder("value");
  return builtOnce(
    (db) => sql`with up(joined) as (${upsert(db).getSQL()})
      select up.joined,
        (select count(*)::int from ${table} where ${column} = ${value}) as before,
        (select coalesce(json_agg(o.user_id), '[]'::json) from (
          select ${table.userId} as user_id from ${table} where ${column} = ${value} and ${table.userId} <> ${sql.placeholder("userId")}
          order by ${table.firstSeenAt}, ${table.userId} limit ${sql.placeholder("limit")}) o) as others
      from up`,
  );
}

/**
 * linkStatement for a link whose pair keeps only when it was first and last seen (an address, a
 * payout account): `key` is the table's field for the link.
 */
export function seenPairStatement<T extends typeof memberAddresses | typeof memberPayoutAccounts>(
  table: T,
  key: "ip" | "accountKey",
): (db: Db, values: { now: Date } & LinkValues) => Promise<unknown> {
  const column = (table as unknown as Record<string, LinkColumn>)[key]!;
  return linkStatement<{ now: Date }>(table, column, (db) =>
    db
      .insert(table as typeof memberAddresses)
      .values({
        [key]: sql.placeholder("value"),
        userId: sql.placeholder("userId"),
        firstSeenAt: sql.placeholder("now"),
        lastSeenAt: sql.placeholder("now"),
      } as unknown as typeof memberAddresses.$inferInsert)
      .onConflictDoUpdate({
        target: [column, table.userId],
        set: { lastSeenAt: sql`excluded.last_seen_at` },
      })
      .returning({ inserted: INSERTED }),
  );
}

/**
 * Writes one (link, member) pair and reads who is on the link, in one statement (linkStatement).
 * The reads see the link as it was before the write (one snapshot), so a pair inserted now is
 * counted on top; the others never include the acting member.
 */
export async function writeLink<V extends Record<string, unknown>>(
  db: Db,
  statement: (db: Db, values: V & LinkValues) => Promise<unknown>,
  values: V & LinkValues,
): Promise<Link> {
  const [row] = rowsOf<{ joined: boolean; before: number; others: unknown }>(await statement(db, values));
  const joined = row?.joined === true;
  return {
    joined,
    total: Number(row?.before ?? 0) + (joined ? 1 : 0),
    others: jsonValue<string[]>(row?.others ?? []),
  };
}

/**
 * The signals of members sharing one strong link (a device): each of `members`
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
