import { describe, expect, it } from "vitest";
import {
  CHORD_MODEL_CLASSES,
  CHORD_MODEL_FEATURES,
  CHORD_MODEL_QUALITIES,
  chordModelLogProbs,
  chordModelPhi,
} from "./chord-model.js";
import { CHORD_MODEL_WEIGHTS } from "./chord-model-weights.js";
import { chordVocabulary, recogniseChords } from "./chords.js";

/** One segment per chord: treble = the chord tones (root loudest), bass = the root. */
function segments(chords: readonly [root: number, intervals: readonly number[]][]) {
  const S = chords.length;
  const treble = new Float64Array(S * 12);
  const bass = new Float64Array(S * 12);
  chords.forEach(([root, intervals], s) => {
    for (const iv of intervals) treble[s * 12 + ((root + iv) % 12)] = iv === 0 ? 1 : 0.8;
    for (let i = 0; i < 12; i++) treble[s * 12 + i] = (treble[s * 12 + i] as number) + 0.05;
    bass[s * 12 + root] = 1;
  });
  return { treble, bass, S };
}

const MAJOR = [0, 4, 7];
const MINOR = [0, 3, 7];

function top(logProbs: Float64Array, s: number): number {
  let best = 0;
  for (let k = 1; k < CHORD_MODEL_CLASSES; k++)
    if (
      (logProbs[s * CHORD_MODEL_CLASSES + k] as number) > (logProbs[s * CHORD_MODEL_CLASSES + best] as number)
    )
      best = k;
  return best;
}

describe("chord model", () => {
  it("shares the recogniser's vocabulary order: class q·12 + r is state q·12 + r", () => {
    const vocab = chordVocabulary();
    expect(vocab).toHaveLength(CHORD_MODEL_CLASSES);
    CHORD_MODEL_QUALITIES.forEach((q, qi) => {
      for (let r = 0; r < 12; r++) {
        expect(vocab[qi * 12 + r]?.harte).toBe(q);
        expect(vocab[qi * 12 + r]?.root).toBe(r);
      }
    });
    expect(vocab[CHORD_MODEL_CLASSES - 1]?.root).toBe(-1);
  });

  it("has weights of the documented shapes", () => {
    const w = CHORD_MODEL_WEIGHTS;
    const hd = w.hidden > 0 ? w.hidden : CHORD_MODEL_FEATURES;
    expect(w.U).toHaveLength(w.hidden * CHORD_MODEL_FEATURES);
    expect(w.a).toHaveLength(w.hidden);
    expect(w.W).toHaveLength(CHORD_MODEL_QUALITIES.length * hd);
    expect(w.c).toHaveLength(CHORD_MODEL_QUALITIES.length);
    expect([...w.U, ...w.a, ...w.W, ...w.c, ...w.v, w.cN].every(Number.isFinite)).toBe(true);
  });

  it("gives each segment a probability distribution over the 97 classes", () => {
    const { treble, bass, S } = segments([
      [0, MAJOR],
      [9, MINOR],
    ]);
    const lp = chordModelLogProbs(treble, bass, S, CHORD_MODEL_WEIGHTS);
    expect(lp).toHaveLength(S * CHORD_MODEL_CLASSES);
    for (let s = 0; s < S; s++) {
      let sum = 0;
      for (let k = 0; k < CHORD_MODEL_CLASSES; k++)
        sum += Math.exp(lp[s * CHORD_MODEL_CLASSES + k] as number);
      expect(sum).toBeCloseTo(1, 9);
    }
  });

  it("treats every root alike: transposing the chroma transposes the answer", () => {
    const base = segments([
      [0, MAJOR],
      [5, MAJOR],
      [7, [0, 4, 7, 10]],
      [9, MINOR],
    ]);
    const lp0 = chordModelLogProbs(base.treble, base.bass, base.S, CHORD_MODEL_WEIGHTS);
    for (const shift of [1, 5, 11]) {
      const rot = segments([
        [shift % 12, MAJOR],
        [(5 + shift) % 12, MAJOR],
        [(7 + shift) % 12, [0, 4, 7, 10]],
        [(9 + shift) % 12, MINOR],
      ]);
      const lp = chordModelLogProbs(rot.treble, rot.bass, rot.S, CHORD_MODEL_WEIGHTS);
      for (let s = 0; s < base.S; s++)
        for (let q = 0; q < CHORD_MODEL_QUALITIES.length; q++)
          for (let r = 0; r < 12; r++)
            expect(lp[s * CHORD_MODEL_CLASSES + q * 12 + ((r + shift) % 12)]).toBeCloseTo(
              lp0[s * CHORD_MODEL_CLASSES + q * 12 + r] as number,
              9,
            );
    }
  });

  it("names plain triads by root and third", () => {
    const { treble, bass, S } = segments([
      [0, MAJOR],
      [9, MINOR],
      [7, MAJOR],
      [2, MINOR],
    ]);
    const lp = chordModelLogProbs(treble, bass, S, CHORD_MODEL_WEIGHTS);
    expect(top(lp, 0)).toBe(0 * 12 + 0); // C
    expect(top(lp, 1)).toBe(1 * 12 + 9); // Am
    expect(top(lp, 2)).toBe(0 * 12 + 7); // G
    expect(top(lp, 3)).toBe(1 * 12 + 2); // Dm
  });

  it("feature vector: treble scaled to max 1, bass to sum 1, read from the candidate root", () => {
    const { treble, bass } = segments([[4, MAJOR]]);
    const phi = chordModelPhi(treble, bass, 0, 4);
    expect(phi).toHaveLength(CHORD_MODEL_FEATURES);
    expect(phi[0]).toBeCloseTo(1, 9); // E, the root, is the treble maximum
    expect(phi[12]).toBeCloseTo(1, 9); // all the bass on the root
  });

  it("joins the templates in the recogniser and rejects a vocabulary it does not know", () => {
    const { treble, bass, S } = segments([
      [0, MAJOR],
      [0, MAJOR],
      [7, MAJOR],
      [7, MAJOR],
    ]);
    const input = { treble, bass, silent: new Uint8Array(S), segments: S };
    const logProbs = chordModelLogProbs(treble, bass, S, CHORD_MODEL_WEIGHTS);
    const vocab = chordVocabulary();
    const { state } = recogniseChords(input, vocab, {}, undefined, { logProbs, weight: 1 });
    expect([...state].map((k) => vocab[k]?.name)).toEqual(["C", "C", "G", "G"]);
    expect(() => recogniseChords(input, vocab.slice(0, 24), {}, undefined, { logProbs, weight: 1 })).toThrow(
      /vocabulary/,
    );
  });
});
