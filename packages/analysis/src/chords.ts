/**
 * Chord recognition on beat-synchronous chroma: harmonic chord templates + HMM/Viterbi decoding.
 * Pure module (no Node or DOM APIs).
 */
import { CHORD_MODEL_CLASSES } from "./chord-model.js";
import { chordName, QUALITIES } from "./labels.js";

/**
 * Amplitude decay per harmonic in the chord templates: harmonic h weighs decay^(h−1). Gómez's value (PhD
 * thesis, UPF 2006, §4.2); on the validation songs it ties every other decay from 0.2 to 0.8 once the learned
 * chord model joins the templates (PROVENANCE.md, "The chord templates' harmonic decay").
 */
export const HARMONIC_DECAY = 0.6;
/**
 * Prior bias of seventh chords against triads (correlation units) in the displayed chords: 0 — a seventh
 * has to be heard, not assumed (on real recordings the extra pitch class is as often a melody note as a
 * chord tone). The key stage's chord evidence keeps the older +0.04 (KEY_EVIDENCE_SEVENTH_BIAS), where a
 * vi7 read as vi7 rather than I keeps relative keys apart.
 */
export const SEVENTH_BIAS = 0;
export const KEY_EVIDENCE_SEVENTH_BIAS = 0.04;
const SEVENTHS = new Set(["7", "maj7", "min7"]);
/** Qualities the recogniser may output (Harte shorthand) and their log-prior bias (correlation units). */
const RECOGNISED: readonly { harte: string; bias: number }[] = [
  { harte: "maj", bias: 0 },
  { harte: "min", bias: 0 },
  { harte: "7", bias: SEVENTH_BIAS },
  { harte: "maj7", bias: SEVENTH_BIAS },
  { harte: "min7", bias: SEVENTH_BIAS },
  { harte: "dim", bias: -0.12 },
  { harte: "hdim7", bias: -0.1 },
  { harte: "sus4", bias: -0.12 },
];

/** One recogniser state: a display chord with its root (−1 for N) and 12-bin template. */
export interface ChordState {
  name: string;
  root: number;
  harte: string;
  /** Chord tones in semitones above the root ([] for N). */
  intervals: readonly number[];
  /** Zero-mean, unit-norm treble template. */
  template: Float64Array;
  bias: number;
}

/**
 * Build the chord vocabulary. Each template sums, for every chord tone, the first 4 harmonics with
 * amplitudes harmonicDecay^(h−1) folded to pitch classes (Gómez, "Tonal description of music audio signals", PhD
 * thesis, UPF 2006, §4.2), then is centred and normalised for Pearson correlation.
 * @param seventhBias prior bias of 7, maj7 and min7 chords (correlation units).
 * @param harmonicDecay amplitude of harmonic h relative to the fundamental is harmonicDecay^(h−1), in
 * [0, 1] ({@link HARMONIC_DECAY}).
 * @throws {RangeError} when harmonicDecay is outside [0, 1].
 */
export function chordVocabulary(seventhBias = SEVENTH_BIAS, harmonicDecay = HARMONIC_DECAY): ChordState[] {
  if (!(harmonicDecay >= 0 && harmonicDecay <= 1))
    throw new RangeError(`harmonicDecay must lie in [0, 1], got ${harmonicDecay}`);
  const states: ChordState[] = [];
  for (const { harte, bias: b0 } of RECOGNISED) {
    const bias = SEVENTHS.has(harte) ? seventhBias : b0;
    const q = QUALITIES.find((x) => x.harte === harte);
    if (!q) continue;
    for (let r = 0; r < 12; r++) {
      const t = new Float64Array(12);
      for (const iv of q.intervals) {
        for (let h = 1; h <= 4; h++) {
          const pc = (r + iv + Math.round(12 * Math.log2(h))) % 12;
          t[pc] = (t[pc] as number) + harmonicDecay ** (h - 1);
        }
      }
      states.push({
        name: chordName(r, harte),
        root: r,
        harte,
        intervals: q.intervals,
        template: centre(t),
        bias,
      });
    }
  }
  states.push({ name: "N", root: -1, harte: "N", intervals: [], template: new Float64Array(12), bias: 0 });
  return states;
}

