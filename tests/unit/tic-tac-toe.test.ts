import { describe, expect, it } from "vitest";
import {
  LINES,
  applyMove,
  emptyBoard,
  isBoardFull,
  lineWinner,
  outcomeOf,
  type Board,
  type Cell,
} from "../../shared/ticTacToe";

const board = (rows: string[]): Board => rows.map((r) => [...r].map((c) => (c === "." ? "" : c) as Cell));

describe("tic-tac-toe rules", () => {
  it("starts from an empty 3×3 board with no outcome", () => {
    const b = emptyBoard();
    expect(b).toEqual([
      ["", "", ""],
      ["", "", ""],
      ["", "", ""],
    ]);
    expect(outcomeOf(b)).toBeNull();
    expect(isBoardFull(b)).toBe(false);
  });

  it("has exactly 8 distinct winning lines, and each one wins for either symbol", () => {
    expect(LINES).toHaveLength(8);
    expect(new Set(LINES.map((l) => JSON.stringify(l))).size).toBe(8);
    for (const line of LINES) {
      for (const s of ["X", "O"] as const) {
        const b = emptyBoard();
        for (const [r, c] of line) b[r]![c] = s;
        expect(lineWinner(b)).toBe(s);
        expect(outcomeOf(b)).toBe(s);
      }
    }
  });

  it("finds no winner when no line is complete, and a draw on a full board", () => {
    expect(lineWinner(board(["XX.", "OO.", "..."]))).toBeNull();
    const full = board(["XOX", "XOO", "OXX"]);
    expect(lineWinner(full)).toBeNull();
    expect(isBoardFull(full)).toBe(true);
    expect(outcomeOf(full)).toBe("draw");
    // A line completed by the last cell is a win, not a draw.
    expect(outcomeOf(board(["XOX", "OXO", "OXX"]))).toBe("X");
  });

  it("applies a move without changing the given board and passes the turn", () => {
    const b = emptyBoard();
    const r = applyMove(b, "X", "X", 1, 2);
    expect(r).toEqual({
      ok: true,
      board: [
        ["", "", ""],
        ["", "", "X"],
        ["", "", ""],
      ],
      outcome: null,
      nextTurn: "O",
    });
    expect(b).toEqual(emptyBoard());
  });

  it("refuses a move out of turn, on a taken cell, off the board, and after the end", () => {
    const b = board(["X..", "...", "..."]);
    expect(applyMove(b, "O", "X", 1, 1)).toEqual({ ok: false, reason: "not_your_turn" });
    expect(applyMove(b, "O", "O", 0, 0)).toEqual({ ok: false, reason: "cell_taken" });
    for (const [r, c] of [
      [3, 0],
      [0, -1],
      [1.5, 0],
      [Number.NaN, 1],
    ] as const)
      expect(applyMove(b, "O", "O", r, c)).toEqual({ ok: false, reason: "bad_cell" });
    const won = board(["XXX", "OO.", "..."]);
    expect(applyMove(won, "O", "O", 1, 2)).toEqual({ ok: false, reason: "game_over" });
    const drawn = board(["XOX", "XOO", "OXX"]);
    expect(applyMove(drawn, "O", "O", 0, 0)).toEqual({ ok: false, reason: "game_over" });
  });

  it("reports the winning move's outcome", () => {
    const r = applyMove(board(["XX.", "OO.", "..."]), "X", "X", 0, 2);
    expect(r).toMatchObject({ ok: true, outcome: "X" });
    const d = applyMove(board(["XO.", "XO.", "..."]), "X", "X", 2, 0);
    expect(d).toMatchObject({ ok: true, outcome: "X" });
    const draw = applyMove(board(["XOX", "OOX", ".XO"]), "X", "X", 2, 0);
    expect(draw).toMatchObject({ ok: true, outcome: "draw" });
  });

  it("plays every legal game to an outcome within 9 moves (exhaustive)", () => {
    let games = 0;
    let deepest = 0;
    const refusals = new Set<string>();
    const play = (b: Board, turn: "X" | "O", depth: number) => {
      if (outcomeOf(b) !== null) {
        games++;
        deepest = Math.max(deepest, depth);
        return;
      }
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) {
          const m = applyMove(b, turn, turn, r, c);
          if (m.ok) play(m.board, m.nextTurn, depth + 1);
          else refusals.add(m.reason);
        }
    };
    play(emptyBoard(), "X", 0);
    expect(deepest).toBe(9);
    expect([...refusals]).toEqual(["cell_taken"]);
    // The well-known count of distinct tic-tac-toe games.
    expect(games).toBe(255168);
  });
});
