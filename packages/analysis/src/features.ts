/**
 * Mid-level features: tuning, semitone (log-frequency) spectrum, treble/bass chroma, onset strength.
 * Pure module (no Node or DOM APIs).
 */
import { hzToMidi, midiToHz } from "@tonic/theory/units";
import type { Spectrogram } from "./dsp.js";

/** Lowest and highest MIDI pitch of the semitone spectrum (C1 .. B6). */
export const PITCH_LO = 24;
export const PITCH_HI = 95;
export const N_PITCH = PITCH_HI - PITCH_LO + 1;

/**
 * Estimate the tuning (A4 reference) from spectral peaks.
 *
 * Every local maximum of the magnitude spectrum between 80 and 2000 Hz is refined by parabolic
 * interpolation; its deviation from the nearest equal-tempered pitch (A4 = 440 Hz) is accumulated in a
 * 1-cent circular histogram weighted by magnitude, smoothed, and the peak is taken.
 * Similar in spirit to librosa's `estimate_tuning` (piptrack + histogram).
 *
 * @param spec magnitude spectrogram.
 * @param frameStep analyse every `frameStep`-th frame (speed/accuracy trade-off), ≥ 1.
 * @returns A4 frequency in Hz within [427.5, 452.9] (±50 cents); 440 when no peaks are found.
 */
