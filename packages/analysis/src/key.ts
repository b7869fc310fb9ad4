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

/**
 * Pop-music key profiles: per-beat pitch-class distributions of the 757 single-key songs of POP909
 * (Wang et al., ISMIR 2020; MIT licence; 402 major, 355 minor), index 0 = tonic, derived by
 * `bench/pop909-key-profiles.ts` (provenance in PROVENANCE.md). Unlike the classical corpora behind
 * Krumhansl–Kessler and Albrecht & Shanahan (2013, Music Perception 31(1)), pop minor keys are Aeolian — the flat seventh (0.129) far
 * above the leading tone (0.008) — and the thirds are clean in both modes, so a minor song built on
 * i–♭VI–♭III–♭VII or a rock song with power chords and a minor-third melody is not read as its
 * relative or parallel major. They are the global key's template (see {@link estimateKey}).
 */
export const POP909_MAJOR = [
  0.215, 0.001, 0.135, 0.001, 0.149, 0.083, 0.003, 0.209, 0.005, 0.13, 0.005, 0.065,
];
export const POP909_MINOR = [
  0.238, 0.001, 0.081, 0.146, 0.002, 0.126, 0.001, 0.201, 0.064, 0.004, 0.129, 0.008,
];

/**
 * Weight (correlation units per unit share) of the time spent on the key's tonic triad in
 * {@link estimateKey}. Chord evidence separates relative keys (I vs vi) in clean and classical
 * material, but the decoded chords of real recordings (vocals, drums, power chords, dominant-seventh
 * blues) are noisy, so it only nudges the profile decision. Chosen among 0.1–0.5 on the development
 * sets (the one constant fitted there).
 */
export const TONIC_SHARE_WEIGHT = 0.2;
/** Softmax temperature (correlation units) of the key confidences. */
export const KEY_SOFTMAX_TEMPERATURE = 0.1;

/**
 * Pearson correlation between a 12-bin pitch-class profile and a key template rotated to `tonic`
 * (Krumhansl & Kessler 1982's key-finding correlation).
 * @param x 12 values indexed by pitch class (0 = C), any scale.
 * @param tpl 12 template values, index 0 = the key's tonic.
 * @param tonic pitch class 0..11 the template is rotated to.
 * @returns -1..1; 0 when either side is constant.
 */
export function corrRot(x: ArrayLike<number>, tpl: ArrayLike<number>, tonic: number): number {
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

/**
 * Chord evidence for the key decision: seconds per (root, isMinor) and first/last chord roots. The
 * first/last chords are reported but not scored by {@link estimateKey}: excerpts of real recordings
 * rarely start or end on a cadence.
 */
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

/** Chord statistics of no chords: zero seconds on every root, no first or last chord (root −1). */
export function emptyChordStats(): ChordStats {
  return {
    majorSeconds: new Float64Array(12),
    minorSeconds: new Float64Array(12),
    totalSeconds: 0,
    firstRoot: -1,
    firstMinor: false,
    lastRoot: -1,
    lastMinor: false,
  };
}

/**
 * Whether a chord quality (Harte shorthand: "min", "min7", "dim", "hdim7", "maj", "7", …) has a minor
 * third above its root — the chord evidence {@link ChordStats} sorts by.
 */
export function isMinorQuality(quality: string): boolean {
  return quality.startsWith("min") || quality === "dim" || quality === "hdim7";
}

/**
 * Chord statistics: add `seconds` of a chord on `root` (pitch class 0..11) to `stats`, in place.
 * @param root 0..11; a negative root ("no chord") adds nothing.
 * @param quality Harte shorthand (see {@link isMinorQuality}).
 * @param seconds duration ≥ 0.
 */
export function addChordTime(stats: ChordStats, root: number, quality: string, seconds: number): void {
  if (root < 0 || !(seconds >= 0)) return;
  const minor = isMinorQuality(quality);
  const acc = minor ? stats.minorSeconds : stats.majorSeconds;
  acc[root] = (acc[root] as number) + seconds;
  stats.totalSeconds += seconds;
  if (stats.firstRoot < 0) {
    stats.firstRoot = root;
    stats.firstMinor = minor;
  }
  stats.lastRoot = root;
  stats.lastMinor = minor;
}

/**
 * Key profile: add one frame's or beat's pitch-class distribution to `profile`, in place — its treble
 * and its bass chroma each normalised to sum 1 (a half with no energy adds nothing) and weighted by
 * `weight` (its duration in seconds, times any emphasis). The offline key stage (`keyProfile`, per beat)
 * and Live's sliding window (`LiveKeyFinder`, per frame) build their profiles with it.
 * @param profile 12 values indexed by pitch class (0 = C).
 * @param treble chroma, 12 values from `offset` (≥ 0).
 * @param bass chroma, 12 values from `offset` (≥ 0).
 * @param offset index of the first of the 12 values in `treble` and `bass` (default 0).
 */
export function addToKeyProfile(
  profile: Float64Array,
  treble: ArrayLike<number>,
  bass: ArrayLike<number>,
  weight: number,
  offset = 0,
): void {
  let nt = 0;
  let nb = 0;
  for (let i = 0; i < 12; i++) {
    nt += treble[offset + i] as number;
    nb += bass[offset + i] as number;
  }
  for (let i = 0; i < 12; i++)
    profile[i] =
      (profile[i] as number) +
      weight *
        ((nt > 0 ? (treble[offset + i] as number) / nt : 0) +
          (nb > 0 ? (bass[offset + i] as number) / nb : 0));
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
 * Score of each of the 24 keys = Pearson correlation of the treble+bass chroma profile with the
 * POP909 pop-music profile of that key ({@link POP909_MAJOR}; the Krumhansl–Schmuckler correlation
 * method, Krumhansl 1990), plus chord evidence that separates relatives: {@link TONIC_SHARE_WEIGHT} × the
 * share of chord time spent on the tonic triad of the right mode. Confidences are a softmax over the 24
 * scores (temperature {@link KEY_SOFTMAX_TEMPERATURE}).
 *
 * The previous combination (mean of Krumhansl–Kessler and Temperley–Kostka–Payne correlations, tonic
 * share × 0.5, +0.06/+0.04 for the last/first chord) leaned on the chords; on real recordings, whose
 * decoded chords are noisy and whose excerpts do not end on a cadence, that cost accuracy (GTZAN key
 * score 0.58 → 0.61 with Albrecht–Shanahan profiles, 0.65 with the POP909 ones; synthetic songs
 * unchanged; the classical renderings of real-dev 0.943 → 0.927, one Beethoven sonata movement).
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
      const minor = mode === "minor";
      const p = corrRot(chroma, minor ? POP909_MINOR : POP909_MAJOR, t);
      const tonicShare = ((minor ? stats.minorSeconds[t] : stats.majorSeconds[t]) ?? 0) / tot;
      scores.push({ tonic: t, mode, s: p + TONIC_SHARE_WEIGHT * tonicShare });
    }
  }
  scores.sort((a, b) => b.s - a.s);
  const top = scores[0];
  const second = scores[1];
  if (!top || !second) return { key: "C Major", confidence: 0, runnerUp: null };
  let z = 0;
  for (const x of scores) z += Math.exp((x.s - top.s) / KEY_SOFTMAX_TEMPERATURE);
  const conf = (x: { s: number }) => Math.exp((x.s - top.s) / KEY_SOFTMAX_TEMPERATURE) / z;
  return {
    key: keyName(top.tonic, top.mode),
    confidence: conf(top),
    runnerUp: { key: keyName(second.tonic, second.mode), confidence: conf(second) },
  };
}

