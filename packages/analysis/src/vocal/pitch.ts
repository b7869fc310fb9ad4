import FFT from "fft.js";
import { decimate } from "../dsp.js";
import { highPassInPlace, validateInput } from "./dsp.js";

/** Options of {@link trackPitch}. */
export interface PitchTrackOptions {
  /** Lowest f0 searched, Hz (default 65 ≈ C2, just above 50/60 Hz mains hum; 30..500). */
  fmin?: number;
  /** Highest f0 searched, Hz (default 1100; fmin·2..4000, and below the Nyquist frequency). */
  fmax?: number;
  /** High-pass cut-off applied before analysis to remove hum and rumble, Hz (default 55; 0 disables). */
  highPassHz?: number;
  /** Probability of switching between voiced and unvoiced from one frame to the next (default 0.01, pYIN). */
  switchProbability?: number;
}

/** Frame-wise pitch track at a 10 ms hop. */
export interface PitchTrack {
  /** Frame centre times, seconds: `i × 0.01`. */
  times: Float64Array;
  /** Fundamental frequency in Hz, 0 where the frame is unvoiced. */
  f0: Float32Array;
  /** pYIN voiced probability of each frame, 0..1. */
  voicedProbability: Float32Array;
}

/** Hop between frames, seconds (10 ms, as in the evaluation's f0 annotation). */
export const PITCH_HOP_SECONDS = 0.01;

const BINS_PER_SEMITONE = 5; // 20-cent pitch states; output f0 is refined from the YIN troughs
const N_THRESHOLDS = 100;
const BOLTZMANN_LAMBDA = 2; // pYIN prior over trough order
const NO_TROUGH_PROB = 0.01; // pYIN: mass given to the global minimum when no trough is below threshold
const MAX_TRANSITION_OCT_PER_S = 35.92; // pYIN maximum pitch slew
const SILENCE_DB = -55;
/** Frames whose pYIN voiced probability is below this are reported unvoiced even on a voiced path when no frame within ±70 ms reaches it
 * (no YIN trough under any plausible threshold: breath, fricatives, room noise). */
const MIN_VOICED_PROB = 0.1; // frames this far below the loudest frame are forced unvoiced

/** Beta(2, 18) CDF (pYIN threshold prior, mean 0.1); closed form for integer shape parameters. */
function beta218Cdf(x: number): number {
  const q = 1 - x;
  return 1 - q ** 19 - 19 * x * q ** 18;
}

/**
 * Track the fundamental frequency of a monophonic voice with probabilistic YIN (pYIN).
 *
 * Algorithm: Mauch & Dixon (2014), "pYIN: a fundamental frequency estimator using probabilistic
 * threshold distributions", ICASSP. Per frame the YIN cumulative-mean-normalised difference
 * function (de Cheveigné & Kawahara 2002, "YIN, a fundamental frequency estimator for speech and
 * music", JASA 111(4)) is computed with an FFT cross-correlation; every local minimum (with
 * parabolic interpolation) gets a probability from a Beta(2, 18) distribution over YIN thresholds
 * and a Boltzmann prior over trough order; a hidden Markov model over 20-cent pitch states ×
 * {voiced, unvoiced} with a triangular transition (max 35.92 octaves/s) and a 0.01 voicing-switch
 * probability is decoded with Viterbi. The chosen state's f0 is refined to the nearest YIN trough.
 * Before analysis the signal is decimated to 11–22 kHz (anti-aliased) and high-passed (4th-order
 * Butterworth, default 55 Hz) against mains hum. Frames 55 dB below the loudest frame, or with voiced probability < 0.1 throughout ±70 ms, are unvoiced.
 *
 * @param samples mono PCM, Float32Array, finite values (nominally -1..1), any length ≥ 1.
 * @param sampleRate Hz, 8000..384000.
 * @param options see {@link PitchTrackOptions}: `fmin` (default 65 Hz), `fmax` (default 1100 Hz).
 * @returns `{ times, f0, voicedProbability }`, one entry per 10 ms frame (frame i centred at
 *   i × 0.01 s, `ceil(duration / 0.01)` frames); `f0` is 0 when unvoiced.
 * @throws Error on an empty buffer, non-finite samples, a bad sample rate or bad options.
 */
