import { count, desc, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { users } from "../db/schema";
import { normalizeIdentifier } from "../../shared/fields";
import { PAGE_SIZE } from "../../shared/pagination";
import type { MemberSearchPage, MemberSearchRow } from "../../shared/contracts/members";

/**
 * The operators' member search. One text matches, exactly, any of: the e-mail (as typed or its
 * login identity: both reduce to users.email_key), the username, the mobile number, the member
 * id, the referrer (members whose referrer has that e-mail, username or id) and an address seen
 * at sign-up or login (sign_ins.ip); `by` narrows it to one of them. Each criterion is one
 * indexed look-up (the mobile number excepted: users.mobile_number has no index); the matches are
 * their union, newest first.
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

/** What a search looks at: every criterion, or one. */
export const SEARCH_FIELDS = ["any", "email", "username", "mobile", "id", "referrer", "ip"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** The ids of the members `q` finds, as a subquery (a union of indexed look-ups). */
function matchingIds(q: string, by: SearchField | "direct"): SQL {
  const key = normalizeIdentifier(q);
  const id = q.trim().toLowerCase();
  const ip = q.trim();
  const mobile = mobileOf(q);
  const parts: Record<Exclude<SearchField, "any">, SQL | null> = {
    email: sql`select id from users where email_key = ${key}`,
    username: sql`select id from users where user_name = ${key}`,
    id: sql`select id from users where id = ${id}`,
    mobile: mobile === null ? null : sql`select id from users where mobile_number = ${mobile}`,
    referrer: sql`select id from users where referred_by in (select id from users where email_key = ${key} or user_name = ${key} or id = ${id})`,
    ip: sql`select user_id from sign_ins where ip = ${ip}`,
  };
  // "direct": every criterion but the referrer's (the member themself rather than whom they brought).
  const all =
    by === "any"
      ? Object.values(parts)
      : by === "direct"
        ? Object.entries(parts).flatMap(([k, p]) => (k === "referrer" ? [] : [p]))
        : [parts[by]];
  const chosen = all.filter((p): p is SQL => p !== null);
  // A mobile search for text that is no mobile number finds nobody.
  if (chosen.length === 0) return sql`(select id from users where false)`;
  return sql`(${sql.join(chosen, sql` union `)})`;
}

const row = (u: typeof users.$inferSelect): MemberSearchRow => ({
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
  return { q: text, by, records: rows.map(row), pagination };
}
