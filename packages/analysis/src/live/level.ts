/**
 * Live's input level stage: a slow automatic gain with a dead zone, in front of the chroma, that keeps a
 * microphone's level within the levels Live's frame model was trained on. Pure module (no Node or DOM
 * APIs).
 *
 * Why: the frame model reads each frame's level in dBFS (`frame-features.ts`), and its silence floor is in
 * dBFS too, while every item it was trained on is peak-normalised (−1.9 dBFS peak, about −15 to −25 dBFS
 * RMS). Live opens the microphone without the browser's automatic gain (it would pump on strums), so a
 * guitar far from a phone's microphone arrives 20–30 dB quieter than anything the model has heard, and
 * the model takes its decays for silence (PROVENANCE.md, "Live's input level").
 *
 * How: a reference level follows the peaks of the input's block RMS (instant attack, a slow release of
 * {@link LEVEL_RELEASE_DB_PER_SECOND}); while the reference lies inside the training levels
 * ({@link LEVEL_LOW_DBFS}..{@link LEVEL_HIGH_DBFS}) the input passes unchanged, below it the input is
 * raised to the low edge (at most {@link LEVEL_MAX_GAIN_DB}), above it lowered to the high edge (at most
 * {@link LEVEL_MAX_CUT_DB}). The gain moves only as fast as the reference does, so the decay of a held
 * chord stays a decay. The same idea as a broadcast AGC's gated, slow-release level control (e.g. EBU
 * R 128's gated loudness), reduced to a peak follower.
 */

/**
 * Low edge of the training levels: the 5th percentile of the reference level ({@link LiveLevel.reference})
 * over the sounding blocks of Live's frame-model training folders (`make-live-folder.ts --seed-offset`
 * 2–25: 576 items, 1,513,616 blocks), dBFS. Written by `npx tsx packages/analysis/train/live-level-range.ts`;
 * not tuned.
 */
export const LEVEL_LOW_DBFS = -18.1;
/** High edge of the training levels: the 95th percentile of the same reference, dBFS (see {@link LEVEL_LOW_DBFS}). */
export const LEVEL_HIGH_DBFS = -10.3;
/**
 * How fast the reference falls after a peak, dB per second: slow enough that a held chord's decay (a
 * piano's falls some 10–20 dB over several seconds) is not lifted back up, quick enough to follow a
 * player who moves away from the microphone within half a minute. Set before any run, not tuned.
 */
export const LEVEL_RELEASE_DB_PER_SECOND = 1;
/**
 * Most gain the stage adds, dB: a guitar 30 dB under the training levels (about −50 dBFS RMS, a phone
 * across a room) is brought back; a quieter input is mostly the microphone's own hiss. Set before any run.
 */
export const LEVEL_MAX_GAIN_DB = 30;
/** Most the stage lowers a loud input, dB. Set before any run. */
export const LEVEL_MAX_CUT_DB = 20;
/** Blocks quieter than this (dBFS RMS) are digital silence: they do not move the reference. */
export const LEVEL_SILENCE_DBFS = -100;

/** Options of {@link LiveLevel}; every field defaults to the constant of the same name. */
export interface LiveLevelOptions {
  /** Low edge of the dead zone, dBFS (below `highDbfs`). */
  lowDbfs?: number;
  /** High edge of the dead zone, dBFS. */
  highDbfs?: number;
  /** Release of the reference, dB per second (> 0). */
  releaseDbPerSecond?: number;
  /** Most gain added, dB (≥ 0). */
  maxGainDb?: number;
  /** Most gain removed, dB (≥ 0). */
  maxCutDb?: number;
  /**
   * Move the applied gain towards the stage's gain at most `releaseDbPerSecond` (default false: apply it
   * at once), except at the first block with sound and where the gain would carry the reference above
   * `highDbfs` (PROVENANCE.md, "Live's input level", second rule).
   */
  slew?: boolean;
}

