/**
 * Live's decision over its learned frame model: an online hidden Markov model filter (the forward
 * algorithm, Rabiner, "A tutorial on hidden Markov models", Proc. IEEE 1989, §III-A) whose states are the
 * frame model's classes, so that one ambiguous frame does not change the display and a clear change
 * does within a few frames. Pure module (no Node or DOM APIs).
 */

/**
 * Probability per frame (≈ 21 ms) that the chord stays, the filter's self-transition. Chosen with the
 * frame model on the validation folder of sampled instruments (`make-live-folder --seed-offset 1`) and the
 * non-music validation folder (PROVENANCE.md, "Band songs in the frame model's training").
 */
export const FRAME_STAY = 0.97;
/**
 * Temperature the frame model's log-probabilities are divided by before the filter reads them (1 = as
 * the model gives them; above 1 trusts single frames less). Chosen with {@link FRAME_STAY}.
 */
export const FRAME_TEMPERATURE = 2;
/**
 * Hysteresis of the decision between chords: another root or triad (a family, see
 * {@link FrameDecisionOptions.families}) takes over only once its filtered probability is this many times
 * the shown family's (1 = plain most probable family), so that one ambiguous stretch does not change the
 * display while a clear change still does within a few frames. Chosen with {@link FRAME_STAY}.
 */
export const FRAME_SWITCH_MARGIN = 2;

/**
 * Hysteresis between classes of one family (the same root and triad: C, C7 and Cmaj7; Am and Am7): another
 * class of the shown chord's family takes over only once it is this many times as probable as the shown
 * class: a seventh that comes and goes with a comped voicing changes the display less often than a new
 * chord does. Chosen on the validation folder by a rule set before the sweep (PROVENANCE.md, "Live's
 * frame model"). Used only with {@link FRAME_QUALITY_RUN_RATIO} 0: since "A shown chord's quality changed
 * by a run of frames" a run of the frame model's own output decides instead.
 */
export const FRAME_QUALITY_MARGIN = 64;

/**
 * Share of a new family's probability its most probable class must hold before the family is shown
 * (0 = show it at once): a seventh chord's first frames often read as its triad, and showing the triad
 * and then the seventh is a change of the display while one chord is held (two thirds of Live's false
 * changes on the instrument validation folders). Chosen with {@link FRAME_QUALITY_PATIENCE} on the five
 * instrument validation folders (`make-live-folder --seed-offset 1, 101–104`), the non-music and the band
 * validation folders by a rule set before the sweep (PROVENANCE.md, "Live's patience for a seventh"); read
 * from the frame ({@link FRAME_QUALITY_FROM_FRAME}) since "A new chord's quality read from the frame".
 */
export const FRAME_QUALITY_SHARE = 0.9;
/**
 * Frames (≈ 21 ms each, so about 0.13 s) a new family waits at most for {@link FRAME_QUALITY_SHARE}
 * before it is shown with its most probable class anyway. Chosen with {@link FRAME_QUALITY_FROM_FRAME}
 * on the same validation folders (PROVENANCE.md, "A new chord's quality read from the frame").
 */
export const FRAME_QUALITY_PATIENCE = 6;
/**
 * Whether a new family's class and its {@link FRAME_QUALITY_SHARE} are read from the current frame's model
 * probabilities (true) rather than from the filtered ones: the filter compounds a seventh chord's first
 * frames, which lean to the triad, into a confident triad that is corrected a moment later. Chosen on the
 * validation folders by rules set before the runs (PROVENANCE.md, "A new chord's quality read from the frame").
 */
export const FRAME_QUALITY_FROM_FRAME = true;
/**
 * Ratio by which the current frame's model output must favour another class of the shown chord's family
 * over the shown class (≥ 1; 0 = off, then {@link FRAME_QUALITY_MARGIN} on the filtered probabilities
 * decides), for {@link FRAME_QUALITY_RUN} frames in a row, before that class is shown: the filter treats
 * each class as a lasting state and compounds a few frames that lean to a seventh (a passing note, a string
 * ringing on) into a confident seventh, and the display changes while one chord is held. Chosen on the five
 * instrument validation folders and the band validation songs by a rule set before the runs
 * (PROVENANCE.md, "A shown chord's quality changed by a run of frames" and "The run's ratio and length").
 */
