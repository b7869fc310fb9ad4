/**
 * Low-level DSP: decimation and short-time Fourier transform over reused typed arrays.
 * Pure module (no Node or DOM APIs).
 */
import FFT from "fft.js";

/** Typed view of the `fft.js` API we use (Cooley–Tukey radix-4, real input). */
interface RealFft {
  realTransform(out: Float64Array, data: Float64Array): void;
}

/** Blackman-windowed-sinc low-pass FIR for decimation by `factor` (unit DC gain). */
function decimationFilter(factor: number, taps: number): Float64Array {
  const half = (taps - 1) >> 1;
  const fc = 0.45 / factor; // cutoff, cycles per input sample (a bit below the new Nyquist)
  const h = new Float64Array(taps);
  let sum = 0;
  for (let i = 0; i < taps; i++) {
    const n = i - half;
    const sinc = n === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * n) / (Math.PI * n);
    const w =
      0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (taps - 1));
    h[i] = sinc * w;
    sum += h[i] ?? 0;
  }
  for (let i = 0; i < taps; i++) h[i] = (h[i] ?? 0) / sum;
  return h;
}

/**
 * Decimate by an integer factor with a windowed-sinc (Blackman) low-pass FIR.
 *
 * @param x input samples, any rate.
 * @param factor integer ≥ 1; 1 returns a copy.
 * @param taps odd FIR length (default 63).
 * @returns `ceil(x.length / factor)` samples at `rate / factor`.
 * Source: standard windowed-sinc design (Smith, "The Scientist and Engineer's Guide to DSP", ch. 16).
 */
export function decimate(x: Float32Array, factor: number, taps = 63): Float32Array {
  if (factor <= 1) return Float32Array.from(x);
  const d = new StreamingDecimator(factor, taps);
  d.push(x);
  return d.finish();
}

/**
 * Streaming form of {@link decimate}: feed the input in chunks of any size with `push`, then `finish`.
 * The output is bit-identical to `decimate(wholeInput, factor, taps)` whatever the chunking, so a file
 * decoded chunk by chunk (Node) and the same PCM analysed at once (browser Worker) give the same result,
 * while the full-rate signal never has to be held in memory.
 */
export class StreamingDecimator {
  readonly factor: number;
  private readonly h: Float64Array;
  private readonly half: number;
  /** Last `taps` input samples (ring of history), plus the count of input samples seen. */
  private readonly hist: Float64Array;
  private seen = 0;
  /** Index (in input samples) of the centre of the next output sample. */
  private nextCentre = 0;
  private out: Float32Array;
  private outLen = 0;

  constructor(factor: number, taps = 63, expectedInputLength = 0) {
    this.factor = Math.max(1, Math.floor(factor));
    this.h = decimationFilter(this.factor, taps);
    this.half = (taps - 1) >> 1;
    this.hist = new Float64Array(2 * taps);
    this.out = new Float32Array(Math.max(1024, Math.ceil(expectedInputLength / this.factor) + 1));
  }

  private emit(v: number): void {
    if (this.outLen === this.out.length) {
      const grown = new Float32Array(Math.ceil(this.out.length * 1.25) + 1024);
      grown.set(this.out);
      this.out = grown;
    }
    this.out[this.outLen++] = v;
  }

  /** Output sample centred on input index c, reading input through `at` (0 outside the signal). */
  private tap(c: number, at: (j: number) => number): number {
    const h = this.h;
    let acc = 0;
    for (let i = 0; i < h.length; i++) {
      const j = c - this.half + i;
      if (j >= 0) acc += (h[i] as number) * at(j);
    }
    return acc;
  }

  /** `count` outputs whose windows start at x[o], x[o + factor], …, written straight to the output. */
  private firSpan(x: Float32Array, o: number, count: number): void {
    if (this.outLen + count > this.out.length) {
      const grown = new Float32Array(Math.ceil((this.outLen + count) * 1.25) + 1024);
      grown.set(this.out.subarray(0, this.outLen));
      this.out = grown;
    }
    const h = this.h;
    const taps = h.length;
    const f = this.factor;
    const out = this.out;
    let w = this.outLen;
    for (let k = 0, p = o; k < count; k++, p += f) {
      let acc = 0;
      for (let i = 0; i < taps; i++) acc += (h[i] as number) * (x[p + i] as number);
      out[w++] = acc;
    }
    this.outLen = w;
  }

