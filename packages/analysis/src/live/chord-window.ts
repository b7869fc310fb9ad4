/**
 * The learned chord model's sliding window in Live: the engine's chord model (`models/chords.onnx`,
 * the chord stage's `ChordModel`) read causally on the last few seconds of what was played. Pure module
 * (no Node or DOM APIs).
 */
import { N_PITCH } from "../features.js";
import type { ChordModelInput } from "../types.js";
import type { ChromaFrame } from "./chroma.js";

/**
 * Length of one segment of the window, seconds: about a beat at 120 BPM, the segment the chord model
 * was trained on (it reads beat-synchronous chroma; Live has no beats, so it reads fixed segments).
 */
export const CHORD_SEGMENT_SECONDS = 0.5;

/**
 * Segments of context the model's last reading sees before the newest one: its receptive field is ±4
 * segments (a kernel-7 then a kernel-3 convolution, train/train_chord_model.py), so 4 is all it can use.
 */
export const CHORD_CONTEXT_SEGMENTS = 4;

/**
 * Copies of the newest segment appended after it. The model was trained with context on both sides;
 * live there is no future, and the most likely future is the chord going on, so the newest segment is
 * read as the middle of a held chord rather than next to silence (zero padding).
 */
export const CHORD_FUTURE_SEGMENTS = 4;

/**
 * Log compression of the window's semitone spectrum, log(1 + γ · x / max): the analysis' salience γ
 * (`semitoneSpectrogram`'s default, Müller 2015 §3.1), so that the model reads the scale it learned.
 */
export const SPECTRUM_GAMMA = 100;

/**
 * Sliding window of segments ending at the newest frame, in the chord model's input format. Each frame
 * louder than `minRms` adds its long-window treble and bass chroma (the finer resolution, as the chord
 * scorer's model evidence reads) to a frame ring; {@link modelInput} sums the ring into
 * `CHORD_CONTEXT_SEGMENTS + 1` segments of `segmentSeconds` ending at the newest frame, the newest
 * segment repeated `CHORD_FUTURE_SEGMENTS` times after it. Per segment, as the offline `chordModelInput`:
 * treble scaled to a maximum of 1, bass to a sum of 1, all zero when nothing was heard; and the log
 * semitone spectrum the engine's model reads (`harmonicSpectrum`): each frame's semitone amplitudes
 * log-compressed as the analysis' salience, log(1 + {@link SPECTRUM_GAMMA} · x / max), with the maximum
 * taken over the window's frames (the analysis takes it over the whole song, which Live has not heard
 * yet), averaged over the segment's frames.
 *
 * @param hopSeconds seconds between frames (> 0).
 * @param segmentSeconds seconds per segment (default {@link CHORD_SEGMENT_SECONDS}; at least one hop).
 * @param minRms frames below this RMS are silence (default 0.004, the recogniser's `minRms`).
 */
export class LiveChordWindow {
  /** Frames per segment. */
  readonly perSegment: number;
  /** Segments read: context plus the newest. */
  readonly segments = CHORD_CONTEXT_SEGMENTS + 1;
  private readonly ring: Float64Array;
  private readonly spectra: Float32Array;
  private readonly voiced: Uint8Array;
  private readonly size: number;
  private readonly minRms: number;
  private written = 0;

  constructor(hopSeconds: number, segmentSeconds = CHORD_SEGMENT_SECONDS, minRms = 0.004) {
    if (!(hopSeconds > 0)) throw new RangeError(`hopSeconds must be positive, got ${hopSeconds}`);
    this.perSegment = Math.max(1, Math.round(segmentSeconds / hopSeconds));
    this.size = this.perSegment * this.segments;
    this.ring = new Float64Array(this.size * 24);
    this.spectra = new Float32Array(this.size * N_PITCH);
    this.voiced = new Uint8Array(this.size);
    this.minRms = minRms;
  }

  /** Forget everything heard. */
  reset(): void {
    this.ring.fill(0);
    this.spectra.fill(0);
    this.voiced.fill(0);
    this.written = 0;
  }