function centre(v: Float64Array): Float64Array {
  let m = 0;
  for (const x of v) m += x;
  m /= v.length;
  let n = 0;
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) {
    out[i] = (v[i] as number) - m;
    n += (out[i] as number) ** 2;
  }
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) out[i] = (out[i] as number) / n;
  return out;
}

/** Input to {@link recogniseChords}: one row of 12 per segment, plus a silence flag per segment. */
export interface ChordInput {
  treble: Float64Array; // [segments × 12]
  bass: Float64Array; // [segments × 12]
  silent: Uint8Array; // 1 = no audible content
  segments: number;
}

/**
 * Decode the most likely chord sequence.
 *
 * Defaults: β = 12, λ (bass weight) = 1, pStay = 0.7, θ (no-chord score) = 0.15.
 *
 * Emission score of chord c on segment s: β·(corr(treble_s, T_c) + λ·bass_s[root_c]/Σbass_s + bias_c);
 * "N" scores β·θ, or wins outright on silent segments. An optional per-state `prior` (correlation units,
 * e.g. from {@link keyChordPrior}) is added to every emission. With a learned `model`
 * ({@link chordModelLogProbs}; `vocab` must then be the 97-state {@link chordVocabulary} whose order the
 * model shares) each chord's emission also gains `model.weight` × its log-probability — the template
 * score and the model combined as a product of experts (Hinton 2002), the templates keeping the decision
 * anchored in what is heard, the model adding what it learned about chord colour, context and which
 * chords occur. Transitions: self-transition log-probability
 * log(pStay), any change log((1−pStay)/(K−1)) — the usual HMM smoothing of chord recognition
 * (Sheh & Ellis, ISMIR 2003; Mauch, PhD thesis 2010).
 *
 * @returns per segment the index into `vocab` and a 0..1 confidence (softmax share of the chosen chord).
 */
