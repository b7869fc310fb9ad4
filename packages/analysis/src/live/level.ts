/**
 * Live's input level: a gain on the input's gated loudness in front of the chroma ({@link LiveLoudness}),
 * and how loud the microphone hears the instrument ({@link LiveLevel}), so that the Live screen can say
 * when it is too quiet. Pure module (no Node or DOM APIs).
 *
 * Why: Live's frame model reads each frame's level in dBFS and its silence floor is in dBFS, while every
 * item it was trained on is peak-normalised, and Live opens the microphone without the browser's
 * automatic gain (it would pump on strums). Played 20 dB quieter, the validation folders' chords were shown
 * as "no chord" 6 % of the time and changed falsely 8.75 times a minute (0.87 at their own level); 30 dB
 * quieter Live failed. With {@link LiveLoudness} (on since 2026-12-05, chosen by a rule written before its
 * runs): 1.7 % and 2.11 a minute at −20 dB, 1.8 % and 2.34 at −30 dB, and the folders' own level unchanged
 * within the rule's bounds (PROVENANCE.md, "Live's input level" and "a gain on the gated long-term level").
 */

/**
 * How fast the reference level falls after a peak, dB per second: slow enough to hold through a held
 * chord's decay and the pause between two strums. Set by reasoning, not tuned.
 */
export const LEVEL_RELEASE_DB_PER_SECOND = 1;
/**
 * A reference level under this (dBFS, block RMS) is quiet for Live: 17 dB under the quietest 5 % of the
 * training levels (−18.1 dBFS, `train/live-level-range.ts`), about where the validation folders played
 * 20 dB quieter lie. There, even with the loudness gain, Live changes chord falsely about 2.5 times as often
 * as at their own level (2.11 against 0.83 a minute), and a real microphone adds its own hiss, which
 * the gain raises with the instrument. Set from that measure, not tuned.
 */
export const QUIET_INPUT_DBFS = -35;
/**
 * A reference level under this (dBFS) is silence, not a quiet instrument: Live's silence floor with its
 * frame model (`FRAME_MODEL_MIN_RMS`, −60 dBFS), so a quiet room's hiss raises no warning.
 */
export const SILENT_INPUT_DBFS = -60;
/** Blocks quieter than this (dBFS RMS) are digital silence: they do not move the reference. */
export const LEVEL_SILENCE_DBFS = -100;

/** RMS of `x` in dBFS (−Infinity when silent or empty). */
export function blockDbfs(x: Float32Array): number {
  let e = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    e += v * v;
  }
  return x.length > 0 && e > 0 ? 10 * Math.log10(e / x.length) : Number.NEGATIVE_INFINITY;
}

/**
 * Whether a reference level (dBFS, {@link LiveLevel.reference}) is an instrument heard too quietly: between
 * {@link SILENT_INPUT_DBFS} and {@link QUIET_INPUT_DBFS}.
 */
export function isQuietInput(referenceDbfs: number): boolean {
  return referenceDbfs >= SILENT_INPUT_DBFS && referenceDbfs < QUIET_INPUT_DBFS;
}

/**
 * The input's reference level: the peaks of its block RMS (dBFS), followed at once upwards and released
 * at {@link LEVEL_RELEASE_DB_PER_SECOND}. Feed it the microphone's blocks in order.
 *
 * @param sampleRate Hz of the blocks (> 0).
 * @throws {RangeError} for a sample rate ≤ 0.
 */
export class LiveLevel {
  private readonly sampleRate: number;
  private ref = Number.NEGATIVE_INFINITY;

