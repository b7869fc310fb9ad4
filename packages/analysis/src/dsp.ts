/**
 * Low-level DSP: decimation and short-time Fourier transform over reused typed arrays.
 * Pure module (no Node or DOM APIs).
 */
import FFT from "fft.js";

/** Typed view of the `fft.js` API we use (Cooley–Tukey radix-4, real input). */
interface RealFft {
  realTransform(out: Float64Array, data: Float64Array): void;
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
  const outLen = Math.ceil(x.length / factor);
  const out = new Float32Array(outLen);
  const n = x.length;
  for (let o = 0; o < outLen; o++) {
    const c = o * factor;
    let acc = 0;
    if (c - half >= 0 && c + half < n) {
      for (let i = 0; i < taps; i++) acc += (h[i] as number) * (x[c - half + i] as number);
    } else {
      for (let i = 0; i < taps; i++) {
        const j = c - half + i;
        if (j >= 0 && j < n) acc += (h[i] as number) * (x[j] as number);
      }
    }
    out[o] = acc;
  }
  return out;
}

/** A magnitude spectrogram stored frame-major: `data[t * bins + k]`. */
export interface Spectrogram {
  data: Float32Array;
  frames: number;
  /** n/2 + 1 */
  bins: number;
  n: number;
  hop: number;
  /** Sample rate of the analysed signal, Hz. */
  rate: number;
}

/**
 * Magnitude STFT with a periodic Hann window; frames are centred (frame t is centred on sample t·hop,
 * the signal is zero-padded by n/2 on both sides), as in librosa's `stft(center=True)`.
 *
 * @param x mono samples.
 * @param rate sample rate of `x`, Hz.
 * @param n FFT size, a power of two ≥ 16.
 * @param hop hop size in samples, ≥ 1.
 * @returns a {@link Spectrogram} with `floor(x.length / hop) + 1` frames.
 */
export function stft(x: Float32Array, rate: number, n: number, hop: number): Spectrogram {
  const bins = n / 2 + 1;
  const frames = Math.floor(x.length / hop) + 1;
  const data = new Float32Array(frames * bins);
  const fft = new FFT(n) as unknown as RealFft;
  const win = new Float64Array(n);
  for (let i = 0; i < n; i++) win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  const buf = new Float64Array(n);
  const out = new Float64Array(2 * n);
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
    const base = t * bins;
    for (let k = 0; k < bins; k++) {
      const re = out[2 * k] as number;
      const im = out[2 * k + 1] as number;
      data[base + k] = Math.sqrt(re * re + im * im);
    }
  }
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