/** A stretch of the piece in one key (local key / modulation analysis). */
export interface KeySegment {
  start: number;
  end: number;
  key: string;
  confidence: number;
}

/** Pitch-class profiles a local key is scored with: the mean correlation with each pair's major/minor. */
export type LocalKeyProfiles = "kk-temperley" | "pop909";

/** Parameters of {@link localKeys}. */
export interface LocalKeyOptions {
  /** Length of the sliding window each segment's key scores are read from, seconds (> 0). */
  windowSeconds: number;
  /** Cost of a key change, correlation-seconds (≥ 0). */
  switchPenalty: number;
  /** Added to the global key's score in every segment (correlation units, ≥ 0). */
  globalBonus: number;
  /**
   * "kk-temperley": the mean of the Krumhansl–Kessler (1982) and Temperley (2007) profiles' correlations;
   * "pop909": the POP909 templates of {@link estimateKey}.
   */
  profiles: LocalKeyProfiles;
}

/**
 * The defaults of {@link localKeys}. The switch penalty (24) and the rest were chosen on the 172 validation
 * songs of the training corpora rendered whole, from a grid of 96 settings by a rule written first
 * (PROVENANCE.md, "Local keys: the hand-written stage's constants").
 */
export const LOCAL_KEY_DEFAULTS: LocalKeyOptions = {
  windowSeconds: 20,
  switchPenalty: 24,
  globalBonus: 0.1,
  profiles: "kk-temperley",
};

/**
 * Local keys: the 24 key scores (profile correlations as in {@link estimateKey}) of a sliding window of
 * `windowSeconds` around every analysis segment, decoded with Viterbi over the 24 keys with a fixed
 * switching penalty so that only sustained modulations open a new key segment — the HMM-over-keys
 * approach of local key finding (Temperley 2007, ch. 4; Papadopoulos & Peeters, "Local key estimation
 * from an audio signal relying on harmony and metrical structures", IEEE TASLP 2012).
 *
 * @param bounds segment boundaries, seconds (S + 1 ascending values).
 * @param profiles per-segment 12-bin pitch-class weights `[S × 12]` (already duration-weighted).
 * @param globalKey the whole-piece key, favoured by `options.globalBonus` per segment, so that local keys
 * agree with it unless the evidence for a modulation is clear; null for none.
 * @param options window, switch penalty, bonus and profiles ({@link LOCAL_KEY_DEFAULTS}).
 * @returns contiguous segments covering [bounds[0], bounds[S]]; [] when there is no pitched content.
 */
