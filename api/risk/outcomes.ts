import { aliasedTable, and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adCheatLog, gamePlayers, gameRooms, taskWallTransactions, users } from "../db/schema";
import { istDay } from "../ledger/earningKinds";
import { recordSignals, type SignalInput } from "./score";
import { log as logger } from "../../shared/log.server";

/**
 * Outcome signals (issue 21 §1): the member's cheat-log refusals, offer-wall reversals against
 * credits, and paid games where the same pair play again and again with one side always losing
 * (collusion moving deposit money to a withdrawable prize); and a proxy met where a member earns.
 * Each is read after the event it follows has committed, from the member's own rows by an index,
 * and written only when found. A failure is logged: the refusal, the reversal or the game stands.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Refused claims in the cheat log: `atLeast` within `windowMs` is a signal; strength grows to `upTo`. */
export const CHEAT_REFUSALS = { atLeast: 5, upTo: 15, windowMs: DAY_MS } as const;
/** Offer-wall reversals over `windowMs`: at least `atLeast` and `ratio` of the credits. */
export const OFFER_REVERSALS = { atLeast: 2, ratio: 0.2, windowMs: 30 * DAY_MS, evidence: 50 } as const;
/** Game collusion: the same pair, at least `decided` paid games decided within `windowMs`, all won by one side. */
export const GAME_COLLUSION = { decided: 5, windowMs: 7 * DAY_MS, evidence: 50 } as const;

/** The cheat-log signal from the member's refusals of the last 24 hours (at most `upTo` read). */
async function cheatSignal(db: Db, userId: string, now: Date): Promise<SignalInput | null> {
  const rows = await db
    .select({ id: adCheatLog.id, channel: adCheatLog.channel, reason: adCheatLog.reason })
    .from(adCheatLog)
    .where(
      and(
        eq(adCheatLog.userId, userId),
        gt(adCheatLog.createdAt, new Date(now.getTime() - CHEAT_REFUSALS.windowMs)),
      ),
    )
    .orderBy(desc(adCheatLog.id))
    .limit(CHEAT_REFUSALS.upTo);
  const n = rows.length;
  if (n < CHEAT_REFUSALS.atLeast) return null;
  const reasons: Record<string, number> = {};
  for (const r of rows) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  const count = n >= CHEAT_REFUSALS.upTo ? `${n} or more` : `${n}`;
  return {
    userId,
    kind: "cheat_refusals",
    key: `cheat:${istDay(now)}`,
    strength: (100 * n) / CHEAT_REFUSALS.atLeast,
    summary: `${count} refused claims in 24 hours (${Object.entries(reasons)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, k]) => `${reason.replaceAll("_", " ")} ${k}`)
      .join(", ")})`,
    evidence: {
      claims: rows.map((r) => `cheat_log:${r.id}`),
      figures: { refusals: n, hours: CHEAT_REFUSALS.windowMs / HOUR_MS, ...reasons },
    },
  };
}

/** A proxy or VPN met where the member earns (the same key as at sign-up or login: one per address). */
export function earningProxySignal(userId: string, ip: string): SignalInput {
  return {
    userId,
    kind: "proxy",
    key: `proxy:${ip}`,
    strength: 100,
    summary: `Proxy or VPN at earning (${ip})`,
    evidence: { ip, figures: { context: "earning" } },
  };
}

/**
 * After a refusal was written to the cheat log (ads or short links): the refusals signal at five
 * in 24 hours, and the proxy signal when the refusal was for a proxy. Never throws.
 */
export async function afterRefusal(
  db: Db,
  input: { userId: string; now: Date; proxyIp?: string | null },
): Promise<void> {
  try {
    const found = [await cheatSignal(db, input.userId, input.now)];
    if (input.proxyIp) found.push(earningProxySignal(input.userId, input.proxyIp));
    const signals = found.filter((s): s is SignalInput => s !== null);
    if (signals.length > 0) await recordSignals(db, signals, input.now);
  } catch (e) {
    logger.error({ err: e }, "risk: refusal signals failed");
  }
}

/** After a refusal was written to the cheat log: the refusals signal at five in 24 hours. Never throws. */
export async function afterCheatRefusal(db: Db, userId: string, now: Date): Promise<void> {
  await afterRefusal(db, { userId, now });
}

/**
 * After an offer-wall reversal committed: the member's reversals against credits over 30 days —
 * at two reversals or more and at least a fifth of the credits, a signal naming the reversed
 * transactions. Never throws.
 */
