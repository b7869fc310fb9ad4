/** A single-frame pitch estimate for live displays (tuner needles), cheap enough for the UI thread. */

/** Result of {@link detectPitch}. */
export interface FramePitch {
  /** Fundamental frequency, Hz. */
  hz: number;
  /** 1 − the YIN aperiodicity at the chosen lag, 0..1 (1 = perfectly periodic). */
  clarity: number;
}

/** Options of {@link detectPitch}. */
export interface FramePitchOptions {
  /** Lowest f0 searched, Hz (default 65). */
  fmin?: number;
  /** Highest f0 searched, Hz (default 1100). */
  fmax?: number;
  /** YIN absolute threshold (default 0.15, de Cheveigné & Kawahara 2002 use 0.1–0.15). */
  threshold?: number;
  /** Frames quieter than this RMS (linear, full scale 1) are silent (default 0.005 ≈ −46 dBFS). */
  minRms?: number;
}

/**
 * Estimate the pitch of one short frame with YIN (de Cheveigné & Kawahara 2002, "YIN, a
 * fundamental frequency estimator for speech and music", JASA 111(4)): difference function,
 * cumulative-mean normalisation, the first trough under the absolute threshold, parabolic
 * interpolation. Frames above 16 kHz are box-filtered and decimated first (to ≤ 16 kHz), so a
 * 2048-sample frame at 48 kHz costs about 0.1 M multiply-adds. This is the live readout while
 * singing; the analysis itself uses {@link trackPitch} (pYIN with Viterbi smoothing).
 *
 * @param frame mono PCM, e.g. an AnalyserNode's time-domain data (fftSize 2048, PRODUCT §9); at
 *   least two periods of `fmin` long.
 * @param sampleRate Hz of `frame`.
 * @param options {@link FramePitchOptions}.
 * @returns `{ hz, clarity }`, or null for silence, unvoiced frames or a frame too short for `fmin`.
 */
export function detectPitch(
  frame: Float32Array,
  sampleRate: number,
  options: FramePitchOptions = {},
): FramePitch | null {
  const fmin = options.fmin ?? 65;
  const fmax = options.fmax ?? 1100;
  const threshold = options.threshold ?? 0.15;
  const minRms = options.minRms ?? 0.005;
  if (!(sampleRate > 0) || frame.length === 0) return null;
  let rms = 0;
  for (let i = 0; i < frame.length; i++) rms += (frame[i] as number) ** 2;
  rms = Math.sqrt(rms / frame.length);
  if (!(rms >= minRms)) return null;
  const factor = Math.max(1, Math.floor(sampleRate / 16000));
  const sr = sampleRate / factor;
  const n = Math.floor(frame.length / factor);
  const x = new Float32Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < factor; k++) s += frame[i * factor + k] as number;
    x[i] = s / factor;
    mean += x[i] as number;
  }
  mean /= n;
  for (let i = 0; i < n; i++) x[i] = (x[i] as number) - mean;
  const maxLag = Math.min(Math.floor(sr / fmin), Math.floor(n / 2));
  const minLag = Math.max(2, Math.floor(sr / fmax));
  if (maxLag <= minLag + 2) return null;
  const w = n - maxLag;
  const d = new Float32Array(maxLag + 2);
  for (let tau = 1; tau <= maxLag + 1; tau++) {
    let s = 0;
    for (let i = 0; i < w; i++) {
      const diff = (x[i] as number) - (x[i + tau] as number);
      s += diff * diff;
    }
    d[tau] = s;
  }
  // cumulative mean normalised difference
  const cm = new Float32Array(maxLag + 2);
  cm[0] = 1;
  let run = 0;
  for (let tau = 1; tau <= maxLag + 1; tau++) {
    run += d[tau] as number;
    cm[tau] = run > 0 ? ((d[tau] as number) * tau) / run : 1;
  }
  let best = -1;
  for (let tau = minLag; tau <= maxLag; tau++) {
    if ((cm[tau] as number) < threshold) {
      while (tau + 1 <= maxLag && (cm[tau + 1] as number) < (cm[tau] as number)) tau++;
      best = tau;
      break;
    }
  }
  if (best < 0) return null;
  const a = cm[best - 1] as number;
  const b = cm[best] as number;
  const c = cm[best + 1] as number;
  const den = a - 2 * b + c;
  const shift = den > 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den)) : 0;
  const hz = sr / (best + shift);
  if (!(hz >= fmin * 0.97 && hz <= fmax * 1.03)) return null;
  return { hz, clarity: Math.max(0, Math.min(1, 1 - b)) };
}
