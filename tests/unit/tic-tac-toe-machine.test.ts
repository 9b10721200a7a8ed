import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { optimisticMove } from "../../app/utils/tic-tac-toe";
import { emptyBoard } from "../../shared/ticTacToe";
import {
  GAME_MESSAGES,
  RECONNECT_SECONDS,
  TURN_SECONDS,
  WAIT_SECONDS,
  type RoomView,
} from "../../shared/ticTacToeEvents";
import {
  DISCONNECT_BUDGET_MS,
  openRoom,
  step,
  type GameEvent,
  type GameState,
  type GameStep,
} from "../../shared/ticTacToeMachine";

/** The game's rules through the pure machine: no database, no clock but the `now` passed in. */

const T0 = new Date("2026-01-01T00:00:00Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const A = "alice";
const B = "bob";

/** Applies events in turn, each at its own second; fails on a refusal. */
function run(state: GameState, events: [number, GameEvent][]): GameStep {
  let s: GameStep = { ...state, effects: [], changed: false };
  for (const [sec, e] of events) {
    s = step(s, e, at(sec));
    if (s.refused) throw new Error(`refused at ${sec}s: ${s.refused.message}`);
  }
  return s;
}

/** A room where A (X) and B (O) sat down at T0: the game is on, X to move. */
function started(): GameState {
  const s = run({ room: openRoom(T0), players: [] }, [
    [0, { type: "seat", userId: A }],
    [0, { type: "seat", userId: B }],
  ]);
  return { room: s.room, players: s.players };
}

const mv = (userId: string, row: number, col: number, expectedVersion?: number): GameEvent => ({
  type: "move",
  userId,
  row,
  col,
  expectedVersion,
});
const player = (s: GameState, userId: string) => s.players.find((p) => p.userId === userId)!;

describe("tic-tac-toe machine: seats and start", () => {
  it("opens a waiting room; the first seat is X and is charged, the second is O and starts the game", () => {
    const room = openRoom(T0);
    expect(room).toMatchObject({ status: "waiting", version: 0, currentTurn: null });
    expect(room.waitDeadline).toEqual(at(WAIT_SECONDS));

    const first = step({ room, players: [] }, { type: "seat", userId: A }, T0);
    expect(first.players).toEqual([
      {
        userId: A,
        symbol: "X",
        active: true,
        connected: true,
        reconnectDeadline: null,
        disconnectBudgetMs: RECONNECT_SECONDS * 1000,
      },
    ]);
    expect(first.room).toBe(room);
    expect(first.effects).toEqual([{ type: "charge", userId: A }, { type: "lobby" }]);

    const second = step(first, { type: "seat", userId: B }, at(5));
    expect(second.players.map((p) => p.symbol)).toEqual(["X", "O"]);
    expect(second.room).toMatchObject({
      status: "playing",
      currentTurn: "X",
      version: 1,
      waitDeadline: null,
    });
    expect(second.room.turnDeadline).toEqual(at(5 + TURN_SECONDS));
    expect(second.room.startedAt).toEqual(at(5));
    expect(second.effects).toEqual([{ type: "charge", userId: B }, { type: "announce" }, { type: "lobby" }]);
  });

  it("seats no one in a room that has started", () => {
    const s = started();
    const r = step(s, { type: "seat", userId: "carol" }, at(1));
    expect(r.refused).toEqual({ code: "conflict", message: GAME_MESSAGES.alreadyStarted });
    expect(r.changed).toBe(false);
  });
});

describe("tic-tac-toe machine: moves", () => {
  it("plays a move: the board, the turn passes with a full turn, the version goes up", () => {
    const r = step(started(), mv(A, 1, 1, 1), at(3));
    expect(r.refused).toBeUndefined();
    expect(r.room.board[1]![1]).toBe("X");
    expect(r.room).toMatchObject({ currentTurn: "O", version: 2, pausedTurnMs: null });
    expect(r.room.turnDeadline).toEqual(at(3 + TURN_SECONDS));
    expect(r.effects).toEqual([{ type: "announce" }]);
  });

  it("refuses the wrong player, a taken cell, a cell off the board and a stale version", () => {
    const s = run(started(), [[1, mv(A, 0, 0)]]);
    const refused = (e: GameEvent) => step(s, e, at(2)).refused?.message;
    expect(refused(mv(A, 2, 2))).toBe(GAME_MESSAGES.notYourTurn);
    expect(refused(mv(B, 0, 0))).toBe(GAME_MESSAGES.cellTaken);
    expect(refused(mv(B, 3, 0))).toBe(GAME_MESSAGES.badCell);
    expect(refused(mv(B, 1, 1, 1))).toBe(GAME_MESSAGES.stale);
    expect(refused(mv("carol", 1, 1))).toBe(GAME_MESSAGES.roomNotFound);
    const stale = step(s, mv(B, 1, 1, 1), at(2));
    expect(stale.refused?.code).toBe("game_move_refused");
    expect(stale.changed).toBe(false);
    expect(stale.room).toBe(s.room);
  });

  it("refuses moves before the start and after the end", () => {
    const waiting = step({ room: openRoom(T0), players: [] }, { type: "seat", userId: A }, T0);
    expect(step(waiting, mv(A, 0, 0), at(1)).refused?.message).toBe(GAME_MESSAGES.notStarted);
    const won = run(started(), [
      [1, mv(A, 0, 0)],
      [2, mv(B, 1, 0)],
      [3, mv(A, 0, 1)],
      [4, mv(B, 1, 1)],
      [5, mv(A, 0, 2)],
    ]);
    expect(step(won, mv(B, 2, 2), at(6)).refused?.message).toBe(GAME_MESSAGES.gameOver);
  });

  it("a line wins: finished, settled once for the winner, every seat freed", () => {
    const r = run(started(), [
      [1, mv(A, 0, 0)],
      [2, mv(B, 1, 0)],
      [3, mv(A, 0, 1)],
      [4, mv(B, 1, 1)],
      [5, mv(A, 0, 2)],
    ]);
    expect(r.room).toMatchObject({
      status: "finished",
      winner: "X",
      endReason: "line",
      currentTurn: null,
      turnDeadline: null,
      pausedTurnMs: null,
      finishedAt: at(5),
      version: 6,
    });
    expect(r.room.board[0]).toEqual(["X", "X", "X"]);
    expect(r.players.every((p) => !p.active && p.reconnectDeadline === null)).toBe(true);
    expect(r.effects).toEqual([{ type: "settle", outcome: "X" }, { type: "announce" }, { type: "lobby" }]);
  });

  it("a full board without a line is a draw", () => {
    // X O X / X O O / O X X
    const r = run(started(), [
      [1, mv(A, 0, 0)],
      [2, mv(B, 0, 1)],
      [3, mv(A, 0, 2)],
      [4, mv(B, 1, 1)],
      [5, mv(A, 1, 0)],
      [6, mv(B, 1, 2)],
      [7, mv(A, 2, 1)],
      [8, mv(B, 2, 0)],
      [9, mv(A, 2, 2)],
    ]);
    expect(r.room).toMatchObject({ status: "finished", winner: "draw", endReason: "draw" });
    expect(r.effects[0]).toEqual({ type: "settle", outcome: "draw" });
  });

  it("any sequence of legal moves keeps the version counting the changes and ends at most once", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 12 }), (cells) => {
        let s: GameState = started();
        let applied = 0;
        for (const [i, cell] of cells.entries()) {
          const turn = s.room.currentTurn;
          const who = turn === "X" ? A : B;
          const r = step(s, mv(who, Math.floor(cell / 3), cell % 3, s.room.version), at(i + 1));
          if (r.refused) {
            expect(r.changed).toBe(false);
            continue;
          }
          applied++;
          s = r;
          expect(s.room.version).toBe(1 + applied);
        }
        const settles = s.room.status === "finished" ? 1 : 0;
        expect(s.players.every((p) => p.active === (settles === 0))).toBe(true);
      }),
    );
  });
});

