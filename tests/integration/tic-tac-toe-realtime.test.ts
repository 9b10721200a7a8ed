import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { serveApi, type ServedApi } from "../support/http";
import { ask, memberSocket, nextPush } from "../support/sockets";
import { balances, expectLedgerConsistent, giveDeposit, newMember, type TestMember } from "../support/money";
import { randomBytes } from "node:crypto";
import { createDeps, gameDeps } from "../../api/deps";
import { gameEscrowTotal } from "../../api/games/escrow";
import { sweep } from "../../api/games/sweeper";
import { seedGames } from "../../api/seed/games";
import { REGISTER_COMPONENT_EVENT } from "../../shared/taskWall";
import {
  GAME_MESSAGES,
  LOBBY_COMPONENT,
  ROOM_COMPONENT,
  TIC_TAC_TOE_EVENTS as EV,
} from "../../shared/ticTacToeEvents";

/**
 * Tic-tac-toe over real sockets (spec 2 §7's events, word for word): two members find each other
 * from the lobby, enter the room, play a paid game to the end and are paid; refusals are
 * acknowledgements with `error_msg`; a dropped connection starts the reconnect countdown the
 * opponent sees, and entering again stops it.
 */
describe.each(drivers("one"))("tic-tac-toe sockets (%s)", (driver) => {
  let t: TestApi;
  let node: ServedApi;
  const sockets: Socket[] = [];
  let clock = Date.parse("2026-05-05T06:00:00Z");

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    await t.deps.db.transaction((tx) => seedGames(tx));
    node = await serveApi(t.deps, { realtime: {} });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await node?.close();
    await t?.close();
  });
  afterEach(async () => {
    clock += 300_000;
    await sweep(gameDeps(t.deps));
    expect(await gameEscrowTotal(t.deps.db)).toBe(0);
    await expectLedgerConsistent(t);
  });

  async function member(rupees: number): Promise<TestMember> {
    const m = await newMember(t);
    await giveDeposit(t, m.id, rupees);
    return m;
  }

  async function socketFor(m: TestMember): Promise<Socket> {
    return memberSocket(node.origin, m.cookie, sockets);
  }

  it("two members play a paid game to a win on the spec's events", async () => {
    const a = await member(100);
    const b = await member(100);
    const lobbyA = await socketFor(a);
    const lobbyB = await socketFor(b);
    for (const s of [lobbyA, lobbyB])
      expect(await ask(s, REGISTER_COMPONENT_EVENT, { type: LOBBY_COMPONENT })).toEqual({ success: true });

    const rooms = await ask(lobbyA, EV.fetchRooms);
    expect(rooms).toMatchObject({
      success: true,
      msg: { available_balance: "0.000", deposit_amount: "100.000" },
    });
    const list = rooms.msg.otherRoomsData_get.ticTacToe_roomsData;
    expect(list.map((r: { roomName: string }) => r.roomName)).toEqual([
      "Practice Room",
      "Bronze Room",
      "Silver Room",
      "Gold Room",
    ]);
    expect(list[1]).toMatchObject({
      type: 10,
      entryFees: "10.000",
      prize: "18.000",
      waiting_player: 0,
      maxPlayers: 2,
      live_players: 0,
      isAlreadyJoined: false,
    });

    const lobbyPush = nextPush(lobbyB, EV.lobbyUpdated);
    const balancePush = nextPush(lobbyA, EV.balanceUpdated);
    const joinedA = await ask(lobbyA, EV.join, { type: 10 });
    expect(joinedA).toMatchObject({ success: true, msg: { type: 10, resumed: false } });
    const roomId = joinedA.msg.userRoom_id as string;
    expect(await lobbyPush).toEqual({ success: true });
    expect(await balancePush).toEqual({
      success: true,
      msg: { available_balance: "0.000", deposit_amount: "90.000" },
    });
    const after = (await ask(lobbyB, EV.fetchRooms)).msg.otherRoomsData_get.ticTacToe_roomsData[1];
    expect(after).toMatchObject({ waiting_player: 1, isAlreadyJoined: false });

    // A's room page: waiting for an opponent.
    const roomA = await socketFor(a);
    expect(await ask(roomA, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT })).toEqual({ success: true });
    const timer = nextPush(roomA, EV.timerUpdated);
    const enteredA = await ask(roomA, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: "10" });
    expect(enteredA).toMatchObject({
      success: true,
      msg: {
        userId: a.id,
        userSymbol: "X",
        available_balance: "0.000",
        room: {
          _id: roomId,
          status: "waiting",
          opponent_player_waiting_timeLeft: 120,
          player_turn_timer: 30,
        },
      },
    });
    expect(await timer).toEqual({ timeLeft: 120 });

    // B joins the same type: the game starts and A's page hears it.
    const started = nextPush(roomA, EV.roomUpdated);
    const joinedB = await ask(lobbyB, EV.join, { type: "10" });
    expect(joinedB.msg.userRoom_id).toBe(roomId);
    expect((await started).msg.room).toMatchObject({
      status: "playing",
      currentTurn: "X",
      player_turn_timeLeft: 30,
    });

    const roomB = await socketFor(b);
    await ask(roomB, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
    const enteredB = await ask(roomB, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: 10 });
    expect(enteredB.msg).toMatchObject({ userSymbol: "O" });
    expect(enteredB.msg.room.players).toEqual([
      { _id: a.id, name: expect.any(String), symbol: "X", connected: true, remaining_disconnect: null },
      { _id: b.id, name: expect.any(String), symbol: "O", connected: true, remaining_disconnect: null },
    ]);

    // Refusals are acknowledgements with error_msg.
    expect(await ask(roomB, EV.move, { decodedRoomId: roomId, row: 0, col: 0 })).toEqual({
      success: false,
      error_msg: GAME_MESSAGES.notYourTurn,
      error_code: "game_move_refused",
    });
    expect(await ask(roomB, EV.move, { decodedRoomId: roomId, row: 5, col: 0 })).toEqual({
      success: false,
      error_msg: "row must be 0, 1 or 2.",
      error_code: "invalid_input",
    });
    expect(await ask(roomB, EV.move, "nonsense")).toMatchObject({
      success: false,
      error_code: "invalid_input",
    });
    expect(await ask(roomB, EV.cancel, { decodedRoomId: roomId })).toEqual({
      success: false,
      error_msg: GAME_MESSAGES.alreadyStarted,
      error_code: "conflict",
    });

    const moves: [Socket, number, number][] = [
      [roomA, 0, 0],
      [roomB, 1, 0],
      [roomA, 0, 1],
      [roomB, 1, 1],
      [roomA, 0, 2],
    ];
    for (const [s, row, col] of moves) {
      const other = s === roomA ? roomB : roomA;
      const pushed = nextPush(other, EV.roomUpdated);
      const ack = await ask(s, EV.move, { decodedRoomId: roomId, row, col });
      expect(ack.success).toBe(true);
      expect((await pushed).msg.room.version).toBe(ack.msg.room.version);
    }
    const final = (await ask(roomB, EV.enterRoom, { decodedRoomId: roomId })).msg.room;
    expect(final).toMatchObject({
      status: "finished",
      winner: "X",
      gameState: [
        ["X", "X", "X"],
        ["O", "O", ""],
        ["", "", ""],
      ],
    });
    expect(await balances(t, a.id)).toEqual({ withdrawable: 18_000, deposit: 90_000 });
    expect(await balances(t, b.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    // A stranger cannot enter the room.
    const stranger = await socketFor(await member(1));
    expect(await ask(stranger, EV.enterRoom, { decodedRoomId: roomId })).toEqual({
      success: false,
      error_msg: GAME_MESSAGES.roomNotFound,
      error_code: "not_found",
    });
  });

  it("practice join and cancel; a dropped player's countdown shows to the opponent and stops on return", async () => {
    const a = await member(1);
    const b = await member(1);
    const sa = await socketFor(a);
    const joined = await ask(sa, EV.join, { type: "Practice Room" });
    expect(joined).toMatchObject({ success: true, msg: { type: "Practice Room" } });
    expect(await ask(sa, EV.cancel, { decodedRoomId: joined.msg.userRoom_id })).toEqual({
      success: true,
      msg: "Opponent search canceled.",
    });
    expect(await ask(sa, EV.join, { type: "abc" })).toMatchObject({
      success: false,
      error_msg: GAME_MESSAGES.unknownRoomType,
    });
    expect(await ask(sa, EV.join, { type: 10 })).toMatchObject({
      success: false,
      error_msg: "Low Balance: Your balance is too low to join this room.",
      error_code: "insufficient_balance",
    });

    const roomId = (await ask(sa, EV.join, { type: "Practice Room" })).msg.userRoom_id;
    const sb = await socketFor(b);
    expect((await ask(sb, EV.join, { type: "Practice Room" })).msg.userRoom_id).toBe(roomId);
    const roomA = await socketFor(a);
    await ask(roomA, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
    await ask(roomA, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: "Practice Room" });
    const roomB = await socketFor(b);
    await ask(roomB, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
    await ask(roomB, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: "Practice Room" });

    const dropped = nextPush(roomA, EV.roomUpdated, (p) => p.msg.room.players.some((x: any) => !x.connected));
    roomB.disconnect();
    const seen = (await dropped).msg.room;
    expect(seen.players.find((p: any) => p._id === b.id)).toMatchObject({
      connected: false,
      remaining_disconnect: 120,
    });
    const back = await socketFor(b);
    await ask(back, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
    const returned = nextPush(roomA, EV.roomUpdated, (p) =>
      p.msg.room.players.every((x: any) => x.connected),
    );
    const entered = await ask(back, EV.enterRoom, {
      decodedRoomId: roomId,
      decodedRoomType: "Practice Room",
    });
    expect(entered.msg.room.players.find((p: any) => p._id === b.id)).toMatchObject({ connected: true });
    await returned;
  });

  it("a node's own sweeper closes an expired search and tells the member's room page", async () => {
    // Runs last: this node's pushes replace the first node's on the shared deps.
    const sweeping = await serveApi(t.deps, { realtime: { sweepEveryMs: 20 } });
    try {
      const a = await member(10);
      const s = await memberSocket(sweeping.origin, a.cookie, sockets);
      const roomId = (await ask(s, EV.join, { type: 10 })).msg.userRoom_id;
      await ask(s, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
      await ask(s, EV.enterRoom, { decodedRoomId: roomId });
      const closed = nextPush(s, EV.roomUpdated, (p) => p.msg.room.status === "cancelled");
      const refunded = nextPush(s, EV.balanceUpdated);
      clock += 120_000;
      expect((await closed).msg.room).toMatchObject({ _id: roomId, end_reason: "wait_expired" });
      expect((await refunded).msg).toEqual({ available_balance: "0.000", deposit_amount: "10.000" });
    } finally {
      await sweeping.close();
    }
  });
});