export const FRAME_QUALITY_RUN_RATIO = 64;
/**
 * Frames (≈ 21 ms each, so about 0.26 s) in a row the frame must favour the same other class of the shown
 * family by {@link FRAME_QUALITY_RUN_RATIO} before it is shown. Chosen with it (PROVENANCE.md, "The run's
 * ratio and length").
 */
export const FRAME_QUALITY_RUN = 12;

/** The filter's parameters; each defaults to the constant of the same name. */
export interface FrameDecisionOptions {
  /** Self-transition probability per frame, 0 < stay < 1 ({@link FRAME_STAY}). */
  stay?: number;
  /** Divides the log-probabilities, > 0 ({@link FRAME_TEMPERATURE}). */
  temperature?: number;
  /** Hysteresis ratio between families, ≥ 1 ({@link FRAME_SWITCH_MARGIN}). */
  margin?: number;
  /** Hysteresis ratio within a family, ≥ 1 ({@link FRAME_QUALITY_MARGIN}). */
  qualityMargin?: number;
  /** Share of a new family its best class must hold before it is shown, 0..1 ({@link FRAME_QUALITY_SHARE}). */
  qualityShare?: number;
  /** Frames a new family waits at most for `qualityShare`, whole number ≥ 0 ({@link FRAME_QUALITY_PATIENCE}). */
  qualityPatience?: number;
  /**
   * Family of each class (`classes` whole numbers ≥ 0): classes that differ only in an added seventh
   * share one. Default: every class its own family (then only `margin` applies).
   */
  families?: ArrayLike<number>;
  /**
   * Read a new family's class and its `qualityShare` from the current frame's model probabilities
   * instead of the filtered ones, which compound the first frames' reading ({@link FRAME_QUALITY_FROM_FRAME}).
   */
  qualityFromFrame?: boolean;
  /**
   * Ratio (≥ 1, or 0 for off) by which the frame's model output must favour another class of the shown
   * family, `qualityRun` frames in a row, before it is shown ({@link FRAME_QUALITY_RUN_RATIO}); when off,
   * `qualityMargin` on the filtered probabilities decides.
   */
  qualityRunRatio?: number;
  /** Frames in a row for `qualityRunRatio`, whole number ≥ 1 ({@link FRAME_QUALITY_RUN}). */
  qualityRun?: number;
}

/**
 * The forward filter: after each frame, the probability of each class given every frame so far, with a
 * transition that keeps the chord with probability `stay` and otherwise moves to any other class alike.
 * The decision is made in two steps (a hysteresis per level of the chord):
 *   1. the family (the chord's root and triad, summed over its classes) changes once another family is
 *      `margin` times as probable as the shown one; the new family shows its most probable class
 *      once that class holds `qualityShare` of the family's probability (in the current frame's model
 *      output with `qualityFromFrame`, else in the filtered probabilities), or after `qualityPatience`
 *      frames of waiting for that;
 *   2. within the shown family, another class takes over once the current frame's model output has
 *      favoured it `qualityRunRatio` times over the shown class for `qualityRun` frames in a row (with
 *      `qualityRunRatio` 0: once it is `qualityMargin` times as probable in the filtered probabilities).
 */
export class FrameDecision {
  private readonly alpha: Float64Array;
  private readonly scratch: Float64Array;
  private readonly family: Int32Array;
  private readonly familySum: Float64Array;
  private best = 0;
  /** Frames the leading new family has waited for its quality. */
  private waited = 0;
  /** The other class of the shown family the frames have favoured in a row, and for how many frames. */
  private runClass = -1;
  private run = 0;
  /** Log prior added to each frame's model output (`setPrior`), null when none. */
  private prior: Float64Array | null = null;
  private readonly weighed: Float64Array;
  readonly stay: number;
  readonly temperature: number;
  readonly margin: number;
  readonly qualityMargin: number;
  readonly qualityShare: number;
  readonly qualityPatience: number;
  readonly qualityFromFrame: boolean;
  readonly qualityRunRatio: number;
  readonly qualityRun: number;

