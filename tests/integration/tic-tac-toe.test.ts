import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  balances,
  expectLedgerConsistent,
  giveDeposit,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { gameDeps } from "../../api/deps";
import { gamePlayers, gameRoomTypes, gameRooms, journalEntries } from "../../api/db/schema";
import { PLATFORM, accountBalance } from "../../api/ledger/ledger";
import { gameEscrowTotal } from "../../api/games/escrow";
import { DomainError } from "../../api/lib/errors";
import { lockRoom, stepOverVersion, readRoom, readState, type GameDeps } from "../../api/games/rooms";
import { cancel, join, type JoinRequest } from "../../api/games/join";
import { disconnect, enterRoom } from "../../api/games/presence";
import { move } from "../../api/games/moves";
import { prizeKey } from "../../api/games/settlement";
import { setPaidRooms } from "../../api/games/paidRooms";
import { sweep } from "../../api/games/sweeper";
import { RoomStates } from "../../api/games/roomStates";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { Db } from "../../api/db/client";
import { seedGames } from "../../api/seed/games";
import { GAME_MESSAGES } from "../../shared/ticTacToeEvents";

/**
 * The tic-tac-toe room module against a real database (both drivers): joins and matching, the
 * races the issue names (joins for one seat, a member joining twice, cancel against a match, two
 * moves at once, settlement under concurrency, the paid switch with players waiting), every
 * deadline through the sweeper with a moved clock, and the ledger invariant after each test.
 */
