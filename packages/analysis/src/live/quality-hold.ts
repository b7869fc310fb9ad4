/**
 * The live chord recogniser's quality hold: the display's hysteresis on a chord's quality on the same
 * root. Pure module (no Node or DOM APIs).
 */

/**
 * Default {@link LiveChordOptions.qualityHoldSeconds}, seconds. Chosen with the onset gate on the
 * validation folder of sampled instruments: see the comment in `onset-gate.ts`.
 */
export const QUALITY_HOLD_SECONDS = 0.4;
/**
 * Default {@link LiveChordOptions.qualityFreeSeconds}, seconds. Chosen with the onset gate on the
 * validation folder (see `onset-gate.ts`); of the tied values the one that corrects a wrong first quality
 * at once after a change.
 */
export const QUALITY_FREE_SECONDS = 0.3;

/**
 * The display's hold on the chord's quality: a chord on another root (or silence, or the first chord) is
 * shown at once, but another quality on the same root (C → C7, C → Cm, C → Csus4) only once the recogniser
 * has kept it for `holdSeconds` without a break. Sampled instruments and rooms sway the balance between a
 * chord's notes and their overtones from strum to strum, and most changes the display made while a chord
 * was held were such same-root swaps; a musician changes quality on a root far less often than roots, and
 * then holds the new chord. Pure: fed one decision per frame.
 */
export class QualityHold {
  private shown = -1;
  private pending = -1;
  private pendingSince = 0;
  /** Stream time the displayed root was first shown, seconds. */
  private rootSince = Number.NEGATIVE_INFINITY;

  /**
   * @param rootOf root pitch class (0–11) of a chord index, −1 for none.
   * @param holdSeconds the persistence asked of a same-root change, seconds (≥ 0).
   * @param freeSeconds how long after a root is first shown its quality may still change at once, s (≥ 0).
   */
  constructor(
    private readonly rootOf: (chord: number) => number,
    private readonly holdSeconds: number,
    private readonly freeSeconds = 0,
  ) {}

  /**
   * The chord to display after a frame.
   * @param decided the recogniser's chord index after the frame (−1 = no chord).
   * @param time stream time of the frame, seconds (non-decreasing).
   * @returns the chord index to display.
   */
  next(decided: number, time: number): number {
    if (decided === this.shown) {
      this.pending = -1;
      return this.shown;
    }
    const sameRoot = decided >= 0 && this.shown >= 0 && this.rootOf(decided) === this.rootOf(this.shown);
    if (!sameRoot || time - this.rootSince < this.freeSeconds) {
      if (!sameRoot) this.rootSince = time;
      this.shown = decided;
      this.pending = -1;
      return decided;
    }
    if (decided !== this.pending) {
      this.pending = decided;
      this.pendingSince = time;
    }
    if (time - this.pendingSince >= this.holdSeconds) {
      this.shown = decided;
      this.pending = -1;
    }
    return this.shown;
  }

  /** Forget the displayed chord. */
  reset(): void {
    this.shown = -1;
    this.pending = -1;
    this.rootSince = Number.NEGATIVE_INFINITY;
  }
}