describe("tic-tac-toe machine: deadlines", () => {
  it("a turn that runs out loses; a move after it is refused and the timeout stands", () => {
    const s = started();
    expect(step(s, { type: "deadlines" }, at(TURN_SECONDS - 1)).changed).toBe(false);
    const r = step(s, mv(A, 0, 0), at(TURN_SECONDS));
    expect(r.refused).toEqual({ code: "game_move_refused", message: GAME_MESSAGES.timeUp });
    expect(r.changed).toBe(true);
    expect(r.room).toMatchObject({ status: "finished", winner: "O", endReason: "turn_timeout" });
    expect(r.effects[0]).toEqual({ type: "settle", outcome: "O" });
  });

  it("the opponent wait runs out: cancelled, the fee refunded", () => {
    const s = step({ room: openRoom(T0), players: [] }, { type: "seat", userId: A }, T0);
    expect(step(s, { type: "deadlines" }, at(WAIT_SECONDS - 1)).changed).toBe(false);
    const r = step(s, { type: "deadlines" }, at(WAIT_SECONDS));
    expect(r.room).toMatchObject({
      status: "cancelled",
      winner: null,
      endReason: "wait_expired",
      waitDeadline: null,
    });
    expect(r.effects).toEqual([{ type: "refund", userId: A }, { type: "announce" }, { type: "lobby" }]);
    expect(r.players[0]!.active).toBe(false);
  });

  it("the earlier of two passed deadlines decides", () => {
    // B drops at 2 s with 120 s of budget (deadline 122 s); A's turn runs out at 30 s.
    const s = run(started(), [[2, { type: "disconnect", userId: B }]]);
    const r = step(s, { type: "deadlines" }, at(200));
    expect(r.room).toMatchObject({ winner: "O", endReason: "turn_timeout" });
  });
});

