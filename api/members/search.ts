import { count, desc, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
import { paged } from "../db/paging";
import { users } from "../db/schema";
import { normalizeIdentifier } from "../../shared/fields";
import { PAGE_SIZE } from "../../shared/pagination";
import { isDeviceId } from "../lib/deviceId";
import {
  MEMBER_SEARCH_MATCHES,
  type MemberSearchMatch,
  type MemberSearchPage,
  type MemberSearchRow,
} from "../../shared/contracts/members";

/**
 * The operators' member search. One text matches, exactly, any of: the e-mail (as typed or its
 * login identity: both reduce to users.email_key), the username, the mobile number, the member
 * id, the referrer (members whose referrer has that e-mail, username or id), an address seen at
 * sign-up, login or a withdrawal (sign_ins.ip, member_addresses), a withdrawal's order number, a
 * UPI id or a full bank account number the member bound or was paid to (member_payout_accounts)
 * and a device id (member_devices); `by` narrows it to one of them. Each criterion is one indexed
 * look-up (the mobile number excepted: users.mobile_number has no index); the matches are their
 * union, newest first, each row saying which criteria found it.
 */

/** The longest search text (an e-mail address is at most 254 characters). */
export const SEARCH_MAX_LENGTH = 254;

/** A mobile number as an operator may type it: spaces, dashes, a +91 or 91 prefix. */
export function mobileOf(q: string): number | null {
  const digits = q.replace(/[\s-]/g, "").replace(/^\+?91(?=\d{10}$)/, "");
  if (!/^\d{6,15}$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** A bank account number as an operator may type it (spaces and dashes between digits), or null. */
export function bankNumberOf(q: string): string | null {
  const digits = q.trim().replace(/[\s-]/g, "");
  return /^\d{9,18}$/.test(digits) ? digits : null;
}

/**
 * A UPI id as the payout accounts' record keeps it (`upi:name@bank`: lower case, no spaces; the
 * rule is api/risk/payoutAccounts.ts normalizePayoutAccount's), or null for text with no `@`.
 */
export function upiKeyOf(q: string): string | null {
  const compact = q.trim().toLowerCase().replace(/\s+/g, "");
  return /^[^@]+@[^@]+$/.test(compact) ? `upi:${compact}` : null;
}

/** What a search looks at: every criterion, or one. */
export const SEARCH_FIELDS = ["any", ...MEMBER_SEARCH_MATCHES] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * Each criterion's look-up of the ids it finds (`select … as id`), or null when `q` cannot be one
 * (a mobile, bank or UPI search for text of another shape finds nobody).
 */
function lookups(q: string): Record<MemberSearchMatch, SQL | null> {
  const key = normalizeIdentifier(q);
  const id = q.trim().toLowerCase();
  const text = q.trim();
  const mobile = mobileOf(q);
  const bank = bankNumberOf(q);
  const upi = upiKeyOf(q);
  return {
    email: sql`select id from users where email_key = ${key}`,
    username: sql`select id from users where user_name = ${key}`,
    mobile: mobile === null ? null : sql`select id from users where mobile_number = ${mobile}`,
    id: sql`select id from users where id = ${id}`,
    referrer: sql`select id from users where referred_by in (select id from users where email_key = ${key} or user_name = ${key} or id = ${id})`,
    ip: sql`select user_id as id from sign_ins where ip = ${text} union select user_id as id from member_addresses where ip = ${text}`,
    // Order numbers are withdrawal ids, shown upper-cased.
    order: sql`select user_id as id from withdrawals where id = ${id}`,
    upi:
      upi === null ? null : sql`select user_id as id from member_payout_accounts where account_key = ${upi}`,
    // `bank:{digits}` or `bank:{digits}:{IFSC}`: the number part has its own index (migration 0033);
    // the constants are written out so the planner matches the index's expression and predicate.
    bank:
      bank === null
        ? null
        : sql`select user_id as id from member_payout_accounts where account_key like 'bank:%' and split_part(account_key, ':', 2) = ${bank}`,
    device: isDeviceId(text) ? sql`select user_id as id from member_devices where device_id = ${text}` : null,
  };
}

/** One criterion's look-up for `q` (null when `q` cannot be one): the query plans' test reads it. */
export const searchLookup = (q: string, field: MemberSearchMatch): SQL | null => lookups(q)[field];

/** The criteria `by` asks about ("direct": every one but the referrer's). */
function chosenFields(by: SearchField | "direct"): MemberSearchMatch[] {
  if (by === "any") return [...MEMBER_SEARCH_MATCHES];
  if (by === "direct") return MEMBER_SEARCH_MATCHES.filter((f) => f !== "referrer");
  return [by];
}

/** The ids of the members `q` finds, as a subquery (a union of indexed look-ups). */
function matchingIds(q: string, by: SearchField | "direct"): SQL {
  const all = lookups(q);
  const chosen = chosenFields(by)
    .map((f) => all[f])
    .filter((p): p is SQL => p !== null);
  if (chosen.length === 0) return sql`(select id from users where false)`;
  return sql`(${sql.join(
    chosen.map((p) => sql`(${p})`),
    sql` union `,
  )})`;
}

/** Which of `by`'s criteria found each of `ids` (one small query over the page's members). */
async function matchesOf(
  db: Db,
  q: string,
  by: SearchField,
  ids: string[],
): Promise<Map<string, MemberSearchMatch[]>> {
  const found = new Map<string, MemberSearchMatch[]>();
  if (ids.length === 0) return found;
  const all = lookups(q);
  const labelled = chosenFields(by).flatMap((f) => {
    const p = all[f];
    // The label is one of MEMBER_SEARCH_MATCHES, never the search text.
    return p === null ? [] : [sql`select id, ${sql.raw(`'${f}'::text`)} as field from (${p}) as m`];
  });
  if (labelled.length === 0) return found;
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; field: MemberSearchMatch }>(
    await db.execute(
      sql`select distinct id, field from (${sql.join(
        labelled.map((p) => sql`(${p})`),
        sql` union all `,
      )}) as found where id in (${idList})`,
    ),
  );
  for (const r of rows) found.set(r.id, [...(found.get(r.id) ?? []), r.field]);
  // In the criteria's own order, whatever order the database answered.
  for (const [id, fields] of found)
    found.set(
      id,
      MEMBER_SEARCH_MATCHES.filter((f) => fields.includes(f)),
    );
  return found;
}

const row = (u: typeof users.$inferSelect, matched: MemberSearchMatch[]): MemberSearchRow => ({
  id: u.id,
  userName: u.userName,
  name: u.name,
  email: u.email,
  mobile: u.mobileNumber === null ? null : String(u.mobileNumber),
  joined: u.createdAt.toISOString(),
  role: u.role,
  held: u.withdrawalsHeldAt !== null,
  suspended: u.earningSuspendedAt !== null,
  banned: u.bannedAt !== null,
  matched,
});

/**
 * One page of the members `q` finds (every member when q is empty), newest first — searching every
 * criterion, the members found themselves come before those found as someone's referees.
 */
export async function searchMembers(
  db: Db,
  q: string,
  page: number,
  by: SearchField = "any",
): Promise<MemberSearchPage> {
  const text = q.trim();
  const where = text ? sql`${users.id} in ${matchingIds(text, by)}` : undefined;
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(users).where(where),
    page,
    PAGE_SIZE.operatorLists,
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(
        ...(text && by === "any"
          ? [sql`case when ${users.id} in ${matchingIds(text, "direct")} then 0 else 1 end`]
          : []),
        desc(users.createdAt),
        desc(users.id),
      ),
  );
  const matches = text
    ? await matchesOf(
        db,
        text,
        by,
        rows.map((u) => u.id),
      )
    : new Map<string, MemberSearchMatch[]>();
  return { q: text, by, records: rows.map((u) => row(u, matches.get(u.id) ?? [])), pagination };
}
