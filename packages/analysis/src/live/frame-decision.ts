/**
 * Live's decision over its learned frame model: an online hidden Markov model filter (the forward
 * algorithm, Rabiner, "A tutorial on hidden Markov models", Proc. IEEE 1989, §III-A) whose states are the
 * frame model's classes, so that one ambiguous frame does not change the display and a clear change
 * does within a few frames. Pure module (no Node or DOM APIs).
 */

/**
 * Probability per frame (≈ 21 ms) that the chord stays, the filter's self-transition. Chosen on the
 * validation folder of sampled instruments (`make-live-folder --seed-offset 1`; PROVENANCE.md).
 */
export const FRAME_STAY = 0.99;
/**
 * Temperature the frame model's log-probabilities are divided by before the filter reads them (1 = as
 * the model gives them; above 1 trusts single frames less). Chosen with {@link FRAME_STAY}.
 */
export const FRAME_TEMPERATURE = 2;
/**
 * Hysteresis of the decision: another class takes over only once its filtered probability is this many
 * times the current decision's (1 = plain most probable class). Holds a chord whose seventh comes and
 * goes with the voicing (C ↔ C7 while comping) without slowing a clear change. Chosen with {@link FRAME_STAY}.
 */
export const FRAME_SWITCH_MARGIN = 8;

/**
 * The forward filter: after each frame, the probability of each class given every frame so far, with a
 * transition that keeps the chord with probability `stay` and otherwise moves to any other class alike.
 * The decision is the most probable class, kept until another is `margin` times as probable.
 */
export class FrameDecision {
  private readonly alpha: Float64Array;
  private readonly scratch: Float64Array;
  private best = 0;

  /**
   * @param classes number of classes (≥ 2).
   * @param stay self-transition probability per frame, 0 < stay < 1 (default {@link FRAME_STAY}).
   * @param temperature divides the log-probabilities, > 0 (default {@link FRAME_TEMPERATURE}).
   * @param margin hysteresis ratio, ≥ 1 (default {@link FRAME_SWITCH_MARGIN}).
   * @throws {RangeError} for parameters outside those ranges.
   */
  constructor(
    readonly classes: number,
    readonly stay = FRAME_STAY,
    readonly temperature = FRAME_TEMPERATURE,
    readonly margin = FRAME_SWITCH_MARGIN,
  ) {
    if (!(Number.isInteger(classes) && classes >= 2)) throw new RangeError(`Bad class count: ${classes}`);
    if (!(stay > 0 && stay < 1)) throw new RangeError(`stay must be in (0, 1), got ${stay}`);
    if (!(temperature > 0)) throw new RangeError(`temperature must be > 0, got ${temperature}`);
    if (!(margin >= 1)) throw new RangeError(`margin must be ≥ 1, got ${margin}`);
    this.alpha = new Float64Array(classes);
    this.scratch = new Float64Array(classes);
    this.reset();
  }

  /** Forget the past: every class equally likely, the decision class 0. */
  reset(): void {
    this.alpha.fill(1 / this.classes);
    this.best = 0;
  }

  /**
   * Read one frame.
   * @param logProbs the frame model's natural-log probabilities (≥ `classes` values from `offset`).
   * @returns the decision: the most probable class after this frame, unless the previous decision is
   *   still at least 1/`margin` as probable as it.
   */
  update(logProbs: ArrayLike<number>, offset = 0): number {
    const n = this.classes;
    const a = this.alpha;
    const e = this.scratch;
    let max = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < n; c++) max = Math.max(max, (logProbs[offset + c] as number) / this.temperature);
    const move = (1 - this.stay) / (n - 1);
    let sum = 0;
    for (let c = 0; c < n; c++) {
      const prior = this.stay * (a[c] as number) + move * (1 - (a[c] as number));
      const v = prior * Math.exp((logProbs[offset + c] as number) / this.temperature - max);
      e[c] = v;
      sum += v;
    }
    let best = 0;
    for (let c = 0; c < n; c++) {
      a[c] = sum > 0 ? (e[c] as number) / sum : 1 / n;
      if ((a[c] as number) > (a[best] as number)) best = c;
    }
    if ((a[best] as number) >= this.margin * (a[this.best] as number)) this.best = best;
    return this.best;
  }

  /** The decision after the last frame read. */
  get decision(): number {
    return this.best;
  }

  /** The decision's probability 0..1. */
  get confidence(): number {
    return this.alpha[this.best] as number;
  }
}
