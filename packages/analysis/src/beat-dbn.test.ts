import { describe, expect, it } from "vitest";
import { BEAT_FRAME_RATE } from "./beat-activation.js";
import { BEAT_DBN, beatIntervals, decodeBeatsDbn, MADMOM_BEAT_DBN } from "./beat-dbn.js";

const FPS = BEAT_FRAME_RATE;

/** An activation of `seconds` with a narrow peak (1, 0.5 either side) at each of `beats` (seconds). */
function pulses(beats: readonly number[], seconds: number, floor = 0.01): Float32Array {
  const a = new Float32Array(Math.round(seconds * FPS)).fill(floor);
  for (const b of beats) {
    const f = Math.round(b * FPS);
    if (f >= 0 && f < a.length) a[f] = 0.95;
    if (f - 1 >= 0 && f - 1 < a.length) a[f - 1] = Math.max(a[f - 1] as number, 0.4);
    if (f + 1 < a.length) a[f + 1] = Math.max(a[f + 1] as number, 0.4);
  }
  return a;
}

/** Beats of a steady tempo from `start` to at most 0.1 s before `seconds`, seconds. */
const steady = (bpm: number, seconds: number, start = 0.3) =>
  Array.from(
    { length: Math.floor(((seconds - 0.1 - start) * bpm) / 60) + 1 },
    (_, i) => start + (60 * i) / bpm,
  );

/** The largest distance from each true beat to the nearest decoded beat, seconds. */
const worst = (truth: readonly number[], est: readonly number[]) =>
  Math.max(...truth.map((t) => Math.min(...est.map((e) => Math.abs(e - t)))));

describe("beatIntervals", () => {
  it("spans the tempo range in ascending, distinct whole frames", () => {
    const iv = beatIntervals(FPS, BEAT_DBN);
    expect(iv[0]).toBe(Math.round((60 * FPS) / BEAT_DBN.maxBpm));
    expect(iv[iv.length - 1]).toBe(Math.round((60 * FPS) / BEAT_DBN.minBpm));
    for (let i = 1; i < iv.length; i++) expect(iv[i]).toBeGreaterThan(iv[i - 1] as number);
    expect(iv.length).toBeLessThanOrEqual(BEAT_DBN.tempi);
    // madmom's narrower range: 55–215 BPM.
    const m = beatIntervals(FPS, MADMOM_BEAT_DBN);
    expect(m[0]).toBe(Math.round((60 * FPS) / 215));
    expect(m[m.length - 1]).toBe(Math.round((60 * FPS) / 55));
  });
});

describe("decodeBeatsDbn", () => {
  it("finds every beat and the tempo of a steady pulse", () => {
    const truth = steady(120, 20);
    const { bpm, beats } = decodeBeatsDbn(pulses(truth, 20), FPS);
    expect(bpm).toBeGreaterThan(117);
    expect(bpm).toBeLessThan(123);
    expect(beats.length).toBe(truth.length);
    expect(worst(truth, beats)).toBeLessThan(0.015);
  });

  it("reads a fast pulse whose period falls between two frames at its own tempo, not half", () => {
    const truth = steady(178, 20);
    const { bpm, beats } = decodeBeatsDbn(pulses(truth, 20), FPS);
    expect(bpm).toBeGreaterThan(170);
    expect(bpm).toBeLessThan(186);
    expect(worst(truth, beats)).toBeLessThan(0.015);
  });

  it("follows a tempo that drifts from 96 to 132 BPM, which one fixed period cannot", () => {
    const truth: number[] = [];
    for (let t = 0.3; t < 30; ) {
      truth.push(t);
      t += 60 / (96 + (36 * t) / 30);
    }
    const { beats } = decodeBeatsDbn(pulses(truth, 30), FPS);
    expect(worst(truth, beats)).toBeLessThan(0.03);
  });

  it("keeps the beat through a bar whose peaks are missing", () => {
    const truth = steady(100, 20);
    const gap = truth.filter((t) => t < 8 || t > 10.5);
    const { beats } = decodeBeatsDbn(pulses(gap, 20), FPS);
    // Through the gap the beat runs on at a whole number of frames per beat: within F-measure's ±70 ms.
    expect(worst(truth, beats)).toBeLessThan(0.05);
    expect(beats.filter((b) => b > 8.2 && b < 10.2).length).toBe(
      truth.filter((t) => t > 8.2 && t < 10.2).length,
    );
  });

  it("gives no beats for no frames and rejects bad parameters", () => {
    expect(decodeBeatsDbn(new Float32Array(0), FPS)).toEqual({ bpm: 0, beats: [] });
    const a = new Float32Array(100);
    expect(() => decodeBeatsDbn(a, 0)).toThrow(RangeError);
    expect(() => decodeBeatsDbn(a, FPS, { ...BEAT_DBN, minBpm: 200, maxBpm: 100 })).toThrow(/tempo range/);
    expect(() => decodeBeatsDbn(a, FPS, { ...BEAT_DBN, observationLambda: 1 })).toThrow(/observationLambda/);
    expect(() => decodeBeatsDbn(a, FPS, { ...BEAT_DBN, transitionLambda: -1 })).toThrow(/transitionLambda/);
  });
});
