/**
 * The win's confetti (spec 2 §4). The library is fetched only when a member wins, never on the
 * server; a member who asks for reduced motion gets none.
 */
export type ConfettiShown = "shown" | "reduced-motion";

export async function fireConfetti(): Promise<ConfettiShown> {
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return "reduced-motion";
  const { default: confetti } = await import("canvas-confetti");
  // Drawn on the page itself: the site's policy lets no worker start from a blob.
  const cannon = confetti.create(undefined, {
    resize: true,
    useWorker: false,
    disableForReducedMotion: true,
  });
  void cannon({ particleCount: 120, spread: 75, origin: { y: 0.6 } });
  return "shown";
}
