/**
 * The live chord recogniser's onset gate: when notes last started or stopped, so that a displayed chord
 * changes readily only just after an onset, and a decaying or reverberating chord, whose balance drifts
 * as its partials die away, is held. Pure module (no Node or DOM APIs).
 */
import type { ChromaFrame } from "./chroma.js";

/*
 * The onset gate and the quality hold were chosen on the validation folder of sampled instruments
 * (`bench/make-live-folder.ts --seed-offset 1`: other keys, progressions, tempi, strums and rooms than the
 * dev folder the README reports): onset novelty {0.05, 0.1, 0.15} × window {0.3, 0.5, 0.8} s × level
 * {0.2, 0.3, 0.5}, hold {0.2, 0.4, 0.7, 1.0} s, free window {0, 0.3, 0.6, 1.0} s, factor {2, 3, 5, ∞},
 * release {0.05, 0.1, 0.2}: values in the middle of the flat region of fewest false changes a minute with
 * majmin no lower. There: false changes 22.7 → 9.3 a minute, majmin 0.918 → 0.937, sevenths 0.839 →
 * 0.854, latency median 123 ms unchanged. Where two values tied (free window, release) the one the unit
 * tests' musical cases need was taken: a wrong first quality corrected at once after a change, and a
 * reverberant note of a five-note chord falling to 0.15 of its level counted as a release. (The seventh
 * bias was judged there too: see SEVENTH_BIAS in `vocabulary.ts`.)
 */
/** Default {@link LiveChordOptions.onsetNovelty}: relative spectral flux 0..1 (see the comment above). */
export const ONSET_NOVELTY = 0.1;
/** Default {@link LiveChordOptions.onsetSeconds}, seconds (see the comment above). */
export const ONSET_SECONDS = 0.5;
/** Default {@link LiveChordOptions.onsetLevel}: share 0..1 of the segment's loudest RMS (see above). */
export const ONSET_LEVEL = 0.3;
/** Default {@link LiveChordOptions.releaseNovelty}: relative spectral release 0..1 (see above). */
export const RELEASE_NOVELTY = 0.1;

/** The part of {@link LiveChordOptions} the onset gate reads. */
export interface OnsetGateOptions {
  /** Spectral novelty (`ChromaFrame.novelty`, 0..1) that marks an onset. */
  onsetNovelty: number;
  /** Seconds after an onset during which the display changes readily. */
  onsetSeconds: number;
  /** Share (0..1) of the segment's loudest frame RMS an onset must reach. */
  onsetLevel: number;
  /** Relative release of the spectrum ({@link spectralRelease}, 0..1) that also counts as an onset. */
  releaseNovelty: number;
}

/**
 * Relative release of a semitone spectrum since the previous one: the half-wave-rectified fall of the
 * square-rooted amplitudes over their previous sum (the mirror of `ChromaFrame.novelty`, a relative
 * spectral flux after Bello et al., IEEE TSAP 2005), high when notes stop (a key or a finger lifted), low
 * while a chord decays, all its partials together and slowly.
 * @param prev the previous frame's semitone amplitudes (linear), or null before the first frame.
 * @param semitones this frame's semitone amplitudes (same length as `prev`).
 * @returns 0..1; 0 without a previous frame of the same length or when it was silent.
 */
export function spectralRelease(prev: Float32Array | null, semitones: Float32Array): number {
  if (!prev || prev.length !== semitones.length) return 0;
  let fall = 0;
  let sum = 0;
  for (let k = 0; k < prev.length; k++) {
    const a = Math.sqrt(prev[k] as number);
    sum += a;
    fall += Math.max(0, a - Math.sqrt(semitones[k] as number));
  }
  return sum > 0 ? fall / sum : 0;
}

/**
 * Onset gate. A frame is an onset when its spectral novelty reaches `onsetNovelty` (new notes) or its
 * {@link spectralRelease} reaches `releaseNovelty` (notes stopping), and its RMS is at least `onsetLevel`
 * of the loudest frame of the current segment: in a decaying chord the relative novelty of room noise
 * and reverberation rises as the level falls, but new notes come back up towards the level the chord was
 * struck at. State: the latest onset's time, the previous frame's spectrum and the segment's loudest RMS
 * (reset by {@link OnsetGate.segmentEnded}).
 */
export class OnsetGate {
  /** Stream time of the latest onset, seconds; −Infinity before any. */
  private lastOnset = Number.NEGATIVE_INFINITY;
  /** The previous frame's semitone amplitudes (for {@link spectralRelease}). */
  private prevSemitones: Float32Array | null = null;
  /** Loudest frame RMS of the current segment (0 after silence or a change). */
  private onsetPeak = 0;

  /** @param o the onset thresholds and window. */
  constructor(private readonly o: OnsetGateOptions) {}

  /** Take one frame (frames in stream order): note whether it is an onset. */
  observe(frame: ChromaFrame): void {
    const o = this.o;
    if (
      (frame.novelty >= o.onsetNovelty ||
        spectralRelease(this.prevSemitones, frame.semitones) >= o.releaseNovelty) &&
      frame.rms >= o.onsetLevel * this.onsetPeak
    )
      this.lastOnset = frame.time;
    this.prevSemitones = frame.semitones;
    this.onsetPeak = Math.max(this.onsetPeak, frame.rms);
  }

  /** Whether the latest onset is at most `onsetSeconds` before stream time `time` (seconds). */
  after(time: number): boolean {
    return time - this.lastOnset <= this.o.onsetSeconds;
  }

  /** Stream time of the latest onset, seconds (−Infinity before any). */
  get latest(): number {
    return this.lastOnset;
  }

  /** The segment ended (silence or a change): the loudest RMS starts again from 0. */
  segmentEnded(): void {
    this.onsetPeak = 0;
  }

  /** Forget every onset and level (when listening restarts). */
  reset(): void {
    this.lastOnset = Number.NEGATIVE_INFINITY;
    this.onsetPeak = 0;
    this.prevSemitones = null;
  }
}
