import { describe, expect, it } from "vitest";
import { CHORD_CHANGE_SHARES, CHORD_KEY_SHARES } from "./chord-key-prior.js";
import { chordChangeTransitions, chordKeyLogPrior } from "./chord-prior.js";
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

describe("chordChangeTransitions", () => {
  const n = FRAME_MODEL_CLASSES;
  const t = (m: Float64Array, from: number, to: number) => m[from * n + to] as number;

  it("has one list of change shares per quality, each summing to 1 with 0 on the chord itself", () => {
    expect(CHORD_CHANGE_SHARES).toHaveLength(5);
    CHORD_CHANGE_SHARES.forEach((row, q) => {
      expect(row).toHaveLength(60);
      expect(row[q * 12]).toBe(0);
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    });
  });

  it("gives rows of probabilities with 0 on the diagonal, every other class alike at weight 0", () => {
    for (const w of [0, 0.5, 1]) {
      const m = chordChangeTransitions(w);
      expect(m).toHaveLength(n * n);
      for (let p = 0; p < n; p++) {
        let sum = 0;
        for (let c = 0; c < n; c++) sum += t(m, p, c);
        expect(sum).toBeCloseTo(1, 9);
        expect(t(m, p, p)).toBe(0);
        if (p > 0) expect(t(m, p, 0)).toBeCloseTo(1 / (n - 1), 12);
      }
      for (let c = 1; c < n; c++) expect(t(m, 0, c)).toBeCloseTo(1 / (n - 1), 12);
    }
    const flat = chordChangeTransitions(0);
    for (let p = 0; p < n; p++)
      for (let c = 0; c < n; c++) if (c !== p) expect(t(flat, p, c)).toBeCloseTo(1 / (n - 1), 12);
  });

  it("sends C on to F, G and Am more than to F♯ or E♭m, the same from every root, sharper with the weight", () => {
    const m = chordChangeTransitions(1);
    const c = cls(0, 0);
    expect(t(m, c, cls(0, 5))).toBeGreaterThan(5 * t(m, c, cls(0, 6)));
    expect(t(m, c, cls(0, 7))).toBeGreaterThan(5 * t(m, c, cls(0, 6)));
    expect(t(m, c, cls(1, 9))).toBeGreaterThan(5 * t(m, c, cls(1, 3)));
    // Transposition-free: D to G is C to F.
    expect(t(m, cls(0, 2), cls(0, 7))).toBeCloseTo(t(m, c, cls(0, 5)), 12);
    const half = chordChangeTransitions(0.5);
    const ratio = (x: Float64Array) => t(x, c, cls(0, 5)) / t(x, c, cls(0, 6));
    expect(ratio(half)).toBeCloseTo(Math.sqrt(ratio(m)), 6);
  });

  it("rejects a negative or non-finite weight and shares of the wrong shape", () => {
    expect(() => chordChangeTransitions(-1)).toThrow(RangeError);
    expect(() => chordChangeTransitions(Number.NaN)).toThrow(RangeError);
    expect(() => chordChangeTransitions(1, CHORD_CHANGE_SHARES.slice(1))).toThrow(RangeError);
    const bad = CHORD_CHANGE_SHARES.map((row) => [...row]);
    (bad[2] as number[])[7] = 0;
    expect(() => chordChangeTransitions(1, bad)).toThrow(RangeError);
  });
});

describe("FrameDecision with the chord progressions", () => {
  /** A frame that leans a little to F♯ over F (each 0.45 ± 0.01), as a muddy change might. */
  function fOrFSharp(): Float64Array {
    const lp = new Float64Array(FRAME_MODEL_CLASSES).fill(Math.log(0.1 / 59));
    lp[cls(0, 5)] = Math.log(0.44);
    lp[cls(0, 6)] = Math.log(0.46);
    return lp;
  }
  function clearC(): Float64Array {
    const lp = new Float64Array(FRAME_MODEL_CLASSES).fill(Math.log(0.05 / 60));
    lp[cls(0, 0)] = Math.log(0.95);
    return lp;
  }

  it("sends an unclear change from C to the F the charts expect, not to F♯", () => {
    const run = (weight: number) => {
      const d = new FrameDecision(FRAME_MODEL_CLASSES, {
        families: frameModelFamilies(),
        transitions: chordChangeTransitions(weight),
      });
      for (let i = 0; i < 30; i++) d.update(clearC());
      expect(d.decision).toBe(cls(0, 0));
      for (let i = 0; i < 30; i++) d.update(fOrFSharp());
      return d.decision;
    };
    expect(run(0)).toBe(cls(0, 6));
    expect(run(1)).toBe(cls(0, 5));
  });

  it("decides exactly as without a table when every change is alike", () => {
    const plain = new FrameDecision(FRAME_MODEL_CLASSES, { families: frameModelFamilies() });
    const flat = new FrameDecision(FRAME_MODEL_CLASSES, {
      families: frameModelFamilies(),
      transitions: chordChangeTransitions(0),
    });
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 400; i++) {
      const lp = new Float64Array(FRAME_MODEL_CLASSES);
      for (let c = 0; c < FRAME_MODEL_CLASSES; c++) lp[c] = -8 * rand();
      expect(flat.update(lp)).toBe(plain.update(lp));
      expect(flat.confidence).toBeCloseTo(plain.confidence, 9);
    }
  });

  it("rejects transitions of the wrong size, with a diagonal or rows that do not sum to 1", () => {
    const n = FRAME_MODEL_CLASSES;
    expect(() => new FrameDecision(n, { transitions: new Float64Array(n) })).toThrow(RangeError);
    const diag = chordChangeTransitions(1);
    diag[0] = 0.5;
    expect(() => new FrameDecision(n, { transitions: diag })).toThrow(RangeError);
    const off = chordChangeTransitions(1);
    off[n + 2] = (off[n + 2] as number) + 0.1;
    expect(() => new FrameDecision(n, { transitions: off })).toThrow(RangeError);
    const neg = chordChangeTransitions(1);
    neg[n + 2] = -1;
    expect(() => new FrameDecision(n, { transitions: neg })).toThrow(RangeError);
  });
});
