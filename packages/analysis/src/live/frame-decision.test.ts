import { describe, expect, it } from "vitest";
import { FRAME_STAY, FrameDecision } from "./frame-decision.js";

/** Log-probabilities over `n` classes with `p` on class `c` and the rest shared equally. */
function sure(n: number, c: number, p: number): Float64Array {
  const lp = new Float64Array(n).fill(Math.log((1 - p) / (n - 1)));
  lp[c] = Math.log(p);
  return lp;
}

/** Log-probabilities with 0.45 on class `a`, 0.35 on class `b` (a close second) and the rest shared equally. */
function pair(n: number, a: number, b: number): Float64Array {
  const lp = new Float64Array(n).fill(Math.log(0.2 / (n - 2)));
  lp[a] = Math.log(0.45);
  lp[b] = Math.log(0.35);
  return lp;
}

/** Families over 61 classes: classes 5 and 6 (C and C7) are one family, every other class its own. */
const C_AND_C7_FAMILIES = Array.from({ length: 61 }, (_, c) => (c === 6 ? 5 : c));

/** Log-probabilities over 61 classes: `c` on class 5 (C), `c7` on class 6 (C7), the rest shared equally. */
function cAndC7(c: number, c7: number): Float64Array {
  const lp = new Float64Array(61).fill(Math.log((1 - c - c7) / 59));
  lp[5] = Math.log(c);
  lp[6] = Math.log(c7);
  return lp;
}

