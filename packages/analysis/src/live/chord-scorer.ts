/**
 * The live chord recogniser's per-window chord scores: template correlation, bass and prior, plus the
 * learned chord model's evidence on the long window. Pure module (no Node or DOM APIs).
 */
import { CHORD_MODEL_QUALITIES, chordModelLogProbs } from "../chord-model.js";
import { CHORD_MODEL_WEIGHTS } from "../chord-model-weights.js";
import type { ChordState } from "../chords.js";
import type { ChromaFrame } from "./chroma.js";
import { FAMILY_OF, type LiveVocabulary } from "./vocabulary.js";

/** Family of each of the learned model's qualities (its half-diminished seventh extends dim). */
const MODEL_FAMILY = CHORD_MODEL_QUALITIES.map((q) => (q === "hdim7" ? 2 : (FAMILY_OF[q] as number)));
/**
 * Weight of the learned chord model's log-probability (nats) added to the long window's scores
 * (correlation units): a product of experts with the templates (Hinton, Neural Computation 2002), as in
 * the offline engine. The one constant of the model path chosen on evaluation data: on `bench:live:real`
 * (Beatles) 0.02 / 0.03 raise majmin from 0.393 to 0.416 / 0.428, but 0.03 makes the synthetic guitar
 * of `bench:live` change held chords in the room 1.04 times a minute (target ≤ 1; 0.83 at 0.02 as
 * without the model).
 */
export const MODEL_WEIGHT = 0.02;
/**
 * Weight of the engine's chord model's log-probability (nats; `models/chords.onnx` read on Live's sliding
 * window) added to the long window's scores, in place of {@link MODEL_WEIGHT}'s built-in model. Chosen
 * on the validation folder of sampled instruments (`make-live-folder --seed-offset 1`; PROVENANCE.md).
 */
export const LEARNED_WEIGHT = 0.02;
/** Lowest model log-probability counted, nats: one implausible frame does not veto a chord. */
export const MODEL_FLOOR = -8;

/** The part of {@link LiveChordOptions} the scorer reads. */
export interface ChordScorerOptions {
  /** Weight of the bass chroma's share (0..1) at the chord root, correlation units. */
  bassWeight: number;
  /** Weight of the learned model's evidence, correlation units per nat (0 = templates only). */
  modelWeight: number;
  /**
   * Weight of the engine's chord model's evidence when it is given ({@link ChordScorer.setLearned}),
   * correlation units per nat; it then replaces the built-in model's.
   */
  learnedWeight: number;
  /** Below this best short-window template correlation (−1..1) a frame holds no chord. */
  minCorrelation: number;
}

/**
 * Chord scores of chroma windows. Chord c's score on a window: the Pearson correlation of the treble
 * chroma with c's harmonic template (the engine's `chordVocabulary`, Gómez 2006) plus `bassWeight` × the
 * bass chroma's share at c's root plus the template's prior bias ({@link LiveVocabulary.bias}). Each frame
 * is scored on the short window (fast) and on the long one (whose finer resolution separates a seventh
 * from the root a semitone away).
 *
 * **Learned evidence.** The long window's scores also hold `modelWeight` (MODEL_WEIGHT) × the
 * log-probability that the offline engine's chord model (`chord-model.ts`, trained on POP909 rendered to
 * audio; provenance in PROVENANCE.md) gives the chord's family on its root from the window's treble and
 * bass chroma (see {@link ChordScorer.modelEvidence}). It knows how pop songs' bass lines and voicings
 * sit under their chords, which the templates do not.
 *
 * State: the latest short window's template correlations ({@link ChordScorer.corr}) and scratch arrays.
 */
export class ChordScorer {
  /** Template correlation (−1..1) of each chord with the latest frame scored by {@link ChordScorer.score}. */
  readonly corr: Float64Array;
  private readonly row = new Float64Array(12);
  /** Scratch: the learned model's probability per family × root, and its evidence per chord. */
  private readonly familyProb = new Float64Array(4 * 12);
  private readonly modelTerm: Float64Array;
  /** The engine's chord model's evidence per chord for the window's newest reading (null: the built-in model). */
  private learned: Float64Array | null = null;

  /**
   * @param vocab the chords scored (their templates, roots and biases).
   * @param o the bass and model weights and the no-chord correlation.
   */
  constructor(
    private readonly vocab: LiveVocabulary,
    private readonly o: ChordScorerOptions,
  ) {
    this.corr = new Float64Array(vocab.size);
    this.modelTerm = new Float64Array(vocab.size);
  }

  /**
   * Score a frame on both windows: short-window scores into `short` (and its correlations into
   * {@link ChordScorer.corr}), the long window's without the model's evidence into `longPlain` and with
   * it into `long` (each one value per chord).
   * @returns false when the frame holds no chord (best short-window correlation below `minCorrelation`).
   */
  score(frame: ChromaFrame, short: Float64Array, longPlain: Float64Array, long: Float64Array): boolean {
    const best = this.window(frame.treble, frame.bass, short, true);
    this.window(frame.trebleLong, frame.bassLong, longPlain, false);
    long.set(longPlain);
    this.addModelEvidence(long, frame.trebleLong, frame.bassLong);
    return best >= this.o.minCorrelation;
  }

