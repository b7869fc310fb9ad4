import { describe, expect, it } from "vitest";
import { AnalysisError, type LiveChordModel, type LiveChordModelInput } from "../types.js";
import type { ChromaFrame } from "./chroma.js";
import { FRAME_FEATURES, FRAME_FEATURES_WITH_CONTEXT, FRAME_MODEL_CLASSES } from "./frame-features.js";
import { FRAME_BATCH, FRAME_CONTEXT, LiveFrameModel } from "./frame-model.js";

/** A frame whose treble chroma peaks at pitch class `pc` (the fake model below reads it back). */
function frame(pc: number, time: number): ChromaFrame {
  const treble = new Float64Array(12);
  treble[pc] = 1;
  return {
    time,
    treble,
    bass: new Float64Array(12),
    rms: 0.1,
    tonality: 0.8,
    novelty: 0,
    steadiness: 0.9,
    tuningCents: 0,
    trebleLong: treble,
    bassLong: new Float64Array(12),
    longSeconds: 0.3,
    shortSeconds: 0.1,
    semitones: new Float32Array(0),
  };
}

/**
 * A fake model sure, on each frame, of the major chord on the treble's loudest pitch class (class 1 + pc);
 * it records its inputs.
 */
function fakeModel(): LiveChordModel & { inputs: LiveChordModelInput[] } {
  const inputs: LiveChordModelInput[] = [];
  return {
    inputs,
    predict(input) {
      inputs.push(input);
      const lp = new Float32Array(input.frames * FRAME_MODEL_CLASSES).fill(Math.log(0.01 / 60));
      for (let t = 0; t < input.frames; t++) {
        const treble = input.features.subarray(t * FRAME_FEATURES, t * FRAME_FEATURES + 12);
        lp[t * FRAME_MODEL_CLASSES + 1 + treble.indexOf(1)] = Math.log(0.99);
      }
      return Promise.resolve(lp);
    },
  };
}

describe("LiveFrameModel", () => {
  it("adds the tonal context row when asked, and forgets it on reset", () => {
    const m = new LiveFrameModel({}, 0.02);
    expect(m.width).toBe(FRAME_FEATURES_WITH_CONTEXT);
    expect(new LiveFrameModel().width).toBe(FRAME_FEATURES);
    for (let i = 0; i < 10; i++) m.add(frame(7, i * 0.02));
    const row = (input: { features: Float32Array } | null, t: number) =>
      Array.from(input?.features.subarray(t * 65 + 48, t * 65 + 60) ?? []);
    const before = m.input();
    expect(before?.features.length).toBe(10 * 65);
    // The context of a G-only stream: G alone, at 1.
    expect(row(before, 9)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    m.reset();
    m.add(frame(2, 0));
    expect(row(m.input(), 0)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("reads the new frames with up to FRAME_CONTEXT − 1 frames before them", async () => {
    const m = new LiveFrameModel();
    const model = fakeModel();
    expect(await m.refresh(model)).toBeNull();
    for (let i = 0; i < 10; i++) m.add(frame(7, i * 0.02));
    expect(m.unread).toBe(10);
    expect(await m.refresh(model)).toBe(1 + 7);
    expect(model.inputs[0]?.frames).toBe(10);
    expect(m.unread).toBe(0);
    for (let i = 0; i < 5; i++) m.add(frame(2, 0.2 + i * 0.02));
    // Five new frames read with the ten before them; the filter moves to D.
    expect(await m.refresh(model)).toBe(1 + 2);
    expect(model.inputs[1]?.frames).toBe(15);
    expect(m.decision.confidence).toBeGreaterThan(0.9);
  });

  it("skips frames beyond FRAME_BATCH when the device fell behind", () => {
    const m = new LiveFrameModel();
    for (let i = 0; i < FRAME_BATCH + 40; i++) m.add(frame(i % 12, i * 0.02));
    const input = m.input();
    expect(input?.fresh).toBe(FRAME_BATCH);
    expect(input?.frames).toBe(FRAME_BATCH + 40);
    for (let i = 0; i < 200; i++) m.add(frame(i % 12, i * 0.02));
    const later = m.input();
    expect(later?.frames).toBe(FRAME_BATCH + FRAME_CONTEXT - 1);
    // The newest frame is last: pitch class (200 − 1) % 12.
    const start = ((later?.frames ?? 0) - 1) * FRAME_FEATURES;
    const newestTreble = Array.from(later?.features.subarray(start, start + 12) ?? []);
    expect(newestTreble.indexOf(1)).toBe(199 % 12);
  });

  it("drops an answer that comes back after a reset", async () => {
    const m = new LiveFrameModel();
    let release: (lp: Float32Array) => void = () => {};
    const slow: LiveChordModel = {
      predict: (input) =>
        new Promise((resolve) => {
          release = () => resolve(new Float32Array(input.frames * FRAME_MODEL_CLASSES).fill(-1));
        }),
    };
    m.add(frame(0, 0));
    const run = m.refresh(slow);
    m.reset();
    release(new Float32Array(0));
    expect(await run).toBeNull();
    expect(m.unread).toBe(0);
    expect(m.decision.decision).toBe(0);
  });

  it("passes a failing model's AnalysisError on", async () => {
    const m = new LiveFrameModel();
    m.add(frame(0, 0));
    const broken: LiveChordModel = {
      predict: () => Promise.reject(new AnalysisError("Live's chord model failed to run: x")),
    };
    await expect(m.refresh(broken)).rejects.toThrow(/failed to run/);
  });
});
