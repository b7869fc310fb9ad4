/**
 * The live chord recogniser's residue mask: discounts the previous chord's stopped notes that ring on in
 * the room while a new segment's evidence accumulates. Pure module (no Node or DOM APIs).
 */
import { PITCH_LO } from "../features.js";
import { FAST_KEPT, STRING_FLOOR } from "./restrike.js";

/**
 * Residue mask. In a room the previous chord's notes ring on in the reverberation for a few hundred
 * milliseconds, and a neighbour of the new chord that holds them reads first (A7 → F#sus4 showed F#m for
 * ≈ 0.2 s, its A from the reverberation). So while a segment's evidence accumulates, each pitch class of
 * the previous chord whose pitches have all fallen below FAST_KEPT (0.3) of their amplitude just before
 * the change — a stopped note, while a note held or struck again keeps its level — has its chroma scaled
 * by that share / FAST_KEPT before the frame is scored. On the live bench's room this took the organ's
 * changes slower than 150 ms from 26 to 19 of 504.
 *
 * State: the reference (the semitone spectrum just before the segment's change, with the previous
 * chord's pitch classes) and the latest gains ({@link ResidueMask.gain}).
 */
export class ResidueMask {
  /** Gain per pitch class (0..1; 1 = unscaled) from the latest {@link ResidueMask.compute}. */
  readonly gain = new Float64Array(12);
  private readonly loudest = new Float64Array(12);
  private readonly kept = new Float64Array(12);
  /** Semitone spectrum just before the segment's change (null after silence): residue reference. */
  private ref: Float32Array | null = null;
  /** Pitch-class set of the previous segment's chord. */
  private prev: Uint8Array | null = null;

  /** Whether a reference is set (a segment that began at a change whose frame before is known). */
  get active(): boolean {
    return this.ref !== null;
  }

  /**
   * Set the reference for a new segment.
   * @param ref semitone amplitudes (linear, index 0 = MIDI PITCH_LO) just before the change, or null.
   * @param prev pitch-class set (12 flags) of the previous segment's chord.
   */
  start(ref: Float32Array | null, prev: Uint8Array): void {
    this.ref = ref;
    this.prev = prev;
  }

  /** Drop the reference (the segment ended). */
  clear(): void {
    this.ref = null;
  }

  /**
   * Residue gains of a frame of the segment into {@link ResidueMask.gain}: each pitch class of the
   * previous chord whose pitches all keep less than FAST_KEPT of their amplitude before the change (each
   * pitch compared with its own amplitude then, floored at STRING_FLOOR of the pitch class's loudest, so
   * that a pitch struck anew counts as kept) is scaled by its kept share / FAST_KEPT; other pitch classes
   * by 1.
   * @param now the frame's semitone amplitudes (linear).
   * @returns false when no pitch class is scaled or there is no reference (then `gain` is left as it was).
   */
  compute(now: Float32Array): boolean {
    const ref = this.ref;
    const a = this.prev;
    if (ref === null || a === null) return false;
    const len = Math.min(now.length, ref.length);
    const loudest = this.loudest;
    const kept = this.kept;
    loudest.fill(0);
    kept.fill(0);
    for (let m = 0; m < len; m++) {
      const pc = (m + PITCH_LO) % 12;
      if (a[pc] === 1) loudest[pc] = Math.max(loudest[pc] as number, ref[m] as number);
    }
    for (let m = 0; m < len; m++) {
      const pc = (m + PITCH_LO) % 12;
      const top = loudest[pc] as number;
      if (a[pc] !== 1 || !(top > 0)) continue;
      const r = Math.max(ref[m] as number, STRING_FLOOR * top);
      kept[pc] = Math.max(kept[pc] as number, (now[m] as number) / r);
    }
    const g = this.gain;
    g.fill(1);
    let any = false;
    for (let pc = 0; pc < 12; pc++) {
      if (a[pc] !== 1 || !((loudest[pc] as number) > 0) || (kept[pc] as number) >= FAST_KEPT) continue;
      g[pc] = (kept[pc] as number) / FAST_KEPT;
      any = true;
    }
    return any;
  }
}