/**
 * Two API nodes sharing the database and Redis: each player on a different node. Moves made on
 * one node reach the player on the other; a player whose node is closed comes back on the other
 * node and the game finishes.
 */
describe.each(drivers("one"))("tic-tac-toe across two nodes (%s)", (driver) => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  let t: TestApi;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApi(driver, { REDIS_URL });
    await t.deps.db.transaction((tx) => seedGames(tx));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  it("players on different nodes play; one node goes, its player rejoins on the other and the game finishes", async () => {
    const depsB = await createDeps(t.deps.config, { database: t.database, mailer: t.deps.mailer });
    const adapterKey = `socket.io-test-${randomBytes(6).toString("hex")}`;
    const nodeA = await serveApi(t.deps, { realtime: { adapterKey } });
    const nodeB = await serveApi(depsB, { realtime: { adapterKey } });
    try {
      const [a, b] = await Promise.all([newMember(t), newMember(t)]);
      const onA = await memberSocket(nodeA.origin, a.cookie, sockets);
      const onB = await memberSocket(nodeB.origin, b.cookie, sockets);
      const roomId = (await ask(onA, EV.join, { type: "Practice Room" })).msg.userRoom_id;
      expect((await ask(onB, EV.join, { type: "Practice Room" })).msg.userRoom_id).toBe(roomId);
      for (const s of [onA, onB]) {
        await ask(s, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
        await ask(s, EV.enterRoom, { decodedRoomId: roomId });
      }
      const seenOnB = new Promise<any>((resolve) => onB.once(EV.roomUpdated, resolve));
      expect((await ask(onA, EV.move, { decodedRoomId: roomId, row: 1, col: 1 })).success).toBe(true);
      expect((await seenOnB).msg.room.gameState[1][1]).toBe("X");

      // Node B goes away; B reconnects to node A and rejoins the room with its current state.
      await nodeB.close();
      const again = await memberSocket(nodeA.origin, b.cookie, sockets);
      await ask(again, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
      const rejoined = await ask(again, EV.enterRoom, { decodedRoomId: roomId });
      expect(rejoined.msg).toMatchObject({ userSymbol: "O", room: { status: "playing", currentTurn: "O" } });
      for (const [s, row, col] of [
        [again, 0, 0],
        [onA, 0, 1],
        [again, 2, 0],
        [onA, 2, 1],
      ] as const)
        expect((await ask(s, EV.move, { decodedRoomId: roomId, row, col })).success).toBe(true);
      const final = (await ask(again, EV.enterRoom, { decodedRoomId: roomId })).msg.room;
      expect(final).toMatchObject({ status: "finished", winner: "X", end_reason: "line" });
    } finally {
      await nodeA.close();
      depsB.redis?.disconnect();
    }
    await expectLedgerConsistent(t);
  });
});
