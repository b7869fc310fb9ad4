/**
 * Live's input level: how loud the microphone hears the instrument, so that the Live screen can say when
 * it is too quiet for the chords to be followed well. Pure module (no Node or DOM APIs).
 *
 * Why: Live's frame model reads each frame's level in dBFS and its silence floor is in dBFS, while every
 * item it was trained on is peak-normalised (block-RMS peaks of −18.1 to −10.3 dBFS, 5th–95th percentile),
 * and Live opens the microphone without the browser's automatic gain. Played 20 dB quieter, the validation
 * folders' chords are shown as "no chord" 6 % of the time and change falsely 8.75 times a minute (0.87 at
 * their own level); 30 dB quieter Live fails (PROVENANCE.md, "Live's input level"). Two automatic gains
 * that brought −20 dB back were tried and not shipped; the player is told instead.
 */

/**
 * How fast the reference level falls after a peak, dB per second: slow enough to hold through a held
 * chord's decay and the pause between two strums. Set by reasoning, not tuned.
 */
export const LEVEL_RELEASE_DB_PER_SECOND = 1;
/**
 * A reference level under this (dBFS, block RMS) is quiet for Live: 17 dB under the quietest 5 % of the
 * training levels (−18.1 dBFS, `train/live-level-range.ts`), about where the measure above shows Live
 * failing its "no chord" target (≤ 5 %). Set from that measure, not tuned.
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
