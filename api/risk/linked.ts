import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberAddresses, memberDevices, memberPayoutAccounts, memberRisk, users } from "../db/schema";
import type { LinkedAccountRecord } from "../../shared/contracts/risk";
import { LINK_LIST_CAP } from "./pairs";
import { maskPayoutAccount } from "./payoutAccounts";

/**
 * The accounts linked to a member (issue 21 §4), for the operators' member risk page and payout
 * queue: sharing a device, a payout account or an address (the pair tables links.ts records), or
 * in the member's referral chain.
 */

/** One account linked to a member, as the operator's pages show it. */
export type LinkedAccount = LinkedAccountRecord;

type Via = LinkedAccount["links"][number]["via"];
const VIA_ORDER: Via[] = ["payout", "device", "referral", "address"];

/**
 * The members linked to `userId`: sharing a device, payout account or address, or in their
 * referral chain (their referrer and the members they referred), each with its links, score,
 * step and restrictions; strongest link first, at most `limit`. The member's own links are read
 * by the member indexes, the others on each by the pair tables' keys.
 */
export async function linkedAccounts(db: Db, userId: string, limit = 50): Promise<LinkedAccount[]> {
  const cap = Math.max(1, Math.min(limit, 500));
  const found = new Map<string, LinkedAccount["links"]>();
  const add = (id: string, via: Via, value: string) => {
    if (id === userId) return;
    const links = found.get(id) ?? [];
    if (!links.some((l) => l.via === via && l.value === value)) links.push({ via, value });
    found.set(id, links);
  };
  const pairs = [
    { via: "payout" as const, table: memberPayoutAccounts, column: memberPayoutAccounts.accountKey },
    { via: "device" as const, table: memberDevices, column: memberDevices.deviceId },
    { via: "address" as const, table: memberAddresses, column: memberAddresses.ip },
  ];
  for (const { via, table, column } of pairs) {
    const mine = (
      await db
        .select({ value: column })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(sql`${table.lastSeenAt} desc`)
        .limit(LINK_LIST_CAP)
    ).map((r) => r.value);
    if (mine.length === 0) continue;
    const rows = await db
      .select({ userId: table.userId, value: column })
      .from(table)
      .where(and(inArray(column, mine), ne(table.userId, userId)))
      .limit(cap * 4);
    for (const r of rows) add(r.userId, via, via === "payout" ? maskPayoutAccount(r.value) : r.value);
  }
  const [me] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  if (me?.referredBy) add(me.referredBy, "referral", "referrer");
  const referees = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referredBy, userId))
    .limit(cap * 4);
  for (const r of referees) add(r.id, "referral", "referred");
  if (found.size === 0) return [];

  const ids = [...found.keys()];
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      heldAt: users.withdrawalsHeldAt,
      bannedAt: users.bannedAt,
      score: memberRisk.score,
      level: memberRisk.level,
    })
    .from(users)
    .leftJoin(memberRisk, eq(memberRisk.userId, users.id))
    .where(inArray(users.id, ids));
  const strongest = (links: LinkedAccount["links"]) =>
    Math.min(...links.map((l) => VIA_ORDER.indexOf(l.via)));
  return rows
    .map((r) => {
      const links = [...found.get(r.id)!].sort((a, b) => VIA_ORDER.indexOf(a.via) - VIA_ORDER.indexOf(b.via));
      return {
        id: r.id,
        userName: r.userName,
        email: r.email,
        links,
        score: r.score ?? 0,
        level: r.level ?? "none",
        withdrawalsHeld: r.heldAt !== null,
        banned: r.bannedAt !== null,
      };
    })
    .sort(
      (a, b) =>
        strongest(a.links) - strongest(b.links) ||
        b.links.length - a.links.length ||
        b.score - a.score ||
        a.id.localeCompare(b.id),
    )
    .slice(0, cap);
}
