/**
 * Learned chord emission model: log-probabilities of the 8 recognised qualities × 12 roots and "no
 * chord" for every beat segment, from its treble and bass chroma. Trained on POP909
 * rendered to audio (train/render-pop909.ts, train/train-chord-model.ts; weights in
 * chord-model-weights.ts, provenance in PROVENANCE.md). Pure module (no Node or DOM APIs).
 *
 * The model is root-equivariant — one set of weights read at the 12 rotations of the chroma — so every
 * root is treated alike: φ(s, r) ({@link chordModelPhi}) → hidden layer relu(U·φ + a) → per-quality
 * scores W_q·h + c_q; "no chord" scores v·ψ(s) + c_N ({@link chordModelPsi}); softmax over all 97.
 */

/** Length of {@link chordModelPhi}'s vector: treble and bass, 12 each. */
export const CHORD_MODEL_FEATURES = 24;
/**
 * Qualities of the model's classes, in weight order (Harte shorthand) — the recogniser's qualities in
 * {@link chordVocabulary}'s order, so class q·12 + r is vocabulary state q·12 + r.
 */
export const CHORD_MODEL_QUALITIES = ["maj", "min", "7", "maj7", "min7", "dim", "hdim7", "sus4"] as const;
/** Classes: 8 qualities × 12 roots, then "no chord". */
export const CHORD_MODEL_CLASSES = CHORD_MODEL_QUALITIES.length * 12 + 1;

function maxOf(m: Float64Array, s: number): number {
  let x = 0;
  for (let i = 0; i < 12; i++) x = Math.max(x, m[s * 12 + i] as number);
  return x;
}

function sumOf(m: Float64Array, s: number): number {
  let x = 0;
  for (let i = 0; i < 12; i++) x += m[s * 12 + i] as number;
  return x;
}

/**
 * Model input for segment `s` read from root `r`: treble chroma scaled to maximum 1, bass chroma scaled
 * to sum 1, each rotated so that pitch class r comes first. (The segment alone: with its neighbours'
 * chroma as context the model moved chord changes a beat early, and the HMM already carries context.)
 * @param treble `[S × 12]` beat-synchronous treble chroma (≥ 0). @param bass `[S × 12]` bass chroma.
 * @param s segment index; @param r root pitch class 0..11.
 * @returns {@link CHORD_MODEL_FEATURES} values.
 */
export function chordModelPhi(treble: Float64Array, bass: Float64Array, s: number, r: number): Float64Array {
  const out = new Float64Array(CHORD_MODEL_FEATURES);
  const tm = maxOf(treble, s);
  const bs = sumOf(bass, s);
  for (let i = 0; i < 12; i++) {
    const pc = (i + r) % 12;
    out[i] = tm > 0 ? (treble[s * 12 + pc] as number) / tm : 0;
    out[12 + i] = bs > 0 ? (bass[s * 12 + pc] as number) / bs : 0;
  }
  return out;
}

/**
 * Root-invariant statistics of segment `s` for the "no chord" score: maximum, mean and standard
 * deviation of the treble chroma, maximum of the bass chroma, and the treble's mean scaled to its
 * maximum (flat spectra have no chord).
 */
export function chordModelPsi(treble: Float64Array, bass: Float64Array, s: number): Float64Array {
  const tm = maxOf(treble, s);
  const mean = sumOf(treble, s) / 12;
  let sd = 0;
  for (let i = 0; i < 12; i++) sd += ((treble[s * 12 + i] as number) - mean) ** 2;
  sd = Math.sqrt(sd / 12);
  return Float64Array.from([tm, mean, sd, maxOf(bass, s), tm > 0 ? mean / tm : 0]);
}

/** Weights of the model (see chord-model-weights.ts). */
export interface ChordModelWeights {
  hidden: number;
  U: readonly number[];
  a: readonly number[];
  W: readonly number[];
  c: readonly number[];
  v: readonly number[];
  cN: number;
}

/**
 * Log-probabilities of the 97 classes (quality q, root r at index q·12 + r; "no chord" at 96) for every
 * segment.
 * @returns `[S × CHORD_MODEL_CLASSES]` natural-log probabilities (each row's exponentials sum to 1).
 */
export function chordModelLogProbs(
  treble: Float64Array,
  bass: Float64Array,
  S: number,
  w: ChordModelWeights,
): Float64Array {
  const H = w.hidden;
  const D = CHORD_MODEL_FEATURES;
  const HD = H > 0 ? H : D;
  const Q = CHORD_MODEL_QUALITIES.length;
  const K = CHORD_MODEL_CLASSES;
  const out = new Float64Array(S * K);
  const h = new Float64Array(HD);
  for (let s = 0; s < S; s++) {
    const row = s * CHORD_MODEL_CLASSES;
    for (let r = 0; r < 12; r++) {
      const phi = chordModelPhi(treble, bass, s, r);
      if (H === 0) h.set(phi);
      else
        for (let j = 0; j < H; j++) {
          let z = w.a[j] as number;
          for (let i = 0; i < D; i++) z += (w.U[j * D + i] as number) * (phi[i] as number);
          h[j] = z > 0 ? z : 0;
        }
      for (let q = 0; q < Q; q++) {
        let z = w.c[q] as number;
        for (let j = 0; j < HD; j++) z += (w.W[q * HD + j] as number) * (h[j] as number);
        out[row + q * 12 + r] = z;
      }
    }
    const psi = chordModelPsi(treble, bass, s);
    let zN = w.cN;
    for (let i = 0; i < psi.length; i++) zN += (w.v[i] as number) * (psi[i] as number);
    out[row + 96] = zN;
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < CHORD_MODEL_CLASSES; k++) mx = Math.max(mx, out[row + k] as number);
    let sum = 0;
    for (let k = 0; k < CHORD_MODEL_CLASSES; k++) sum += Math.exp((out[row + k] as number) - mx);
    const lse = mx + Math.log(sum);
    for (let k = 0; k < CHORD_MODEL_CLASSES; k++) out[row + k] = (out[row + k] as number) - lse;
  }
  return out;
}