describe("FrameDecision", () => {
  it("starts undecided on class 0 with every class equally likely", () => {
    const d = new FrameDecision(4);
    expect(d.decision).toBe(0);
    expect(d.confidence).toBeCloseTo(0.25, 12);
  });

  it("follows clear evidence at once and holds through one contrary frame", () => {
    const d = new FrameDecision(61);
    expect(d.update(sure(61, 5, 0.9))).toBe(5);
    for (let i = 0; i < 20; i++) d.update(sure(61, 5, 0.9));
    // One frame that prefers class 9 (a strum's attack, a passing note) does not move the decision.
    expect(d.update(sure(61, 9, 0.6))).toBe(5);
    expect(d.update(sure(61, 5, 0.9))).toBe(5);
  });

  it("changes within a few frames when the music changes", () => {
    const d = new FrameDecision(61);
    for (let i = 0; i < 50; i++) d.update(sure(61, 5, 0.9));
    let frames = 0;
    while (d.update(sure(61, 9, 0.9)) !== 9) frames++;
    expect(frames).toBeGreaterThan(0);
    expect(frames).toBeLessThanOrEqual(3);
    expect(d.confidence).toBeGreaterThan(0.5);
  });

  it("holds longer with a stickier transition", () => {
    const framesToChange = (stay: number) => {
      const d = new FrameDecision(61, { stay });
      for (let i = 0; i < 50; i++) d.update(sure(61, 5, 0.9));
      let frames = 0;
      while (d.update(sure(61, 9, 0.7)) !== 9) frames++;
      return frames;
    };
    expect(framesToChange(0.999)).toBeGreaterThan(framesToChange(FRAME_STAY));
  });

  it("keeps a chord whose evidence wavers between two readings until the other is clearly ahead", () => {
    // Frames alternately a little for class 6 and a little for class 5 (C7 and C while comping), in
    // runs of six frames after a first run of three, so that neither reading ever leads by much.
    const flips = (margin: number) => {
      const d = new FrameDecision(61, { stay: 0.97, temperature: 1, margin, qualityMargin: margin });
      let changes = 0;
      let was = -1;
      for (let i = 0; i < 240; i++) {
        const c = Math.floor((i + 3) / 6) % 2 === 0 ? 6 : 5;
        const now = d.update(pair(61, c, c === 5 ? 6 : 5));
        if (i >= 3 && now !== was) changes++;
        was = now;
      }
      return changes;
    };
    expect(flips(1)).toBeGreaterThan(20);
    expect(flips(4)).toBe(0);
    // A clear change still goes through with the margin.
    const d = new FrameDecision(61, { stay: 0.97, temperature: 1, margin: 4 });
    for (let i = 0; i < 50; i++) d.update(sure(61, 5, 0.9));
    let frames = 0;
    while (d.update(sure(61, 9, 0.9)) !== 9) frames++;
    expect(frames).toBeLessThanOrEqual(4);
  });

  it("holds a seventh that wavers within its family longer than a change of chord", () => {
    // Classes 5 and 6 are one family (C and C7), class 9 another (G). Frames alternate a little for C7
    // and a little for C in runs of six, as under comping.
    const families = C_AND_C7_FAMILIES;
    const flips = (qualityMargin: number) => {
      const d = new FrameDecision(61, {
        stay: 0.97,
        temperature: 1,
        margin: 4,
        qualityMargin,
        qualityShare: 0,
        qualityRunRatio: 0,
        families,
      });
      let changes = 0;
      let was = -1;
      for (let i = 0; i < 240; i++) {
        const c = Math.floor((i + 3) / 6) % 2 === 0 ? 6 : 5;
        const now = d.update(pair(61, c, c === 5 ? 6 : 5));
        expect([5, 6]).toContain(now);
        if (i >= 3 && now !== was) changes++;
        was = now;
      }
      return { changes, d };
    };
    expect(flips(1).changes).toBeGreaterThan(20);
    const { changes, d } = flips(64);
    expect(changes).toBe(0);
    // A change of family needs only the family margin.
    let frames = 0;
    while (d.update(sure(61, 9, 0.9)) !== 9) frames++;
    expect(frames).toBeLessThanOrEqual(4);
  });

  it("changes family on the family's summed probability and shows its most probable class", () => {
    // Classes 9 and 10 are one family, 0.36 and 0.34 a frame, against 0.2 on the shown class 5: the
    // family (0.70) takes over sooner than either class alone would.
    const split = new Float64Array(61).fill(Math.log(0.1 / 58));
    split[5] = Math.log(0.2);
    split[9] = Math.log(0.36);
    split[10] = Math.log(0.34);
    const framesToSwitch = (families?: number[]) => {
      const d = new FrameDecision(61, {
        stay: 0.97,
        temperature: 1,
        margin: 3,
        qualityShare: 0,
        ...(families ? { families } : {}),
      });
      for (let i = 0; i < 50; i++) d.update(sure(61, 5, 0.9));
      let frames = 0;
      while (d.update(split) === 5 && frames < 100) frames++;
      expect(d.decision).toBe(9);
      return frames;
    };
    const joined = framesToSwitch(Array.from({ length: 61 }, (_, c) => (c === 10 ? 9 : c)));
    expect(joined).toBeLessThan(framesToSwitch());
  });

  it("waits for a new chord's quality before showing it, but no longer than its patience", () => {
    // Classes 5 and 6 are one family (C and C7), class 9 another (G). G is held; then C7 sounds, its first
    // frames reading as much C as C7 and later frames clearly C7 (a strum's attack, then the seventh).
    const families = C_AND_C7_FAMILIES;
    const even = new Float64Array(61).fill(Math.log(0.1 / 59));
    even[5] = Math.log(0.45);
    even[6] = Math.log(0.45);
    const run = (options: { qualityShare?: number; qualityPatience?: number }) => {
      const d = new FrameDecision(61, { stay: 0.97, temperature: 1, margin: 2, families, ...options });
      for (let i = 0; i < 50; i++) d.update(sure(61, 9, 0.9));
      const shown: number[] = [];
      for (let i = 0; i < 6; i++) shown.push(d.update(even));
      for (let i = 0; i < 20; i++) shown.push(d.update(sure(61, 6, 0.9)));
      return shown;
    };
    // Changes of the display after the new chord was first shown (the change away from G not counted).
    const changes = (shown: number[]) =>
      shown.filter((c, i) => i > 0 && shown[i - 1] !== 9 && c !== shown[i - 1]).length;
    // At once: C is shown while C and C7 are level, then C7 — one change while C7 is held.
    const atOnce = run({ qualityShare: 0 });
    expect(atOnce.slice(0, 6)).toContain(5);
    expect(atOnce.at(-1)).toBe(6);
    expect(changes(atOnce)).toBe(1);
    // Waiting for a clear quality: G stays until C7 is clear, then C7 is shown once.
    const patient = run({ qualityShare: 0.8, qualityPatience: 24 });
    expect(patient.slice(0, 6).every((c) => c === 9)).toBe(true);
    expect(patient.at(-1)).toBe(6);
    expect(changes(patient)).toBe(0);
    expect(patient.indexOf(6)).toBeGreaterThan(atOnce.indexOf(5));
    // Patience runs out: with level evidence only, the family is shown after `qualityPatience` frames.
    const d = new FrameDecision(61, {
      stay: 0.97,
      temperature: 1,
      margin: 2,
      families,
      qualityShare: 0.8,
      qualityPatience: 4,
    });
    for (let i = 0; i < 50; i++) d.update(sure(61, 9, 0.9));
    let frames = 0;
    while (d.update(even) === 9 && frames < 50) frames++;
    expect([5, 6]).toContain(d.decision);
    expect(frames).toBeLessThan(20);
  });

  it("reads a new chord's quality from the frame, not from the filter's compounded first frames", () => {
    // Classes 5 and 6 are one family (C and C7), class 9 another (G). G is held; then C7 sounds: its first
    // four frames read C eight times as probable as C7 (the attack), then C7 leads ever more clearly.
    const families = C_AND_C7_FAMILIES;
    const frame = cAndC7;
    const frames = [
      ...Array.from({ length: 4 }, () => frame(0.8, 0.1)),
      ...[0.3, 0.5, 0.7, 0.8, 0.9, 0.95].map((p) => frame(0.9 - p, p)),
      ...Array.from({ length: 14 }, () => frame(0.02, 0.95)),
    ];
    const run = (qualityFromFrame: boolean) => {
      const d = new FrameDecision(61, {
        stay: 0.97,
        temperature: 2,
        margin: 2,
        families,
        qualityShare: 0.9,
        qualityPatience: 24,
        qualityFromFrame,
        // Step 2 by the filtered margin, as when this reading was chosen.
        qualityRunRatio: 0,
      });
      for (let i = 0; i < 50; i++) d.update(sure(61, 9, 0.9));
      return frames.map((lp) => d.update(lp));
    };
    const changes = (shown: number[]) =>
      shown.filter((c, i) => i > 0 && shown[i - 1] !== 9 && c !== shown[i - 1]).length;
    // The filter compounds the attack's C into more than 0.9 of the family: C, then C7.
    const filtered = run(false);
    expect(filtered).toContain(5);
    expect(filtered.at(-1)).toBe(6);
    expect(changes(filtered)).toBe(1);
    // Read from the frame, C's 0.89 share of the family never reaches 0.9: G stays until C7 holds it, then C7.
    const fromFrame = run(true);
    expect(fromFrame).not.toContain(5);
    expect(fromFrame.at(-1)).toBe(6);
    expect(changes(fromFrame)).toBe(0);
  });

  it("changes a shown chord's quality only on a run of frames that clearly favour the other", () => {
    // Classes 5 and 6 are one family (C and C7). C is held; then the frames lean to C7 in three ways.
    const families = C_AND_C7_FAMILIES;
    const frame = cAndC7;
    // C7 four times as probable as C in every frame (a string ringing on into the chord).
    const mild = () => frame(0.18, 0.72);
    // C7 thirty times as probable in four frames of five, C in the fifth (a passing seventh in a riff).
    const intermittent = (i: number) => (i % 5 === 4 ? frame(0.9, 0.02) : frame(0.03, 0.9));
    // C7 thirty times as probable in every frame (the seventh is played).
    const clear = () => frame(0.03, 0.9);
    const shown = (leaning: (i: number) => Float64Array, qualityRunRatio: number) => {
      const d = new FrameDecision(61, {
        stay: 0.97,
        temperature: 2,
        families,
        qualityRunRatio,
        qualityRun: 6,
      });
      for (let i = 0; i < 50; i++) d.update(frame(0.9, 0.02));
      return Array.from({ length: 30 }, (_, i) => d.update(leaning(i)));
    };
    // The filter compounds both leanings into a confident C7: the display changes while C is held.
    expect(shown(mild, 0).at(-1)).toBe(6);
    expect(shown(intermittent, 0).at(-1)).toBe(6);
    // Read as runs of frames, neither is enough.
    expect(shown(mild, 16).every((c) => c === 5)).toBe(true);
    expect(shown(intermittent, 16).every((c) => c === 5)).toBe(true);
    // A clear seventh is shown after its sixth frame in a row (0.13 s).
    const run = shown(clear, 16);
    expect(run.indexOf(6)).toBe(5);
    expect(run.at(-1)).toBe(6);
  });

  it("reads a row at an offset and forgets on reset", () => {
    const d = new FrameDecision(3);
    const rows = Float64Array.from([...sure(3, 0, 0.9), ...sure(3, 2, 0.99)]);
    expect(d.update(rows, 3)).toBe(2);
    d.reset();
    expect(d.decision).toBe(0);
    expect(d.confidence).toBeCloseTo(1 / 3, 12);
  });

  it("rejects parameters out of range", () => {
    expect(() => new FrameDecision(1)).toThrow(RangeError);
    expect(() => new FrameDecision(4, { stay: 1 })).toThrow(/stay/);
    expect(() => new FrameDecision(4, { temperature: 0 })).toThrow(/temperature/);
    expect(() => new FrameDecision(4, { margin: 0.5 })).toThrow(/margin/);
    expect(() => new FrameDecision(4, { qualityMargin: 0.5 })).toThrow(/qualityMargin/);
    expect(() => new FrameDecision(4, { qualityShare: 1.5 })).toThrow(/qualityShare/);
    expect(() => new FrameDecision(4, { qualityPatience: 2.5 })).toThrow(/qualityPatience/);
    expect(() => new FrameDecision(4, { qualityRunRatio: 0.5 })).toThrow(/qualityRunRatio/);
    expect(() => new FrameDecision(4, { qualityRun: 0 })).toThrow(/qualityRun /);
    expect(() => new FrameDecision(4, { families: [0, 0, 1] })).toThrow(/one family per class/);
    expect(() => new FrameDecision(4, { families: [0, 0, 1, 4] })).toThrow(/Bad family/);
  });
});
