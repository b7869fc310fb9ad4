import { chromaFrame } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { ChordScorer, MODEL_FLOOR } from "./chord-scorer.js";
import { liveChordDefaults } from "./chords.js";
import { LiveVocabulary } from "./vocabulary.js";

const argmax = (x: Float64Array) => x.reduce((best, v, k) => (v > (x[best] as number) ? k : best), 0);

describe("ChordScorer", () => {
  const o = liveChordDefaults();
  const vocab = new LiveVocabulary(o);
  const scorer = new ChordScorer(vocab, o);
  const K = vocab.size;

  it("scores C major chroma best as C on both windows, and G7 chroma as G7", () => {
    for (const [pcs, bass, name] of [
      [[0, 4, 7], 0, "C"],
      [[7, 11, 2, 5], 7, "G7"],
      [[9, 0, 4], 9, "Am"],
    ] as const) {
      const short = new Float64Array(K);
      const plain = new Float64Array(K);
      const long = new Float64Array(K);
      expect(scorer.score(chromaFrame(0, [...pcs], bass), short, plain, long), name).toBe(true);
      expect(vocab.state(argmax(short)).name, name).toBe(name);
      expect(vocab.state(argmax(long)).name, name).toBe(name);
      expect(scorer.corr[vocab.indexOf(name)], name).toBeGreaterThan(0.8);
    }
  });

  it("says a flat chroma holds no chord", () => {
    const flat = chromaFrame(0, [], 0);
    flat.treble.fill(1);
    const K3 = () => new Float64Array(K);
    expect(scorer.score(flat, K3(), K3(), K3())).toBe(false);
  });

  it("adds modelWeight × the learned model's evidence (≥ MODEL_FLOOR nats) to the long window only", () => {
    const f = chromaFrame(0, [0, 4, 7], 0);
    const short = new Float64Array(K);
    const plain = new Float64Array(K);
    const long = new Float64Array(K);
    scorer.score(f, short, plain, long);
    const term = Float64Array.from(scorer.modelEvidence(f.trebleLong, f.bassLong));
    for (let k = 0; k < K; k++) {
      expect(term[k]).toBeGreaterThanOrEqual(MODEL_FLOOR);
      expect(term[k]).toBeLessThanOrEqual(0);
      expect(long[k]).toBeCloseTo((plain[k] as number) + o.modelWeight * (term[k] as number), 12);
    }
    // The model reads C major chroma as C's family on C: C, C7 and Cmaj7 share its evidence.
    const c = vocab.indexOf("C");
    expect(term[c]).toBe(term[vocab.indexOf("C7")]);
    expect(argmax(term)).toBe(c);
    // dim and sus4 get their root's best reading, so the model judges only their root.
    for (const rare of ["Cdim", "Csus4"]) {
      expect(term[vocab.indexOf(rare)], rare).toBe(term[c]);
      expect(term[vocab.indexOf(rare)], rare).toBeGreaterThanOrEqual(term[vocab.indexOf("Cm")] as number);
    }
  });

  it("reads the engine's chord model in place of the built-in one once given, with learnedWeight", () => {
    const own = new ChordScorer(vocab, o);
    const f = chromaFrame(0, [0, 4, 7], 0);
    const K3 = () => new Float64Array(K);
    const plain = K3();
    const long = K3();
    // The engine's model says A minor (class min on A = 1·12 + 9) for the window, whatever this frame.
    const lp = new Float32Array(97).fill(Math.log(0.001 / 96));
    lp[12 + 9] = Math.log(0.999);
    own.setLearned(lp);
    own.score(f, K3(), plain, long);
    const term = own.familyEvidence(lp);
    for (let k = 0; k < K; k++)
      expect(long[k]).toBeCloseTo((plain[k] as number) + o.learnedWeight * (term[k] as number), 12);
    expect(argmax(term)).toBe(vocab.indexOf("Am"));
    // Back to the built-in model: the long window reads the frame's chroma again.
    own.setLearned(null);
    own.score(f, K3(), plain, long);
    const builtIn = own.modelEvidence(f.trebleLong, f.bassLong);
    expect(long[0]).toBeCloseTo((plain[0] as number) + o.modelWeight * (builtIn[0] as number), 12);
    expect(() => own.setLearned(new Float32Array(24))).toThrow(RangeError);
  });
});
