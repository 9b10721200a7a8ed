import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { serveApi, type ServedApi } from "../support/http";
import { ask, memberSocket, nextPush } from "../support/sockets";
import {
  balances,
  expectLedgerConsistent,
  giveDeposit,
  newMember,
  newOperator,
  snapshot,
  type TestMember,
} from "../support/money";
import { gameDeps } from "../../api/deps";
import { journalEntries } from "../../api/db/schema";
import { gameEscrowTotal } from "../../api/games/escrow";
import { prizeKey } from "../../api/games/settlement";
import { setPaidRooms } from "../../api/games/paidRooms";
import { sweep } from "../../api/games/sweeper";
import { seedGames } from "../../api/seed/games";
import { REGISTER_COMPONENT_EVENT } from "../../shared/taskWall";
import { GAME_MESSAGES, ROOM_COMPONENT, TIC_TAC_TOE_EVENTS as EV } from "../../shared/ticTacToeEvents";

/**
 * Tic-tac-toe over HTTP (the pages without scripts): the five member endpoints over the same room
 * module as the socket events. A paid game to a win with the prize paid once, and the opponent's
 * socket hearing each HTTP move; refusals of moves; bad bodies and addresses answered 4xx, never
 * 500; another member's room; cancel with its refund; the ledger invariant after each test.
 */