  /**
   * @param classes number of classes (≥ 2).
   * @param options the filter's parameters ({@link FrameDecisionOptions}).
   * @throws {RangeError} for parameters outside their ranges or a family list of the wrong length.
   */
  constructor(
    readonly classes: number,
    options: FrameDecisionOptions = {},
  ) {
    if (!(Number.isInteger(classes) && classes >= 2)) throw new RangeError(`Bad class count: ${classes}`);
    this.stay = options.stay ?? FRAME_STAY;
    this.temperature = options.temperature ?? FRAME_TEMPERATURE;
    this.margin = options.margin ?? FRAME_SWITCH_MARGIN;
    this.qualityMargin = options.qualityMargin ?? FRAME_QUALITY_MARGIN;
    this.qualityShare = options.qualityShare ?? FRAME_QUALITY_SHARE;
    this.qualityPatience = options.qualityPatience ?? FRAME_QUALITY_PATIENCE;
    this.qualityFromFrame = options.qualityFromFrame ?? FRAME_QUALITY_FROM_FRAME;
    this.qualityRunRatio = options.qualityRunRatio ?? FRAME_QUALITY_RUN_RATIO;
    this.qualityRun = options.qualityRun ?? FRAME_QUALITY_RUN;
    if (!(this.stay > 0 && this.stay < 1)) throw new RangeError(`stay must be in (0, 1), got ${this.stay}`);
    if (!(this.temperature > 0)) throw new RangeError(`temperature must be > 0, got ${this.temperature}`);
    if (!(this.margin >= 1)) throw new RangeError(`margin must be ≥ 1, got ${this.margin}`);
    if (!(this.qualityMargin >= 1))
      throw new RangeError(`qualityMargin must be ≥ 1, got ${this.qualityMargin}`);
    if (!(this.qualityShare >= 0 && this.qualityShare <= 1))
      throw new RangeError(`qualityShare must be in [0, 1], got ${this.qualityShare}`);
    if (!(Number.isInteger(this.qualityPatience) && this.qualityPatience >= 0))
      throw new RangeError(`qualityPatience must be a whole number ≥ 0, got ${this.qualityPatience}`);
    if (!(this.qualityRunRatio === 0 || this.qualityRunRatio >= 1))
      throw new RangeError(`qualityRunRatio must be 0 or ≥ 1, got ${this.qualityRunRatio}`);
    if (!(Number.isInteger(this.qualityRun) && this.qualityRun >= 1))
      throw new RangeError(`qualityRun must be a whole number ≥ 1, got ${this.qualityRun}`);
    const families = options.families;
    if (families && families.length !== classes)
      throw new RangeError(`families must give one family per class (${classes}), got ${families.length}`);
    this.family = new Int32Array(classes);
    for (let c = 0; c < classes; c++) {
      const f = families ? (families[c] as number) : c;
      if (!(Number.isInteger(f) && f >= 0 && f < classes))
        throw new RangeError(`Bad family ${f} for class ${c}`);
      this.family[c] = f;
    }
    this.familySum = new Float64Array(classes);
    this.alpha = new Float64Array(classes);
    this.scratch = new Float64Array(classes);
    this.weighed = new Float64Array(classes);
    this.reset();
  }

  /** Forget the past: every class equally likely, the decision class 0. */
  reset(): void {
    this.alpha.fill(1 / this.classes);
    this.best = 0;
    this.waited = 0;
    this.runClass = -1;
    this.run = 0;
  }

  /**
   * Weigh every later frame's model output by a prior (Live's key, `chordKeyLogPrior`), added to its
   * log-probabilities before the filter and both steps read them; null removes it. Kept by {@link reset}.
   * @param logPrior natural-log values, one per class (finite).
   * @throws {RangeError} for the wrong length or a value that is not finite.
   */
  setPrior(logPrior: ArrayLike<number> | null): void {
    if (logPrior === null) {
      this.prior = null;
      return;
    }
    if (logPrior.length !== this.classes)
      throw new RangeError(`a prior gives one value per class (${this.classes}), got ${logPrior.length}`);
    const p = new Float64Array(this.classes);
    for (let c = 0; c < this.classes; c++) {
      const v = logPrior[c] as number;
      if (!Number.isFinite(v)) throw new RangeError(`bad prior ${v} for class ${c}`);
      p[c] = v;
    }
    this.prior = p;
  }