export function recogniseChords(
  input: ChordInput,
  vocab: readonly ChordState[],
  params: { beta?: number; bassWeight?: number; pStay?: number; nThreshold?: number } = {},
  prior?: Float64Array,
  model?: { logProbs: Float64Array; weight: number },
): { state: Int32Array; confidence: Float64Array } {
  const beta = params.beta ?? 12;
  const lambda = params.bassWeight ?? 1;
  const pStay = params.pStay ?? 0.7;
  const theta = params.nThreshold ?? 0.15;
  const K = vocab.length;
  const S = input.segments;
  if (model && (K !== CHORD_MODEL_CLASSES || model.logProbs.length !== S * CHORD_MODEL_CLASSES))
    throw new Error("recogniseChords: the chord model needs the full vocabulary and one row per segment");
  const emit = new Float64Array(S * K);
  const conf = new Float64Array(S);
  const row = new Float64Array(12);
  for (let s = 0; s < S; s++) {
    let m = 0;
    for (let i = 0; i < 12; i++) m += input.treble[s * 12 + i] as number;
    m /= 12;
    let nn = 0;
    for (let i = 0; i < 12; i++) {
      row[i] = (input.treble[s * 12 + i] as number) - m;
      nn += (row[i] as number) ** 2;
    }
    nn = Math.sqrt(nn);
    let bsum = 0;
    for (let i = 0; i < 12; i++) bsum += input.bass[s * 12 + i] as number;
    const silent = input.silent[s] === 1 || nn === 0;
    for (let k = 0; k < K; k++) {
      const st = vocab[k] as ChordState;
      let e: number;
      if (st.root < 0) e = silent ? 10 : theta;
      else if (silent) e = -10;
      else {
        let c = 0;
        for (let i = 0; i < 12; i++) c += (row[i] as number) * (st.template[i] as number);
        c /= nn;
        const b = bsum > 0 ? (input.bass[s * 12 + st.root] as number) / bsum : 0;
        e = c + lambda * b + st.bias + (prior ? (prior[k] as number) : 0);
        if (model) e += (model.weight * (model.logProbs[s * K + k] as number)) / beta;
      }
      emit[s * K + k] = beta * e;
    }
  }
  // Viterbi with a uniform "change" transition: O(S·K).
  const logStay = Math.log(pStay);
  const logMove = Math.log((1 - pStay) / (K - 1));
  const delta = new Float64Array(K);
  const next = new Float64Array(K);
  const back = new Int32Array(S * K);
  for (let k = 0; k < K; k++) delta[k] = emit[k] as number;
  for (let s = 1; s < S; s++) {
    let bestK = 0;
    for (let k = 1; k < K; k++) if ((delta[k] as number) > (delta[bestK] as number)) bestK = k;
    const bestV = (delta[bestK] as number) + logMove;
    for (let k = 0; k < K; k++) {
      const stay = (delta[k] as number) + logStay;
      if (stay >= bestV) {
        next[k] = stay + (emit[s * K + k] as number);
        back[s * K + k] = k;
      } else {
        next[k] = bestV + (emit[s * K + k] as number);
        back[s * K + k] = bestK;
      }
    }
    delta.set(next);
  }
  const state = new Int32Array(S);
  if (S === 0) return { state, confidence: conf };
  let cur = 0;
  for (let k = 1; k < K; k++) if ((delta[k] as number) > (delta[cur] as number)) cur = k;
  for (let s = S - 1; s >= 0; s--) {
    state[s] = cur;
    cur = back[s * K + cur] as number;
  }
  for (let s = 0; s < S; s++) {
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < K; k++) mx = Math.max(mx, emit[s * K + k] as number);
    let z = 0;
    for (let k = 0; k < K; k++) z += Math.exp((emit[s * K + k] as number) - mx);
    conf[s] = Math.exp((emit[s * K + (state[s] as number)] as number) - mx) / z;
  }
  return { state, confidence: conf };
}

/** Diatonic chords of a key: [degree in semitones above the tonic, allowed qualities]. */
const DIATONIC: Record<"major" | "minor", readonly [number, readonly string[]][]> = {
  major: [
    [0, ["maj", "maj7", "sus4"]],
    [2, ["min", "min7", "sus4"]],
    [4, ["min", "min7"]],
    [5, ["maj", "maj7", "sus4"]],
    [7, ["maj", "7", "sus4"]],
    [9, ["min", "min7"]],
    [11, ["dim", "hdim7"]],
  ],
  minor: [
    [0, ["min", "min7", "sus4"]],
    [2, ["dim", "hdim7"]],
    [3, ["maj", "maj7"]],
    [5, ["min", "min7", "sus4"]],
    [7, ["min", "min7", "maj", "7", "sus4"]],
    [8, ["maj", "maj7"]],
    [10, ["maj", "7"]],
  ],
};

/**
 * Key-dependent chord prior: `weight` for chords diatonic to the key (natural minor plus the harmonic-minor
 * dominant), 0 otherwise — the musicological context used by key-aware chord recognisers (Mauch & Dixon,
 * "Simultaneous estimation of chords and musical context from audio", IEEE TASLP 18(6), 2010).
 */
export function keyChordPrior(
  vocab: readonly ChordState[],
  tonic: number,
  mode: "major" | "minor",
  weight: number,
): Float64Array {
  const prior = new Float64Array(vocab.length);
  vocab.forEach((st, k) => {
    if (st.root < 0) return;
    const deg = (st.root - tonic + 12) % 12;
    if (DIATONIC[mode].some(([d, qs]) => d === deg && qs.includes(st.harte))) prior[k] = weight;
  });
  return prior;
}
