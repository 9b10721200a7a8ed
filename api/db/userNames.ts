import { inArray } from "drizzle-orm";
import type { Db, Tx } from "./client";
import { users } from "./schema";

/** The usernames of `ids` (unknown ids left out), in one query; none asked, none read. */
export async function userNamesById(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u.userName]));
}