  /**
   * Read one frame.
   * @param logProbs the frame model's natural-log probabilities (≥ `classes` values from `offset`).
   * @returns the decision after this frame (the two-step hysteresis of {@link FrameDecision}).
   */
  update(logProbs: ArrayLike<number>, offset = 0): number {
    const prior = this.prior;
    if (!prior) return this.step(logProbs, offset);
    const w = this.weighed;
    for (let c = 0; c < this.classes; c++) w[c] = (logProbs[offset + c] as number) + (prior[c] as number);
    return this.step(w, 0);
  }

  /** {@link update} on the weighed log-probabilities. */
  private step(logProbs: ArrayLike<number>, offset: number): number {
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
    const fs = this.familySum;
    fs.fill(0);
    for (let c = 0; c < n; c++) {
      a[c] = sum > 0 ? (e[c] as number) / sum : 1 / n;
      const f = this.family[c] as number;
      fs[f] = (fs[f] as number) + (a[c] as number);
    }
    const shownFamily = this.family[this.best] as number;
    let bestFamily = shownFamily;
    for (let f = 0; f < n; f++) if ((fs[f] as number) > (fs[bestFamily] as number)) bestFamily = f;
    if (
      bestFamily !== shownFamily &&
      (fs[bestFamily] as number) >= this.margin * (fs[shownFamily] as number)
    ) {
      const c = this.qualityFromFrame
        ? this.frameBestOf(bestFamily, logProbs, offset)
        : this.bestOf(bestFamily);
      if (
        (this.qualityFromFrame
          ? this.frameShare(c, logProbs, offset) >= this.qualityShare
          : (a[c] as number) >= this.qualityShare * (fs[bestFamily] as number)) ||
        this.waited >= this.qualityPatience
      ) {
        this.best = c;
        this.waited = 0;
        this.run = 0;
      } else this.waited++;
    } else {
      this.waited = 0;
      if (this.qualityRunRatio > 0) this.qualityByRun(shownFamily, logProbs, offset);
      else {
        const inFamily = this.bestOf(shownFamily);
        if ((a[inFamily] as number) >= this.qualityMargin * (a[this.best] as number)) this.best = inFamily;
      }
    }
    return this.best;
  }

  /** Step 2 with `qualityRunRatio`: count the frames in a row that favour one other class of the family. */
  private qualityByRun(f: number, logProbs: ArrayLike<number>, offset: number): void {
    const c = this.frameBestOf(f, logProbs, offset);
    const lead = (logProbs[offset + c] as number) - (logProbs[offset + this.best] as number);
    if (c === this.best || !(lead >= Math.log(this.qualityRunRatio))) {
      this.run = 0;
      return;
    }
    this.run = c === this.runClass ? this.run + 1 : 1;
    this.runClass = c;
    if (this.run >= this.qualityRun) {
      this.best = c;
      this.run = 0;
    }
  }

  /** The most probable class of family `f`. */
  private bestOf(f: number): number {
    let best = this.best;
    let p = -1;
    for (let c = 0; c < this.classes; c++) {
      if (this.family[c] !== f) continue;
      if ((this.alpha[c] as number) > p) {
        best = c;
        p = this.alpha[c] as number;
      }
    }
    return best;
  }

  /** The class of family `f` the frame's model probabilities favour. */
  private frameBestOf(f: number, logProbs: ArrayLike<number>, offset: number): number {
    let best = -1;
    let p = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < this.classes; c++) {
      if (this.family[c] !== f) continue;
      const v = logProbs[offset + c] as number;
      if (v > p) {
        best = c;
        p = v;
      }
    }
    return best;
  }

  /** Class `c`'s share of its family's probability in the frame's model output, 0..1. */
  private frameShare(c: number, logProbs: ArrayLike<number>, offset: number): number {
    const f = this.family[c] as number;
    const top = logProbs[offset + c] as number;
    let sum = 0;
    for (let k = 0; k < this.classes; k++)
      if (this.family[k] === f) sum += Math.exp((logProbs[offset + k] as number) - top);
    return 1 / sum;
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
