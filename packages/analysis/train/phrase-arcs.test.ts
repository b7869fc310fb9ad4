import { describe, expect, it } from "vitest";
import { makeRng } from "../testing/voice-synth.js";
import { phraseArcWarp } from "./phrase-arcs.js";

/** Downbeats of `bars` bars of 2 s from 1 s. */
const bars = (n: number) => Array.from({ length: n + 1 }, (_, i) => 1 + 2 * i);

describe("phraseArcWarp", () => {
  it("returns null without depth or without two downbeats, and refuses a depth outside 0..1", () => {
    expect(phraseArcWarp(bars(8), 0, makeRng(1))).toBeNull();
    expect(phraseArcWarp([3], 0.4, makeRng(1))).toBeNull();
    expect(() => phraseArcWarp(bars(8), 1.5, makeRng(1))).toThrow(RangeError);
    expect(() => phraseArcWarp(bars(8), Number.NaN, makeRng(1))).toThrow(RangeError);
  });

  it("keeps every phrase's length: the downbeats at phrase starts stay, times outside the bars too", () => {
    const db = bars(16);
    const warp = phraseArcWarp(db, 0.45, makeRng(7));
    expect(warp).not.toBeNull();
    if (!warp) return;
    expect(warp(0.5)).toBe(0.5);
    expect(warp(40)).toBe(40);
    expect(warp(db[16] as number)).toBe(db[16]);
    // Phrases are 2 or 4 bars long, so the downbeats of bars 0, 4, 8, … are phrase starts unless a 2-bar
    // phrase shifted the grouping; the song's start and end always are.
    expect(warp(db[0] as number)).toBe(db[0]);
    const unchanged = db.filter((t) => Math.abs(warp(t) - t) < 1e-9);
    expect(unchanged.length).toBeGreaterThanOrEqual(5);
  });

  it("is monotonic, slow at a phrase's ends and fast in its middle by the documented scale", () => {
    // One phrase of 4 bars (8 s): with rnd always 0.99, phrases are 4 bars and depth d = depth.
    const warp = phraseArcWarp(bars(4), 0.4, () => 0.99);
    expect(warp).not.toBeNull();
    if (!warp) return;
    const d = 0.4 * (0.5 + 0.5 * 0.99);
    let prev = -1;
    for (let t = 0; t <= 10; t += 0.01) {
      const w = warp(t);
      expect(w).toBeGreaterThan(prev);
      prev = w;
    }
    const h = 1e-4;
    const slope = (t: number) => (warp(t + h) - warp(t - h)) / (2 * h);
    expect(slope(1 + 1e-3)).toBeCloseTo(1 + (2 * d) / 3, 2);
    expect(slope(5)).toBeCloseTo(1 - d / 3, 3);
    expect(slope(9 - 1e-3)).toBeCloseTo(1 + (2 * d) / 3, 2);
    // The middle stays in place (the arc is symmetric); a quarter in, the slow start has delayed the music
    // by L·d·((−1/2)³ + 1)/6 − L·d/12 = 0.5·d seconds for L = 8 s.
    expect(warp(5)).toBeCloseTo(5, 9);
    expect(warp(3)).toBeCloseTo(3 + 0.5 * d, 9);
  });

  it("never maps a time at or after 0 s before 0 s, passing over downbeats before 0 s or out of order", () => {
    // A chart cut at its first chord leaves downbeats before 0 s; a phrase starting there would move the
    // song's first notes before the start in its fast middle.
    const db = [-5, -3, -1, 1, 3, 3, 2, 5, 7, 9, Number.NaN, 11];
    const warp = phraseArcWarp(db, 1, () => 0.99);
    expect(warp).not.toBeNull();
    if (!warp) return;
    for (let t = 0; t < 12; t += 0.01) expect(warp(t)).toBeGreaterThanOrEqual(0);
    expect(warp(1)).toBe(1);
    expect(warp(9)).toBe(9);
  });

  it("draws the same warp from the same seed", () => {
    const a = phraseArcWarp(bars(12), 0.3, makeRng(42));
    const b = phraseArcWarp(bars(12), 0.3, makeRng(42));
    expect(a && b).toBeTruthy();
    if (!a || !b) return;
    for (const t of [1.3, 4.2, 9.9, 17.5, 22]) expect(a(t)).toBe(b(t));
  });
});