describe.each(drivers("one"))("tic-tac-toe over HTTP (%s)", (driver) => {
  let t: TestApi;
  let node: ServedApi;
  const sockets: Socket[] = [];
  let clock = Date.parse("2026-05-06T06:00:00Z");

  const ROOMS = "/userIncomeRoute/user_ticTacToe_rooms_get";
  const JOIN = "/userIncomeRoute/user_ticTacToe_join_post";
  const ROOM = "/userIncomeRoute/user_ticTacToe_room_get";
  const MOVE = "/userIncomeRoute/user_ticTacToe_move_post";
  const CANCEL = "/userIncomeRoute/user_ticTacToe_cancel_post";

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    await t.deps.db.transaction((tx) => seedGames(tx));
    // socket.io on the same deps: the HTTP endpoints' changes reach the sockets through it.
    node = await serveApi(t.deps, { realtime: {} });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await node?.close();
    await t?.close();
  });
  // Every test's rooms end (their deadlines pass and the sweeper acts): the escrow is empty after.
  afterEach(async () => {
    clock += 300_000;
    await sweep(gameDeps(t.deps));
    expect(await gameEscrowTotal(t.deps.db)).toBe(0);
    await expectLedgerConsistent(t);
  });

  async function member(rupees: number): Promise<TestMember> {
    const m = await newMember(t);
    if (rupees > 0) await giveDeposit(t, m.id, rupees);
    return m;
  }

  const joinAs = (m: TestMember, type: unknown) => t.request(JOIN, { json: { type }, cookie: m.cookie });
  const roomAs = (m: TestMember, query: Record<string, string>) =>
    t.request(`${ROOM}?${new URLSearchParams(query).toString()}`, { cookie: m.cookie });
  const moveAs = (m: TestMember, body: Record<string, unknown>) =>
    t.request(MOVE, { json: body, cookie: m.cookie });
  const cancelAs = (m: TestMember, roomId: string) =>
    t.request(CANCEL, { json: { decodedRoomId: roomId }, cookie: m.cookie });

  /** A refusal's envelope. */
  const refused = (status: number, message: string, code: string) => ({
    status,
    body: { success: false, error_msg: message, error_code: code },
  });
  const outcome = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  /** Two members matched in a room of `type` over HTTP: the room id, X and O. */
  async function matched(type: unknown, rupees = 100) {
    const x = await member(rupees);
    const o = await member(rupees);
    const a = await joinAs(x, type);
    expect(a.status).toBe(200);
    const b = await joinAs(o, type);
    expect(b.body.msg.userRoom_id).toBe(a.body.msg.userRoom_id);
    return { roomId: a.body.msg.userRoom_id as string, x, o };
  }

  it("the lobby, a paid game to a win over HTTP, the opponent's socket hearing each move, the prize paid once", async () => {
    const a = await member(100);
    const b = await member(100);

    // The lobby's answer is the socket's fetchRooms_data answer.
    const rooms = await t.request(ROOMS, { cookie: a.cookie });
    expect(rooms.status).toBe(200);
    const lobbySocket = await memberSocket(node.origin, a.cookie, sockets);
    expect(rooms.body).toEqual(await ask(lobbySocket, EV.fetchRooms));
    expect(rooms.body.msg).toMatchObject({ available_balance: "0.000", deposit_amount: "100.000" });
    expect(rooms.body.msg.otherRoomsData_get.ticTacToe_roomsData[1]).toMatchObject({
      type: 10,
      roomName: "Bronze Room",
      entryFees: "10.000",
      prize: "18.000",
      waiting_player: 0,
      isAlreadyJoined: false,
      userRoom_id: null,
    });

    const joinedA = await joinAs(a, "10");
    expect(joinedA.status).toBe(200);
    expect(joinedA.body).toEqual({
      success: true,
      msg: { type: 10, userRoom_id: expect.any(String), resumed: false },
    });
    const roomId = joinedA.body.msg.userRoom_id as string;
    expect(await balances(t, a.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    // Joining again resumes the same seat, no second fee; the lobby shows Resume.
    expect((await joinAs(a, 10)).body.msg).toEqual({ type: 10, userRoom_id: roomId, resumed: true });
    expect(await balances(t, a.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    const mine = (await t.request(ROOMS, { cookie: a.cookie })).body.msg.otherRoomsData_get
      .ticTacToe_roomsData[1];
    expect(mine).toMatchObject({ waiting_player: 1, isAlreadyJoined: true, userRoom_id: roomId });

    const waiting = await roomAs(a, { decodedRoomId: roomId, decodedRoomType: "10" });
    expect(waiting.body).toMatchObject({
      success: true,
      msg: {
        userId: a.id,
        userSymbol: "X",
        available_balance: "0.000",
        room: { _id: roomId, status: "waiting", opponent_player_waiting_timeLeft: 120, version: 0 },
      },
    });
    expect(outcome(await moveAs(a, { decodedRoomId: roomId, row: 0, col: 0 }))).toEqual(
      refused(409, GAME_MESSAGES.notStarted, "game_move_refused"),
    );

    // B plays with scripts: its room page's socket hears every HTTP move.
    expect((await joinAs(b, 10)).body.msg).toEqual({ type: 10, userRoom_id: roomId, resumed: false });
    const roomB = await memberSocket(node.origin, b.cookie, sockets);
    expect(await ask(roomB, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT })).toEqual({ success: true });
    expect((await ask(roomB, EV.enterRoom, { decodedRoomId: roomId })).msg.userSymbol).toBe("O");

    const entered = await roomAs(a, { decodedRoomId: roomId, decodedRoomType: "10" });
    expect(entered.body.msg.room).toMatchObject({
      status: "playing",
      currentTurn: "X",
      player_turn_timeLeft: 30,
    });
    let version = entered.body.msg.room.version as number;

    const moves: [TestMember, number, number][] = [
      [a, 0, 0],
      [b, 1, 0],
      [a, 0, 1],
      [b, 1, 1],
      [a, 0, 2],
    ];
    for (const [who, row, col] of moves) {
      const expected = version + 1;
      const pushed = nextPush(roomB, EV.roomUpdated, (p) => p.msg.room.version === expected);
      const res = await moveAs(who, { decodedRoomId: roomId, row, col, version });
      expect(res.status).toBe(200);
      expect(res.body.msg.room.gameState[row][col]).toBe(who === a ? "X" : "O");
      version = res.body.msg.room.version;
      expect((await pushed).msg.room).toEqual(res.body.msg.room);
    }
    const final = await roomAs(b, { decodedRoomId: roomId });
    expect(final.body.msg).toMatchObject({
      userSymbol: "O",
      room: {
        status: "finished",
        winner: "X",
        end_reason: "line",
        gameState: [
          ["X", "X", "X"],
          ["O", "O", ""],
          ["", "", ""],
        ],
      },
    });
    expect(await balances(t, a.id)).toEqual({ withdrawable: 18_000, deposit: 90_000 });
    expect(await balances(t, b.id)).toEqual({ withdrawable: 0, deposit: 90_000 });
    expect((await roomAs(a, { decodedRoomId: roomId })).body.msg.available_balance).toBe("18.000");

    // The same winning move again, and any move after the end: refused, nothing paid twice.
    expect(outcome(await moveAs(a, { decodedRoomId: roomId, row: 0, col: 2 }))).toEqual(
      refused(409, GAME_MESSAGES.gameOver, "game_move_refused"),
    );
    expect(outcome(await moveAs(b, { decodedRoomId: roomId, row: 2, col: 2 }))).toEqual(
      refused(409, GAME_MESSAGES.gameOver, "game_move_refused"),
    );
    const prizes = await t.deps.db
      .select()
      .from(journalEntries)
      .where(like(journalEntries.idempotencyKey, prizeKey(roomId)));
    expect(prizes).toHaveLength(1);
    expect(await balances(t, a.id)).toEqual({ withdrawable: 18_000, deposit: 90_000 });
  });

  it("moves out of turn, on a taken cell, against an old board and after the end are refused with 409", async () => {
    const { roomId, x, o } = await matched("Practice Room", 0);
    expect(outcome(await moveAs(o, { decodedRoomId: roomId, row: 0, col: 0 }))).toEqual(
      refused(409, GAME_MESSAGES.notYourTurn, "game_move_refused"),
    );
    const first = await moveAs(x, { decodedRoomId: roomId, row: 1, col: 1 });
    expect(first.status).toBe(200);
    const version = first.body.msg.room.version as number;
    expect(outcome(await moveAs(o, { decodedRoomId: roomId, row: 1, col: 1 }))).toEqual(
      refused(409, GAME_MESSAGES.cellTaken, "game_move_refused"),
    );
    expect(outcome(await moveAs(o, { decodedRoomId: roomId, row: 0, col: 0, version: version - 1 }))).toEqual(
      refused(409, GAME_MESSAGES.stale, "game_move_refused"),
    );
    expect((await moveAs(o, { decodedRoomId: roomId, row: 0, col: 0, version })).status).toBe(200);
    // X's turn runs out: the next touch acts on it, and X has lost.
    clock += 31_000;
    expect(outcome(await moveAs(x, { decodedRoomId: roomId, row: 2, col: 2 }))).toEqual(
      refused(409, GAME_MESSAGES.timeUp, "game_move_refused"),
    );
    expect((await roomAs(o, { decodedRoomId: roomId })).body.msg.room).toMatchObject({
      status: "finished",
      winner: "O",
      end_reason: "turn_timeout",
    });
    expect(outcome(await moveAs(o, { decodedRoomId: roomId, row: 2, col: 2 }))).toEqual(
      refused(409, GAME_MESSAGES.gameOver, "game_move_refused"),
    );
    expect(outcome(await cancelAs(x, roomId))).toEqual(refused(409, GAME_MESSAGES.alreadyEnded, "conflict"));
  });

  it("bad bodies and addresses are answered 4xx with the envelope, never 500, and change nothing", async () => {
    const { roomId, x } = await matched(10);
    const before = await snapshot(t);
    const huge = "9".repeat(20_000);
    const bodies: [string, unknown][] = [
      [JOIN, {}],
      [JOIN, { type: null }],
      [JOIN, { type: true }],
      [JOIN, { type: ["10"] }],
      [JOIN, { type: "abc" }],
      [JOIN, { type: -10 }],
      [JOIN, { type: "10.0001" }],
      [JOIN, { type: huge }],
      [JOIN, { type: "10\u0000" }],
      [JOIN, []],
      [JOIN, null],
      [JOIN, "10"],
      [MOVE, {}],
      [MOVE, { decodedRoomId: roomId }],
      [MOVE, { decodedRoomId: roomId, row: 0 }],
      [MOVE, { decodedRoomId: roomId, row: 3, col: 0 }],
      [MOVE, { decodedRoomId: roomId, row: 0, col: -1 }],
      [MOVE, { decodedRoomId: roomId, row: 0.5, col: 0 }],
      [MOVE, { decodedRoomId: roomId, row: "0", col: "0" }],
      [MOVE, { decodedRoomId: roomId, row: 0, col: 0, version: "1" }],
      [MOVE, { decodedRoomId: roomId, row: 0, col: 0, version: -1 }],
      [MOVE, { decodedRoomId: roomId, row: 1e308, col: 0 }],
      [MOVE, { decodedRoomId: 5, row: 0, col: 0 }],
      [MOVE, { decodedRoomId: "", row: 0, col: 0 }],
      [MOVE, { decodedRoomId: huge, row: 0, col: 0 }],
      [MOVE, { decodedRoomId: `${roomId}\u0000`, row: 0, col: 0 }],
      [MOVE, { decodedRoomId: roomId, row: 0, col: 0, ["\u0000"]: 1 }],
      [CANCEL, {}],
      [CANCEL, { decodedRoomId: { $ne: "" } }],
      [CANCEL, { decodedRoomId: "\ud800" }],
    ];
    for (const [path, json] of bodies) {
      const res = await t.request(path, { json, cookie: x.cookie });
      expect(res.status, `${path} ${JSON.stringify(json)?.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ success: false, error_msg: expect.any(String) });
      expect(res.body.error_code).toEqual(expect.any(String));
    }
    // Named answers for the common mistakes.
    expect(
      outcome(await t.request(MOVE, { json: { decodedRoomId: roomId, row: 3, col: 0 }, cookie: x.cookie })),
    ).toEqual(refused(400, "row must be 0, 1 or 2.", "invalid_input"));
    expect(
      outcome(await t.request(MOVE, { json: { decodedRoomId: roomId, row: 0 }, cookie: x.cookie })),
    ).toEqual(refused(400, "col is required.", "invalid_input"));
    expect(
      outcome(await t.request(CANCEL, { json: { decodedRoomId: roomId, force: true }, cookie: x.cookie })),
    ).toEqual(refused(400, "Unexpected field: force.", "invalid_input"));
    expect(outcome(await joinAs(x, "abc"))).toEqual(
      refused(400, GAME_MESSAGES.unknownRoomType, "invalid_input"),
    );
    expect(outcome(await joinAs(x, 7))).toEqual(refused(404, GAME_MESSAGES.unknownRoomType, "not_found"));
    expect(
      outcome(await t.request(MOVE, { json: { decodedRoomId: huge, row: 0, col: 0 }, cookie: x.cookie })),
    ).toEqual(refused(400, GAME_MESSAGES.roomNotFound, "invalid_input"));

    // Not JSON, broken JSON, too large.
    for (const path of [JOIN, MOVE, CANCEL]) {
      const form = await t.request(path, {
        rawBody: "type=10",
        contentType: "application/x-www-form-urlencoded",
        cookie: x.cookie,
      });
      expect(form.status).toBe(415);
      expect((await t.request(path, { rawBody: "{", cookie: x.cookie })).status).toBe(400);
      expect(
        (await t.request(path, { rawBody: JSON.stringify({ type: "1".repeat(70_000) }), cookie: x.cookie }))
          .status,
      ).toBe(413);
    }

    // The room's address.
    const rooms: [string, number][] = [
      ["", 400],
      ["decodedRoomType=10", 400],
      [`decodedRoomId=${"a".repeat(65)}`, 400],
      [`decodedRoomId=${roomId}%00`, 400],
      ["decodedRoomId=%ff", 404],
      ["decodedRoomId=nope", 404],
      [`decodedRoomId=${roomId}&decodedRoomType=20`, 404],
      [`decodedRoomId=${roomId}&decodedRoomType=`, 404],
    ];
    for (const [query, status] of rooms) {
      const res = await t.request(`${ROOM}?${query}`, { cookie: x.cookie });
      expect(res.status, query).toBe(status);
      expect(res.body).toMatchObject({ success: false, error_code: expect.any(String) });
    }

    // Without a session: the session flags.
    for (const [path, json] of [
      [ROOMS, undefined],
      [`${ROOM}?decodedRoomId=${roomId}`, undefined],
      [JOIN, { type: 10 }],
      [MOVE, { decodedRoomId: roomId, row: 0, col: 0 }],
      [CANCEL, { decodedRoomId: roomId }],
    ] as const) {
      const res = await t.request(path, { json });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, jwtMiddleware_token_not_found_error: true });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("another member's room is 'Room not found.' for every endpoint", async () => {
    const { roomId, x } = await matched(10);
    const stranger = await member(100);
    const notFound = refused(404, GAME_MESSAGES.roomNotFound, "not_found");
    expect(outcome(await roomAs(stranger, { decodedRoomId: roomId }))).toEqual(notFound);
    expect(outcome(await moveAs(stranger, { decodedRoomId: roomId, row: 0, col: 0 }))).toEqual(notFound);
    expect(outcome(await cancelAs(stranger, roomId))).toEqual(notFound);
    // The room is untouched: X still has the first move.
    expect((await roomAs(x, { decodedRoomId: roomId })).body.msg.room).toMatchObject({
      status: "playing",
      currentTurn: "X",
      gameState: [
        ["", "", ""],
        ["", "", ""],
        ["", "", ""],
      ],
    });
  });

  it("cancel while waiting refunds the fee once; practice cancels; low balance and paid rooms off are refused", async () => {
    const a = await member(25);
    const joined = await joinAs(a, 20);
    const roomId = joined.body.msg.userRoom_id as string;
    expect(await balances(t, a.id)).toEqual({ withdrawable: 0, deposit: 5_000 });
    expect((await cancelAs(a, roomId)).body).toEqual({ success: true, msg: GAME_MESSAGES.cancelledRefunded });
    expect(await balances(t, a.id)).toEqual({ withdrawable: 0, deposit: 25_000 });
    expect(outcome(await cancelAs(a, roomId))).toEqual(refused(409, GAME_MESSAGES.alreadyEnded, "conflict"));
    expect(await balances(t, a.id)).toEqual({ withdrawable: 0, deposit: 25_000 });
    expect((await roomAs(a, { decodedRoomId: roomId })).body.msg.room).toMatchObject({
      status: "cancelled",
      end_reason: "cancelled",
    });

    const practice = (await joinAs(a, "Practice Room")).body.msg.userRoom_id as string;
    expect((await cancelAs(a, practice)).body).toEqual({
      success: true,
      msg: GAME_MESSAGES.cancelledPractice,
    });

    expect(outcome(await joinAs(a, 50))).toEqual(
      refused(400, GAME_MESSAGES.lowBalance, "insufficient_balance"),
    );
    expect(await balances(t, a.id)).toEqual({ withdrawable: 0, deposit: 25_000 });

    const ops = await newOperator(t);
    await setPaidRooms(gameDeps(t.deps), ops.id, false);
    try {
      expect(outcome(await joinAs(a, 10))).toEqual(
        refused(403, GAME_MESSAGES.paidRoomsOff, "paid_rooms_off"),
      );
      const list = (await t.request(ROOMS, { cookie: a.cookie })).body.msg;
      expect(list.paid_rooms).toBe(false);
      expect(list.otherRoomsData_get.ticTacToe_roomsData.map((r: { type: unknown }) => r.type)).toEqual([
        "Practice Room",
      ]);
    } finally {
      await setPaidRooms(gameDeps(t.deps), ops.id, true);
    }
  });
});
