import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  expectLedgerConsistent,
  giveDeposit,
  giveEarning,
  newMember,
  type TestMember,
  campaignDraft,
} from "../support/money";
import {
  adViews,
  gamePlayers,
  gameRooms,
  memberDailyEarnings,
  riskSignals,
  shortLinkTokens,
  shortLinks,
  taskWallTransactions,
  taskWalls,
  users,
} from "../../api/db/schema";
import { creditEarning } from "../../api/ledger/earnings";
import { gameDeps } from "../../api/deps";
import type { GameDeps } from "../../api/games/rooms";
import { join, type JoinRequest } from "../../api/games/join";
import { move } from "../../api/games/moves";
import { sweep } from "../../api/games/sweeper";
import { seedGames } from "../../api/seed/games";
import { prng } from "../../api/seed/random";
import { setSetting } from "../../api/site/settings";
import { afterOfferReversal } from "../../api/risk/outcomes";
import { afterClaim } from "../../api/risk/behaviour";
import { seedShortLinks } from "../../api/seed/shortLinks";
import { IST_OFFSET_MS, istDay } from "../../api/ledger/earningKinds";
import { HOUR_MS } from "../../api/seed/random";
import { DEFAULT_RISK_POLICY } from "../../shared/risk";

/**
 * Velocity, timing and outcome signals (issue 21 §1) through the real claim, refusal and game
 * paths on both databases, with the API's clock moved (never waited for) and fixed seeds: a bot
 * claiming at the minimum time is flagged with its claims and held; a member at a human pace is
 * not; velocity past the limit, five refusals, an earning spike, offer-wall reversals and a pair
 * where one side always loses are each flagged with their evidence.
 */
