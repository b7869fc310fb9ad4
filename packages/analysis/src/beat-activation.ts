/**
 * The learned beat tracker's front end and decoder: log band energies of the onset STFT at a fixed frame
 * rate ({@link BeatBands}, {@link beatModelInput}) for the beat activation network (`models/beats.onnx`,
 * trained by `train/train_beat_model.py`; PROVENANCE.md), and one decoder of its activation: the
 * autocorrelation tempo, then dynamic programming ({@link trackActivationBeats}; the engine's default
 * decoder is the DBN of `beat-dbn.ts`).
 *
 * The network follows the temporal convolutional beat trackers of Davies & Böck ("Temporal convolutional
 * networks for musical audio beat tracking", EUSIPCO 2019) and Böck & Davies ("Deconstruct, analyse,
 * reconstruct: how to improve tempo, beat, and downbeat estimation", ISMIR 2020), scaled down; the
 * decoding is Ellis's dynamic programme ("Beat tracking by dynamic programming", JNMR 36(1), 2007) run on
 * the activation instead of the onset envelope.
 * Pure module (no Node or DOM APIs).
 */
import { estimateTempo, trackBeats } from "./rhythm.js";

/** Log-spaced bands of the beat model's input. */
export const BEAT_BANDS = 48;
/** Lowest band edge, Hz. */
export const BEAT_FMIN = 30;
/**
 * Highest band edge, Hz: below the Nyquist frequency of every analysis rate (≥ 5,512.5 Hz), so the
 * bands cover the same frequencies whatever the input's sample rate.
 */
export const BEAT_FMAX = 5000;
/**
 * Frame rate of the beat model's input and activation, Hz: 11,025 / 128, the onset STFT's own rate at
 * the analysis rate (44.1 and 22.05 kHz input need no resampling; 16 and 48 kHz input are interpolated).
 */
export const BEAT_FRAME_RATE = 11025 / 128;
/** Floor of the band amplitudes before the logarithm (−100 dB re a full-scale sinusoid). */
export const BEAT_LOG_FLOOR = 1e-5;

/** Log band energies per frame at the onset STFT's rate. */
export interface BandFrames {
  /** `[frames × BEAT_BANDS]` row-major: ln(BEAT_LOG_FLOOR + mean bin amplitude) per band. */
  data: Float32Array;
  frames: number;
  /** Frames per second of `data`, Hz. */
  frameRate: number;
}

/**
 * Accumulates the beat model's band energies from magnitude STFT frames fed in order (the onset stage's
 * STFT; see `onsetStage`). Each band is the mean magnitude of its bins (a band narrower than a bin: the
 * magnitude interpolated at its centre) divided by n/4, the peak of a Hann window's spectrum for a unit
 * sinusoid, so levels compare across FFT sizes; then ln(BEAT_LOG_FLOOR + ·).
 */
export class BeatBands {
  /** per band, the bins it reads and their weights (CSR layout: band b uses entries start[b]..start[b+1]) */
  private readonly start = new Int32Array(BEAT_BANDS + 1);
  private readonly bin: Int32Array;
  private readonly weight: Float32Array;
  private readonly data: Float32Array;
  private readonly frameRate: number;
  private t = 0;

  /**
   * @param n FFT size (samples, a power of two); @param rate sample rate, Hz (> 2·BEAT_FMAX);
   * @param hop hop size (samples); @param frames frames that will be added.
   */
  constructor(
    n: number,
    rate: number,
    hop: number,
    private readonly frames: number,
  ) {
    const bins: number[] = [];
    const weights: number[] = [];
    const scale = 4 / n;
    const edge = (b: number) => BEAT_FMIN * (BEAT_FMAX / BEAT_FMIN) ** (b / BEAT_BANDS);
    for (let b = 0; b < BEAT_BANDS; b++) {
      this.start[b] = bins.length;
      const lo = Math.ceil((edge(b) * n) / rate);
      const hi = Math.ceil((edge(b + 1) * n) / rate);
      if (hi > lo) {
        // the mean of the bins inside the band
        for (let k = lo; k < hi; k++) {
          bins.push(k);
          weights.push(scale / (hi - lo));
        }
      } else {
        // a band narrower than a bin: the magnitude interpolated at its centre frequency
        const p = (Math.sqrt(edge(b) * edge(b + 1)) * n) / rate;
        const k = Math.floor(p);
        bins.push(k, k + 1);
        weights.push(scale * (1 - (p - k)), scale * (p - k));
      }
    }
    this.start[BEAT_BANDS] = bins.length;
    this.bin = Int32Array.from(bins);
    this.weight = Float32Array.from(weights);
    this.frameRate = rate / hop;
    this.data = new Float32Array(frames * BEAT_BANDS);
  }

  /** Add the next magnitude frame (bins 0..n/2). */
  addFrame(mag: ArrayLike<number>): void {
    if (this.t >= this.frames) return;
    const row = this.t * BEAT_BANDS;
    for (let b = 0; b < BEAT_BANDS; b++) {
      let amp = 0;
      for (let j = this.start[b] as number; j < (this.start[b + 1] as number); j++)
        amp += ((mag[this.bin[j] as number] as number | undefined) ?? 0) * (this.weight[j] as number);
      this.data[row + b] = Math.log(BEAT_LOG_FLOOR + amp);
    }
    this.t++;
  }

  /** The band energies of the frames added so far. */
  finish(): BandFrames {
    return {
      data: this.data.subarray(0, this.t * BEAT_BANDS),
      frames: this.t,
      frameRate: this.frameRate,
    };
  }
}

