import { describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import { beatSalience, harmonicOffbeatRatio, inferMeter, isWaltzNotCompound } from "./rhythm.js";
import { renderMeter } from "./testing/index.js";

/** Chroma frames (12 per frame) holding one pitch class per frame, as chosen by `pcAt(seconds)`. */
function chromaTrack(seconds: number, frameSeconds: number, pcAt: (t: number) => number) {
  const frames = Math.floor(seconds / frameSeconds);
  const chroma = new Float32Array(frames * 12);
  for (let f = 0; f < frames; f++) chroma[f * 12 + pcAt(f * frameSeconds)] = 1;
  return { chroma, frames };
}

describe("harmonicOffbeatRatio (chord-change cue)", () => {
  const frameSeconds = 0.05;
  // Tracked beats every second; the chord changes every second.
  const beats = Array.from({ length: 30 }, (_, i) => 1 + i);

  it("is small when the harmony changes on the tracked beats", () => {
    const { chroma, frames } = chromaTrack(32, frameSeconds, (t) => Math.floor(t) % 12);
    expect(harmonicOffbeatRatio(chroma, frames, frameSeconds, beats)).toBeLessThan(0.2);
  });

  it("is large when the harmony changes halfway between the tracked beats", () => {
    const { chroma, frames } = chromaTrack(32, frameSeconds, (t) => Math.floor(t + 0.5) % 12);
    expect(harmonicOffbeatRatio(chroma, frames, frameSeconds, beats)).toBeGreaterThan(5);
  });

  it("returns 0 when there is nothing to measure", () => {
    const { chroma, frames } = chromaTrack(32, frameSeconds, () => 0);
    expect(harmonicOffbeatRatio(chroma, frames, frameSeconds, beats)).toBe(0);
    expect(harmonicOffbeatRatio(chroma, frames, frameSeconds, [])).toBe(0);
  });
});

describe("3-vs-2 grouping", () => {
  it("beatSalience is the mean onset peak at the beats", () => {
    const onset = new Float32Array(100);
    onset[10] = 2;
    onset[51] = 4;
    expect(beatSalience(onset, [10, 50])).toBe(3);
    expect(beatSalience(onset, [])).toBe(0);
  });

  it("keeps 6/8 when the faster grid loses half its salience, takes 3/4 when it does not", () => {
    expect(isWaltzNotCompound(10, 5)).toBe(false);
    expect(isWaltzNotCompound(10, 8.5)).toBe(true);
    expect(isWaltzNotCompound(0, 1)).toBe(false);
  });

  it("inferMeter with triple = true returns 3/4 and the phase of the chord changes", () => {
    const novelty = Array.from({ length: 30 }, (_, i) => (i % 3 === 1 ? 1 : 0));
    expect(inferMeter(novelty, false, true)).toEqual({ timeSignature: "3/4", beatsPerBar: 3, phase: 1 });
  });
});

describe("meter of rendered accompaniment (fails when another meter is returned)", () => {
  const chords = ["C", "Am", "F", "G", "Em", "Dm", "G7", "C"];
  it.each([
    ["4/4", 112, 4],
    ["4/4", 84, 4],
    ["3/4", 132, 3],
    ["3/4", 100, 3],
    ["6/8", 64, 2],
    ["6/8", 76, 2],
  ] as const)("%s at %i BPM", (meter, bpm, beatsPerBar) => {
    const sr = 22050;
    const bars = 16;
    const r = analyzeAudio(renderMeter({ meter, bpm, chords, bars, sampleRate: sr }), sr);
    expect(r.timeSignature).toBe(meter);
    expect(r.bpm).not.toBeNull();
    expect(Math.abs((r.bpm ?? 0) - bpm)).toBeLessThanOrEqual(0.04 * bpm);
    // Downbeats on the bar lines (±70 ms), where the chords change.
    const barSeconds = (60 / bpm) * beatsPerBar;
    const onBar = r.downbeats.filter((d) => {
      const k = Math.round(d / barSeconds);
      return Math.abs(d - k * barSeconds) <= 0.07;
    });
    expect(onBar.length).toBeGreaterThanOrEqual(0.8 * r.downbeats.length);
    expect(r.downbeats.length).toBeGreaterThanOrEqual(bars - 3);
  });
});