  /** Add the newest frame. */
  add(frame: ChromaFrame): void {
    const slot = this.written % this.size;
    this.written++;
    const on = frame.rms >= this.minRms;
    this.voiced[slot] = on ? 1 : 0;
    for (let i = 0; i < 12; i++) {
      this.ring[slot * 24 + i] = on ? (frame.trebleLong[i] as number) : 0;
      this.ring[slot * 24 + 12 + i] = on ? (frame.bassLong[i] as number) : 0;
    }
    if (on) this.spectra.set(frame.semitones.subarray(0, N_PITCH), slot * N_PITCH);
    else this.spectra.fill(0, slot * N_PITCH, (slot + 1) * N_PITCH);
  }

  /** Whether the newest segment holds any sound. */
  heard(): boolean {
    const n = Math.min(this.written, this.perSegment);
    for (let k = 1; k <= n; k++) if (this.voiced[(this.written - k) % this.size]) return true;
    return false;
  }

  /**
   * The chord model's input: `segments + CHORD_FUTURE_SEGMENTS` rows of 24 chroma values and of
   * {@link N_PITCH} spectrum values (see the class); the row to read is {@link newestRow}. Null until a
   * whole segment has been heard or when the newest segment is silent.
   */
  modelInput(): ChordModelInput | null {
    if (this.written < this.perSegment || !this.heard()) return null;
    const rows = this.segments + CHORD_FUTURE_SEGMENTS;
    const features = new Float32Array(rows * 24);
    const spectrum = new Float32Array(rows * N_PITCH);
    const heardFrames = Math.min(this.written, this.size);
    let peak = 0;
    for (let k = 1; k <= heardFrames; k++) {
      const base = ((this.written - k) % this.size) * N_PITCH;
      for (let m = 0; m < N_PITCH; m++) peak = Math.max(peak, this.spectra[base + m] as number);
    }
    const g = peak > 0 ? SPECTRUM_GAMMA / peak : 0;
    const sum = new Float64Array(24);
    for (let s = 0; s < this.segments; s++) {
      // Segment s ends (segments − 1 − s) segments before the newest frame.
      sum.fill(0);
      const back = (this.segments - 1 - s) * this.perSegment;
      let frames = 0;
      for (let k = 1; k <= this.perSegment; k++) {
        const age = back + k;
        if (age > this.written) break;
        const slot = (this.written - age) % this.size;
        for (let i = 0; i < 24; i++) sum[i] = (sum[i] as number) + (this.ring[slot * 24 + i] as number);
        const base = slot * N_PITCH;
        const row = s * N_PITCH;
        for (let m = 0; m < N_PITCH; m++)
          spectrum[row + m] =
            (spectrum[row + m] as number) + Math.log1p(g * (this.spectra[base + m] as number));
        frames++;
      }
      writeRow(features, s, sum);
      if (frames > 0)
        for (let m = 0; m < N_PITCH; m++)
          spectrum[s * N_PITCH + m] = (spectrum[s * N_PITCH + m] as number) / frames;
    }
    const newest = features.slice((this.segments - 1) * 24, this.segments * 24);
    const newestSpectrum = spectrum.slice((this.segments - 1) * N_PITCH, this.segments * N_PITCH);
    for (let s = this.segments; s < rows; s++) {
      features.set(newest, s * 24);
      spectrum.set(newestSpectrum, s * N_PITCH);
    }
    return { beats: rows, features, spectrum };
  }

  /** Index of the row of {@link modelInput} that is the newest segment. */
  get newestRow(): number {
    return this.segments - 1;
  }
}

/** Row `s` of a chord-model input from summed chroma: treble over its maximum, bass over its sum. */
function writeRow(out: Float32Array, s: number, sum: Float64Array): void {
  let mt = 0;
  let nb = 0;
  for (let i = 0; i < 12; i++) {
    mt = Math.max(mt, sum[i] as number);
    nb += sum[12 + i] as number;
  }
  for (let i = 0; i < 12; i++) {
    out[s * 24 + i] = mt > 0 ? (sum[i] as number) / mt : 0;
    out[s * 24 + 12 + i] = nb > 0 ? (sum[12 + i] as number) / nb : 0;
  }
}