/** RMS of `x` in dBFS (−Infinity when silent). */
export function blockDbfs(x: Float32Array): number {
  let e = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    e += v * v;
  }
  return x.length > 0 && e > 0 ? 10 * Math.log10(e / x.length) : Number.NEGATIVE_INFINITY;
}

/**
 * The level stage (see the file's comment). Feed it the microphone's blocks in order; it returns each
 * block scaled by the current gain (the same array when the gain is 0 dB).
 *
 * @param sampleRate Hz of the blocks (> 0).
 * @throws {RangeError} for a sample rate ≤ 0 or options out of range.
 */
export class LiveLevel {
  private readonly sampleRate: number;
  private readonly low: number;
  private readonly high: number;
  private readonly release: number;
  private readonly maxGain: number;
  private readonly maxCut: number;
  private readonly slew: boolean;
  private ref = Number.NEGATIVE_INFINITY;
  private gain = 0;
  /** Whether a block with sound has been heard (the reference is defined). */
  private sounding = false;
  private out = new Float32Array(0);

  constructor(sampleRate: number, options: LiveLevelOptions = {}) {
    if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be > 0, got ${sampleRate}`);
    this.sampleRate = sampleRate;
    this.low = options.lowDbfs ?? LEVEL_LOW_DBFS;
    this.high = options.highDbfs ?? LEVEL_HIGH_DBFS;
    this.release = options.releaseDbPerSecond ?? LEVEL_RELEASE_DB_PER_SECOND;
    this.maxGain = options.maxGainDb ?? LEVEL_MAX_GAIN_DB;
    this.maxCut = options.maxCutDb ?? LEVEL_MAX_CUT_DB;
    this.slew = options.slew ?? false;
    if (!(this.low < this.high))
      throw new RangeError(`lowDbfs must be below highDbfs, got ${this.low}, ${this.high}`);
    if (!(this.release > 0)) throw new RangeError(`releaseDbPerSecond must be > 0, got ${this.release}`);
    if (!(this.maxGain >= 0 && this.maxCut >= 0)) throw new RangeError("maxGainDb and maxCutDb must be ≥ 0");
  }

  /** The reference level, dBFS: the peaks of the block RMS with a slow release (−Infinity before any sound). */
  get reference(): number {
    return this.ref;
  }

  /** The gain applied to the last block, dB (positive raises the input). */
  get gainDb(): number {
    return this.gain;
  }

  /** Forget the reference (the gain goes back to 0 dB). */
  reset(): void {
    this.ref = Number.NEGATIVE_INFINITY;
    this.gain = 0;
    this.sounding = false;
  }

  /**
   * Follow one block and return it at the stage's gain.
   * @param block mono PCM at `sampleRate`, nominal range −1..1 (any length).
   * @returns the scaled block: a buffer of the stage's own, valid until the next call, or `block` itself
   *   when the gain is 0 dB.
   */
  process(block: Float32Array): Float32Array {
    const db = blockDbfs(block);
    const fallen = this.ref - (this.release * block.length) / this.sampleRate;
    this.ref = db > LEVEL_SILENCE_DBFS ? Math.max(db, fallen) : fallen;
    const wasSounding = this.sounding;
    this.sounding = Number.isFinite(this.ref);
    const target = this.sounding
      ? this.ref < this.low
        ? Math.min(this.maxGain, this.low - this.ref)
        : this.ref > this.high
          ? -Math.min(this.maxCut, this.ref - this.high)
          : 0
      : 0;
    if (!this.slew || !wasSounding) this.gain = target;
    else {
      const step = (this.release * block.length) / this.sampleRate;
      this.gain += Math.max(-step, Math.min(step, target - this.gain));
      // Never carry the reference above the training levels' high edge for long: lower at once.
      if (this.ref + this.gain > this.high) this.gain = Math.max(target, this.high - this.ref);
    }
    if (this.gain === 0) return block;
    if (this.out.length !== block.length) this.out = new Float32Array(block.length);
    const g = 10 ** (this.gain / 20);
    for (let i = 0; i < block.length; i++) this.out[i] = (block[i] as number) * g;
    return this.out;
  }
}
