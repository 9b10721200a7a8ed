/**
 * Tic-tac-toe's rules as pure functions (spec 2 §4 and §9): a 3×3 board, two symbols, the 8
 * winning lines, and a draw when the board is full without a line. The game machine
 * (shared/ticTacToeMachine.ts) applies them to a room, on the server and in the room page's
 * optimistic move alike.
 */

export const SYMBOLS = ["X", "O"] as const;
export type PlayerSymbol = (typeof SYMBOLS)[number];
/** A cell: a symbol or empty (""), as the room's `gameState` carries it. */
export type Cell = PlayerSymbol | "";
export type Board = Cell[][];
/** The result of a finished game: the winning symbol or "draw". */
export type Outcome = PlayerSymbol | "draw";

export const BOARD_SIZE = 3;

/** The 8 winning lines as [row, col] triples: 3 rows, 3 columns, 2 diagonals. */
export const LINES: readonly (readonly (readonly [number, number])[])[] = [
  ...[0, 1, 2].map((r) => [0, 1, 2].map((c) => [r, c] as const)),
  ...[0, 1, 2].map((c) => [0, 1, 2].map((r) => [r, c] as const)),
  [0, 1, 2].map((i) => [i, i] as const),
  [0, 1, 2].map((i) => [i, 2 - i] as const),
];

export function emptyBoard(): Board {
  return Array.from({ length: BOARD_SIZE }, () => Array.from({ length: BOARD_SIZE }, (): Cell => ""));
}

export const otherSymbol = (s: PlayerSymbol): PlayerSymbol => (s === "X" ? "O" : "X");

const cellAt = (board: Board, row: number, col: number): Cell => board[row]?.[col] ?? "";

/** The symbol owning a complete line, or null. */
export function lineWinner(board: Board): PlayerSymbol | null {
  for (const line of LINES) {
    const [a, b, c] = line.map(([r, col]) => cellAt(board, r, col));
    if (a && a === b && a === c) return a;
  }
  return null;
}

export const isBoardFull = (board: Board): boolean =>
  board.length === BOARD_SIZE &&
  board.every((row) => row.length === BOARD_SIZE && row.every((c) => c !== ""));

/** The outcome of the board: a winner over the 8 lines, else a draw when full, else null (playing on). */
export function outcomeOf(board: Board): Outcome | null {
  return lineWinner(board) ?? (isBoardFull(board) ? "draw" : null);
}

/** Why a move is refused (the room module turns these into members' messages). */
export type MoveRefusal = "game_over" | "not_your_turn" | "bad_cell" | "cell_taken";

export type MoveResult =
  | { ok: true; board: Board; outcome: Outcome | null; nextTurn: PlayerSymbol }
  | { ok: false; reason: MoveRefusal };

export const isCellIndex = (n: number): boolean => Number.isInteger(n) && n >= 0 && n < BOARD_SIZE;

/**
 * Applies `symbol`'s move at (row, col), 0-based, when it is `turn`'s move: answers the new board
 * (the given one is not changed), the outcome if the move ended the game, and whose turn is next.
 */
export function applyMove(
  board: Board,
  turn: PlayerSymbol,
  symbol: PlayerSymbol,
  row: number,
  col: number,
): MoveResult {
  if (outcomeOf(board) !== null) return { ok: false, reason: "game_over" };
  if (symbol !== turn) return { ok: false, reason: "not_your_turn" };
  if (!isCellIndex(row) || !isCellIndex(col)) return { ok: false, reason: "bad_cell" };
  if (cellAt(board, row, col) !== "") return { ok: false, reason: "cell_taken" };
  const next = board.map((r, i) => (i === row ? r.map((c, j) => (j === col ? symbol : c)) : [...r]));
  return { ok: true, board: next, outcome: outcomeOf(next), nextTurn: otherSymbol(symbol) };
}