describe.each(drivers("both"))("tic-tac-toe rooms (%s)", (driver) => {
  let t: TestApi;
  let g: GameDeps;
  let clock = Date.parse("2026-05-04T06:00:00Z");
  const now = () => new Date(clock);
  const tick = (seconds: number) => {
    clock += seconds * 1000;
  };
  const TEN: JoinRequest = { practice: false, entryFee: 10_000 };
  const PRACTICE: JoinRequest = { practice: true };

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = now;
    g = gameDeps(t.deps);
    await t.deps.db.transaction((tx) => seedGames(tx));
  });
  afterAll(() => t.close());
  // Every test's rooms end (their deadlines pass and the sweeper acts), so each test starts with
  // no live room and the game escrow holds exactly nothing afterwards.
  afterEach(async () => {
    tick(300);
    await sweep(g);
    expect(await gameEscrowTotal(t.deps.db)).toBe(0);
    await expectLedgerConsistent(t);
  });

  /** A member with `rupees` of deposit balance. */
  async function player(rupees = 100, opts: { referredBy?: string } = {}): Promise<TestMember> {
    const m = await newMember(t, opts);
    if (rupees > 0) await giveDeposit(t, m.id, rupees);
    return m;
  }

  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof DomainError) return { code: e.code, message: e.message };
      throw e;
    }
    throw new Error("expected a refusal");
  };

  async function seats(roomId: string) {
    return t.deps.db.select().from(gamePlayers).where(eq(gamePlayers.roomId, roomId));
  }

  async function entries(prefix: string) {
    return t.deps.db
      .select()
      .from(journalEntries)
      .where(like(journalEntries.idempotencyKey, `${prefix}%`));
  }

  /** After X's first move in the corner (0, 0), the moves to a draw: X O X / X O O / O X X. */
  const drawAfterCorner = (x: TestMember, o: TestMember): (readonly [TestMember, number, number])[] => [
    [o, 0, 1],
    [x, 0, 2],
    [o, 1, 1],
    [x, 1, 0],
    [o, 1, 2],
    [x, 2, 1],
    [o, 2, 0],
    [x, 2, 2],
  ];

  /** A paid room where X wins by playing (0, 2): the board is X X _ / O O _ / _ _ _, X to move. */
  async function oneMoveFromXWinning() {
    const m = await matched(TEN);
    await play(m.roomId, [
      [m.x, 0, 0],
      [m.o, 1, 0],
      [m.x, 0, 1],
      [m.o, 1, 1],
    ]);
    return m;
  }

  /** Plays the moves in order: [player, row, col]. */
  async function play(roomId: string, moves: (readonly [TestMember, number, number])[]) {
    for (const [who, row, col] of moves) await move(g, { roomId, userId: who.id, row, col });
  }

  /** O's move after O's turn ran out: refused as too late, and the timeout stands (X wins). */
  async function expectTooLate(roomId: string, o: TestMember) {
    expect(await refusal(move(g, { roomId, userId: o.id, row: 0, col: 0 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.timeUp,
    });
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      winner: "X",
      end_reason: "turn_timeout",
    });
  }

  /** Two members matched in a room of `type`: answers the room id and who is X and O. */
  async function matched(type: JoinRequest, x?: TestMember, o?: TestMember) {
    x ??= await player();
    o ??= await player();
    const a = await join(g, x.id, type);
    const b = await join(g, o.id, type);
    expect(b.roomId).toBe(a.roomId);
    return { roomId: a.roomId, x, o };
  }

  // PGlite has one connection: a second transaction cannot run while the first is open there.
  it.runIf(driver === "postgres")(
    "a room's seats are read after its lock is held: a change committed while waiting for the lock is seen",
    async () => {
      const x = await player(0);
      const o = await player(0);
      const { roomId } = await join(g, x.id, PRACTICE);
      await join(g, o.id, PRACTICE);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const holding = new Promise<void>((r) => (locked = r));
      // Another change holds the room's lock and disconnects O, then commits.
      const change = t.deps.db.transaction(async (tx) => {
        await tx.select().from(gameRooms).where(eq(gameRooms.id, roomId)).for("update");
        await tx
          .update(gamePlayers)
          .set({ connected: false })
          .where(and(eq(gamePlayers.roomId, roomId), eq(gamePlayers.userId, o.id)));
        locked();
        await held;
      });
      await holding;
      const reading = t.deps.db.transaction((tx) => lockRoom(tx, roomId));
      // lockRoom waits for the lock (its room and seat reads went out together).
      await new Promise((r) => setTimeout(r, 200));
      release();
      await change;
      const after = await reading;
      expect(after?.players.find((p) => p.userId === o.id)?.connected).toBe(false);
    },
  );

  it("practice: free, matched, played to a win with no money moved", async () => {
    const x = await player(0);
    const o = await player(0);
    const first = await join(g, x.id, PRACTICE);
    expect(first).toMatchObject({ type: "Practice Room", resumed: false });
    const waiting = (await readRoom(t.deps.db, first.roomId, now()))!;
    expect(waiting).toMatchObject({
      status: "waiting",
      opponent_player_waiting_timeLeft: 120,
      max_player: 2,
      players: [{ _id: x.id, symbol: "X", connected: true, remaining_disconnect: null }],
    });
    const second = await join(g, o.id, PRACTICE);
    expect(second.roomId).toBe(first.roomId);
    const roomId = first.roomId;
    await move(g, { roomId, userId: x.id, row: 0, col: 0 });
    await move(g, { roomId, userId: o.id, row: 1, col: 0 });
    await move(g, { roomId, userId: x.id, row: 0, col: 1 });
    await move(g, { roomId, userId: o.id, row: 1, col: 1 });
    const end = await move(g, { roomId, userId: x.id, row: 0, col: 2 });
    expect(end).toMatchObject({
      status: "finished",
      winner: "X",
      end_reason: "line",
      currentTurn: null,
      gameState: [
        ["X", "X", "X"],
        ["O", "O", ""],
        ["", "", ""],
      ],
    });
    expect(await entries(`game-`).then((e) => e.filter((r) => r.idempotencyKey.includes(roomId)))).toEqual(
      [],
    );
    expect(await balances(t, x.id)).toEqual({ withdrawable: 0, deposit: 0 });
  });

  it("paid: the fee leaves the deposit balance; the winner gets the prize, referral income and revenue follow", async () => {
    const referrer = await player(0);
    const x = await player(100, { referredBy: referrer.id });
    const o = await player(100);
    const revenueBefore = await accountBalance(t.deps.db, PLATFORM.revenue);
    const escrowBefore = await gameEscrowTotal(t.deps.db);
    const { roomId } = await matched(TEN, x, o);
    expect(await balances(t, x.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    expect(await gameEscrowTotal(t.deps.db)).toBe(escrowBefore + 20_000);
    const started = (await readRoom(t.deps.db, roomId, now()))!;
    expect(started).toMatchObject({
      status: "playing",
      currentTurn: "X",
      player_turn_timeLeft: 30,
      version: 1,
    });
    await play(roomId, [
      [x, 0, 0],
      [o, 0, 1],
      [x, 1, 1],
      [o, 0, 2],
      [x, 2, 2],
    ]);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({ winner: "X", status: "finished" });
    expect(await balances(t, x.id)).toEqual({ withdrawable: 18_000, deposit: 90_000 });
    expect(await balances(t, o.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    // Referral income at the default 10 %: ₹10 of X's task-wall earning, then ₹0.800 of the game:
    // 10 % of the net winnings (₹18 prize − ₹10 own fee), not of the prize.
    expect((await balances(t, referrer.id)).withdrawable).toBe(10_800);
    expect(await accountBalance(t.deps.db, PLATFORM.revenue)).toBe(revenueBefore + 2_000);
    expect(await gameEscrowTotal(t.deps.db)).toBe(escrowBefore);
  });

  it("refuses a paid join without the fee, with nothing written", async () => {
    const poor = await player(5);
    const roomsBefore = await t.deps.db.select().from(gameRooms);
    expect(await refusal(join(g, poor.id, TEN))).toEqual({
      code: "insufficient_balance",
      message: "Low Balance: Your balance is too low to join this room.",
    });
    expect(await t.deps.db.select().from(gameRooms)).toHaveLength(roomsBefore.length);
    expect(await balances(t, poor.id)).toEqual({ withdrawable: 0, deposit: 5_000 });
    expect(await refusal(join(g, poor.id, { practice: false, entryFee: 11_000 }))).toEqual({
      code: "not_found",
      message: GAME_MESSAGES.unknownRoomType,
    });
  });

  it("a refused join does not hold up the joins of its type queued behind it", async () => {
    const poor = await player(5);
    const [a, b] = await Promise.all([player(), player()]);
    const [refused, joinedA, joinedB] = await Promise.allSettled([
      join(g, poor.id, TEN),
      join(g, a.id, TEN),
      join(g, b.id, TEN),
    ]);
    expect(refused).toMatchObject({ status: "rejected", reason: { code: "insufficient_balance" } });
    expect(joinedA).toMatchObject({ status: "fulfilled", value: { resumed: false } });
    expect(joinedB).toMatchObject({ status: "fulfilled", value: { resumed: false } });
    const roomOf = (r: PromiseSettledResult<{ roomId: string }>) =>
      r.status === "fulfilled" ? r.value.roomId : "";
    expect(roomOf(joinedA)).toBe(roomOf(joinedB));
  });

  it("joins racing for one waiting seat: one takes it, nobody pays twice or sits in a full room", async () => {
    const type: JoinRequest = { practice: false, entryFee: 20_000 };
    const first = await player();
    const waitingRoom = (await join(g, first.id, type)).roomId;
    const racers = await Promise.all([1, 2, 3, 4, 5].map(() => player()));
    const results = await Promise.all(racers.map((m) => join(g, m.id, type)));
    expect(results.filter((r) => r.roomId === waitingRoom)).toHaveLength(1);
    const rooms = new Map<string, number>();
    for (const r of [waitingRoom, ...results.map((r) => r.roomId)]) rooms.set(r, (rooms.get(r) ?? 0) + 1);
    for (const [roomId, n] of rooms) {
      expect(n).toBeLessThanOrEqual(2);
      expect(await seats(roomId)).toHaveLength(n);
    }
    // Six members: three full rooms (matched with each other, not each left waiting).
    expect([...rooms.values()].sort()).toEqual([2, 2, 2]);
    for (const m of [first, ...racers]) expect((await balances(t, m.id)).deposit).toBe(80_000);
  });

  it("a member joining twice at once gets one seat and pays once; joining again resumes", async () => {
    const m = await player();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => join(g, m.id, { practice: false, entryFee: 50_000 })),
    );
    expect(new Set(results.map((r) => r.roomId)).size).toBe(1);
    expect(results.filter((r) => !r.resumed)).toHaveLength(1);
    expect((await balances(t, m.id)).deposit).toBe(50_000);
    expect(await join(g, m.id, { practice: false, entryFee: 50_000 })).toMatchObject({
      roomId: results[0]!.roomId,
      resumed: true,
    });
    expect(await cancel(g, results[0]!.roomId, m.id)).toBe(GAME_MESSAGES.cancelledRefunded);
    expect((await balances(t, m.id)).deposit).toBe(100_000);
  });

  /** The members' live seats and their rooms' seat counts and states, after a burst of joins. */
  async function seatingOf(members: TestMember[]) {
    const live = await t.deps.db
      .select()
      .from(gamePlayers)
      .where(
        and(
          inArray(
            gamePlayers.userId,
            members.map((m) => m.id),
          ),
          eq(gamePlayers.active, true),
        ),
      );
    const roomIds = [...new Set(live.map((s) => s.roomId))];
    const rooms = roomIds.length
      ? await t.deps.db.select().from(gameRooms).where(inArray(gameRooms.id, roomIds))
      : [];
    const all = roomIds.length
      ? await t.deps.db.select().from(gamePlayers).where(inArray(gamePlayers.roomId, roomIds))
      : [];
    return { live, rooms, seatsIn: (roomId: string) => all.filter((s) => s.roomId === roomId).length };
  }

  it("40 members joining one type at once (some twice): each seated once, pairs matched, at most one waiting", async () => {
    const type: JoinRequest = { practice: false, entryFee: 20_000 };
    const members = await Promise.all(Array.from({ length: 40 }, () => player()));
    // A fixed shuffle (seed 24), with every fifth member clicking Join twice.
    let seed = 24;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const calls = [...members, ...members.filter((_, i) => i % 5 === 0)];
    for (let i = calls.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const results = await Promise.all(calls.map((m) => join(g, m.id, type).then((r) => ({ m, r }))));
    // A member's answers all name one room, and only one of them took a seat.
    for (const m of members) {
      const mine = results.filter((x) => x.m === m);
      expect(new Set(mine.map((x) => x.r.roomId)).size).toBe(1);
      expect(mine.filter((x) => !x.r.resumed)).toHaveLength(1);
      expect((await balances(t, m.id)).deposit).toBe(80_000);
    }
    const { live, rooms, seatsIn } = await seatingOf(members);
    expect(live).toHaveLength(40);
    expect(new Set(live.map((s) => s.userId)).size).toBe(40);
    const waiting = rooms.filter((r) => r.status === "waiting");
    expect(waiting.length).toBeLessThanOrEqual(1);
    for (const room of rooms) expect(seatsIn(room.id)).toBe(room.status === "waiting" ? 1 : 2);
    // 40 members: 20 games, nobody left waiting alone.
    expect(rooms.filter((r) => r.status === "playing")).toHaveLength(20);
    expect(await gameEscrowTotal(t.deps.db)).toBe(40 * 20_000);
  });

  it("joins racing the paid switch off: every join refused, refunded or in a started game; none seated twice", async () => {
    const operator = await newOperator(t);
    const members = await Promise.all(Array.from({ length: 30 }, () => player()));
    const results = await Promise.allSettled([
      ...members.slice(0, 10).map((m) => join(g, m.id, TEN)),
      setPaidRooms(g, operator.id, false),
      ...members.slice(10).map((m) => join(g, m.id, TEN)),
    ]);
    expect(results[10]).toMatchObject({ status: "fulfilled" });
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "paid_rooms_off" });
    const { live, rooms } = await seatingOf(members);
    // After the switch, no paid room is left waiting: each joined member is in a game or refunded.
    expect(rooms.filter((r) => r.status === "waiting")).toHaveLength(0);
    expect(new Set(live.map((s) => s.userId)).size).toBe(live.length);
    for (const m of members) {
      const seat = live.find((s) => s.userId === m.id);
      expect((await balances(t, m.id)).deposit).toBe(seat ? 90_000 : 100_000);
    }
    expect(live.length % 2).toBe(0);
    expect(await gameEscrowTotal(t.deps.db)).toBe(live.length * 10_000);
    await setPaidRooms(g, operator.id, true);
  });

  it("cancel racing a match: either the search is cancelled and refunded, or the game starts — never both", async () => {
    for (let i = 0; i < 4; i++) {
      const a = await player();
      const b = await player();
      const { roomId } = await join(g, a.id, TEN);
      const [cancelled, joined] = await Promise.allSettled([cancel(g, roomId, a.id), join(g, b.id, TEN)]);
      const room = (await readRoom(t.deps.db, roomId, now()))!;
      if (cancelled.status === "fulfilled") {
        expect(cancelled.value).toBe(GAME_MESSAGES.cancelledRefunded);
        expect(room.status).toBe("cancelled");
        expect((await balances(t, a.id)).deposit).toBe(100_000);
        expect(joined.status === "fulfilled" && joined.value.roomId).not.toBe(roomId);
        await cancel(g, (joined as PromiseFulfilledResult<{ roomId: string }>).value.roomId, b.id);
      } else {
        expect(cancelled.reason).toMatchObject({ code: "conflict", message: GAME_MESSAGES.alreadyStarted });
        expect(room.status).toBe("playing");
        expect((await balances(t, a.id)).deposit).toBe(90_000);
        expect(joined).toMatchObject({ status: "fulfilled", value: { roomId } });
        // Finish it: X lets the turn run out.
        tick(31);
        await sweep(g);
      }
      // A second cancel refunds nothing more.
      expect(await refusal(cancel(g, roomId, a.id))).toMatchObject({ code: "conflict" });
    }
  });

  it("two moves at once: exactly one applies; a stale version is refused", async () => {
    const { roomId, x, o } = await matched(PRACTICE, await player(0), await player(0));
    const results = await Promise.allSettled([
      move(g, { roomId, userId: x.id, row: 0, col: 0 }),
      move(g, { roomId, userId: x.id, row: 2, col: 2 }),
      move(g, { roomId, userId: x.id, row: 1, col: 1 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const room = (await readRoom(t.deps.db, roomId, now()))!;
    expect(room.gameState.flat().filter((c) => c !== "")).toEqual(["X"]);
    expect(room).toMatchObject({ currentTurn: "O", version: 2 });
    expect(await refusal(move(g, { roomId, userId: o.id, row: 0, col: 1, expectedVersion: 1 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.stale,
    });
    await move(g, { roomId, userId: o.id, row: 0, col: 1, expectedVersion: 2 });
  });

  it("a move over a version another move replaced is not written, and played again under the lock", async () => {
    const { roomId, x } = await matched(PRACTICE, await player(0), await player(0));
    // Both moves read the same version: exactly the interleaving of two moves at once.
    const seen = (await readState(t.deps.db, roomId))!;
    const at = (row: number, col: number) => ({ type: "move" as const, roomId, userId: x.id, row, col });
    const first = await stepOverVersion(g, seen, at(0, 0), now());
    expect(first).toMatchObject({ stored: { room: { version: 2, currentTurn: "O" } } });
    expect(await stepOverVersion(g, seen, at(2, 2), now())).toBeNull();
    const room = (await readRoom(t.deps.db, roomId, now()))!;
    expect(room.gameState.flat().filter((c) => c !== "")).toEqual(["X"]);
    expect(room.gameState[0]![0]).toBe("X");
    // Played again on the room as it is now: X has moved, so it is O's turn.
    expect(await refusal(move(g, { roomId, userId: x.id, row: 2, col: 2 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.notYourTurn,
    });
  });

  /** A node of its own: its own state of the rooms, on the same database; `reads` counts its reads of a room. */
  function node() {
    const counted = { reads: 0 };
    const logger = {
      logQuery(query: string) {
        if (query.includes('from "game_rooms" left join "game_players"')) counted.reads++;
      },
    };
    const client = (t.deps.db as unknown as { $client: never }).$client;
    const db = (driver === "postgres"
      ? drizzlePostgres(client, { logger })
      : drizzlePglite(client, { logger })) as unknown as Db;
    return Object.assign(counted, { g: { ...g, db, states: new RoomStates() } });
  }

  it("a move after one this node stored reads nothing: it is computed on the room as this node left it", async () => {
    const { roomId, x, o } = await matched(PRACTICE, await player(0), await player(0));
    const here = node();
    await move(here.g, { roomId, userId: x.id, row: 0, col: 0 });
    expect(here.reads).toBe(1);
    await move(here.g, { roomId, userId: o.id, row: 1, col: 1 });
    await move(here.g, { roomId, userId: x.id, row: 0, col: 1 });
    expect(here.reads).toBe(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({ version: 4, currentTurn: "O" });
  });

  it("a room changed on another node: the move is played on the room as read, never refused on this node's old state", async () => {
    const { roomId, x, o } = await matched(TEN);
    const a = node();
    const b = node();
    await move(a.g, { roomId, userId: x.id, row: 0, col: 0 });
    await move(b.g, { roomId, userId: o.id, row: 1, col: 0 });
    // Node a's state has O to move: X's move is read again, and stored.
    await move(a.g, { roomId, userId: x.id, row: 0, col: 1 });
    // Node b's state is one version behind: its write finds no row, and the move is played again.
    await move(b.g, { roomId, userId: o.id, row: 1, col: 1 });
    expect(b.g.states.get(roomId)).toBeUndefined();
    // A refusal stands on the room as read: O moved last, so it is X's turn.
    expect(await refusal(move(b.g, { roomId, userId: o.id, row: 2, col: 2 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.notYourTurn,
    });
    // X's win from node a's state two versions behind: stored once, with its money.
    await move(a.g, { roomId, userId: x.id, row: 0, col: 2 });
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      status: "finished",
      winner: "X",
      gameState: [
        ["X", "X", "X"],
        ["O", "O", ""],
        ["", "", ""],
      ],
    });
    expect(await entries(`game-prize:${roomId}`)).toHaveLength(1);
    expect(a.g.states.get(roomId)).toBeUndefined();
  });

  it("a winning move over a version another move replaced posts no money, and is played again under the lock", async () => {
    const { roomId, x, o } = await oneMoveFromXWinning();
    const seen = (await readState(t.deps.db, roomId))!;
    const at = (row: number, col: number) => ({ type: "move" as const, roomId, userId: x.id, row, col });
    // Another move from the same read lands first; the win over that read is not stored.
    expect(await stepOverVersion(g, seen, at(2, 2), now())).toMatchObject({
      stored: { room: { currentTurn: "O" } },
    });
    expect(await stepOverVersion(g, seen, at(0, 2), now())).toBeNull();
    expect(await entries(`game-prize:${roomId}`)).toHaveLength(0);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({ status: "playing", winner: null });
    expect(await balances(t, x.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    expect(await refusal(move(g, { roomId, userId: x.id, row: 0, col: 2 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.notYourTurn,
    });
    // Over the version as it is, the win is stored with its money.
    await move(g, { roomId, userId: o.id, row: 2, col: 0 });
    await move(g, { roomId, userId: x.id, row: 0, col: 2 });
    expect(await entries(`game-prize:${roomId}`)).toHaveLength(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({ status: "finished", winner: "X" });
  });

  it("in a practice room too, a move after the turn ran out is refused and the timeout stands", async () => {
    const { roomId, x, o } = await matched(PRACTICE);
    await move(g, { roomId, userId: x.id, row: 1, col: 1 });
    tick(30);
    await expectTooLate(roomId, o);
  });

  it("refuses a move out of turn, on a full cell, off the board, by a stranger, before the start and after the end", async () => {
    const x0 = await player(0);
    const solo = await join(g, x0.id, PRACTICE);
    expect(await refusal(move(g, { roomId: solo.roomId, userId: x0.id, row: 0, col: 0 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.notStarted,
    });
    const { roomId, x, o } = await matched(PRACTICE, x0);
    const stranger = await player(0);
    expect(await refusal(move(g, { roomId, userId: o.id, row: 0, col: 0 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.notYourTurn,
    });
    await move(g, { roomId, userId: x.id, row: 0, col: 0 });
    expect(await refusal(move(g, { roomId, userId: o.id, row: 0, col: 0 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.cellTaken,
    });
    expect(await refusal(move(g, { roomId, userId: o.id, row: 3, col: 0 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.badCell,
    });
    expect(await refusal(move(g, { roomId, userId: stranger.id, row: 1, col: 1 }))).toEqual({
      code: "not_found",
      message: GAME_MESSAGES.roomNotFound,
    });
    expect(await refusal(move(g, { roomId: "no-such-room", userId: x.id, row: 1, col: 1 }))).toMatchObject({
      code: "not_found",
    });
    await play(roomId, drawAfterCorner(x, o));
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({ winner: "draw", end_reason: "draw" });
    expect(await refusal(move(g, { roomId, userId: o.id, row: 0, col: 0 }))).toEqual({
      code: "game_move_refused",
      message: GAME_MESSAGES.gameOver,
    });
  });

  it("a paid draw refunds both fees; the revenue keeps nothing", async () => {
    const revenueBefore = await accountBalance(t.deps.db, PLATFORM.revenue);
    const { roomId, x, o } = await matched(TEN);
    await play(roomId, [[x, 0, 0], ...drawAfterCorner(x, o)]);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({ winner: "draw" });
    for (const m of [x, o]) expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 100_000 });
    expect(await accountBalance(t.deps.db, PLATFORM.revenue)).toBe(revenueBefore);
  });

  it("the opponent wait expires through the sweeper: the room closes and the fee is refunded", async () => {
    const m = await player();
    const { roomId } = await join(g, m.id, TEN);
    tick(119);
    expect(await sweep(g)).toBe(0);
    expect((await readRoom(t.deps.db, roomId, now()))!.opponent_player_waiting_timeLeft).toBe(1);
    tick(1);
    expect(await sweep(g)).toBe(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      status: "cancelled",
      end_reason: "wait_expired",
    });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 100_000 });
    // Sweeping again, from two nodes at once, does nothing more.
    expect(await Promise.all([sweep(g), sweep(g)])).toEqual([0, 0]);
    expect(await entries(`game-refund:${roomId}`)).toHaveLength(1);
  });

  it("a turn runs out: the player to move loses and the game settles", async () => {
    const { roomId, x, o } = await matched(TEN);
    await move(g, { roomId, userId: x.id, row: 1, col: 1 });
    tick(29);
    expect(await sweep(g)).toBe(0);
    tick(1);
    // A move at the deadline is too late: the timeout stands.
    await expectTooLate(roomId, o);
    expect(await sweep(g)).toBe(0);
    expect((await balances(t, x.id)).withdrawable).toBe(18_000);
    expect((await balances(t, o.id)).withdrawable).toBe(0);
  });

  it("a disconnected player to move has 120 s to come back, then loses; coming back in time plays on", async () => {
    const { roomId, x, o } = await matched(TEN);
    await disconnect(g, roomId, x.id);
    let room = (await readRoom(t.deps.db, roomId, now()))!;
    expect(room.players.find((p) => p._id === x.id)).toMatchObject({
      connected: false,
      remaining_disconnect: 120,
    });
    tick(100);
    expect(await sweep(g)).toBe(0);
    const back = await enterRoom(g, roomId, x.id);
    expect(back).toMatchObject({ symbol: "X", room: { status: "playing", player_turn_timeLeft: 30 } });
    expect(back.room.players.find((p) => p._id === x.id)).toMatchObject({
      connected: true,
      remaining_disconnect: null,
    });
    await move(g, { roomId, userId: x.id, row: 0, col: 0 });
    // O drops on their own turn: their turn timer stops; the reconnect countdown runs out.
    await disconnect(g, roomId, o.id);
    tick(119);
    expect(await sweep(g)).toBe(0);
    tick(1);
    expect(await sweep(g)).toBe(1);
    room = (await readRoom(t.deps.db, roomId, now()))!;
    expect(room).toMatchObject({ status: "finished", winner: "X", end_reason: "disconnect" });
    expect((await balances(t, x.id)).withdrawable).toBe(18_000);
  });

  /** The player's seat in the room view. */
  const seatOf = async (roomId: string, who: TestMember) =>
    (await readRoom(t.deps.db, roomId, now()))!.players.find((p) => p._id === who.id)!;

  it("one disconnect budget of 120 s per game: dropping and returning, each time under 120 s, loses once the total passes 120 s", async () => {
    const { roomId, x, o } = await matched(TEN);
    // X (to move) drops and returns before each deadline: before the fix each drop gave 120 s again
    // and each return a full 30 s turn, so X could hold the game (and O's fee) forever.
    for (const [away, left] of [
      [50, 120],
      [50, 70],
    ] as const) {
      await disconnect(g, roomId, x.id);
      expect(await seatOf(roomId, x)).toMatchObject({ connected: false, remaining_disconnect: left });
      tick(away);
      expect(await sweep(g)).toBe(0);
      const back = await enterRoom(g, roomId, x.id);
      // The turn had 30 s left at the disconnect (no time passed on it): 30 s, not more.
      expect(back.room).toMatchObject({ status: "playing", currentTurn: "X", player_turn_timeLeft: 30 });
    }
    expect((await seats(roomId)).find((p) => p.userId === x.id)!.disconnectBudgetMs).toBe(20_000);
    // The third drop has the 20 s left of the budget, not 120 s.
    await disconnect(g, roomId, x.id);
    expect(await seatOf(roomId, x)).toMatchObject({ connected: false, remaining_disconnect: 20 });
    tick(19);
    expect(await sweep(g)).toBe(0);
    tick(1);
    expect(await sweep(g)).toBe(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      status: "finished",
      winner: "O",
      end_reason: "disconnect",
    });
    expect((await balances(t, o.id)).withdrawable).toBe(18_000);
  });

  it("the stall the budget stops: drops of 29 s, each followed by a return, lose on the fifth", async () => {
    const { roomId, x, o } = await matched(TEN);
    // Before the fix this loop could go on forever: each return gave a new 120 s and a full turn.
    for (let i = 0; i < 4; i++) {
      await disconnect(g, roomId, x.id);
      expect((await seatOf(roomId, x)).remaining_disconnect).toBe(120 - 29 * i);
      tick(29);
      expect(await sweep(g)).toBe(0);
      await enterRoom(g, roomId, x.id);
    }
    await disconnect(g, roomId, x.id);
    expect((await seatOf(roomId, x)).remaining_disconnect).toBe(4);
    tick(4);
    expect(await sweep(g)).toBe(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      winner: "O",
      end_reason: "disconnect",
    });
    expect((await balances(t, o.id)).withdrawable).toBe(18_000);
  });

  it("a return restores the turn time that was left at the disconnect, not a fresh 30 s", async () => {
    const { roomId, x, o } = await matched(TEN);
    await move(g, { roomId, userId: x.id, row: 1, col: 1 });
    tick(12.5);
    // O, to move with 17.5 s left, drops: the turn clock stops and what it had left is kept.
    await disconnect(g, roomId, o.id);
    const [paused] = await t.deps.db.select().from(gameRooms).where(eq(gameRooms.id, roomId));
    expect(paused).toMatchObject({ turnDeadline: null, pausedTurnMs: 17_500 });
    tick(60);
    expect(await sweep(g)).toBe(0);
    const back = await enterRoom(g, roomId, o.id);
    expect(back.room).toMatchObject({ currentTurn: "O", player_turn_timeLeft: 18 });
    const [resumed] = await t.deps.db.select().from(gameRooms).where(eq(gameRooms.id, roomId));
    expect(resumed!.pausedTurnMs).toBeNull();
    expect(resumed!.turnDeadline!.getTime()).toBe(now().getTime() + 17_500);
    // The 60 s away came off O's budget.
    expect((await seats(roomId)).find((p) => p.userId === o.id)!.disconnectBudgetMs).toBe(60_000);
    tick(17.4);
    expect(await sweep(g)).toBe(0);
    tick(0.1);
    expect(await sweep(g)).toBe(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      winner: "X",
      end_reason: "turn_timeout",
    });
  });

  it("a turn that passes to a disconnected player is kept whole (30 s) for their return", async () => {
    const { roomId, x, o } = await matched(TEN);
    await disconnect(g, roomId, o.id);
    tick(5);
    await move(g, { roomId, userId: x.id, row: 1, col: 1 });
    const [paused] = await t.deps.db.select().from(gameRooms).where(eq(gameRooms.id, roomId));
    expect(paused).toMatchObject({ currentTurn: "O", turnDeadline: null, pausedTurnMs: 30_000 });
    tick(30);
    const back = await enterRoom(g, roomId, o.id);
    expect(back.room).toMatchObject({ currentTurn: "O", player_turn_timeLeft: 30 });
    expect(back.room.players.find((p) => p._id === o.id)).toMatchObject({
      connected: true,
      remaining_disconnect: null,
    });
    expect((await seats(roomId)).find((p) => p.userId === o.id)!.disconnectBudgetMs).toBe(85_000);
  });

  it("a read of the room leaves a disconnected player away; their move brings them back", async () => {
    const { roomId, x } = await matched(TEN);
    await disconnect(g, roomId, x.id);
    tick(10);
    // The page's data read again (e.g. after the network returns, socket still gone): still away.
    const read = await enterRoom(g, roomId, x.id, { reconnect: false });
    expect(read.room.players.find((p) => p._id === x.id)).toMatchObject({
      connected: false,
      remaining_disconnect: 110,
    });
    // A move is presence (a page without scripts has no socket): X is back, O's turn timer runs.
    const after = await move(g, { roomId, userId: x.id, row: 0, col: 0 });
    expect(after.players.find((p) => p._id === x.id)).toMatchObject({
      connected: true,
      remaining_disconnect: null,
    });
    expect(after).toMatchObject({ currentTurn: "O", player_turn_timeLeft: 30 });
    tick(120);
    // No reconnect deadline is left to expire for X; O's turn ran out instead.
    expect(await sweep(g)).toBe(1);
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      winner: "X",
      end_reason: "turn_timeout",
    });
  });

  it("settles once under concurrency: the winning move fired many times, with sweeps", async () => {
    const { roomId, x } = await oneMoveFromXWinning();
    const results = await Promise.allSettled([
      ...[1, 2, 3, 4, 5].map(() => move(g, { roomId, userId: x.id, row: 0, col: 2 })),
      sweep(g),
      sweep(g),
    ]);
    expect(results.slice(0, 5).filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await entries(prizeKey(roomId))).toHaveLength(1);
    expect((await balances(t, x.id)).withdrawable).toBe(18_000);
    // Racing the timeout: after the deadline, moves and sweeps from several nodes settle it once.
    const second = await matched(TEN);
    tick(31);
    await Promise.allSettled([
      move(g, { roomId: second.roomId, userId: second.x.id, row: 0, col: 0 }),
      sweep(g),
      sweep(g),
      enterRoom(g, second.roomId, second.o.id),
    ]);
    expect(await readRoom(t.deps.db, second.roomId, now())).toMatchObject({
      winner: "O",
      end_reason: "turn_timeout",
    });
    expect(await entries(prizeKey(second.roomId))).toHaveLength(1);
    expect((await balances(t, second.o.id)).withdrawable).toBe(18_000);
  });

  it("the paid switch off: paid types refused, waiting players refunded, practice works; audited", async () => {
    const operator = await newOperator(t);
    const waiting = await player();
    const { roomId } = await join(g, waiting.id, TEN);
    const playing = await matched({ practice: false, entryFee: 20_000 });
    const latecomers = await Promise.all([1, 2, 3].map(() => player()));
    const [refunded, ...joins] = await Promise.allSettled([
      setPaidRooms(g, operator.id, false),
      ...latecomers.map((m) => join(g, m.id, { practice: false, entryFee: 50_000 })),
    ]);
    expect(refunded).toMatchObject({ status: "fulfilled" });
    expect(await readRoom(t.deps.db, roomId, now())).toMatchObject({
      status: "cancelled",
      end_reason: "paid_rooms_off",
    });
    expect((await balances(t, waiting.id)).deposit).toBe(100_000);
    // Joins that got in before the switch were waiting and are refunded; later ones were refused.
    for (const [i, r] of joins.entries()) {
      const deposit = (await balances(t, latecomers[i]!.id)).deposit;
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({ code: "paid_rooms_off" });
        expect(deposit).toBe(100_000);
      } else {
        const room = (await readRoom(t.deps.db, r.value.roomId, now()))!;
        expect(["cancelled", "playing"]).toContain(room.status);
        expect(deposit).toBe(room.status === "cancelled" ? 100_000 : 50_000);
      }
    }
    expect(await refusal(join(g, waiting.id, TEN))).toEqual({
      code: "paid_rooms_off",
      message: GAME_MESSAGES.paidRoomsOff,
    });
    // A game in play finishes and settles.
    expect(await readRoom(t.deps.db, playing.roomId, now())).toMatchObject({ status: "playing" });
    const practice = await matched(PRACTICE, await player(0), await player(0));
    expect(await readRoom(t.deps.db, practice.roomId, now())).toMatchObject({ status: "playing" });
    await setPaidRooms(g, operator.id, true);
    expect((await join(g, waiting.id, TEN)).resumed).toBe(false);
    const audit = await t.request("/adminRoute/audit", { cookie: operator.cookie });
    expect(JSON.stringify(audit.body)).toContain("games.paid_rooms");
    const types = await t.deps.db
      .select()
      .from(gameRoomTypes)
      .where(and(eq(gameRoomTypes.enabled, true)));
    expect(types).toHaveLength(3);
  });

  it("the betting hub's today figures come from the ledger", async () => {
    const x = await player();
    const o = await player();
    const home = async (m: TestMember) =>
      (await t.request("/userIncomeRoute/user_betting_games_home_get", { cookie: m.cookie })).body;
    expect(await home(x)).toEqual({
      success: true,
      msg: {
        deposit_amount: "100.000",
        today_betting_amount: "0.000",
        today_bettings_winning_amount: "0.000",
        today_bettings_profit_or_lose_amount: "0.000",
        userAvailableBalance: "0.000",
      },
    });
    const { roomId } = await matched(TEN, x, o);
    tick(31); // X lets the turn run out: O wins ₹18.
    await sweep(g);
    expect((await readRoom(t.deps.db, roomId, now()))!.winner).toBe("O");
    expect((await home(x)).msg).toMatchObject({
      deposit_amount: "90.000",
      today_betting_amount: "10.000",
      today_bettings_winning_amount: "0.000",
      today_bettings_profit_or_lose_amount: "-10.000",
    });
    expect((await home(o)).msg).toMatchObject({
      today_betting_amount: "10.000",
      today_bettings_winning_amount: "18.000",
      today_bettings_profit_or_lose_amount: "8.000",
      userAvailableBalance: "18.000",
    });
    // A cancelled search costs nothing.
    const { roomId: solo } = await join(g, x.id, TEN);
    await cancel(g, solo, x.id);
    expect((await home(x)).msg).toMatchObject({ today_betting_amount: "10.000" });
    expect((await t.request("/userIncomeRoute/user_betting_games_home_get")).status).toBe(401);
  });

  it("operators manage room types, the paid switch and see games with their settlements; all audited", async () => {
    const operator = await newOperator(t);
    const member = await player();
    const as =
      (cookie: string) =>
      (path: string, init: { method?: string; json?: unknown } = {}) =>
        t.request(`/adminRoute${path}`, { ...init, cookie });
    const op = as(operator.cookie);
    expect((await as(member.cookie)("/gameRoomTypes")).status).toBe(403);
    const list = await op("/gameRoomTypes");
    expect(list.body.msg.records.map((r: { entry_fee: string }) => r.entry_fee)).toEqual([
      "10.000",
      "20.000",
      "50.000",
    ]);
    const created = await op("/gameRoomTypes", {
      json: { name: "Diamond Room", entry_fee: "100", prize: "180" },
    });
    expect(created.body).toMatchObject({
      success: true,
      msg: {
        message: "Room type saved.",
        roomType: { name: "Diamond Room", entry_fee: "100.000", prize: "180.000", enabled: true },
      },
    });
    const id = created.body.msg.roomType.id as string;
    expect(
      (await op("/gameRoomTypes", { json: { name: "Copy", entry_fee: "100", prize: "150" } })).body,
    ).toMatchObject({
      success: false,
      error_code: "duplicate",
    });
    expect(
      (await op("/gameRoomTypes", { json: { name: "Greedy", entry_fee: "5", prize: "11" } })).body,
    ).toMatchObject({
      success: false,
      error_msg: "The prize must not exceed the two players' entry fees.",
    });
    expect((await op("/gameRoomTypes", { json: { name: "", entry_fee: "x", prize: "1" } })).status).toBe(400);
    const edited = await op(`/gameRoomTypes/${id}`, { method: "PATCH", json: { enabled: false } });
    expect(edited.body.msg.roomType.enabled).toBe(false);
    expect((await op("/gameRoomTypes/unknown", { method: "PATCH", json: { enabled: true } })).status).toBe(
      404,
    );
    expect(await refusal(join(g, member.id, { practice: false, entryFee: 100_000 }))).toMatchObject({
      code: "not_found",
    });

    const { roomId } = await join(g, member.id, TEN);
    expect((await op("/gamePaidRooms")).body.msg).toEqual({ on: true });
    const off = await op("/gamePaidRooms", { method: "PATCH", json: { on: false } });
    expect(off.body.msg).toEqual({ message: "Paid rooms are off.", on: false, refunded_players: 1 });
    expect((await balances(t, member.id)).deposit).toBe(100_000);
    const games = (await op("/games")).body.msg;
    expect(games.paid_rooms).toBe(false);
    const mine = games.recent.find((r: { id: string }) => r.id === roomId);
    expect(mine).toMatchObject({ status: "cancelled", end_reason: "paid_rooms_off" });
    expect(
      mine.settlement
        .map((l: { kind: string; account: string; amount: string }) => [l.kind, l.account, l.amount])
        .sort(),
    ).toEqual(
      [
        ["game_fee", `member:${member.id}:deposit`, "-10.000"],
        ["game_fee", `game:${roomId}:escrow`, "10.000"],
        ["game_refund", `member:${member.id}:deposit`, "10.000"],
        ["game_refund", `game:${roomId}:escrow`, "-10.000"],
      ].sort(),
    );
    expect((await op("/gamePaidRooms", { method: "PATCH", json: { on: "yes" } })).status).toBe(400);
    expect((await op("/gamePaidRooms", { method: "PATCH", json: { on: true } })).body.msg.on).toBe(true);
    const audit = JSON.stringify((await op("/audit")).body);
    for (const action of ["games.room_type.create", "games.room_type.update", "games.paid_rooms"])
      expect(audit).toContain(action);
  });

  it("operators page the ended games, newest first (recent_pagination); live games are listed apart", async () => {
    const operator = await newOperator(t);
    const op = (query: string) => t.request(`/adminRoute/games${query}`, { cookie: operator.cookie });
    // Three searches ended one after another (cancelled), and one member left waiting.
    const ended: string[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await player();
      const { roomId } = await join(g, m.id, TEN);
      tick(1);
      await cancel(g, roomId, m.id);
      ended.unshift(roomId);
    }
    const waiting = await join(g, (await player()).id, TEN);
    const [count] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameRooms)
      .where(inArray(gameRooms.status, ["finished", "cancelled"]));
    const total = Number(count!.n);
    expect(total).toBeGreaterThanOrEqual(3);
    const ids = (games: { id: string }[]) => games.map((r) => r.id);

    const all = (await op("?limit=200")).body.msg;
    expect(all.recent_pagination).toEqual({
      page: 1,
      pageSize: 200,
      totalRecords: total,
      totalPages: Math.ceil(total / 200),
    });
    expect(ids(all.recent).slice(0, 3)).toEqual(ended);
    expect(ids(all.live)).toContain(waiting.roomId);

    const first = (await op("?limit=2")).body.msg;
    expect(ids(first.recent)).toEqual(ended.slice(0, 2));
    expect(first.recent_pagination).toEqual({
      page: 1,
      pageSize: 2,
      totalRecords: total,
      totalPages: Math.ceil(total / 2),
    });
    const second = (await op("?limit=2&page=2")).body.msg;
    expect(ids(second.recent)).toEqual(ids(all.recent).slice(2, 4));
    expect(second.recent_pagination.page).toBe(2);
    // Past the end: the last page; not a page number: the first.
    const last = (await op("?limit=2&page=9999")).body.msg;
    expect(last.recent_pagination.page).toBe(Math.ceil(total / 2));
    expect(ids(last.recent)).toEqual(ids(all.recent).slice((Math.ceil(total / 2) - 1) * 2));
    expect((await op("?limit=2&page=abc")).body.msg.recent_pagination.page).toBe(1);
    // No default page size surprise: without `limit`, 50 a page.
    expect((await op("")).body.msg.recent_pagination.pageSize).toBe(50);
    await cancel(g, waiting.roomId, (await seats(waiting.roomId))[0]!.userId);
  });
});