export async function afterOfferReversal(db: Db, userId: string, now: Date): Promise<void> {
  try {
    const since = new Date(now.getTime() - OFFER_REVERSALS.windowMs);
    const mine = and(eq(taskWallTransactions.userId, userId), gt(taskWallTransactions.createdAt, since));
    const [counts] = await db
      .select({
        credits: sql<number>`(count(*) filter (where ${taskWallTransactions.kind} = 'credit'))::int`.mapWith(
          Number,
        ),
        reversals:
          sql<number>`(count(*) filter (where ${taskWallTransactions.kind} = 'reversal'))::int`.mapWith(
            Number,
          ),
      })
      .from(taskWallTransactions)
      .where(mine);
    const credits = counts?.credits ?? 0;
    const reversals = counts?.reversals ?? 0;
    // No credit in the window (the reversed ones older): every reversal counts against nothing.
    const ratio = reversals / Math.max(credits, 1);
    if (reversals < OFFER_REVERSALS.atLeast || ratio < OFFER_REVERSALS.ratio) return;
    const reversed = await db
      .select({
        wallId: taskWallTransactions.wallId,
        transactionId: taskWallTransactions.transactionId,
        goalId: taskWallTransactions.goalId,
      })
      .from(taskWallTransactions)
      .where(and(mine, eq(taskWallTransactions.kind, "reversal")))
      .orderBy(desc(taskWallTransactions.createdAt))
      .limit(OFFER_REVERSALS.evidence);
    const percent = Math.round(ratio * 100);
    await recordSignals(
      db,
      [
        {
          userId,
          kind: "offer_reversals",
          key: "reversals",
          strength: (100 * reversals) / OFFER_REVERSALS.atLeast,
          summary: `${reversals} offer-wall reversals against ${credits} credits in 30 days (${percent} %)`,
          evidence: {
            claims: reversed.map(
              (r) => `offer:${r.wallId}:${r.transactionId}${r.goalId === "" ? "" : `:${r.goalId}`}`,
            ),
            figures: { reversals, credits, ratioPercent: percent, days: 30 },
          },
        },
      ],
      now,
    );
  } catch (e) {
    logger.error({ err: e }, "risk: reversal signals failed");
  }
}

/**
 * After a paid room settled: the pair's paid games against each other over the last 7 days. At
 * five decided games or more (draws do not count) all won by the same member, both get a
 * `game_collusion` signal under one key for the pair, naming the other and the rooms. Never throws.
 */
export async function afterGameSettled(db: Db, roomId: string, now: Date): Promise<void> {
  try {
    const seats = await db
      .select({ userId: gamePlayers.userId, name: users.userName, entryFee: gameRooms.entryFee })
      .from(gamePlayers)
      .innerJoin(gameRooms, eq(gameRooms.id, gamePlayers.roomId))
      .innerJoin(users, eq(users.id, gamePlayers.userId))
      .where(and(eq(gamePlayers.roomId, roomId), eq(gameRooms.status, "finished")));
    if (seats.length !== 2 || Number(seats[0]!.entryFee) <= 0) return;
    const [a, b] = [...seats].sort((x, y) => x.userId.localeCompare(y.userId)) as [
      (typeof seats)[0],
      (typeof seats)[0],
    ];
    const since = new Date(now.getTime() - GAME_COLLUSION.windowMs);
    const other = aliasedTable(gamePlayers, "other_seat");
    // A's seats of the last week (their index), joined to B's seat in the same room.
    const games = await db
      .select({ id: gameRooms.id, winner: gameRooms.winner, aSymbol: gamePlayers.symbol })
      .from(gamePlayers)
      .innerJoin(other, and(eq(other.roomId, gamePlayers.roomId), eq(other.userId, b.userId)))
      .innerJoin(gameRooms, eq(gameRooms.id, gamePlayers.roomId))
      .where(
        and(
          eq(gamePlayers.userId, a.userId),
          gt(gamePlayers.joinedAt, since),
          eq(gameRooms.status, "finished"),
          gt(gameRooms.entryFee, 0),
          gt(gameRooms.settledAt, since),
          inArray(gameRooms.winner, ["X", "O"]),
        ),
      )
      .orderBy(desc(gameRooms.settledAt))
      .limit(500);
    if (games.length < GAME_COLLUSION.decided) return;
    const aWins = games.filter((g) => g.winner === g.aSymbol).length;
    if (aWins !== 0 && aWins !== games.length) return;
    const [winner, loser] = aWins === games.length ? [a, b] : [b, a];
    const n = games.length;
    const rooms = games.slice(0, GAME_COLLUSION.evidence).map((g) => g.id);
    const key = `collusion:${a.userId}:${b.userId}`;
    const figures = { decidedGames: n, days: GAME_COLLUSION.windowMs / DAY_MS };
    await recordSignals(
      db,
      [
        {
          userId: loser.userId,
          kind: "game_collusion",
          key,
          strength: 100,
          summary: `Lost all ${n} paid games to ${winner.name}`,
          evidence: { accounts: [winner.userId], games: rooms, figures: { ...figures, lost: n } },
        },
        {
          userId: winner.userId,
          kind: "game_collusion",
          key,
          strength: 100,
          summary: `Won all ${n} paid games against ${loser.name}`,
          evidence: { accounts: [loser.userId], games: rooms, figures: { ...figures, won: n } },
        },
      ],
      now,
    );
  } catch (e) {
    logger.error({ err: e }, "risk: game signals failed");
  }
}
