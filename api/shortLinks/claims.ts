import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { adCheatLog, shortLinkDailyClicks, shortLinkTokens, shortLinks, users } from "../db/schema";
import type { DomainErrorCode } from "../../shared/errors";
import { creditEarning } from "../ledger/earnings";
import { istDay } from "../ledger/earningKinds";
import { DomainError } from "../lib/errors";
import { memberBalances } from "../ledger/ledger";
import type { ProxyCheck } from "../lib/proxyCheck";
import { getSetting } from "../site/settings";
import { SHORT_LINK_MESSAGES, TOKEN } from "./shortLinks";
import { assertMayEarn } from "../members/restrictions";
import { afterClaim } from "../risk/policy";
import { afterRefusal } from "../risk/policy";

/**
 * The end of a short link (issue 8): the member's token as the end page shows it, and the claim
 * that consumes it and credits the link's amount (see shortLinks.ts for the flow).
 */

/** The member's own token, for the end page (null when unknown or another member's). */
export async function shortLinkTokenOf(db: Db, userId: string, token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ t: shortLinkTokens, name: shortLinks.name, linkAmount: shortLinks.amount })
    .from(shortLinkTokens)
    .innerJoin(shortLinks, eq(shortLinks.id, shortLinkTokens.shortLinkId))
    .where(and(eq(shortLinkTokens.token, token), eq(shortLinkTokens.userId, userId)));
  if (!row) return null;
  return {
    name: row.name,
    amount: row.t.amount ?? row.linkAmount,
    claimableAt: row.t.claimableAt,
    expiresAt: row.t.expiresAt,
    consumed: row.t.consumedAt !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// Claiming

/** A refused claim: written to the cheat log, then answered with its code. */
class ShortLinkRefusal extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    public readonly reason: string,
    public readonly linkId: string | null,
  ) {
    super(reason);
  }
}

const REFUSAL_MESSAGES: Partial<Record<DomainErrorCode, string>> = {
  short_link_too_fast: SHORT_LINK_MESSAGES.tooFast,
  short_link_expired: SHORT_LINK_MESSAGES.expired,
  short_link_used: SHORT_LINK_MESSAGES.used,
  short_link_daily_limit: SHORT_LINK_MESSAGES.dailyLimit,
  proxy_detected: SHORT_LINK_MESSAGES.proxyDetected,
};

/** Logs the refusal in its own statement (the refused work rolled back), then throws its DomainError. */
async function refuse(
  db: Db,
  r: ShortLinkRefusal,
  ctx: { userId: string; token: string; ip: string | null; now: Date },
): Promise<never> {
  await db.insert(adCheatLog).values({
    channel: "click_short_link",
    userId: ctx.userId,
    shortLinkId: r.linkId,
    // Only something shaped like a token is kept: the rest is whatever the caller typed.
    viewToken: TOKEN.test(ctx.token) ? ctx.token : null,
    reason: r.reason,
    ip: ctx.ip,
    createdAt: ctx.now,
  });
  // The refusals signal (and the proxy one) after the log row: it never changes the answer.
  await afterRefusal(db, { userId: ctx.userId, now: ctx.now, proxyIp: r.reason === "proxy" ? ctx.ip : null });
  throw new DomainError(r.code, REFUSAL_MESSAGES[r.code] ?? SHORT_LINK_MESSAGES.used);
}

async function tokenRow(db: Db | Tx, token: string) {
  if (!TOKEN.test(token)) return undefined;
  const [row] = await db.select().from(shortLinkTokens).where(eq(shortLinkTokens.token, token));
  return row;
}

/** Why the token could not be consumed: unknown, another member's, used, too fast or expired. */
async function whyNotClaimed(tx: Tx, userId: string, token: string, now: Date): Promise<ShortLinkRefusal> {
  const row = await tokenRow(tx, token);
  if (!row) return new ShortLinkRefusal("short_link_used", "unknown_token", null);
  if (row.userId !== userId)
    return new ShortLinkRefusal("short_link_used", "another_members_token", row.shortLinkId);
  if (row.consumedAt) return new ShortLinkRefusal("short_link_used", "reused_token", row.shortLinkId);
  if (now < row.claimableAt) return new ShortLinkRefusal("short_link_too_fast", "too_fast", row.shortLinkId);
  return new ShortLinkRefusal("short_link_expired", "expired", row.shortLinkId);
}