/** Input of the learned beat model: log band energies at {@link BEAT_FRAME_RATE}. */
export interface BeatModelInput {
  /** frames T ≥ 1 */
  frames: number;
  /** `[T × BEAT_BANDS]` row-major, each band's mean over the song removed (a spectral-tilt and level normalisation) */
  features: Float32Array;
}

/**
 * The beat model's input from the onset STFT's bands: linearly interpolated in time to
 * {@link BEAT_FRAME_RATE} (frame t at t / BEAT_FRAME_RATE seconds) and each band's mean over the song
 * removed, so gain and EQ do not shift the input.
 * @returns `frames` = floor(duration · BEAT_FRAME_RATE) + 1 (at least 1).
 */
export function beatModelInput(bands: BandFrames): BeatModelInput {
  const { data, frames: F, frameRate } = bands;
  if (F === 0) return { frames: 1, features: new Float32Array(BEAT_BANDS) };
  const T = Math.max(1, Math.floor(((F - 1) / frameRate) * BEAT_FRAME_RATE) + 1);
  const out = new Float32Array(T * BEAT_BANDS);
  const same = Math.abs(frameRate - BEAT_FRAME_RATE) < 1e-9;
  for (let t = 0; t < T; t++) {
    const p = same ? t : (t / BEAT_FRAME_RATE) * frameRate;
    const k = Math.min(F - 1, Math.floor(p));
    const f = Math.min(1, p - k);
    const k1 = Math.min(F - 1, k + 1);
    for (let b = 0; b < BEAT_BANDS; b++)
      out[t * BEAT_BANDS + b] =
        (data[k * BEAT_BANDS + b] as number) * (1 - f) + (data[k1 * BEAT_BANDS + b] as number) * f;
  }
  for (let b = 0; b < BEAT_BANDS; b++) {
    let m = 0;
    for (let t = 0; t < T; t++) m += out[t * BEAT_BANDS + b] as number;
    m /= T;
    for (let t = 0; t < T; t++) out[t * BEAT_BANDS + b] = (out[t * BEAT_BANDS + b] as number) - m;
  }
  return { frames: T, features: out };
}

/** Tempo and beats decoded from a beat activation. */
export interface ActivationBeats {
  /** Tempo of the activation's periodicity, BPM (0 when it has none). */
  bpm: number;
  /** Beat instants, seconds, ascending ([] when bpm is 0). */
  beats: number[];
}

/** How {@link trackActivationBeats} reads the tempo from the activation (see {@link estimateTempo}). */
export interface ActivationTempoOptions {
  /** σ of the log-Gaussian prior around 120 BPM, octaves (Infinity: none). */
  priorSigmaOctaves: number;
  /** Share of the autocorrelation at twice the lag each lag collects. */
  doubleLagWeight: number;
  /**
   * σ of a Gaussian the activation is smoothed with before its autocorrelation, frames (0: none): a
   * period between two whole frames then still meets its peaks.
   */
  smoothFrames: number;
}

/**
 * The tempo reading of the learned beat activation: chosen on the training corpora's validation songs
 * (`train/evaluate-beat-onnx.ts`; PROVENANCE.md).
 */
export const ACTIVATION_TEMPO: ActivationTempoOptions = {
  priorSigmaOctaves: 2,
  doubleLagWeight: 0.5,
  smoothFrames: 2,
};

/**
 * Decode a beat activation: the tempo from its autocorrelation ({@link estimateTempo}, log-Gaussian prior
 * around 120 BPM), then the beats by dynamic programming on it ({@link trackBeats}).
 * @param activation beat probability per frame, 0..1, at `frameRate`.
 * @param frameRate Hz (> 0), {@link BEAT_FRAME_RATE} for the model's output.
 * @param tightness the DP's transition tightness (see {@link trackBeats}).
 * @param tempo the tempo reading (default {@link ACTIVATION_TEMPO}).
 */
export function trackActivationBeats(
  activation: Float32Array,
  frameRate: number,
  tightness: number,
  tempo: ActivationTempoOptions = ACTIVATION_TEMPO,
): ActivationBeats {
  const bpm = estimateTempo(
    tempo.smoothFrames > 0 ? gaussianSmooth(activation, tempo.smoothFrames) : activation,
    frameRate,
    40,
    240,
    tempo.priorSigmaOctaves,
    tempo.doubleLagWeight,
  );
  if (!(bpm > 0)) return { bpm: 0, beats: [] };
  const frames = trackBeats(activation, (60 * frameRate) / bpm, tightness);
  return { bpm, beats: frames.map((f) => f / frameRate) };
}

/**
 * `x` convolved with a Gaussian of σ = `sigma` samples (> 0; truncated at ±3σ, renormalised at the edges):
 * a peaky activation smoothed so that a period between two whole frames still meets its peaks.
 * @returns a new array of `x.length` values.
 */
export function gaussianSmooth(x: Float32Array, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-0.5 * ((i - r) / sigma) ** 2));
  const out = new Float32Array(x.length);
  for (let t = 0; t < x.length; t++) {
    let s = 0;
    let w = 0;
    for (let j = -r; j <= r; j++) {
      const u = t + j;
      if (u < 0 || u >= x.length) continue;
      s += (x[u] as number) * (k[j + r] as number);
      w += k[j + r] as number;
    }
    out[t] = s / w;
  }
  return out;
}