export function trackPitch(
  samples: Float32Array,
  sampleRate: number,
  options: PitchTrackOptions = {},
): PitchTrack {
  validateInput(samples, sampleRate);
  const fmin = options.fmin ?? 65;
  const fmaxReq = options.fmax ?? 1100;
  const hpHz = options.highPassHz ?? 55;
  const switchProb = options.switchProbability ?? 0.01;
  if (!(fmin >= 30 && fmin <= 500)) throw new Error(`fmin must be in 30..500 Hz, got ${fmin}`);
  if (!(fmaxReq >= 2 * fmin && fmaxReq <= 4000))
    throw new Error(`fmax must be in 2·fmin..4000 Hz, got ${fmaxReq}`);
  if (!(hpHz >= 0 && hpHz < fmin + 1e-9)) throw new Error(`highPassHz must be in 0..fmin Hz, got ${hpHz}`);
  if (!(switchProb > 0 && switchProb < 0.5)) throw new Error(`switchProbability must be in (0, 0.5)`);

  // --- conditioning: decimate to 16–24 kHz, high-pass ---
  const factor = Math.max(1, Math.floor(sampleRate / 11025));
  const sr = sampleRate / factor;
  const x = decimate(samples, factor);
  if (hpHz > 0) highPassInPlace(x, sr, hpHz);
  const fmax = Math.min(fmaxReq, sr * 0.25);

  const nFrames = Math.max(1, Math.ceil(samples.length / sampleRate / PITCH_HOP_SECONDS));
  const tauMin = Math.max(2, Math.floor(sr / fmax));
  const tauMax = Math.ceil(sr / fmin);
  // d' is computed one semitone beyond tauMax so a minimum just below fmin (e.g. mains hum) is not
  // mistaken for a trough at the edge of the search range.
  const tauSearch = Math.ceil(tauMax * 1.06) + 1;
  const W = Math.round(0.04 * sr); // integration window, 40 ms (≥ the longest period, YIN §II.B)
  const L = W + tauSearch + 1; // samples per frame
  let M = 2;
  while (M < L) M *= 2;
  const fft = new FFT(M);
  const frame = new Float64Array(M);
  const head = new Float64Array(M);
  const specA = fft.createComplexArray() as number[];
  const packed = fft.createComplexArray() as number[];
  const prod = fft.createComplexArray() as number[];
  const corr = fft.createComplexArray() as number[];
  const cum = new Float64Array(L + 1);
  const dprime = new Float64Array(tauSearch + 2);
  const draw = new Float64Array(tauSearch + 2);

  // pYIN priors
  const betaProbs = new Float64Array(N_THRESHOLDS);
  for (let k = 0; k < N_THRESHOLDS; k++) {
    betaProbs[k] = beta218Cdf((k + 1) / N_THRESHOLDS) - beta218Cdf(k / N_THRESHOLDS);
  }

  // Thresholds above kMax/100 carry < 1e-7 of the Beta(2,18) mass.
  let kMax = N_THRESHOLDS;
  while (kMax > 1 && 1 - beta218Cdf((kMax - 1) / N_THRESHOLDS) < 1e-7) kMax--;
  const MAX_TROUGHS = 64;
  const boltzPow = new Float64Array(MAX_TROUGHS + 1);
  const boltzNorm = new Float64Array(MAX_TROUGHS + 1);
  for (let i = 0; i <= MAX_TROUGHS; i++) {
    boltzPow[i] = Math.exp(-BOLTZMANN_LAMBDA * i);
    boltzNorm[i] = i === 0 ? 0 : (1 - Math.exp(-BOLTZMANN_LAMBDA)) / (1 - Math.exp(-BOLTZMANN_LAMBDA * i));
  }
  const lowIdx = new Int32Array(tauSearch + 2);
  const probs = new Float64Array(tauSearch + 2);

  const nBins = Math.ceil(12 * BINS_PER_SEMITONE * Math.log2(fmax / fmin)) + 1;
  // Sparse observations: candidate (bin, prob, f0) triplets per frame.
  const candStart = new Int32Array(nFrames + 1);
  const candBin: number[] = [];
  const candProb: number[] = [];
  const candHz: number[] = [];
  const voicedProb = new Float32Array(nFrames);
  const frameRms = new Float64Array(nFrames);
  let maxRms = 0;

  const troughTau: number[] = [];
  const troughVal: number[] = [];
  const half = Math.floor(L / 2);

  for (let t = 0; t < nFrames; t++) {
    candStart[t] = candBin.length;
    const centre = Math.round(t * PITCH_HOP_SECONDS * sr);
    const start = centre - half;
    let energy = 0;
    for (let i = 0; i < L; i++) {
      const j = start + i;
      const v = j >= 0 && j < x.length ? (x[j] as number) : 0;
      frame[i] = v;
      energy += v * v;
    }
    for (let i = L; i < M; i++) frame[i] = 0;
    const rms = Math.sqrt(energy / L);
    frameRms[t] = rms;
    if (rms > maxRms) maxRms = rms;
    if (energy < 1e-12) continue;

    // cross-correlation r(tau) = sum_{j<W} x_j x_{j+tau} via FFT
    for (let i = 0; i < W; i++) head[i] = frame[i] as number;
    for (let i = W; i < M; i++) head[i] = 0;
    // Two real FFTs in one complex FFT: z = head + i·frame; A[k] = (Z[k] + conj Z[M-k]) / 2,
    // B[k] = (Z[k] - conj Z[M-k]) / (2i).
    for (let i = 0; i < M; i++) {
      packed[2 * i] = head[i] as number;
      packed[2 * i + 1] = frame[i] as number;
    }
    fft.transform(specA, packed);
    for (let k = 0; k <= M / 2; k++) {
      const m = (M - k) % M;
      const zr = specA[2 * k] as number;
      const zi = specA[2 * k + 1] as number;
      const wr = specA[2 * m] as number;
      const wi = specA[2 * m + 1] as number;
      const ar = 0.5 * (zr + wr);
      const ai = 0.5 * (zi - wi);
      const br = 0.5 * (zi + wi);
      const bi = -0.5 * (zr - wr);
      // conj(A)·B
      const pr = ar * br + ai * bi;
      const pi = ar * bi - ai * br;
      prod[2 * k] = pr;
      prod[2 * k + 1] = pi;
      if (k > 0 && k < M / 2) {
        prod[2 * (M - k)] = pr;
        prod[2 * (M - k) + 1] = -pi;
      }
    }
    fft.inverseTransform(corr, prod);

    // difference function d(tau) = E(0..W) + E(tau..tau+W) - 2 r(tau); CMNDF d'(tau)
    cum[0] = 0;
    for (let i = 0; i < L; i++) cum[i + 1] = (cum[i] as number) + (frame[i] as number) ** 2;
    const e0 = cum[W] as number;
    dprime[0] = 1;
    let running = 0;
    for (let tau = 1; tau <= tauSearch && tau + W <= L; tau++) {
      const et = (cum[tau + W] as number) - (cum[tau] as number);
      const d = Math.max(0, e0 + et - 2 * (corr[2 * tau] as number));
      running += d;
      draw[tau] = d;
      dprime[tau] = running > 0 ? (d * tau) / running : 1;
    }
    const lastTau = Math.min(tauSearch - 1, L - W - 1);

    // troughs in [tauMin, lastTau] with parabolic interpolation
    troughTau.length = 0;
    troughVal.length = 0;
    let gMin = Number.POSITIVE_INFINITY;
    let gIdx = -1;
    for (let tau = tauMin; tau <= lastTau; tau++) {
      const c = dprime[tau] as number;
      const a = dprime[tau - 1] as number;
      const b = dprime[tau + 1] as number;
      if (c < a && c <= b && tau <= tauMax) {
        // position from the raw difference function (YIN step 5), value from d'
        const ra = draw[tau - 1] as number;
        const rc = draw[tau] as number;
        const rb = draw[tau + 1] as number;
        const den = ra - 2 * rc + rb;
        let shift = den > 0 ? (0.5 * (ra - rb)) / den : 0;
        if (shift > 0.5) shift = 0.5;
        if (shift < -0.5) shift = -0.5;
        const val = Math.min(c, c - 0.25 * (a - b) * shift);
        troughTau.push(tau + shift);
        troughVal.push(val);
        if (tau + shift > tauMax) troughVal[troughVal.length - 1] = 1; // below fmin: never voiced
        if (val < gMin) {
          gMin = val;
          gIdx = troughTau.length - 1;
        }
      }
    }
    const nT = troughTau.length;
    if (nT === 0) continue;
    // Only troughs below the largest threshold with prior mass can receive probability.
    let nLow = 0;
    for (let i = 0; i < nT; i++) {
      if ((troughVal[i] as number) < kMax / N_THRESHOLDS) lowIdx[nLow++] = i;
    }
    probs.fill(0, 0, nT);
    let noTroughMass = 0;
    for (let k = 0; k < kMax; k++) {
      const thr = (k + 1) / N_THRESHOLDS;
      let nBelow = 0;
      for (let q = 0; q < nLow; q++) if ((troughVal[lowIdx[q] as number] as number) < thr) nBelow++;
      const bp = betaProbs[k] as number;
      if (nBelow === 0) {
        noTroughMass += bp;
        continue;
      }
      const norm = boltzNorm[Math.min(nBelow, MAX_TROUGHS)] as number;
      let pos = 0;
      for (let q = 0; q < nLow && pos < MAX_TROUGHS; q++) {
        const i = lowIdx[q] as number;
        if ((troughVal[i] as number) < thr) {
          probs[i] = (probs[i] as number) + bp * norm * (boltzPow[pos] as number);
          pos++;
        }
      }
    }
    probs[gIdx] = (probs[gIdx] as number) + NO_TROUGH_PROB * noTroughMass;
    let vp = 0;
    for (let i = 0; i < nT; i++) {
      const p = probs[i] as number;
      if (p < 1e-6) continue;
      const hz = sr / (troughTau[i] as number);
      const bin = Math.round(12 * BINS_PER_SEMITONE * Math.log2(hz / fmin));
      if (bin < 0 || bin >= nBins) continue;
      candBin.push(bin);
      candProb.push(p);
      candHz.push(hz);
      vp += p;
    }
    voicedProb[t] = Math.min(1, vp);
  }
  candStart[nFrames] = candBin.length;

  // silence gate
  const floor = maxRms * 10 ** (SILENCE_DB / 20);
  for (let t = 0; t < nFrames; t++) {
    if ((frameRms[t] as number) <= floor) {
      voicedProb[t] = 0;
    }
  }
  const silent = (t: number) => (frameRms[t] as number) <= floor;

  // --- Viterbi over nBins voiced pitch states + 1 unvoiced state ---
  // pYIN spreads the unvoiced mass over one unvoiced twin per pitch bin; those twins share the same
  // observation, so they are merged here into a single state with the same per-frame likelihood.
  const K = Math.max(
    1,
    Math.round((MAX_TRANSITION_OCT_PER_S * 12 * BINS_PER_SEMITONE * PITCH_HOP_SECONDS) / 2),
  );
  const logTri = new Float64Array(2 * K + 1);
  {
    let s = 0;
    for (let d = -K; d <= K; d++) s += K + 1 - Math.abs(d);
    for (let d = -K; d <= K; d++) logTri[d + K] = Math.log((K + 1 - Math.abs(d)) / s);
  }
  const logStay = Math.log(1 - switchProb);
  const logSwitch = Math.log(switchProb);
  const logUniform = -Math.log(nBins);
  const logUU = logStay + (logTri[K] as number);
  const S = nBins + 1;
  const U = nBins;
  let prev = new Float64Array(S);
  let cur = new Float64Array(S);
  const back = new Int32Array(nFrames * S);
  const obs = new Float64Array(S);
  const LOG_ZERO = -1e30;

  const fillObs = (t: number) => {
    const vp = voicedProb[t] as number;
    obs.fill(LOG_ZERO, 0, nBins);
    obs[U] = Math.log(Math.max(1e-12, (1 - vp) / nBins));
    if (silent(t)) return;
    for (let c = candStart[t] as number; c < (candStart[t + 1] as number); c++) {
      const b = candBin[c] as number;
      const cur = obs[b] as number;
      const add = candProb[c] as number;
      obs[b] = cur <= LOG_ZERO ? Math.log(add) : Math.log(Math.exp(cur) + add);
    }
  };

  fillObs(0);
  for (let s = 0; s < S; s++) prev[s] = (obs[s] as number) - Math.log(S);
  for (let t = 1; t < nFrames; t++) {
    fillObs(t);
    const row = t * S;
    const pu = prev[U] as number;
    const fromU = pu + logSwitch + logUniform;
    let maxV = LOG_ZERO;
    let maxVArg = 0;
    for (let j = 0; j < nBins; j++) {
      const pj = prev[j] as number;
      if (pj > maxV) {
        maxV = pj;
        maxVArg = j;
      }
      const oj = obs[j] as number;
      if (oj <= LOG_ZERO) {
        cur[j] = LOG_ZERO;
        back[row + j] = U;
        continue;
      }
      let best = fromU;
      let arg = U;
      const lo = Math.max(0, j - K);
      const hi = Math.min(nBins - 1, j + K);
      for (let i = lo; i <= hi; i++) {
        const v = (prev[i] as number) + (logTri[i - j + K] as number) + logStay;
        if (v > best) {
          best = v;
          arg = i;
        }
      }
      cur[j] = best + oj;
      back[row + j] = arg;
    }
    const uFromU = pu + logUU;
    const uFromV = maxV + logSwitch;
    if (uFromU >= uFromV) {
      cur[U] = uFromU + (obs[U] as number);
      back[row + U] = U;
    } else {
      cur[U] = uFromV + (obs[U] as number);
      back[row + U] = maxVArg;
    }
    let mx = LOG_ZERO;
    for (let s = 0; s < S; s++) if ((cur[s] as number) > mx) mx = cur[s] as number;
    for (let s = 0; s < S; s++) cur[s] = (cur[s] as number) - mx;
    const tmp = prev;
    prev = cur;
    cur = tmp;
  }
  let state = 0;
  {
    let mx = LOG_ZERO;
    for (let s = 0; s < S; s++) {
      if ((prev[s] as number) > mx) {
        mx = prev[s] as number;
        state = s;
      }
    }
  }
  // local maximum of the voiced probability over ±70 ms
  const vpNear = new Float32Array(nFrames);
  for (let t = 0; t < nFrames; t++) {
    let m = 0;
    for (let k = Math.max(0, t - 7); k <= Math.min(nFrames - 1, t + 7); k++)
      m = Math.max(m, voicedProb[k] as number);
    vpNear[t] = m;
  }
  const f0 = new Float32Array(nFrames);
  const times = new Float64Array(nFrames);
  for (let t = nFrames - 1; t >= 0; t--) {
    times[t] = t * PITCH_HOP_SECONDS;
    if (state < U && !silent(t) && (vpNear[t] as number) >= MIN_VOICED_PROB) {
      // refine: nearest candidate to the decoded bin
      let bestHz = fmin * 2 ** (state / (12 * BINS_PER_SEMITONE));
      let bestD = 3;
      for (let c = candStart[t] as number; c < (candStart[t + 1] as number); c++) {
        const d = Math.abs((candBin[c] as number) - state);
        if (d < bestD) {
          bestD = d;
          bestHz = candHz[c] as number;
        }
      }
      f0[t] = bestHz;
    }
    if (t > 0) state = back[t * S + state] as number;
  }
  return { times, f0, voicedProbability: voicedProb };
}