/**
 * Claims a started link. One transaction: consume the token with one conditional update (this
 * member's, unconsumed, claimable ≤ now < expiry: of many parallel claims one wins), count the
 * click with a conditional upsert on the member's clicks of the link today (never past the
 * link's per-day limit, whatever runs in parallel), and credit the link's amount with
 * creditEarning keyed `shortlink:{token}`. Any refusal rolls all of it back and is logged.
 */
export async function claimShortLink(
  db: Db,
  input: { userId: string; token: string; ip: string | null; now: Date; proxyCheck: ProxyCheck },
): Promise<{ amount: number; withdrawable: number }> {
  const { userId, token, now } = input;
  const ctx = { userId, token, ip: input.ip, now };
  if (input.ip && (await input.proxyCheck.isProxy(input.ip))) {
    const row = await tokenRow(db, token);
    return refuse(db, new ShortLinkRefusal("proxy_detected", "proxy", row?.shortLinkId ?? null), ctx);
  }
  // Read before the transaction: the member's account lock is then held for fewer statements.
  const [[member], rateBp] = await Promise.all([
    db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId)),
    getSetting(db, "referral_rate_bp"),
  ]);
  let amount: number;
  try {
    amount = await db.transaction(async (tx) => {
      // First: the member's row FOR SHARE, so a suspension or ban is seen or waits for this claim.
      await assertMayEarn(tx, userId);
      const [claimed] = TOKEN.test(token)
        ? await tx
            .update(shortLinkTokens)
            .set({
              consumedAt: now,
              amount: sql`(select ${shortLinks.amount} from ${shortLinks} where ${shortLinks.id} = ${shortLinkTokens.shortLinkId})`,
            })
            .where(
              and(
                eq(shortLinkTokens.token, token),
                eq(shortLinkTokens.userId, userId),
                isNull(shortLinkTokens.consumedAt),
                lte(shortLinkTokens.claimableAt, now),
                gt(shortLinkTokens.expiresAt, now),
              ),
            )
            .returning({ linkId: shortLinkTokens.shortLinkId, amount: shortLinkTokens.amount })
        : [];
      if (!claimed) throw await whyNotClaimed(tx, userId, token, now);
      const [link] = await tx
        .select({ clicksPerDay: shortLinks.clicksPerDay })
        .from(shortLinks)
        .where(eq(shortLinks.id, claimed.linkId));
      const [counted] = await tx
        .insert(shortLinkDailyClicks)
        .values({ userId, shortLinkId: claimed.linkId, day: istDay(now), clicks: 1 })
        .onConflictDoUpdate({
          target: [shortLinkDailyClicks.userId, shortLinkDailyClicks.shortLinkId, shortLinkDailyClicks.day],
          set: { clicks: sql`${shortLinkDailyClicks.clicks} + 1` },
          setWhere: sql`${shortLinkDailyClicks.clicks} < ${link?.clicksPerDay ?? 0}`,
        })
        .returning({ clicks: shortLinkDailyClicks.clicks });
      if (!counted) throw new ShortLinkRefusal("short_link_daily_limit", "daily_limit", claimed.linkId);
      const credit = Number(claimed.amount);
      await creditEarning(tx, {
        userId,
        source: "click_short_link",
        amount: credit,
        idempotencyKey: `shortlink:${token}`,
        memo: claimed.linkId,
        createdAt: now,
        referral: { referredBy: member?.referredBy ?? null, rateBp },
      });
      return credit;
    });
  } catch (e) {
    if (e instanceof ShortLinkRefusal) return refuse(db, e, ctx);
    throw e;
  }
  const [{ withdrawable }] = await Promise.all([
    memberBalances(db, userId),
    // The timing and velocity signals, after the commit (never the claim's failure).
    afterClaim(db, { userId, channel: "click_short_link", now }),
  ]);
  return { amount, withdrawable };
}