export function estimateTuning(spec: Spectrogram, frameStep = 4): number {
  const { data, bins, n, rate, frames } = spec;
  const hist = new Float64Array(100);
  const kLo = Math.max(2, Math.ceil((80 * n) / rate));
  const kHi = Math.min(bins - 2, Math.floor((2000 * n) / rate));
  let total = 0;
  for (let t = 0; t < frames; t += frameStep) {
    const base = t * bins;
    let fmax = 0;
    for (let k = kLo; k <= kHi; k++) fmax = Math.max(fmax, data[base + k] as number);
    if (fmax <= 1e-9) continue;
    const thr = fmax * 0.1;
    for (let k = kLo; k <= kHi; k++) {
      const b = data[base + k] as number;
      if (b < thr) continue;
      const a = data[base + k - 1] as number;
      const c = data[base + k + 1] as number;
      if (b <= a || b < c) continue;
      const den = a - 2 * b + c;
      const delta = den !== 0 ? (0.5 * (a - c)) / den : 0;
      const f = ((k + delta) * rate) / n;
      const midi = hzToMidi(f);
      let cents = Math.round((midi - Math.round(midi)) * 100); // -50..50
      cents = (cents + 100) % 100;
      hist[cents] = (hist[cents] as number) + b;
      total += b;
    }
  }
  if (total === 0) return 440;
  let best = 0;
  let bestV = -1;
  for (let c = 0; c < 100; c++) {
    let v = 0;
    for (let d = -5; d <= 5; d++) v += (hist[(c + d + 100) % 100] as number) * (6 - Math.abs(d));
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  const dev = best >= 50 ? best - 100 : best;
  return 440 * 2 ** (dev / 1200);
}

/**
 * Semitone spectrogram: for each frame and each MIDI pitch PITCH_LO..PITCH_HI, the energy of the FFT bins
 * within ±1 semitone weighted by cos²(π·d/2) (d = distance in semitones), square-rooted, then
 * optionally cleared of overtones by {@link suppressHarmonics}, then log-compressed as log(1 + γ·x / max)
 * (Müller, "Fundamentals of Music Processing", 2015, §3.1, CLP).
 *
 * @param gamma log compression factor (> 0).
 * @param harmonicSuppression 0..1 strength of overtone removal (0 = off).
 * @param hpss keep only the harmonic part (see {@link separateHarmonic}) before overtone removal.
 * @param spec magnitude spectrogram.
 * @param tuningHz A4 reference in Hz.
 * @returns Float32Array `[frames × N_PITCH]`, frame-major.
 */
export function semitoneSpectrogram(
  spec: Spectrogram,
  tuningHz: number,
  gamma = 100,
  harmonicSuppression = 0.25,
  hpss = false,
): Float32Array {
  const { data, bins, n, rate, frames } = spec;
  // Sparse weights: for every bin, up to 3 pitches.
  const idx: number[] = [];
  const pit: number[] = [];
  const wts: number[] = [];
  const fLo = midiToHz(PITCH_LO - 1, tuningHz);
  const fHi = midiToHz(PITCH_HI + 1, tuningHz);
  for (let k = 1; k < bins; k++) {
    const f = (k * rate) / n;
    if (f < fLo || f > fHi) continue;
    const p = hzToMidi(f, tuningHz);
    for (let m = Math.ceil(p - 1); m <= Math.floor(p + 1); m++) {
      if (m < PITCH_LO || m > PITCH_HI) continue;
      const d = p - m;
      const w = Math.cos((Math.PI * d) / 2) ** 2;
      if (w <= 1e-4) continue;
      idx.push(k);
      pit.push(m - PITCH_LO);
      wts.push(w);
    }
  }
  const I = Int32Array.from(idx);
  const P = Int32Array.from(pit);
  const W = Float32Array.from(wts);
  const out = new Float32Array(frames * N_PITCH);
  for (let t = 0; t < frames; t++) {
    const base = t * bins;
    const ob = t * N_PITCH;
    for (let j = 0; j < I.length; j++) {
      const v = data[base + (I[j] as number)] as number;
      const o = ob + (P[j] as number);
      out[o] = (out[o] as number) + (W[j] as number) * v * v;
    }
    for (let m = 0; m < N_PITCH; m++) out[ob + m] = Math.sqrt(out[ob + m] as number);
  }
  if (hpss) separateHarmonic(out, frames);
  let gmax = 0;
  for (let t = 0; t < frames; t++) {
    const ob = t * N_PITCH;
    if (harmonicSuppression > 0) suppressHarmonics(out, ob, harmonicSuppression);
    for (let m = 0; m < N_PITCH; m++) if ((out[ob + m] as number) > gmax) gmax = out[ob + m] as number;
  }
  if (gmax > 0) {
    const g = gamma / gmax;
    for (let i = 0; i < out.length; i++) out[i] = Math.log1p(g * (out[i] as number));
  }
  return out;
}

/** Frames each side of the time median of {@link separateHarmonic} (±3 frames ≈ ±0.28 s at 93 ms hops). */
export const HPSS_TIME_HALF = 3;
/** Semitones each side of the pitch median of {@link separateHarmonic}. */
export const HPSS_PITCH_HALF = 4;

/**
 * Harmonic–percussive separation by median filtering (Fitzgerald, "Harmonic/percussive separation using
 * median filtering", DAFx 2010), on a linear semitone spectrogram `[frames × N_PITCH]`, in place:
 * harmonic energy is smooth in time (median over ±{@link HPSS_TIME_HALF} frames = H), percussive energy
 * smooth across pitch (median over ±{@link HPSS_PITCH_HALF} semitones = P); every cell is multiplied by
 * the soft Wiener mask H² / (H² + P²). Working on 72 semitones instead of ≈ 900 FFT bins keeps it cheap.
 */
export function separateHarmonic(spec: Float32Array, frames: number): void {
  const src = Float32Array.from(spec);
  const tb = new Float32Array(2 * HPSS_TIME_HALF + 1);
  const pb = new Float32Array(2 * HPSS_PITCH_HALF + 1);
  for (let t = 0; t < frames; t++) {
    const ob = t * N_PITCH;
    for (let m = 0; m < N_PITCH; m++) {
      let c = 0;
      for (let d = -HPSS_TIME_HALF; d <= HPSS_TIME_HALF; d++) {
        const tt = t + d;
        tb[c++] = tt >= 0 && tt < frames ? (src[tt * N_PITCH + m] as number) : 0;
      }
      const h = medianOf(tb, c);
      c = 0;
      for (let d = -HPSS_PITCH_HALF; d <= HPSS_PITCH_HALF; d++) {
        const mm = m + d;
        if (mm >= 0 && mm < N_PITCH) pb[c++] = src[ob + mm] as number;
      }
      const p = medianOf(pb, c);
      const den = h * h + p * p;
      spec[ob + m] = den > 0 ? ((src[ob + m] as number) * h * h) / den : 0;
    }
  }
}

/** Median of the first `n` values of `buf` (insertion sort in place; n is small). */
function medianOf(buf: Float32Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const v = buf[i] as number;
    let j = i - 1;
    while (j >= 0 && (buf[j] as number) > v) {
      buf[j + 1] = buf[j] as number;
      j--;
    }
    buf[j + 1] = v;
  }
  return n % 2 ? (buf[n >> 1] as number) : ((buf[(n >> 1) - 1] as number) + (buf[n >> 1] as number)) / 2;
}

