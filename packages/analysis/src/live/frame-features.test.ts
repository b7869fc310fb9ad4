import { describe, expect, it } from "vitest";
import type { ChromaFrame } from "./chroma.js";
import {
  FRAME_CONTEXT_SECONDS,
  FRAME_FEATURES,
  FRAME_FEATURES_WITH_CONTEXT,
  FRAME_MODEL_CLASSES,
  FrameContext,
  frameFeatures,
  frameModelFamilies,
} from "./frame-features.js";

const row = (values: Record<number, number>) => {
  const r = new Float64Array(12);
  for (const [k, v] of Object.entries(values)) r[Number(k)] = v;
  return r;
};

/** A frame of a C major triad over a C bass at −20 dBFS. */
const cMajor: ChromaFrame = {
  time: 1,
  treble: row({ 0: 2, 4: 1, 7: 1 }),
  bass: row({ 0: 1 }),
  rms: 0.1,
  tonality: 0.8,
  novelty: 0.05,
  steadiness: 0.9,
  tuningCents: 0,
  trebleLong: row({ 0: 4, 4: 4, 7: 2 }),
  bassLong: row({ 0: 3, 7: 1 }),
  longSeconds: 0.3,
  shortSeconds: 0.1,
  semitones: new Float32Array(0),
};

describe("frameFeatures", () => {
  it("scales each chroma row to a maximum of 1 and reads the level in dB", () => {
    const f = frameFeatures(cMajor, new Float32Array(FRAME_FEATURES));
    expect(FRAME_FEATURES).toBe(53);
    expect(Array.from(f.subarray(0, 12))).toEqual([1, 0, 0, 0, 0.5, 0, 0, 0.5, 0, 0, 0, 0]);
    expect(f[12]).toBe(1);
    expect(f[24 + 4]).toBe(1);
    expect(f[36 + 7]).toBeCloseTo(1 / 3, 6);
    // −20 dBFS → (−20 + 60) / 60.
    expect(f[48]).toBeCloseTo(40 / 60, 6);
    expect([f[49], f[50], f[51]].map((v) => Number(v?.toFixed(2)))).toEqual([0.8, 0.05, 0.9]);
    // Bass share: 1 of 5.
    expect(f[52]).toBeCloseTo(0.2, 6);
  });

  it("writes zeros for silence and clips values out of range", () => {
    const silent: ChromaFrame = {
      ...cMajor,
      treble: new Float64Array(12),
      bass: new Float64Array(12),
      trebleLong: new Float64Array(12),
      bassLong: new Float64Array(12),
      rms: 0,
      tonality: Number.NaN,
      novelty: 3,
    };
    const f = frameFeatures(silent, new Float32Array(FRAME_FEATURES + 5), 5);
    expect(Array.from(f.subarray(5, 5 + 48)).every((v) => v === 0)).toBe(true);
    expect(Array.from(f.subarray(53, 58))).toEqual([0, 0, 1, 0.9, 0].map(Math.fround));
  });
});

describe("FrameContext", () => {
  const hop = 0.02;
  it("holds the scale heard: the C major context after C, F and G chords", () => {
    const ctx = new FrameContext(hop);
    const chord = (pcs: number[], bass: number): ChromaFrame => ({
      ...cMajor,
      treble: row(Object.fromEntries(pcs.map((p) => [p, 1]))),
      bass: row({ [bass]: 1 }),
    });
    let r: Float64Array = new Float64Array(12);
    for (const [pcs, bass] of [
      [[0, 4, 7], 0],
      [[5, 9, 0], 5],
      [[7, 11, 2], 7],
    ] as const)
      for (let i = 0; i < 100; i++) r = ctx.update(chord([...pcs], bass));
    // Every pitch class of the C major scale is in the context, none outside it.
    for (const pc of [0, 2, 4, 5, 7, 9, 11]) expect(r[pc]).toBeGreaterThan(0.1);
    for (const pc of [1, 3, 6, 8, 10]) expect(r[pc]).toBe(0);
    expect(Math.max(...r)).toBe(1);
  });

  it("forgets with its time constant, ignores silence and resets", () => {
    const ctx = new FrameContext(hop);
    ctx.update(cMajor);
    const silent: ChromaFrame = { ...cMajor, rms: 0.0001 };
    const a = Float64Array.from(ctx.update(silent));
    expect(Array.from(a)).toEqual(Array.from(new FrameContext(hop).update(cMajor)));
    // A G-only stream for one time constant: G takes over from C.
    const g: ChromaFrame = { ...cMajor, treble: row({ 7: 1 }), bass: row({ 7: 1 }) };
    let r: Float64Array = a;
    for (let i = 0; i < FRAME_CONTEXT_SECONDS / hop; i++) r = ctx.update(g);
    expect(r[7]).toBe(1);
    expect(r[0]).toBeLessThan(0.01);
    ctx.reset();
    expect(Array.from(ctx.update(silent)).every((v) => v === 0)).toBe(true);
    expect(() => new FrameContext(0)).toThrow(RangeError);
  });

  it("goes after the four chroma rows in frameFeatures", () => {
    const ctx = new FrameContext(hop).update(cMajor);
    const f = frameFeatures(cMajor, new Float32Array(FRAME_FEATURES_WITH_CONTEXT), 0, ctx);
    expect(FRAME_FEATURES_WITH_CONTEXT).toBe(65);
    expect(Array.from(f.subarray(48, 60))).toEqual(Array.from(ctx, Math.fround));
    expect(f[60]).toBeCloseTo(40 / 60, 6);
  });
});

describe("frameModelFamilies", () => {
  it("joins the classes that differ only by a seventh, one family per root and triad", () => {
    const f = frameModelFamilies();
    expect(f).toHaveLength(FRAME_MODEL_CLASSES);
    // Class 1 + q·12 + r: q = 0 maj, 1 min, 2 7, 3 maj7, 4 min7.
    const at = (q: number, r: number) => f[1 + q * 12 + r];
    expect(f[0]).toBe(0);
    for (let r = 0; r < 12; r++) {
      expect(at(2, r)).toBe(at(0, r));
      expect(at(3, r)).toBe(at(0, r));
      expect(at(4, r)).toBe(at(1, r));
      expect(at(1, r)).not.toBe(at(0, r));
    }
    expect(new Set(f).size).toBe(25);
  });
});
