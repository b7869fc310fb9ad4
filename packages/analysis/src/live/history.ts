/**
 * The live chord recogniser's frame history: a ring of the last {@link HISTORY} frames' chroma, scores,
 * voicing and semitone spectra, with the stream's hop and window lengths. Written by
 * {@link LiveChordRecognizer} (and its {@link ChordScorer}); read by the change detector, the segment
 * decision and the speech gate, which re-decide a segment from the frames after a change. Pure module.
 */
import type { ChromaFrame } from "./chroma.js";

/** Frames of history kept for re-deciding after a change (≈ 1 s at the default hop). */
export const HISTORY = 48;
/** The hop the frame counts and per-frame constants of {@link LiveChordOptions} refer to, seconds. */
export const REF_HOP = 1024 / 48000;

/**
 * Ring of the last {@link HISTORY} frames: frame number `n` (0, 1, … since the stream started) lives in
 * slot `n % HISTORY` of each array until frame `n + HISTORY` replaces it.
 */
export class FrameHistory {
  /** Short-window chord scores per frame (one per vocabulary chord, correlation units). */
  readonly short: Float64Array[];
  /** Long-window chord scores per frame, with the learned model's evidence. */
  readonly long: Float64Array[];
  /** The long window's scores without the learned model's evidence (provisional decisions). */
  readonly longPlain: Float64Array[];
  /** Short-window treble chroma (12 bins) per frame. */
  readonly treble: Float64Array[];
  /** Long-window treble chroma per frame. */
  readonly trebleLong: Float64Array[];
  /** Short-window bass chroma per frame. */
  readonly bass: Float64Array[];
  /** Long-window bass chroma per frame. */
  readonly bassLong: Float64Array[];
  /** 1 where the frame was loud and tonal enough to hold a chord (`minRms`, `minTonality`), else 0. */
  readonly voiced: Uint8Array;
  /** Semitone spectrum (`ChromaFrame.semitones`, linear amplitudes) per frame. */
  readonly semitones: Float32Array[];
  /** Seconds between the latest two frames (REF_HOP until two frames have been seen). */
  hop = REF_HOP;
  /** Short window of the latest scored frame, seconds. */
  shortSeconds = 0.085;
  /** Long window of the latest scored frame, seconds (the short one's when the long window is off). */
  longSeconds = 0.128;

  /** @param chords number of chords scored per frame (the vocabulary's size). */
  constructor(chords: number) {
    this.short = Array.from({ length: HISTORY }, () => new Float64Array(chords));
    this.long = Array.from({ length: HISTORY }, () => new Float64Array(chords));
    this.longPlain = Array.from({ length: HISTORY }, () => new Float64Array(chords));
    this.treble = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.trebleLong = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.voiced = new Uint8Array(HISTORY);
    this.semitones = Array.from({ length: HISTORY }, () => new Float32Array(0));
    this.bass = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.bassLong = Array.from({ length: HISTORY }, () => new Float64Array(12));
  }

  /** Store frame number `n`'s chroma, spectrum and voicing (its scores are written by the scorer). */
  store(n: number, frame: ChromaFrame, voiced: boolean): void {
    const slot = n % HISTORY;
    this.voiced[slot] = voiced ? 1 : 0;
    (this.treble[slot] as Float64Array).set(frame.treble);
    (this.trebleLong[slot] as Float64Array).set(frame.trebleLong);
    this.semitones[slot] = frame.semitones;
    (this.bass[slot] as Float64Array).set(frame.bass);
    (this.bassLong[slot] as Float64Array).set(frame.bassLong);
  }

  /** Take the window lengths of a frame about to be scored. */
  setWindows(frame: ChromaFrame): void {
    this.shortSeconds = frame.shortSeconds;
    this.longSeconds = frame.longSeconds > 0 ? frame.longSeconds : frame.shortSeconds;
  }

  /** A count of frames at the reference hop, converted to the current hop (≥ 1). */
  frames(count: number): number {
    return Math.max(1, Math.round((count * REF_HOP) / this.hop));
  }

  /** Semitone spectrum of frame `j` as seen at frame `n`, or null when `j` < 0 or has left the ring. */
  semitonesAt(j: number, n: number): Float32Array | null {
    if (j < 0 || j <= n - HISTORY) return null;
    return this.semitones[j % HISTORY] as Float32Array;
  }

  /** Forget which frames were voiced (when listening restarts). */
  reset(): void {
    this.voiced.fill(0);
  }
}