/** Treble and bass chroma, `[frames × 12]` each, frame-major, index 0 = C. */
export interface Chroma {
  treble: Float32Array;
  bass: Float32Array;
  frames: number;
}

/**
 * Fold a semitone spectrogram into treble and bass chroma with Gaussian pitch weightings
 * (treble centred on MIDI 66, σ 15; bass centred on MIDI 40, σ 7), in the manner of Chordino/NNLS-Chroma
 * (Mauch & Dixon, "Approximate note transcription for the improved identification of difficult chords",
 * ISMIR 2010). Before folding, each frame's spectrum has its local (±12 semitone) mean removed, which
 * suppresses broadband energy such as drums.
 */
export function chromaFromSemitones(semi: Float32Array, frames: number): Chroma {
  const treble = new Float32Array(frames * 12);
  const bass = new Float32Array(frames * 12);
  const wT = new Float32Array(N_PITCH);
  const wB = new Float32Array(N_PITCH);
  for (let m = 0; m < N_PITCH; m++) {
    const p = m + PITCH_LO;
    wT[m] = p < 48 ? 0 : Math.exp(-0.5 * ((p - 66) / 15) ** 2);
    wB[m] = p > 60 ? 0 : Math.exp(-0.5 * ((p - 40) / 7) ** 2);
  }
  const row = new Float32Array(N_PITCH);
  const cs = new Float64Array(N_PITCH + 1);
  for (let t = 0; t < frames; t++) {
    const base = t * N_PITCH;
    cs[0] = 0;
    for (let m = 0; m < N_PITCH; m++) cs[m + 1] = (cs[m] as number) + (semi[base + m] as number);
    for (let m = 0; m < N_PITCH; m++) {
      const a = Math.max(0, m - 12);
      const b = Math.min(N_PITCH, m + 13);
      const mean = ((cs[b] as number) - (cs[a] as number)) / (b - a);
      row[m] = Math.max(0, (semi[base + m] as number) - mean);
    }
    const ob = t * 12;
    for (let m = 0; m < N_PITCH; m++) {
      const v = row[m] as number;
      if (v === 0) continue;
      const pc = (m + PITCH_LO) % 12;
      treble[ob + pc] = (treble[ob + pc] as number) + v * (wT[m] as number);
      bass[ob + pc] = (bass[ob + pc] as number) + v * (wB[m] as number);
    }
  }
  return { treble, bass, frames };
}

/**
 * Onset strength envelope: spectral flux of log-compressed band energies (log-spaced bands),
 * half-wave rectified, averaged over bands, with a moving local mean (±0.5 s) removed and negatives
 * clipped. Follows Böck & Widmer ("Maximum filter vibrato suppression for onset detection", DAFx 2013)
 * without the maximum filter, and librosa's `onset_strength` (mean over bands, lag 1).
 *
 * @returns one value per spectrogram frame (≥ 0); frame t is at t·hop/rate seconds.
 */
export function onsetStrength(spec: Spectrogram, nBands = 48): Float32Array {
  const env = new OnsetEnvelope(spec.n, spec.rate, spec.hop, spec.frames, nBands);
  for (let t = 0; t < spec.frames; t++) env.addFrame(spec.data.subarray(t * spec.bins, (t + 1) * spec.bins));
  return env.finish();
}

/**
 * Streaming form of {@link onsetStrength}: feed magnitude frames in order with `addFrame` (e.g. from
 * `forEachStftFrame`), then `finish` — the spectrogram itself is never stored.
 */