describe("tic-tac-toe machine: disconnect and reconnect", () => {
  it("the player to move drops: the turn clock stops, and their return restores (not resets) it", () => {
    const s = run(started(), [[10, { type: "disconnect", userId: A }]]);
    expect(player(s, A)).toMatchObject({ connected: false, reconnectDeadline: at(10 + RECONNECT_SECONDS) });
    expect(s.room).toMatchObject({
      turnDeadline: null,
      pausedTurnMs: (TURN_SECONDS - 10) * 1000,
      version: 2,
    });
    // Away longer than a turn: no turn timeout while the countdown governs.
    expect(step(s, { type: "deadlines" }, at(60)).changed).toBe(false);

    const back = step(s, { type: "reconnect", userId: A }, at(60));
    expect(back.room).toMatchObject({ pausedTurnMs: null, version: 3 });
    expect(back.room.turnDeadline).toEqual(at(60 + TURN_SECONDS - 10));
    expect(player(back, A)).toMatchObject({
      connected: true,
      reconnectDeadline: null,
      disconnectBudgetMs: DISCONNECT_BUDGET_MS - 50_000,
    });
  });

  it("the other player drops: the turn clock runs on; a move by the absent player's opponent keeps their turn whole", () => {
    const s = run(started(), [[5, { type: "disconnect", userId: B }]]);
    expect(s.room.turnDeadline).toEqual(at(TURN_SECONDS));
    const r = step(s, mv(A, 0, 0), at(8));
    expect(r.room).toMatchObject({ currentTurn: "O", turnDeadline: null, pausedTurnMs: TURN_SECONDS * 1000 });
    const back = step(r, { type: "reconnect", userId: B }, at(20));
    expect(back.room.turnDeadline).toEqual(at(20 + TURN_SECONDS));
  });

  it("one budget per game, spent across several drops; when it is spent the player loses", () => {
    // A, to move, drops three times; their turn clock stands still while they are away.
    const s = run(started(), [
      [2, { type: "disconnect", userId: A }],
      [42, { type: "reconnect", userId: A }], // 40 s away
      [43, { type: "disconnect", userId: A }],
      [93, { type: "reconnect", userId: A }], // 50 s away
      [94, { type: "disconnect", userId: A }],
    ]);
    expect(player(s, A).disconnectBudgetMs).toBe(DISCONNECT_BUDGET_MS - 90_000);
    expect(player(s, A).reconnectDeadline).toEqual(at(94 + 30));
    expect(s.room.pausedTurnMs).toBe((TURN_SECONDS - 2 - 1 - 1) * 1000);
    expect(step(s, { type: "deadlines" }, at(123)).changed).toBe(false);
    const lost = step(s, { type: "deadlines" }, at(124));
    expect(lost.room).toMatchObject({ status: "finished", winner: "O", endReason: "disconnect" });
    // Back too late: the loss stands, the reconnect does not apply.
    const late = step(s, { type: "reconnect", userId: A }, at(130));
    expect(late.room.endReason).toBe("disconnect");
    expect(player(late, A).connected).toBe(false);
  });

  it("a player who moves is present again, their time away spent", () => {
    const s = run(started(), [[4, { type: "disconnect", userId: A }]]);
    const r = step(s, mv(A, 0, 0), at(14));
    expect(player(r, A)).toMatchObject({
      connected: true,
      reconnectDeadline: null,
      disconnectBudgetMs: DISCONNECT_BUDGET_MS - 10_000,
    });
  });

  it("drops and returns outside a game in play, or twice, change nothing", () => {
    const waiting = step({ room: openRoom(T0), players: [] }, { type: "seat", userId: A }, T0);
    expect(step(waiting, { type: "disconnect", userId: A }, at(1)).changed).toBe(false);
    const s = run(started(), [[3, { type: "disconnect", userId: B }]]);
    expect(step(s, { type: "disconnect", userId: B }, at(4)).changed).toBe(false);
    expect(step(started(), { type: "reconnect", userId: A }, at(4)).changed).toBe(false);
  });
});

