import { describe, expect, it } from "vitest";
import { gameFinishOf } from "../../app/routes/member+/betting-games_.tic-tac-toe_.play.$roomId/game-finish";

/** How the room names a game's end for the member watching it (spec 2 §4: win, loss, draw). */
describe("a game's finish", () => {
  it("is a win for the winner's symbol, a loss for the other, a draw for both", () => {
    expect(gameFinishOf("X", "X")).toBe("won");
    expect(gameFinishOf("X", "O")).toBe("lost");
    expect(gameFinishOf("O", "O")).toBe("won");
    expect(gameFinishOf("draw", "X")).toBe("draw");
    expect(gameFinishOf("draw", "O")).toBe("draw");
  });

  it("is nothing while the game goes on or before the member's symbol is known", () => {
    expect(gameFinishOf(null, "X")).toBeNull();
    expect(gameFinishOf("X", null)).toBeNull();
    expect(gameFinishOf("draw", undefined)).toBeNull();
  });
});