  /** Feed the next chunk of input samples. */
  push(x: Float32Array): void {
    const f = this.factor;
    const start = this.seen;
    const end = start + x.length;
    const half = this.half;
    const hist = this.hist;
    const L = hist.length;
    // Input sample j: inside the chunk when j ≥ start, else from the history ring (the last L samples).
    const at = (j: number) => (j >= start ? (x[j - start] as number) : (hist[j % L] as number));
    while (this.nextCentre + half < end) {
      const c = this.nextCentre;
      const lo = c - half;
      if (f === 1)
        this.emit(at(c)); // c may precede this chunk (held back by the filter half-width)
      else if (lo >= start) {
        // Interior run: every output whose window lies inside this chunk, in one tight loop.
        const last = Math.floor((end - 1 - half - c) / f); // outputs c, c+f, …, c+last·f
        this.firSpan(x, lo - start, last + 1);
        this.nextCentre += last * f;
      } else this.emit(this.tap(c, at));
      this.nextCentre += f;
    }
    // Keep the tail in the history ring.
    for (let j = Math.max(start, end - L); j < end; j++) hist[j % L] = x[j - start] as number;
    this.seen = end;
  }

  /** Flush the last outputs (input beyond the end counts as 0) and return the decimated signal. */
  finish(): Float32Array {
    const end = this.seen;
    const L = this.hist.length;
    const at = (j: number) => (j < end ? (this.hist[j % L] as number) : 0);
    while (this.nextCentre < end) {
      this.emit(this.factor === 1 ? at(this.nextCentre) : this.tap(this.nextCentre, at));
      this.nextCentre += this.factor;
    }
    return this.out.slice(0, this.outLen);
  }
}

/** A magnitude spectrogram stored frame-major: `data[t * bins + k]`. */
export interface Spectrogram {
  data: Float32Array;
  frames: number;
  /** Bins stored per frame: bins 0..bins−1 of the n/2 + 1 (fewer when the STFT was band-limited). */
  bins: number;
  n: number;
  hop: number;
  /** Sample rate of the analysed signal, Hz. */
  rate: number;
}

/**
 * Visit the magnitude STFT frame by frame (periodic Hann window, centred frames as in librosa's
 * `stft(center=True)`: frame t is centred on sample t·hop, the signal zero-padded by n/2 on both sides),
 * without storing it. `onFrame(t, mag)` receives a reused array of `bins` magnitudes.
 *
 * @param n FFT size, a power of two ≥ 16.
 * @param hop hop size in samples, ≥ 1.
 * @param bins magnitudes computed per frame (default and maximum n/2 + 1).
 * @returns the number of frames, `floor(x.length / hop) + 1`.
 */
export function forEachStftFrame(
  x: Float32Array,
  n: number,
  hop: number,
  onFrame: (t: number, mag: Float32Array) => void,
  bins = n / 2 + 1,
): number {
  const nb = Math.min(bins, n / 2 + 1);
  const frames = Math.floor(x.length / hop) + 1;
  const fft = new FFT(n) as unknown as RealFft;
  const win = new Float64Array(n);
  for (let i = 0; i < n; i++) win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  const buf = new Float64Array(n);
  const out = new Float64Array(2 * n);
  const mag = new Float32Array(nb);
  const half = n / 2;
  const len = x.length;
  for (let t = 0; t < frames; t++) {
    const start = t * hop - half;
    if (start >= 0 && start + n <= len) {
      for (let i = 0; i < n; i++) buf[i] = (x[start + i] as number) * (win[i] as number);
    } else {
      for (let i = 0; i < n; i++) {
        const j = start + i;
        buf[i] = j >= 0 && j < len ? (x[j] as number) * (win[i] as number) : 0;
      }
    }
    fft.realTransform(out, buf);
    for (let k = 0; k < nb; k++) {
      const re = out[2 * k] as number;
      const im = out[2 * k + 1] as number;
      mag[k] = Math.sqrt(re * re + im * im);
    }
    onFrame(t, mag);
  }
  return frames;
}

/**
 * Magnitude STFT (see {@link forEachStftFrame}) stored as a {@link Spectrogram}.
 *
 * @param x mono samples.
 * @param rate sample rate of `x`, Hz.
 * @param n FFT size, a power of two ≥ 16.
 * @param hop hop size in samples, ≥ 1.
 * @param maxHz keep only bins up to this frequency (default: all, n/2 + 1 bins) — saves memory.
 * @returns a {@link Spectrogram} with `floor(x.length / hop) + 1` frames.
 */