export function localKeys(
  bounds: readonly number[],
  profiles: Float64Array,
  globalKey: { tonic: number; mode: "major" | "minor" } | null = null,
  options: LocalKeyOptions = LOCAL_KEY_DEFAULTS,
): KeySegment[] {
  const { windowSeconds, switchPenalty, globalBonus } = options;
  const [major, minor] =
    options.profiles === "pop909"
      ? [[POP909_MAJOR], [POP909_MINOR]]
      : [
          [KK_MAJOR, TEMPERLEY_MAJOR],
          [KK_MINOR, TEMPERLEY_MINOR],
        ];
  const meanCorr = (x: Float64Array, tpls: readonly (readonly number[])[], t: number) => {
    let sum = 0;
    for (const tpl of tpls) sum += corrRot(x, tpl, t);
    return sum / tpls.length;
  };
  const gk = globalKey ? globalKey.tonic + (globalKey.mode === "minor" ? 12 : 0) : -1;
  const S = bounds.length - 1;
  if (S <= 0) return [];
  const cs = new Float64Array((S + 1) * 12);
  for (let s = 0; s < S; s++)
    for (let i = 0; i < 12; i++)
      cs[(s + 1) * 12 + i] = (cs[s * 12 + i] as number) + (profiles[s * 12 + i] as number);
  let total = 0;
  for (let i = 0; i < 12; i++) total += cs[S * 12 + i] as number;
  if (!(total > 0)) return [];
  const score = new Float64Array(S * 24);
  const win = new Float64Array(12);
  let lo = 0;
  let hi = 0;
  for (let s = 0; s < S; s++) {
    const mid = ((bounds[s] as number) + (bounds[s + 1] as number)) / 2;
    while (lo < S && (bounds[lo + 1] as number) < mid - windowSeconds / 2) lo++;
    while (hi < S && (bounds[hi] as number) <= mid + windowSeconds / 2) hi++;
    for (let i = 0; i < 12; i++) win[i] = (cs[hi * 12 + i] as number) - (cs[lo * 12 + i] as number);
    for (let t = 0; t < 12; t++) {
      score[s * 24 + t] = meanCorr(win, major, t);
      score[s * 24 + 12 + t] = meanCorr(win, minor, t);
    }
    if (gk >= 0) score[s * 24 + gk] = (score[s * 24 + gk] as number) + globalBonus;
  }
  // Viterbi: emission = score × segment duration (so the penalty is in correlation-seconds / ~10 s).
  const delta = new Float64Array(24);
  const next = new Float64Array(24);
  const back = new Int32Array(S * 24);
  const dur = (s: number) => (bounds[s + 1] as number) - (bounds[s] as number);
  const pen = switchPenalty;
  for (let k = 0; k < 24; k++) delta[k] = (score[k] as number) * dur(0);
  for (let s = 1; s < S; s++) {
    let bk = 0;
    for (let k = 1; k < 24; k++) if ((delta[k] as number) > (delta[bk] as number)) bk = k;
    for (let k = 0; k < 24; k++) {
      const stay = delta[k] as number;
      const move = (delta[bk] as number) - pen;
      const e = (score[s * 24 + k] as number) * dur(s);
      if (stay >= move) {
        next[k] = stay + e;
        back[s * 24 + k] = k;
      } else {
        next[k] = move + e;
        back[s * 24 + k] = bk;
      }
    }
    delta.set(next);
  }
  const path = new Int32Array(S);
  let cur = 0;
  for (let k = 1; k < 24; k++) if ((delta[k] as number) > (delta[cur] as number)) cur = k;
  for (let s = S - 1; s >= 0; s--) {
    path[s] = cur;
    cur = back[s * 24 + cur] as number;
  }
  const out: KeySegment[] = [];
  let a = 0;
  for (let s = 1; s <= S; s++) {
    if (s < S && path[s] === path[a]) continue;
    const k = path[a] as number;
    // Confidence: mean softmax share (temperature 0.1, as for the global key) of the chosen key.
    let conf = 0;
    let w = 0;
    for (let j = a; j < s; j++) {
      let mx = Number.NEGATIVE_INFINITY;
      for (let q = 0; q < 24; q++) mx = Math.max(mx, score[j * 24 + q] as number);
      let z = 0;
      for (let q = 0; q < 24; q++) z += Math.exp(((score[j * 24 + q] as number) - mx) / 0.1);
      conf += (dur(j) * Math.exp(((score[j * 24 + k] as number) - mx) / 0.1)) / z;
      w += dur(j);
    }
    out.push({
      start: bounds[a] as number,
      end: bounds[s] as number,
      key: keyName(k % 12, k < 12 ? "major" : "minor"),
      confidence: w > 0 ? conf / w : 0,
    });
    a = s;
  }
  return out;
}