  /**
   * Per-chord template scores of one window into `out` (one per chord).
   * @param treble treble chroma (12 bins, ≥ 0).
   * @param bass bass chroma (12 bins, ≥ 0).
   * @param keepCorr whether to keep the correlations in {@link ChordScorer.corr}.
   * @returns the best template correlation (−1..1).
   */
  window(treble: Float64Array, bass: Float64Array, out: Float64Array, keepCorr: boolean): number {
    const row = this.row;
    let m = 0;
    for (let i = 0; i < 12; i++) m += treble[i] as number;
    m /= 12;
    let nn = 0;
    for (let i = 0; i < 12; i++) {
      row[i] = (treble[i] as number) - m;
      nn += (row[i] as number) ** 2;
    }
    nn = Math.sqrt(nn);
    let bsum = 0;
    for (let i = 0; i < 12; i++) bsum += bass[i] as number;
    let bestCorr = -1;
    for (let k = 0; k < this.vocab.size; k++) {
      const st = this.vocab.states[k] as ChordState;
      let c = 0;
      if (nn > 0) {
        for (let i = 0; i < 12; i++) c += (row[i] as number) * (st.template[i] as number);
        c /= nn;
      }
      if (keepCorr) this.corr[k] = c;
      if (c > bestCorr) bestCorr = c;
      const b = bsum > 0 ? (bass[st.root] as number) / bsum : 0;
      out[k] = c + this.o.bassWeight * b + (this.vocab.bias[k] as number);
    }
    return bestCorr;
  }

  /**
   * Read the engine's chord model from now on: `logProbs` holds its 97 natural-log probabilities (the
   * `ChordModel` class order: quality q on root r at q·12 + r, "no chord" at 96) for the newest segment
   * of the sliding window (`LiveChordWindow`), used for every frame until the next call; null goes back
   * to the built-in model read on each frame.
   * @throws {RangeError} when `logProbs` does not hold 97 values.
   */
  setLearned(logProbs: ArrayLike<number> | null): void {
    if (!logProbs) {
      this.learned = null;
      return;
    }
    if (logProbs.length !== 97)
      throw new RangeError(`a chord model row has 97 values, got ${logProbs.length}`);
    // Read once per model run, not once per frame.
    this.learned = Float64Array.from(this.familyEvidence(logProbs));
  }

  /**
   * Add the learned evidence to a window's scores `out`: `learnedWeight` × the engine's chord model's
   * (see {@link setLearned}) when given, else `modelWeight` × the built-in model's on the window's chroma.
   */
  addModelEvidence(out: Float64Array, treble: Float64Array, bass: Float64Array): void {
    const learned = this.learned;
    const w = learned ? this.o.learnedWeight : this.o.modelWeight;
    if (!(w > 0)) return;
    const term = learned ?? this.modelEvidence(treble, bass);
    for (let k = 0; k < this.vocab.size; k++) out[k] = (out[k] as number) + w * (term[k] as number);
  }

  /**
   * The learned chord model's evidence for each chord of the vocabulary, nats (≥ MODEL_FLOOR): the
   * log-probability of the chord's family (its triad: major, minor, dim, sus4) on its root, summed over
   * the model's qualities — the model leaves sevenths to the templates, which the live bench's voicings
   * show it reading as triads. Trained on pop songs, where dim and sus4 are rare, the model would also
   * veto them; a dim or sus4 chord gets its root's best reading instead (major, minor or its own), so
   * the model only judges the root and the templates with their prior against dim and sus4 keep the
   * quality. (Without that, the synthetic guitar's held sus4 and dim chords flipped to triads.) The
   * returned array is scratch, overwritten by the next call.
   */
  modelEvidence(treble: Float64Array, bass: Float64Array): Float64Array {
    return this.familyEvidence(chordModelLogProbs(treble, bass, 1, CHORD_MODEL_WEIGHTS));
  }

  /** {@link modelEvidence} from a chord model's 97 log-probabilities (see {@link setLearned}). */
  familyEvidence(lp: ArrayLike<number>): Float64Array {
    const fam = this.familyProb;
    fam.fill(0);
    MODEL_FAMILY.forEach((f, q) => {
      for (let r = 0; r < 12; r++)
        fam[f * 12 + r] = (fam[f * 12 + r] as number) + Math.exp(lp[q * 12 + r] as number);
    });
    const term = this.modelTerm;
    for (let k = 0; k < this.vocab.size; k++) {
      const st = this.vocab.states[k] as ChordState;
      const f = FAMILY_OF[st.harte] as number;
      let p = fam[f * 12 + st.root] as number;
      if (f >= 2) p = Math.max(p, fam[st.root] as number, fam[12 + st.root] as number);
      term[k] = Math.max(MODEL_FLOOR, Math.log(p));
    }
    return term;
  }
}
