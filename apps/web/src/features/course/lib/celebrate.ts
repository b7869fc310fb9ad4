import confetti from "canvas-confetti";

/** PRODUCT §9: 100 particles, spread 70, then 50 from each side after 250 ms. */
export const CONFETTI = { particleCount: 100, spread: 70, sideCount: 50, sideDelayMs: 250 } as const;
/** PRODUCT §9: the completion dialog closes and returns to the course after 3000 ms. */
export const COMPLETION_REDIRECT_MS = 3000;

/** canvas-confetti's shape: fire a burst; `reset` removes the canvas. */
type Fire = ((options: confetti.Options) => unknown) & { reset?: () => void };

/**
 * Confetti for a completed lesson (PRODUCT §2, §9): one burst of 100 particles with spread 70 from
 * the centre, then 50 particles from the left and 50 from the right after 250 ms. Nothing is
 * shown when the user prefers reduced motion.
 *
 * Parameters
 * ----------
 * fire : Fire
 *     canvas-confetti (tests pass a fake).
 * reducedMotion : boolean
 *     Default: the `prefers-reduced-motion: reduce` media query.
 *
 * Returns
 * -------
 * () => void
 *     Cancels the side bursts if they have not fired yet and removes the confetti canvas (call it
 *     when leaving the page).
 */
export function celebrate(
  fire: Fire = confetti,
  reducedMotion: boolean = typeof window !== "undefined" &&
    window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true,
): () => void {
  if (reducedMotion) return () => {};
  fire({ particleCount: CONFETTI.particleCount, spread: CONFETTI.spread, origin: { y: 0.6 } });
  const timer = setTimeout(() => {
    fire({ particleCount: CONFETTI.sideCount, angle: 60, spread: 55, origin: { x: 0, y: 0.65 } });
    fire({ particleCount: CONFETTI.sideCount, angle: 120, spread: 55, origin: { x: 1, y: 0.65 } });
  }, CONFETTI.sideDelayMs);
  return () => {
    clearTimeout(timer);
    fire.reset?.();
  };
}
