/**
 * Global key estimation from pitch-class profiles and chord statistics.
 * Pure module (no Node or DOM APIs).
 */
import { keyName } from "./labels.js";

/** Krumhansl & Kessler (1982) probe-tone profiles, index 0 = tonic. */
export const KK_MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
export const KK_MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
/** Temperley (2001/2007) Kostka–Payne corpus profiles ("Music and Probability", MIT Press). */
export const TEMPERLEY_MAJOR = [
  0.748, 0.06, 0.488, 0.082, 0.67, 0.46, 0.096, 0.715, 0.104, 0.366, 0.057, 0.4,
];
export const TEMPERLEY_MINOR = [
  0.712, 0.084, 0.474, 0.618, 0.049, 0.46, 0.105, 0.747, 0.404, 0.067, 0.133, 0.33,
];

/** Pearson correlation between a 12-bin profile and a template rotated to `tonic`. */
function corrRot(x: ArrayLike<number>, tpl: readonly number[], tonic: number): number {
  let mx = 0;
  let mt = 0;
  for (let i = 0; i < 12; i++) {
    mx += x[i] as number;
    mt += tpl[i] as number;
  }
  mx /= 12;
  mt /= 12;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < 12; i++) {
    const a = (x[(i + tonic) % 12] as number) - mx;
    const b = (tpl[i] as number) - mt;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** Chord evidence for the key decision: seconds per (root, isMinor) and first/last chord roots. */
export interface ChordStats {
  /** seconds of major-third chords on each root (maj, 7, maj7, sus4 count here). */
  majorSeconds: Float64Array;
  /** seconds of minor-third chords on each root (min, min7, dim, hdim7). */
  minorSeconds: Float64Array;
  totalSeconds: number;
  firstRoot: number; // −1 if none
  firstMinor: boolean;
  lastRoot: number; // −1 if none
  lastMinor: boolean;
}

/** Result of {@link estimateKey}. */
export interface KeyEstimate {
  key: string;
  confidence: number;
  runnerUp: { key: string; confidence: number } | null;
}

/**
 * Estimate the global key.
 *
 * Score of each of the 24 keys = mean of Pearson correlations of the treble+bass chroma profile with the
 * Krumhansl–Kessler and Temperley profiles (Krumhansl, "Cognitive Foundations of Musical Pitch", 1990;
 * Temperley 2007), plus chord evidence that separates relatives: the share of time spent on the tonic
 * triad of the right mode, and whether the piece starts/ends on it. Confidences are a softmax over the
 * 24 scores (temperature 0.1).
 *
 * @param chroma 12-bin whole-piece pitch-class profile (≥ 0), index 0 = C.
 * @param stats chord statistics from the chord recogniser.
 * @returns best key in product spelling, its confidence and the runner-up; "C Major" with confidence 0
 * when the profile is flat (no harmonic content).
 */
export function estimateKey(chroma: ArrayLike<number>, stats: ChordStats): KeyEstimate {
  let energy = 0;
  for (let i = 0; i < 12; i++) energy += chroma[i] as number;
  if (!(energy > 0)) return { key: "C Major", confidence: 0, runnerUp: null };
  const scores: { tonic: number; mode: "major" | "minor"; s: number }[] = [];
  const tot = stats.totalSeconds > 0 ? stats.totalSeconds : 1;
  for (let t = 0; t < 12; t++) {
    for (const mode of ["major", "minor"] as const) {
      const p =
        mode === "major"
          ? (corrRot(chroma, KK_MAJOR, t) + corrRot(chroma, TEMPERLEY_MAJOR, t)) / 2
          : (corrRot(chroma, KK_MINOR, t) + corrRot(chroma, TEMPERLEY_MINOR, t)) / 2;
      const minor = mode === "minor";
      const tonicShare = ((minor ? stats.minorSeconds[t] : stats.majorSeconds[t]) ?? 0) / tot;
      let s = p + 0.5 * tonicShare;
      if (stats.lastRoot === t && stats.lastMinor === minor) s += 0.06;
      if (stats.firstRoot === t && stats.firstMinor === minor) s += 0.04;
      scores.push({ tonic: t, mode, s });
    }
  }
  scores.sort((a, b) => b.s - a.s);
  const top = scores[0];
  const second = scores[1];
  if (!top || !second) return { key: "C Major", confidence: 0, runnerUp: null };
  let z = 0;
  for (const x of scores) z += Math.exp((x.s - top.s) / 0.1);
  const conf = (x: { s: number }) => Math.exp((x.s - top.s) / 0.1) / z;
  return {
    key: keyName(top.tonic, top.mode),
    confidence: conf(top),
    runnerUp: { key: keyName(second.tonic, second.mode), confidence: conf(second) },
  };
}
