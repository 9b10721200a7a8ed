import { useEffect } from "react";
import type { Outcome, PlayerSymbol } from "../../../../shared/ticTacToe";
import { fireConfetti } from "../../../utils/confetti.client";
import { playSound, type SoundKind } from "../../../utils/sound";

/** How a game ended for the member watching it. */
export type GameFinish = "won" | "lost" | "draw";

export function gameFinishOf(
  winner: Outcome | null,
  mine: PlayerSymbol | null | undefined,
): GameFinish | null {
  if (!winner || !mine) return null;
  if (winner === "draw") return "draw";
  return winner === mine ? "won" : "lost";
}

const SOUNDS: Record<GameFinish, SoundKind> = { won: "game-won", lost: "game-lost", draw: "game-draw" };

/** Games whose end this page has already celebrated (a later update or a remount plays nothing). */
const celebrated = new Set<string>();

/**
 * The end of a game (spec 2 §4): a win shows confetti and plays its sound, a loss and a draw
 * play theirs; once per game. The page's `<html>` carries `data-game-finish` (won, lost, draw)
 * and, after a win, `data-confetti` (shown, or reduced-motion when the member asked for less
 * motion) while the room is shown.
 */
export function useGameFinishEffects(gameId: string, finish: GameFinish | null): void {
  useEffect(() => {
    if (!finish) return;
    const root = document.documentElement;
    root.dataset.gameFinish = finish;
    if (celebrated.has(gameId)) return;
    celebrated.add(gameId);
    playSound(SOUNDS[finish]);
    if (finish === "won")
      fireConfetti()
        .then((shown) => {
          if (root.dataset.gameFinish) root.dataset.confetti = shown;
        })
        .catch(() => {
          /* confetti is a courtesy */
        });
  }, [gameId, finish]);

  useEffect(
    () => () => {
      delete document.documentElement.dataset.gameFinish;
      delete document.documentElement.dataset.confetti;
    },
    [],
  );
}
