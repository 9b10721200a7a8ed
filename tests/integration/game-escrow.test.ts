import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { balances, expectLedgerConsistent, giveDeposit, newMember, type TestMember } from "../support/money";
import { gameDeps } from "../../api/deps";
import {
  InsufficientFundsError,
  PLATFORM,
  accountBalance,
  memberAccount,
  postEntry,
} from "../../api/ledger/ledger";
import { gameEscrowAccount, gameEscrowTotal } from "../../api/games/escrow";
import { settleEffect, type PricedRoom, type Seat } from "../../api/games/settlement";
import type { GameDeps } from "../../api/games/rooms";
import { join, type JoinRequest } from "../../api/games/join";
import { move } from "../../api/games/moves";
import { sweep } from "../../api/games/sweeper";
import { seedGames } from "../../api/seed/games";
import type { GameEffect } from "../../shared/ticTacToeMachine";

/**
 * Each paid room's fees on its own escrow account (docs/decisions/0016): rooms joined and settled
 * at once each move only their own escrow, a room can never be paid out of another room's fees,
 * no escrow goes below zero under racing settlements and refunds, and migration 0014 moves fees
 * held on platform:game_escrow to their rooms.
 */
describe.each(drivers("both"))("game escrow per room (%s)", (driver) => {
  let t: TestApi;
  let g: GameDeps;
  let clock = Date.parse("2026-05-04T06:00:00Z");
  const now = () => new Date(clock);
  const TEN: JoinRequest = { practice: false, entryFee: 10_000 };

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = now;
    g = gameDeps(t.deps);
    await t.deps.db.transaction((tx) => seedGames(tx));
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock += 300_000;
    await sweep(g);
    await expectLedgerConsistent(t);
  });

  async function player(rupees = 100): Promise<TestMember> {
    const m = await newMember(t);
    await giveDeposit(t, m.id, rupees);
    return m;
  }

  const escrowOf = (roomId: string) => accountBalance(t.deps.db, gameEscrowAccount(roomId));
  const rowsOf = <T>(r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as T[];

  /** Entry keys of every line on the room's escrow. */
  async function escrowKeys(roomId: string): Promise<string[]> {
    return rowsOf<{ k: string }>(
      await t.deps.db.execute(sql`select e.idempotency_key as k from journal_lines l
        join journal_entries e on e.id = l.entry_id where l.account_id = ${gameEscrowAccount(roomId)}`),
    ).map((r) => r.k);
  }

  const effect = (room: PricedRoom, seats: Seat[], e: GameEffect) =>
    t.deps.db.transaction((tx) => settleEffect(tx, new Set(), room, seats, e, now()));

  it("rooms joined and played at once each hold and pay out only their own fees", async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => player()));
    // Twelve joins at once (normally six rooms of two; however they pair, each room's escrow holds
    // its own seats' fees).
    const joined = await Promise.all(members.map((m) => join(g, m.id, TEN)));
    const all = [...new Set(joined.map((j) => j.roomId))];
    const seatCount = (r: string) => joined.filter((j) => j.roomId === r).length;
    for (const r of all) expect(await escrowOf(r)).toBe(seatCount(r) * 10_000);
    expect(await accountBalance(t.deps.db, PLATFORM.gameEscrow)).toBe(0);
    const rooms = all.filter((r) => seatCount(r) === 2);
    expect(rooms.length).toBeGreaterThan(0);
    // Every game played to X's win on the top row, the winning moves of all rooms fired together,
    // several times each, with sweeps.
    const seatsOf = new Map<string, { x: string; o: string }>();
    for (const r of rooms) {
      const [x, o] = rowsOf<{ user_id: string; symbol: string }>(
        await t.deps.db.execute(
          sql`select user_id, symbol from game_players where room_id = ${r} order by symbol desc`,
        ),
      );
      expect([x!.symbol, o!.symbol]).toEqual(["X", "O"]);
      seatsOf.set(r, { x: x!.user_id, o: o!.user_id });
    }
    for (const [row, col, who] of [
      [0, 0, "x"],
      [1, 0, "o"],
      [0, 1, "x"],
      [1, 1, "o"],
    ] as const)
      await Promise.all(rooms.map((r) => move(g, { roomId: r, userId: seatsOf.get(r)![who], row, col })));
    await Promise.allSettled([
      ...rooms.flatMap((r) =>
        [1, 2, 3].map(() => move(g, { roomId: r, userId: seatsOf.get(r)!.x, row: 0, col: 2 })),
      ),
      sweep(g),
      sweep(g),
    ]);
    for (const r of rooms) {
      expect(await escrowOf(r)).toBe(0);
      expect((await balances(t, seatsOf.get(r)!.x)).withdrawable).toBe(18_000);
      expect(await escrowKeys(r)).toHaveLength(4); // two fees, the prize, the revenue
    }
    // A room left waiting alone is cancelled by the sweeper and refunded from its own escrow.
    clock += 300_000;
    await sweep(g);
    for (const r of all) {
      expect(await escrowOf(r)).toBe(0);
      // Every line on a room's escrow belongs to one of that room's own entries.
      for (const k of await escrowKeys(r)) expect(k.split(":")[1]).toBe(r);
    }
    expect(await gameEscrowTotal(t.deps.db)).toBe(0);
  });

  it("a room is never paid from another room's fees, and no escrow goes below zero (raced)", async () => {
    const [a, b, c] = await Promise.all([player(), player(), player()]);
    const full: PricedRoom = {
      id: `escrow-full-${driver}`,
      name: "Bronze Room",
      entryFee: 10_000,
      prize: 18_000,
    };
    const half: PricedRoom = {
      id: `escrow-half-${driver}`,
      name: "Bronze Room",
      entryFee: 10_000,
      prize: 18_000,
    };
    const fullSeats: Seat[] = [
      { userId: a.id, symbol: "X" },
      { userId: b.id, symbol: "O" },
    ];
    const halfSeats: Seat[] = [
      { userId: c.id, symbol: "X" },
      { userId: b.id, symbol: "O" },
    ];
    for (const s of fullSeats) await effect(full, fullSeats, { type: "charge", userId: s.userId });
    // The half room holds only c's fee: its prize (18) cannot be paid from it, whatever the full
    // room holds (a shared escrow would hold 30 and pay it).
    await effect(half, halfSeats, { type: "charge", userId: c.id });
    expect(await escrowOf(full.id)).toBe(20_000);
    expect(await escrowOf(half.id)).toBe(10_000);
    const results = await Promise.allSettled([
      ...[1, 2, 3].map(() => effect(full, fullSeats, { type: "settle", outcome: "X" })),
      ...[1, 2, 3].map(() => effect(half, halfSeats, { type: "settle", outcome: "X" })),
      // Refunds of the half room's one fee, raced with its settlements: at most one goes through.
      ...[1, 2].map(() => effect(half, halfSeats, { type: "refund", userId: c.id })),
    ]);
    for (const r of results.slice(3, 6)) {
      expect(r.status).toBe("rejected");
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await escrowOf(full.id)).toBe(0);
    expect(await escrowOf(half.id)).toBe(0);
    expect(await balances(t, a.id)).toEqual({ withdrawable: 18_000, deposit: 90_000 });
    expect(await balances(t, c.id)).toEqual({ withdrawable: 0, deposit: 100_000 });
    expect(await escrowKeys(half.id)).toHaveLength(2); // c's fee and its refund
    for (const k of await escrowKeys(full.id)) expect(k.split(":")[1]).toBe(full.id);
  });

  it("migration 0014 moves the fees held on platform:game_escrow to their rooms' escrows", async () => {
    const [a, b, c, d, e] = await Promise.all([player(), player(), player(), player(), player()]);
    const legacyFee = (room: string, userId: string) =>
      postEntry(t.deps.db, {
        idempotencyKey: `game-fee:${room}:${userId}`,
        kind: "game_fee",
        userId,
        lines: [
          { account: memberAccount(userId, "deposit"), amount: -10_000 },
          { account: PLATFORM.gameEscrow, amount: 10_000 },
        ],
      });
    const live = `legacy-live-${driver}`;
    const waiting = `legacy-waiting-${driver}`;
    const settled = `legacy-settled-${driver}`;
    await legacyFee(live, a.id);
    await legacyFee(live, b.id);
    await legacyFee(waiting, c.id);
    await legacyFee(settled, d.id);
    await legacyFee(settled, e.id);
    await postEntry(t.deps.db, {
      idempotencyKey: `game-prize:${settled}`,
      kind: "bettingGames",
      userId: d.id,
      lines: [
        { account: PLATFORM.gameEscrow, amount: -20_000 },
        { account: memberAccount(d.id, "withdrawable"), amount: 20_000 },
      ],
    });
    expect(await accountBalance(t.deps.db, PLATFORM.gameEscrow)).toBe(30_000);

    const migration = readFileSync("api/db/migrations/0014_game_escrow_per_room.sql", "utf8");
    await t.deps.db.transaction(async (tx) => {
      for (const statement of migration.split("--> statement-breakpoint"))
        await tx.execute(sql.raw(statement));
    });
    expect(await accountBalance(t.deps.db, PLATFORM.gameEscrow)).toBe(0);
    expect(await escrowOf(live)).toBe(20_000);
    expect(await escrowOf(waiting)).toBe(10_000);
    const opened = rowsOf<{ id: string }>(
      await t.deps.db.execute(sql`select id from ledger_accounts where id = ${gameEscrowAccount(settled)}`),
    );
    expect(opened).toHaveLength(0);
    await expectLedgerConsistent(t);

    // The moved rooms settle from their own escrows.
    const room = (id: string): PricedRoom => ({ id, name: "Bronze Room", entryFee: 10_000, prize: 18_000 });
    const liveSeats: Seat[] = [
      { userId: a.id, symbol: "X" },
      { userId: b.id, symbol: "O" },
    ];
    await effect(room(live), liveSeats, { type: "settle", outcome: "O" });
    await effect(room(waiting), [{ userId: c.id, symbol: "X" }], { type: "refund", userId: c.id });
    expect(await escrowOf(live)).toBe(0);
    expect(await escrowOf(waiting)).toBe(0);
    expect((await balances(t, b.id)).withdrawable).toBe(18_000);
    expect((await balances(t, c.id)).deposit).toBe(100_000);
  });
});