export function stft(x: Float32Array, rate: number, n: number, hop: number, maxHz = rate / 2): Spectrogram {
  const bins = Math.min(n / 2 + 1, Math.ceil((maxHz * n) / rate) + 2);
  const frames = Math.floor(x.length / hop) + 1;
  const data = new Float32Array(frames * bins);
  forEachStftFrame(x, n, hop, (t, mag) => data.set(mag, t * bins), bins);
  return { data, frames, bins, n, hop, rate };
}

/** Smallest power of two ≥ x. */
export function nextPow2(x: number): number {
  let p = 1;
  while (p < x) p *= 2;
  return p;
}

/** Median of a numeric array (copy-sorted); 0 for an empty array. */
export function median(xs: ArrayLike<number>): number {
  if (xs.length === 0) return 0;
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/**
 * Filter `x` in place with one 2nd-order high-pass or low-pass biquad (direct form I, zero initial
 * state). Coefficients from R. Bristow-Johnson, "Cookbook formulae for audio EQ biquad filter
 * coefficients" (the W3C Audio EQ Cookbook); Q = 1/√2 gives a Butterworth section, and cascading
 * sections with a Butterworth polynomial's Q values gives higher orders.
 *
 * @param x signal, modified in place (any length; empty is a no-op).
 * @param sampleRate Hz, > 0.
 * @param cutoffHz Hz, the -3 dB point for Q = 1/√2; must lie in (0, sampleRate / 2).
 * @param q quality factor, > 0.
 * @param type `"highpass"` or `"lowpass"`.
 * @throws {RangeError} when `cutoffHz` is outside (0, sampleRate / 2) or `q` is not > 0.
 */
export function biquadInPlace(
  x: Float32Array,
  sampleRate: number,
  cutoffHz: number,
  q: number,
  type: "highpass" | "lowpass",
): void {
  if (!(cutoffHz > 0 && cutoffHz < sampleRate / 2))
    throw new RangeError(`cut-off must be within (0, ${sampleRate / 2}) Hz, got ${cutoffHz}`);
  if (!(q > 0)) throw new RangeError(`Q must be > 0, got ${q}`);
  const w0 = (2 * Math.PI * cutoffHz) / sampleRate;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  const high = type === "highpass";
  const b0 = (high ? (1 + cos) / 2 : (1 - cos) / 2) / a0;
  const b1 = (high ? -(1 + cos) : 1 - cos) / a0;
  const b2 = b0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  filterBiquad(x, b0, b1, b2, a1, a2);
}

/**
 * Filter `x` in place with one peaking-EQ biquad (direct form I, zero initial state): a bell of `gainDb`
 * dB at `centerHz`, its width set by `q`, 0 dB far from it. Coefficients from R. Bristow-Johnson,
 * "Cookbook formulae for audio EQ biquad filter coefficients" (the W3C Audio EQ Cookbook, "peakingEQ").
 *
 * @param x signal, modified in place (any length; empty is a no-op).
 * @param sampleRate Hz, > 0.
 * @param centerHz Hz, the bell's centre; must lie in (0, sampleRate / 2).
 * @param q quality factor, > 0 (larger: narrower).
 * @param gainDb the gain at `centerHz`, dB (negative: a notch-like dip); finite.
 * @throws {RangeError} when `centerHz` is outside (0, sampleRate / 2), `q` is not > 0 or `gainDb` is not finite.
 */
export function peakingEqInPlace(
  x: Float32Array,
  sampleRate: number,
  centerHz: number,
  q: number,
  gainDb: number,
): void {
  if (!(centerHz > 0 && centerHz < sampleRate / 2))
    throw new RangeError(`centre must be within (0, ${sampleRate / 2}) Hz, got ${centerHz}`);
  if (!(q > 0)) throw new RangeError(`Q must be > 0, got ${q}`);
  if (!Number.isFinite(gainDb)) throw new RangeError(`gain must be finite, got ${gainDb}`);
  const a = 10 ** (gainDb / 40);
  const w0 = (2 * Math.PI * centerHz) / sampleRate;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha / a;
  filterBiquad(
    x,
    (1 + alpha * a) / a0,
    (-2 * cos) / a0,
    (1 - alpha * a) / a0,
    (-2 * cos) / a0,
    (1 - alpha / a) / a0,
  );
}

/** Direct form I biquad with normalised coefficients (a0 = 1), zero initial state, in place. */
function filterBiquad(x: Float32Array, b0: number, b1: number, b2: number, a1: number, a2: number): void {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i] as number;
    const yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = xi;
    y2 = y1;
    y1 = yi;
    x[i] = yi;
  }
}