describe.each(drivers("one"))("risk: behaviour and outcomes (%s)", (driver) => {
  let t: TestApi;
  let g: GameDeps;
  let advertiser: TestMember;
  let clock = Date.parse("2026-06-01T04:00:00Z"); // 09:30 in India
  const tick = (ms: number) => {
    clock += ms;
  };
  /** Ads every member can view once a day: 10 s each. */
  const ads: string[] = [];
  const PROXY_IP = "203.0.113.9";

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    g = gameDeps(t.deps);
    await t.deps.db.transaction((tx) => seedGames(tx));
    t.deps.proxyCheck = { enabled: true, isProxy: async (ip) => ip === PROXY_IP };
    advertiser = await newMember(t);
    await giveEarning(t, advertiser.id, 3_000_000);
    const converted = await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 3000, conversionType_state: "withdrawToDeposit" },
      cookie: advertiser.cookie,
    });
    expect(converted.status).toBe(200);
    for (let i = 0; i < 16; i++) {
      const res = await t.request("/advertiserRoute/advertiserDataPost", {
        obj: campaignDraft({ step_3_total_views: 100 }),
        cookie: advertiser.cookie,
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      ads.push(res.body.msg._id as string);
    }
  }, 120_000);
  afterAll(() => t.close());

  const at = (ip: string) => ({ "x-internal-token": t.deps.internalToken, "x-client-ip": ip });

  async function startAd(m: TestMember, id: string, ip = "49.36.1.1") {
    return t.request("/userIncomeRoute/user_PTCAds_view_start", {
      obj: { btnName: id },
      headers: at(ip),
      cookie: m.cookie,
    });
  }
  async function claimAd(m: TestMember, id: string, viewToken: string) {
    return t.request("/userIncomeRoute/user_PTCAds_income_patch", {
      method: "PATCH",
      obj: { btnName: id, btnClickEarn: 1000, viewToken },
      headers: at("49.36.1.1"),
      cookie: m.cookie,
    });
  }
  /** Views ads `from`…`to - 1`: start, wait `delay(i)` ms past the 10 s, claim, then `gap(i)` ms. */
  async function viewAds(
    m: TestMember,
    [from, to]: [number, number],
    delay: (i: number) => number,
    gap: (i: number) => number,
  ) {
    const views: number[] = [];
    for (let i = from; i < to; i++) {
      const started = await startAd(m, ads[i]!);
      expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
      tick(10_000 + delay(i));
      const token = started.body.msg.viewToken as string;
      const claimed = await claimAd(m, ads[i]!, token);
      expect(claimed.body, JSON.stringify(claimed.body)).toMatchObject({ success: true });
      const [v] = await t.deps.db.select({ id: adViews.id }).from(adViews).where(eq(adViews.token, token));
      views.push(v!.id);
      tick(gap(i));
    }
    return views;
  }

  const openSignals = (userId: string) =>
    t.deps.db
      .select()
      .from(riskSignals)
      .where(and(eq(riskSignals.userId, userId), isNull(riskSignals.clearedAt)));
  const heldAt = async (userId: string) =>
    (await t.deps.db.select({ at: users.withdrawalsHeldAt }).from(users).where(eq(users.id, userId)))[0]!.at;

  it("a bot claiming at the minimum time every time: minimum_time and regular_interval with its claims, held", async () => {
    const bot = await newMember(t);
    const views = await viewAds(
      bot,
      [0, 12],
      () => 0,
      () => 2_000,
    );
    const signals = await openSignals(bot.id);
    expect(signals.map((s) => s.kind).sort()).toEqual(["minimum_time", "regular_interval"]);
    const day = istDay(new Date(clock));
    const minimum = signals.find((s) => s.kind === "minimum_time")!;
    expect(minimum.key).toBe(`mintime:ptc_ads:${day}`);
    expect(minimum.strength).toBe(100);
    expect(minimum.summary).toBe("10 of the last 10 ad claims within 1.5 s of the minimum time");
    // The ten claims that first showed it, newest first (the same words later: the row is kept).
    const firstTen = views
      .slice(0, 10)
      .reverse()
      .map((id) => `ad_view:${id}`);
    expect(minimum.evidence.claims).toEqual(firstTen);
    const regular = signals.find((s) => s.kind === "regular_interval")!;
    expect(regular.key).toBe(`regular:ptc_ads:${day}`);
    expect(regular.summary).toBe("10 ad claims in a row every 12 s (± 0.0 s)");
    expect(regular.evidence.claims).toEqual(firstTen);
    expect(regular.evidence.figures).toMatchObject({ meanGapSeconds: 12, stdevGapSeconds: 0 });
    // 30 + 30 points: past the default hold threshold (50).
    expect(await heldAt(bot.id)).not.toBeNull();
    await expectLedgerConsistent(t);
  }, 120_000);

  it("a member at a human pace (3–40 s after the ad, gaps at random) is not flagged", async () => {
    const human = await newMember(t);
    const random = prng(2106);
    await viewAds(
      human,
      [0, 16],
      () => random.int(3_000, 40_000),
      () => random.int(1_000, 90_000),
    );
    expect(await openSignals(human.id)).toEqual([]);
    expect(await heldAt(human.id)).toBeNull();
  }, 120_000);

  it("short links read the same way: tokens consumed at the minimum time name their short_link ids", async () => {
    const bot = await newMember(t);
    await t.deps.db.transaction((tx) => seedShortLinks(tx, "http://localhost:3000", clock - 60_000));
    const [link] = await t.deps.db.select().from(shortLinks).limit(1);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = clock;
      tick(30_000);
      const [row] = await t.deps.db
        .insert(shortLinkTokens)
        .values({
          token: `risk-bot-token-${bot.id}-${i}`,
          userId: bot.id,
          shortLinkId: link!.id,
          shortUrl: "https://short.test/x",
          createdAt: new Date(started),
          claimableAt: new Date(clock),
          expiresAt: new Date(clock + HOUR_MS),
          consumedAt: new Date(clock + 400),
          amount: 50,
        })
        .returning({ id: shortLinkTokens.id });
      ids.push(row!.id);
      await afterClaim(t.deps.db, {
        userId: bot.id,
        channel: "click_short_link",
        now: new Date(clock + 400),
      });
      tick(5_000);
    }
    const byKind = Object.fromEntries((await openSignals(bot.id)).map((s) => [s.kind, s]));
    const refs = ids.reverse().map((id) => `short_link:${id}`);
    expect(byKind.minimum_time).toMatchObject({
      key: `mintime:click_short_link:${istDay(new Date(clock))}`,
      summary: "10 of the last 10 short-link claims within 1.5 s of the minimum time",
      evidence: { claims: refs },
    });
    expect(byKind.regular_interval).toMatchObject({
      summary: "10 short-link claims in a row every 35 s (± 0.0 s)",
      evidence: { claims: refs },
    });
  });

  it("claims beyond the hourly limit: a velocity signal for the hour, growing with the count", async () => {
    await setSetting(t.deps.db, "risk_policy", { ...DEFAULT_RISK_POLICY, claimsPerHourLimit: 12 });
    try {
      // One minute into an IST hour, so the claims below share one.
      tick(HOUR_MS - ((clock + IST_OFFSET_MS) % HOUR_MS) + 60_000);
      const fast = await newMember(t);
      const random = prng(77);
      const pace = [() => random.int(3_000, 20_000), () => random.int(1_000, 30_000)] as const;
      await viewAds(fast, [0, 12], ...pace);
      expect(await openSignals(fast.id)).toEqual([]);
      await viewAds(fast, [12, 13], ...pace);
      const hour = new Date(clock + IST_OFFSET_MS).toISOString().slice(0, 13);
      let [velocity] = await openSignals(fast.id);
      expect(velocity).toMatchObject({
        kind: "velocity",
        key: `velocity:${hour}`,
        strength: 108,
        summary: "At least 13 claims within one hour (limit 12)",
      });
      expect(velocity!.evidence.figures).toEqual({ claimsInHour: 13, limit: 12 });
      const views = await viewAds(fast, [13, 16], ...pace);
      [velocity] = await openSignals(fast.id);
      expect(velocity).toMatchObject({
        key: `velocity:${hour}`,
        strength: 133,
        summary: "At least 16 claims within one hour (limit 12)",
      });
      expect(velocity!.evidence.claims![0]).toBe(`ad_view:${views[2]}`);
      expect(velocity!.evidence.claims).toHaveLength(16);
      // 30 × 1.33 = 40 points: flagged, not held.
      expect(await heldAt(fast.id)).toBeNull();
    } finally {
      await setSetting(t.deps.db, "risk_policy", DEFAULT_RISK_POLICY);
    }
  }, 120_000);

  it("refused claims: a signal at the fifth in 24 hours; a refusal for a proxy adds the proxy signal", async () => {
    const cheat = await newMember(t);
    const refuse = () => claimAd(cheat, ads[0]!, "no-such-token-000000000");
    for (let i = 0; i < 4; i++) expect((await refuse()).body).toMatchObject({ success: false });
    expect(await openSignals(cheat.id)).toEqual([]);
    expect((await refuse()).body).toMatchObject({ success: false });
    const [refusals] = await openSignals(cheat.id);
    expect(refusals).toMatchObject({
      kind: "cheat_refusals",
      key: `cheat:${istDay(new Date(clock))}`,
      strength: 100,
      summary: "5 refused claims in 24 hours (unknown token 5)",
    });
    expect(refusals!.evidence.claims).toHaveLength(5);
    expect(refusals!.evidence.claims!.every((c) => /^cheat_log:\d+$/.test(c))).toBe(true);
    // A view started behind a proxy: refused, logged, and the proxy named with the address.
    expect((await startAd(cheat, ads[1]!, PROXY_IP)).body).toMatchObject({ success: false });
    const byKind = Object.fromEntries((await openSignals(cheat.id)).map((s) => [s.kind, s]));
    expect(byKind.proxy).toMatchObject({
      key: `proxy:${PROXY_IP}`,
      summary: `Proxy or VPN at earning (${PROXY_IP})`,
      evidence: { ip: PROXY_IP, figures: { context: "earning" } },
    });
    expect(byKind.cheat_refusals).toMatchObject({ strength: 120 });
  }, 60_000);

  it("an earning day far above the member's usual: checked on the tenth claim of the day", async () => {
    const member = await newMember(t);
    // ₹2 a day for the last 8 days, then ₹60 today before the claims.
    const dayMs = 24 * HOUR_MS;
    for (let d = 1; d <= 8; d++)
      await t.deps.db.transaction((tx) =>
        creditEarning(tx, {
          userId: member.id,
          source: "click_short_link",
          amount: 2_000,
          idempotencyKey: `spike-history:${member.id}:${d}`,
          createdAt: new Date(clock - d * dayMs),
        }),
      );
    await t.deps.db.transaction((tx) =>
      creditEarning(tx, {
        userId: member.id,
        source: "offerWall",
        amount: 60_000,
        idempotencyKey: `spike-today:${member.id}`,
        createdAt: new Date(clock),
      }),
    );
    const random = prng(5);
    await viewAds(
      member,
      [0, 9],
      () => random.int(3_000, 40_000),
      () => random.int(1_000, 90_000),
    );
    expect(await openSignals(member.id)).toEqual([]);
    const [tenth] = await viewAds(
      member,
      [9, 10],
      () => random.int(3_000, 40_000),
      () => 0,
    );
    const [spike] = await openSignals(member.id);
    const today = istDay(new Date(clock));
    const [earned] = await t.deps.db
      .select({ total: sql<number>`sum(${memberDailyEarnings.amount})::int`.mapWith(Number) })
      .from(memberDailyEarnings)
      .where(and(eq(memberDailyEarnings.userId, member.id), eq(memberDailyEarnings.day, today)));
    expect(spike).toMatchObject({ kind: "earning_spike", key: `spike:${today}`, strength: 100 });
    expect(spike!.evidence.figures).toEqual({
      earnedToday: earned!.total,
      usualDay: 2_000,
      daysOfHistory: 8,
      times: Math.floor(earned!.total / 2_000),
    });
    expect(spike!.evidence.claims![0]).toBe(`ad_view:${tenth}`);
    expect(spike!.summary).toMatch(/^Earned ₹[\d.]+ today, \d+× the usual ₹2\.000 a day$/);
    await expectLedgerConsistent(t);
  }, 120_000);

  it("offer-wall reversals: flagged at two and a fifth of the credits, naming the transactions", async () => {
    const member = await newMember(t);
    const wallId = `risk-wall-${member.id}`;
    await t.deps.db.insert(taskWalls).values({
      id: wallId,
      name: "Risk wall",
      frameUrlTemplate: "https://wall.example/{user_id}",
      secret: "s",
      scheme: "md5_fields",
      milliPerPoint: 1,
      capPerPostback: 1_000_000,
    });
    const row = (transactionId: string, kind: "credit" | "reversal", minutesAgo: number) => ({
      wallId,
      transactionId,
      kind,
      userId: member.id,
      amount: 1_000,
      createdAt: new Date(clock - minutesAgo * 60_000),
    });
    // Ten credits in the month, one reversal, and a reversal older than 30 days.
    await t.deps.db
      .insert(taskWallTransactions)
      .values([
        ...Array.from({ length: 10 }, (_, i) => row(`tx${i}`, "credit", 100 + i)),
        row("tx0", "reversal", 50),
        row("old", "reversal", 31 * 24 * 60),
      ]);
    const now = () => new Date(clock);
    await afterOfferReversal(t.deps.db, member.id, now());
    expect(await openSignals(member.id)).toEqual([]);
    await t.deps.db.insert(taskWallTransactions).values(row("tx1", "reversal", 10));
    await afterOfferReversal(t.deps.db, member.id, now());
    let [signal] = await openSignals(member.id);
    expect(signal).toMatchObject({
      kind: "offer_reversals",
      key: "reversals",
      strength: 100,
      summary: "2 offer-wall reversals against 10 credits in 30 days (20 %)",
    });
    expect(signal!.evidence.claims).toEqual([`offer:${wallId}:tx1`, `offer:${wallId}:tx0`]);
    await t.deps.db.insert(taskWallTransactions).values(row("tx2", "reversal", 5));
    await afterOfferReversal(t.deps.db, member.id, now());
    [signal] = await openSignals(member.id);
    expect(signal).toMatchObject({
      strength: 150,
      summary: "3 offer-wall reversals against 10 credits in 30 days (30 %)",
    });
  });

  it("two accounts, one losing every paid game to the other: both game_collusion and held", async () => {
    const TEN: JoinRequest = { practice: false, entryFee: 10_000 };
    const winner = await newMember(t);
    const loser = await newMember(t);
    await giveDeposit(t, loser.id, 100);
    await giveDeposit(t, winner.id, 100);
    /** One paid game; `draw` plays to a draw, otherwise `winner` makes a line. */
    async function game(draw = false) {
      const a = await join(g, winner.id, TEN);
      const b = await join(g, loser.id, TEN);
      expect(b.roomId).toBe(a.roomId);
      const roomId = a.roomId;
      const room = await t.deps.db.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId));
      const x = room.find((p) => p.symbol === "X")!.userId;
      const o = room.find((p) => p.symbol === "O")!.userId;
      const moves: [string, number, number][] = draw
        ? [
            [x, 0, 0],
            [o, 0, 1],
            [x, 0, 2],
            [o, 1, 1],
            [x, 1, 0],
            [o, 1, 2],
            [x, 2, 1],
            [o, 2, 0],
            [x, 2, 2],
          ]
        : x === winner.id
          ? [
              [x, 0, 0],
              [o, 1, 0],
              [x, 0, 1],
              [o, 1, 1],
              [x, 0, 2],
            ]
          : [
              [x, 2, 2],
              [o, 0, 0],
              [x, 1, 0],
              [o, 0, 1],
              [x, 2, 0],
              [o, 0, 2],
            ];
      for (const [userId, row, col] of moves) {
        await move(g, { roomId, userId, row, col });
        tick(1_000);
      }
      // The pair's signal is read after the last move's answer: wait for that read.
      expect(await t.deps.inFlight.settled(10_000)).toBe(0);
      const [r] = await t.deps.db.select().from(gameRooms).where(eq(gameRooms.id, roomId));
      expect(r!.status).toBe("finished");
      tick(10_000);
      return roomId;
    }
    const rooms: string[] = [];
    for (let i = 0; i < 4; i++) rooms.push(await game());
    await game(true); // a draw does not count, and does not break the run
    expect(await openSignals(winner.id)).toEqual([]);
    expect(await openSignals(loser.id)).toEqual([]);
    rooms.push(await game());
    const key = `collusion:${[winner.id, loser.id].sort().join(":")}`;
    const [lost] = await openSignals(loser.id);
    expect(lost).toMatchObject({
      kind: "game_collusion",
      key,
      strength: 100,
      summary: `Lost all 5 paid games to ${winner.userName}`,
    });
    expect(lost!.evidence.accounts).toEqual([winner.id]);
    expect([...lost!.evidence.games!].sort()).toEqual([...rooms].sort());
    const [won] = await openSignals(winner.id);
    expect(won).toMatchObject({
      kind: "game_collusion",
      key,
      summary: `Won all 5 paid games against ${loser.userName}`,
      evidence: { accounts: [loser.id] },
    });
    // 50 points each: the default hold threshold.
    expect(await heldAt(loser.id)).not.toBeNull();
    expect(await heldAt(winner.id)).not.toBeNull();
    tick(300_000);
    await sweep(g);
    await expectLedgerConsistent(t);
  }, 120_000);
});