describe("tic-tac-toe machine: cancel and the paid switch", () => {
  const waiting = () => step({ room: openRoom(T0), players: [] }, { type: "seat", userId: A }, T0);

  it("cancels a waiting room with a refund; refuses once started or ended, and strangers", () => {
    const r = step(waiting(), { type: "cancel", userId: A }, at(10));
    expect(r.room).toMatchObject({ status: "cancelled", endReason: "cancelled", finishedAt: at(10) });
    expect(r.effects).toEqual([{ type: "refund", userId: A }, { type: "announce" }, { type: "lobby" }]);
    expect(step(started(), { type: "cancel", userId: A }, at(1)).refused).toEqual({
      code: "conflict",
      message: GAME_MESSAGES.alreadyStarted,
    });
    expect(step(r, { type: "cancel", userId: A }, at(11)).refused?.message).toBe(GAME_MESSAGES.alreadyEnded);
    expect(step(waiting(), { type: "cancel", userId: B }, at(1)).refused?.code).toBe("not_found");
  });

  it("a cancel after the wait ran out closes it as expired", () => {
    const r = step(waiting(), { type: "cancel", userId: A }, at(WAIT_SECONDS + 1));
    expect(r.refused).toBeUndefined();
    expect(r.room.endReason).toBe("wait_expired");
  });

  it("a started game ignores a cancel even with a passed deadline (nothing changes)", () => {
    const r = step(started(), { type: "cancel", userId: A }, at(TURN_SECONDS + 5));
    expect(r.changed).toBe(false);
    expect(r.room.status).toBe("playing");
  });

  it("paid rooms off closes a waiting room and leaves a game in play", () => {
    const r = step(waiting(), { type: "paidRoomsOff" }, at(3));
    expect(r.room).toMatchObject({ status: "cancelled", endReason: "paid_rooms_off" });
    expect(r.effects[0]).toEqual({ type: "refund", userId: A });
    expect(step(started(), { type: "paidRoomsOff" }, at(3)).changed).toBe(false);
  });
});

describe("the room page's optimistic move", () => {
  const view = (over: Partial<RoomView> = {}): RoomView => ({
    _id: "room-1",
    type: "Practice Room",
    roomName: "Practice Room",
    roomName_hi: "",
    entryFees: "0",
    prize: "0",
    status: "playing",
    version: 4,
    gameState: emptyBoard(),
    players: [
      { _id: A, name: "Alice", symbol: "X", connected: true, remaining_disconnect: null },
      { _id: B, name: "Bob", symbol: "O", connected: true, remaining_disconnect: null },
    ],
    max_player: 2,
    currentTurn: "X",
    winner: null,
    end_reason: null,
    player_turn_timeLeft: 20,
    player_turn_timer: TURN_SECONDS,
    opponent_player_waiting_timeLeft: 0,
    ...over,
  });

  it("shows the move and passes the turn, the server's version and clocks untouched", () => {
    const shown = optimisticMove(view(), A, 2, 1, T0)!;
    expect(shown.gameState[2]![1]).toBe("X");
    expect(shown).toMatchObject({
      currentTurn: "O",
      version: 4,
      player_turn_timeLeft: 20,
      status: "playing",
    });
  });

  it("refuses what the server would refuse: a taken cell, the other's turn", () => {
    const board = emptyBoard();
    board[0]![0] = "O";
    expect(optimisticMove(view({ gameState: board }), A, 0, 0, T0)).toBeNull();
    expect(optimisticMove(view(), B, 1, 1, T0)).toBeNull();
  });

  it("a winning move shows the end", () => {
    const board = emptyBoard();
    board[0]![0] = "X";
    board[0]![1] = "X";
    expect(optimisticMove(view({ gameState: board }), A, 0, 2, T0)).toMatchObject({
      status: "finished",
      winner: "X",
      end_reason: "line",
    });
  });
});
