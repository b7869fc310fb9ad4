/**
 * The input of Live's learned frame model (`models/live-chords.onnx`): one vector per live chroma frame,
 * computed the same way when the training frames are written (`train/dump-live-frames.ts`) and when
 * Live runs. Pure module (no Node or DOM APIs).
 */
import type { ChromaFrame } from "./chroma.js";

/** Pitch-class rows of a frame's features: treble, bass, long treble, long bass (12 each, index 0 = C). */
export const FRAME_CHROMA_ROWS = 4;
/** Scalars after the chroma rows: level, tonality, novelty, steadiness, bass share. */
export const FRAME_SCALARS = 5;
/** Values per frame: {@link FRAME_CHROMA_ROWS} × 12 then {@link FRAME_SCALARS}. */
export const FRAME_FEATURES = FRAME_CHROMA_ROWS * 12 + FRAME_SCALARS;
/** Values per frame with the tonal context row ({@link FrameContext}) after the four chroma rows. */
export const FRAME_FEATURES_WITH_CONTEXT = FRAME_FEATURES + 12;
/**
 * Time constant of the tonal context, seconds: about four bars at 120 BPM, long enough to hold the
 * key's scale over a few chords and short enough to follow a new key within a verse. Set before
 * training, not tuned.
 */
export const FRAME_CONTEXT_SECONDS = 8;
/** Frames quieter than this RMS (−60 dBFS, Live's silence floor with the frame model) leave the context as it is. */
const CONTEXT_MIN_RMS = 0.001;

/**
 * The tonal context of the stream: a leaky average (time constant {@link FRAME_CONTEXT_SECONDS}) of each
 * sounding frame's pitch-class distribution (treble and bass chroma, each divided by its sum, averaged),
 * so that the frame model can read a new chord against the scale heard so far — as a musician guesses
 * Dm rather than D from a lone D bass in C major. Frames under −60 dBFS do not count.
 */
export class FrameContext {
  private readonly sum = new Float64Array(12);
  private readonly row = new Float64Array(12);
  /** Share of the context a frame keeps, per frame. */
  private readonly decay: number;

  /** @param hopSeconds seconds between frames (> 0). @throws {RangeError} otherwise. */
  constructor(hopSeconds: number) {
    if (!(hopSeconds > 0)) throw new RangeError(`hopSeconds must be > 0, got ${hopSeconds}`);
    this.decay = Math.exp(-hopSeconds / FRAME_CONTEXT_SECONDS);
  }

  /** Forget the context. */
  reset(): void {
    this.sum.fill(0);
  }

  /** Fold in one frame. @returns the context row, divided by its maximum (0..1; all 0 before any sound). */
  update(frame: ChromaFrame): Float64Array {
    let t = 0;
    let b = 0;
    for (let i = 0; i < 12; i++) {
      t += frame.treble[i] as number;
      b += frame.bass[i] as number;
    }
    const sounding = frame.rms >= CONTEXT_MIN_RMS && t + b > 0;
    let max = 0;
    for (let i = 0; i < 12; i++) {
      let v = (this.sum[i] as number) * this.decay;
      if (sounding) {
        const d =
          (t > 0 ? (frame.treble[i] as number) / t : 0) * (b > 0 ? 0.5 : 1) +
          (b > 0 ? (frame.bass[i] as number) / b : 0) * (t > 0 ? 0.5 : 1);
        v += (1 - this.decay) * d;
      }
      this.sum[i] = v;
      max = Math.max(max, v);
    }
    for (let i = 0; i < 12; i++) this.row[i] = max > 0 ? (this.sum[i] as number) / max : 0;
    return this.row;
  }
}

/**
 * The frame's features into `out` (offset `at`, {@link FRAME_FEATURES} values):
 *   - each chroma row divided by its maximum (0..1; all 0 when silent), so that the level is read once;
 *   - level: (20·log10(rms) + 60) / 60 clipped to 0..1 (−60 dBFS → 0, full scale → 1);
 *   - tonality, novelty and steadiness as `ChromaFrame` defines them (0..1);
 *   - bass share: the bass chroma's sum over the treble's and the bass's (0..1; 0 when silent).
 * With `context` (a {@link FrameContext} row), that row follows the four chroma rows
 * ({@link FRAME_FEATURES_WITH_CONTEXT} values).
 * @returns `out`.
 */
export function frameFeatures(
  frame: ChromaFrame,
  out: Float32Array,
  at = 0,
  context?: ArrayLike<number>,
): Float32Array {
  const rows: ArrayLike<number>[] = [frame.treble, frame.bass, frame.trebleLong, frame.bassLong];
  if (context) rows.push(context);
  let k = at;
  for (const row of rows) {
    let max = 0;
    for (let i = 0; i < 12; i++) max = Math.max(max, row[i] as number);
    for (let i = 0; i < 12; i++) out[k++] = max > 0 ? (row[i] as number) / max : 0;
  }
  let treble = 0;
  let bass = 0;
  for (let i = 0; i < 12; i++) {
    treble += frame.treble[i] as number;
    bass += frame.bass[i] as number;
  }
  const db = frame.rms > 0 ? 20 * Math.log10(frame.rms) : -120;
  out[k++] = Math.min(1, Math.max(0, (db + 60) / 60));
  out[k++] = clip01(frame.tonality);
  out[k++] = clip01(frame.novelty);
  out[k++] = clip01(frame.steadiness);
  out[k++] = treble + bass > 0 ? bass / (treble + bass) : 0;
  return out;
}

const clip01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/**
 * The frame model's chord qualities (Harte shorthand): those of the sampled-instrument folders it is
 * trained on (`bench/make-live-folder.ts`). Class 0 is "no chord"; quality q on root r is 1 + q·12 + r.
 */
export const FRAME_MODEL_QUALITIES = ["maj", "min", "7", "maj7", "min7"] as const;
/** Classes of the frame model: "no chord" and every quality on the 12 roots. */
export const FRAME_MODEL_CLASSES = 1 + FRAME_MODEL_QUALITIES.length * 12;

/**
 * The triad family of each frame-model class (the family index of `FrameDecision`): "no chord" is
 * family 0; maj, 7 and maj7 on root r are family 1 + r; min and min7 on root r are 13 + r — the classes
 * that MIREX's majmin comparison maps to one chord.
 */
export function frameModelFamilies(): Int32Array {
  const out = new Int32Array(FRAME_MODEL_CLASSES);
  FRAME_MODEL_QUALITIES.forEach((q, qi) => {
    const minor = q === "min" || q === "min7";
    for (let r = 0; r < 12; r++) out[1 + qi * 12 + r] = (minor ? 13 : 1) + r;
  });
  return out;
}
