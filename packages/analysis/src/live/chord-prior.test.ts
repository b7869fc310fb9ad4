import { describe, expect, it } from "vitest";
import { CHORD_KEY_SHARES } from "./chord-key-prior.js";
import { chordKeyLogPrior } from "./chord-prior.js";
import { FrameDecision } from "./frame-decision.js";
import { FRAME_MODEL_CLASSES, frameModelFamilies } from "./frame-features.js";

/** Class index of quality `q` (FRAME_MODEL_QUALITIES order: maj, min, 7, maj7, min7) on root `r`. */
const cls = (q: number, r: number) => 1 + q * 12 + r;

/** The 24 key probabilities with all of it on one key (0..11 major, 12..23 minor). */
function oneKey(k: number): Float64Array {
  const p = new Float64Array(24);
  p[k] = 1;
  return p;
}

describe("chordKeyLogPrior", () => {
  it("has one share per quality and interval in each mode, summing to 1", () => {
    for (const s of [CHORD_KEY_SHARES.major, CHORD_KEY_SHARES.minor]) {
      expect(s).toHaveLength(60);
      expect(s.reduce((a, v) => a + v, 0)).toBeCloseTo(1, 2);
    }
  });

  it("in C major, leans A's triad to minor and G's to major, and leaves no chord alone", () => {
    const lp = chordKeyLogPrior(oneKey(0), 1);
    expect(lp).toHaveLength(FRAME_MODEL_CLASSES);
    expect(lp[0]).toBe(0);
    expect(lp[cls(1, 9)]).toBeGreaterThan(lp[cls(0, 9)] as number); // Am over A
    expect(lp[cls(0, 7)]).toBeGreaterThan(lp[cls(1, 7)] as number); // G over Gm
    expect(lp[cls(0, 0)]).toBeGreaterThan(lp[cls(0, 1)] as number); // C over C♯
  });

  it("moves with the tonic: G major's prior is C major's a fifth up", () => {
    const c = chordKeyLogPrior(oneKey(0), 1);
    const g = chordKeyLogPrior(oneKey(7), 1);
    for (let q = 0; q < 5; q++)
      for (let r = 0; r < 12; r++) expect(g[cls(q, (r + 7) % 12)]).toBeCloseTo(c[cls(q, r)] as number, 12);
  });

  it("keeps the balance of qualities: each quality's prior ratio averages to 1 over the roots", () => {
    const lp = chordKeyLogPrior(
      Float64Array.from({ length: 24 }, (_, k) => (k === 3 ? 0.6 : 0.4 / 23)),
      1,
    );
    for (let q = 0; q < 5; q++) {
      let mean = 0;
      for (let r = 0; r < 12; r++) mean += Math.exp(lp[cls(q, r)] as number) / 12;
      expect(mean).toBeCloseTo(1, 9);
    }
  });

  it("scales with the weight, is flat for a key-free (uniform) distribution and zero at weight 0", () => {
    const one = chordKeyLogPrior(oneKey(12), 1);
    const half = chordKeyLogPrior(oneKey(12), 0.5);
    expect(half[cls(1, 0)]).toBeCloseTo(0.5 * (one[cls(1, 0)] as number), 12);
    const flat = chordKeyLogPrior(new Float64Array(24).fill(1), 1);
    for (const v of flat) expect(Math.abs(v)).toBeLessThan(1e-9);
    expect(chordKeyLogPrior(oneKey(5), 0).every((v) => v === 0)).toBe(true);
  });

  it("rejects a distribution that is not 24 probabilities and a negative weight", () => {
    expect(() => chordKeyLogPrior(new Float64Array(12), 1)).toThrow(RangeError);
    expect(() => chordKeyLogPrior(new Float64Array(24), 1)).toThrow(/all 0/);
    expect(() =>
      chordKeyLogPrior(
        Float64Array.from({ length: 24 }, (_, k) => (k ? 0 : Number.NaN)),
        1,
      ),
    ).toThrow(RangeError);
    expect(() => chordKeyLogPrior(oneKey(0), -1)).toThrow(RangeError);
  });
});

describe("FrameDecision with the key's prior", () => {
  /** A frame whose model output cannot tell A from Am (the third not struck yet). */
  function aOrAm(): Float64Array {
    const lp = new Float64Array(FRAME_MODEL_CLASSES).fill(Math.log(0.1 / 59));
    lp[cls(0, 9)] = Math.log(0.46); // A, the bass's harmonics' lean to major
    lp[cls(1, 9)] = Math.log(0.44); // Am
    return lp;
  }

  it("shows the key's triad when the frames cannot tell the two on a root apart", () => {
    const plain = new FrameDecision(FRAME_MODEL_CLASSES, { families: frameModelFamilies() });
    const weighed = new FrameDecision(FRAME_MODEL_CLASSES, { families: frameModelFamilies() });
    weighed.setPrior(chordKeyLogPrior(oneKey(0), 1));
    for (let i = 0; i < 30; i++) {
      plain.update(aOrAm());
      weighed.update(aOrAm());
    }
    expect(plain.decision).toBe(cls(0, 9));
    expect(weighed.decision).toBe(cls(1, 9));
    weighed.reset();
    weighed.setPrior(null);
    for (let i = 0; i < 30; i++) weighed.update(aOrAm());
    expect(weighed.decision).toBe(cls(0, 9));
  });

  it("still follows a clearly heard chord outside the key", () => {
    const d = new FrameDecision(FRAME_MODEL_CLASSES, { families: frameModelFamilies() });
    d.setPrior(chordKeyLogPrior(oneKey(0), 1));
    const lp = new Float64Array(FRAME_MODEL_CLASSES).fill(Math.log(0.05 / 60));
    lp[cls(0, 9)] = Math.log(0.95); // A major, its C♯ heard
    for (let i = 0; i < 30; i++) d.update(lp);
    expect(d.decision).toBe(cls(0, 9));
  });

  it("rejects a prior of the wrong length or with a value that is not finite", () => {
    const d = new FrameDecision(FRAME_MODEL_CLASSES);
    expect(() => d.setPrior(new Float64Array(3))).toThrow(RangeError);
    expect(() => d.setPrior(new Float64Array(FRAME_MODEL_CLASSES).fill(Number.NaN))).toThrow(RangeError);
  });
});