  constructor(sampleRate: number) {
    if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be > 0, got ${sampleRate}`);
    this.sampleRate = sampleRate;
  }

  /** The reference level, dBFS (−Infinity before any sound). */
  get reference(): number {
    return this.ref;
  }

  /** Forget the reference. */
  reset(): void {
    this.ref = Number.NEGATIVE_INFINITY;
  }

  /**
   * Follow one block.
   * @param block mono PCM at `sampleRate`, nominal range −1..1 (any length).
   * @returns the reference level after it, dBFS.
   */
  push(block: Float32Array): number {
    const db = blockDbfs(block);
    const fallen = this.ref - (LEVEL_RELEASE_DB_PER_SECOND * block.length) / this.sampleRate;
    this.ref = db > LEVEL_SILENCE_DBFS ? Math.max(db, fallen) : fallen;
    return this.ref;
  }
}

/** Seconds between two gating blocks of {@link LiveLoudness} (ITU-R BS.1770-4: 400 ms blocks, 75 % overlap). */
export const LOUDNESS_STEP_SECONDS = 0.1;
/** Steps in one gating block (400 ms, ITU-R BS.1770-4). */
export const LOUDNESS_BLOCK_STEPS = 4;
/**
 * Seconds of gating blocks past the absolute gate that {@link LiveLoudness} averages (100 blocks): a window
 * that slides with sound, not with time, so that a pause does not empty it. Set by reasoning (PROVENANCE.md).
 */
export const LOUDNESS_WINDOW_SECONDS = 10;
/**
 * Absolute gate, dBFS: the frame model's silence floor (`FRAME_MODEL_MIN_RMS`, −60 dBFS) in place of
 * BS.1770-4's −70 LKFS, so hiss the model already treats as silence is never raised.
 */
export const LOUDNESS_ABSOLUTE_GATE_DBFS = SILENT_INPUT_DBFS;
/** Relative gate, dB under the mean power of the blocks past the absolute gate (ITU-R BS.1770-4). */
export const LOUDNESS_RELATIVE_GATE_DB = 10;
/** Most gain {@link LiveLoudness} adds, dB (PROVENANCE.md, first rule of "Live's input level"). */
export const LOUDNESS_MAX_GAIN_DB = 30;
/**
 * The level {@link LiveLoudness} raises a quieter input to, dBFS: the 1st percentile of its loudness over
 * the 166,706 steps of the frame model's training folders (`make-live-folder.ts --seed-offset` 2–25, 576
 * items; their median −17.9 dBFS), written by `train/live-level-range.ts`; not tuned.
 */
export const LOUDNESS_LOW_DBFS = -30.7;

/** Options of {@link LiveLoudness}; each defaults to the constant of the same meaning. */
export interface LiveLoudnessOptions {
  /** The level a quieter input is raised to, dBFS (finite). */
  lowDbfs?: number;
  /** Most gain added, dB (≥ 0). */
  maxGainDb?: number;
}

/**
 * The mean of the powers in `powers` (linear, mean square) that pass the gates of ITU-R BS.1770-4 with
 * Live's absolute gate ({@link LOUDNESS_ABSOLUTE_GATE_DBFS}, then {@link LOUDNESS_RELATIVE_GATE_DB} under
 * the mean of those), in dBFS; NaN when none passes the absolute gate.
 * @param powers gating blocks' mean square, full scale 1.
 */
export function gatedLoudness(powers: ArrayLike<number>): number {
  const absolute = 10 ** (LOUDNESS_ABSOLUTE_GATE_DBFS / 10);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < powers.length; i++) {
    const p = powers[i] as number;
    if (p >= absolute) {
      sum += p;
      n++;
    }
  }
  if (n === 0) return Number.NaN;
  const relative = (sum / n) * 10 ** (-LOUDNESS_RELATIVE_GATE_DB / 10);
  let gated = 0;
  let m = 0;
  for (let i = 0; i < powers.length; i++) {
    const p = powers[i] as number;
    if (p >= absolute && p >= relative) {
      gated += p;
      m++;
    }
  }
  return 10 * Math.log10(gated / m);
}

/**
 * A gain on the input's gated long-term loudness (PROVENANCE.md, "a gain on the gated long-term level"):
 * every {@link LOUDNESS_STEP_SECONDS} a 400 ms gating block's mean power, if it passes the absolute gate,
 * joins a window of the last {@link LOUDNESS_WINDOW_SECONDS} of such blocks; their {@link gatedLoudness} L
 * sets the gain min(maxGain, max(0, low − L)),
 * which the samples of the next step ramp to linearly. A quieter input is raised, never lowered; the gain
 * is held while nothing in the window passes the gates (0 dB before any sound). Feed-forward: the level
 * is read on the input as it comes, and the stage adds no delay.
 *
 * @param sampleRate Hz of the blocks (> 0).
 * @throws {RangeError} for a sample rate ≤ 0 or options out of range.
 */
export class LiveLoudness {
  private readonly stepLength: number;
  private readonly low: number;
  private readonly maxGain: number;
  private readonly windowBlocks: number;
  private readonly absoluteGate = 10 ** (LOUDNESS_ABSOLUTE_GATE_DBFS / 10);
  /** Mean squares of the last steps (up to a gating block's), oldest first. */
  private steps: number[] = [];
  /** Mean squares of the gating blocks in the window, oldest first. */
  private blocks: number[] = [];
  private energy = 0;
  private filled = 0;
  private level = Number.NaN;
  /** Gain, linear: at the start of the current step and at its end. */
  private from = 1;
  private to = 1;
  private out = new Float32Array(0);

  constructor(sampleRate: number, options: LiveLoudnessOptions = {}) {
    if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be > 0, got ${sampleRate}`);
    this.stepLength = Math.max(1, Math.round(LOUDNESS_STEP_SECONDS * sampleRate));
    this.low = options.lowDbfs ?? LOUDNESS_LOW_DBFS;
    this.maxGain = options.maxGainDb ?? LOUDNESS_MAX_GAIN_DB;
    if (!Number.isFinite(this.low)) throw new RangeError(`lowDbfs must be finite, got ${this.low}`);
    if (!(this.maxGain >= 0)) throw new RangeError(`maxGainDb must be ≥ 0, got ${this.maxGain}`);
    this.windowBlocks = Math.round(LOUDNESS_WINDOW_SECONDS / LOUDNESS_STEP_SECONDS);
  }

  /** The gated loudness of the window, dBFS (NaN while nothing in it passes the gates). */
  get loudness(): number {
    return this.level;
  }

  /** The gain the current step ramps to, dB (≥ 0). */
  get gainDb(): number {
    return 20 * Math.log10(this.to);
  }

  /** Forget the window (the gain goes back to 0 dB). */
  reset(): void {
    this.steps = [];
    this.blocks = [];
    this.energy = 0;
    this.filled = 0;
    this.level = Number.NaN;
    this.from = 1;
    this.to = 1;
  }

  /**
   * Follow one block and return it at the stage's gain.
   * @param block mono PCM at the stage's sample rate, nominal range −1..1 (any length).
   * @returns the scaled block: a buffer of the stage's own, valid until the next call, or `block` itself
   *   when the gain was 0 dB throughout.
   */
  process(block: Float32Array): Float32Array {
    if (this.out.length !== block.length) this.out = new Float32Array(block.length);
    let scaled = false;
    for (let i = 0; i < block.length; i++) {
      const v = block[i] as number;
      const g = this.from + ((this.to - this.from) * this.filled) / this.stepLength;
      if (g !== 1) scaled = true;
      this.out[i] = v * g;
      this.energy += v * v;
      if (++this.filled === this.stepLength) this.endStep();
    }
    return scaled ? this.out : block;
  }

  private endStep(): void {
    this.steps.push(this.energy / this.stepLength);
    if (this.steps.length > LOUDNESS_BLOCK_STEPS) this.steps.shift();
    this.energy = 0;
    this.filled = 0;
    let sum = 0;
    for (const s of this.steps) sum += s;
    // Only blocks past the absolute gate join the window: a pause does not move it (PROVENANCE.md).
    const block = sum / this.steps.length;
    if (block >= this.absoluteGate) {
      this.blocks.push(block);
      if (this.blocks.length > this.windowBlocks) this.blocks.shift();
    }
    this.level = gatedLoudness(this.blocks);
    this.from = this.to;
    if (Number.isFinite(this.level))
      this.to = 10 ** (Math.min(this.maxGain, Math.max(0, this.low - this.level)) / 20);
  }
}
