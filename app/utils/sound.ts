/**
 * The site's sounds (spec 2 §4): the earning pages' success and failure, and the tic-tac-toe
 * room's win, loss and draw. Web Audio tones: no files to fetch on a slow network.
 */
export type SoundKind = "success" | "failure" | "game-won" | "game-lost" | "game-draw";

interface Tune {
  wave: OscillatorType;
  /** Hz, one note after another. */
  notes: number[];
  /** Seconds from one note to the next (each note lasts as long). */
  step: number;
}

const TUNES: Record<SoundKind, Tune> = {
  success: { wave: "sine", notes: [660, 880], step: 0.15 },
  failure: { wave: "square", notes: [220, 180], step: 0.15 },
  // A rising major arpeggio, a falling minor third, two even notes.
  "game-won": { wave: "triangle", notes: [523, 659, 784, 1047], step: 0.12 },
  "game-lost": { wave: "sine", notes: [392, 311, 262], step: 0.22 },
  "game-draw": { wave: "sine", notes: [440, 440], step: 0.2 },
};

let audio: AudioContext | null = null;

/**
 * Plays `kind` once. The page's `<html data-last-sound>` names the last sound played, so what
 * the member heard can be checked in a browser.
 */
export function playSound(kind: SoundKind): void {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    void ctx.resume?.();
    const { wave, notes, step } = TUNES[kind];
    notes.forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      const t = ctx.currentTime + i * step;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + step - 0.01);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + step);
    });
    document.documentElement.dataset.lastSound = kind;
  } catch {
    /* sound is a courtesy */
  }
}