export class OnsetEnvelope {
  private readonly bandOf: Int32Array;
  private readonly prev: Float32Array;
  private readonly cur: Float32Array;
  private readonly flux: Float32Array;
  private readonly nBands: number;
  private readonly w: number;
  private t = 0;

  constructor(n: number, rate: number, hop: number, frames: number, nBands = 48) {
    const bins = n / 2 + 1;
    const fMin = 30;
    const fMax = Math.min(rate / 2, 8000);
    this.bandOf = new Int32Array(bins).fill(-1);
    for (let k = 1; k < bins; k++) {
      const f = (k * rate) / n;
      if (f < fMin || f > fMax) continue;
      this.bandOf[k] = Math.min(
        nBands - 1,
        Math.floor((nBands * Math.log(f / fMin)) / Math.log(fMax / fMin)),
      );
    }
    this.nBands = nBands;
    this.prev = new Float32Array(nBands);
    this.cur = new Float32Array(nBands);
    this.flux = new Float32Array(frames);
    this.w = Math.max(1, Math.round((0.5 * rate) / hop));
  }

  /** Add the next magnitude frame (bins 0..n/2). */
  addFrame(mag: ArrayLike<number>): void {
    const cur = this.cur;
    const prev = this.prev;
    const bandOf = this.bandOf;
    const nBands = this.nBands;
    cur.fill(0);
    const nb = Math.min(mag.length, bandOf.length);
    for (let k = 1; k < nb; k++) {
      const b = bandOf[k] as number;
      if (b >= 0) cur[b] = (cur[b] as number) + (mag[k] as number);
    }
    let s = 0;
    for (let b = 0; b < nBands; b++) {
      const v = Math.log1p(100 * (cur[b] as number));
      if (this.t > 0) s += Math.max(0, v - (prev[b] as number));
      prev[b] = v;
    }
    if (this.t < this.flux.length) this.flux[this.t] = s / nBands;
    this.t++;
  }

  /** The onset envelope, one value per frame (≥ 0). */
  finish(): Float32Array {
    // Remove a local mean (high-pass) so sustained noise does not bias the tempo estimate.
    const flux = this.flux;
    const w = this.w;
    const frames = flux.length;
    const cs = new Float64Array(frames + 1);
    for (let t = 0; t < frames; t++) cs[t + 1] = (cs[t] as number) + (flux[t] as number);
    const out = new Float32Array(frames);
    for (let t = 0; t < frames; t++) {
      const a = Math.max(0, t - w);
      const b = Math.min(frames, t + w + 1);
      const mean = ((cs[b] as number) - (cs[a] as number)) / (b - a);
      out[t] = Math.max(0, (flux[t] as number) - mean);
    }
    return out;
  }
}

/** Semitone offsets of harmonics 2..8 and their assumed relative amplitudes. */
const HARMONIC_OFFSETS = [12, 19, 24, 28, 31, 34, 36];
const HARMONIC_AMPS = [0.55, 0.4, 0.3, 0.22, 0.17, 0.13, 0.1];

/**
 * Greedy harmonic sieve on one frame of a linear semitone spectrum (in place): going up from the lowest
 * pitch, each pitch's remaining energy is taken as a note and `strength` × its expected overtones
 * (harmonics 2..8, decaying amplitudes) are subtracted from the pitches above (clamped at 0). A crude
 * stand-in for the NNLS approximate transcription of Mauch & Dixon (ISMIR 2010); it mainly stops the
 * 3rd and 5th harmonics of loud bass notes from reading as fifths and major thirds.
 */
export function suppressHarmonics(row: Float32Array, offset: number, strength: number): void {
  for (let m = 0; m < N_PITCH; m++) {
    const a = row[offset + m] as number;
    if (a <= 0) continue;
    for (let h = 0; h < HARMONIC_OFFSETS.length; h++) {
      const k = m + (HARMONIC_OFFSETS[h] as number);
      if (k >= N_PITCH) break;
      const v = (row[offset + k] as number) - strength * (HARMONIC_AMPS[h] as number) * a;
      row[offset + k] = Math.max(v, 0);
    }
  }
}
