/**
 * Regression guards: a small fixed set of synthetic cases with known key, tempo and chords, scored with
 * the benchmark's own metrics, so that accuracy cannot silently collapse (no timings here). Also checks
 * the engine's determinism and that the chunked (Node streaming) path equals the one-shot (Worker) path.
 */

import { renderProgression } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { beatFMeasure, chordWcsr, compareMajmin, keyWeightedScore } from "../testing/metrics.js";
import { decimate, StreamingDecimator } from "./dsp.js";
import { analyzeAudio, chordToHarte, createAnalysisStream } from "./index.js";
import { localKeys } from "./key.js";

const SR = 22050;

interface Case {
  chords: string[];
  bpm: number;
  beatsPerChord: number;
  key: string;
}

const CASES: Case[] = [
  { chords: ["C", "Am", "F", "G7"], bpm: 96, beatsPerChord: 4, key: "C major" },
  { chords: ["Em", "C", "D", "B7"], bpm: 132, beatsPerChord: 4, key: "E minor" },
  { chords: ["F#m", "D", "A", "C#7"], bpm: 84, beatsPerChord: 2, key: "F# minor" },
  { chords: ["Bb", "Eb", "F7", "Bb"], bpm: 112, beatsPerChord: 4, key: "Bb major" },
  { chords: ["Dm7", "G7", "Cmaj7", "Cmaj7"], bpm: 120, beatsPerChord: 4, key: "C major" },
];

function truthOf(c: Case, repeats: number) {
  const beat = 60 / c.bpm;
  const span = beat * c.beatsPerChord;
  const n = c.chords.length * repeats;
  const chords = Array.from({ length: n }, (_, i) => ({
    start: i * span,
    end: (i + 1) * span,
    label: chordToHarte(c.chords[i % c.chords.length] as string),
  }));
  const beats = Array.from({ length: n * c.beatsPerChord }, (_, i) => i * beat);
  return { chords, beats };
}

describe("regression guards on synthetic progressions", async () => {
  const results = await Promise.all(
    CASES.map(async (c) => {
      const repeats = 3;
      const x = renderProgression({ ...c, repeats, sampleRate: SR, drums: true });
      const r = await analyzeAudio(x, SR);
      const truth = truthOf(c, repeats);
      // Score chords inside the rendered span only (the renderer may add a short tail).
      const est = r.segments.map((s) => ({ start: s.start, end: s.end, label: chordToHarte(s.chord) }));
      return {
        c,
        r,
        // No key or no tempo reported scores as wrong (as mir_eval scores a missing key).
        key: r.key === null ? 0 : keyWeightedScore(c.key, r.key),
        tempoOk: r.bpm !== null && Math.abs(r.bpm - c.bpm) <= 0.04 * c.bpm,
        beatF: beatFMeasure(truth.beats, r.beats),
        majmin: chordWcsr(truth.chords, est, compareMajmin),
      };
    }),
  );

  it.each(CASES.map((c, i) => [c.chords.join(" "), i] as const))("%s: key, tempo, beats, chords", (_n, i) => {
    const res = results[i] as (typeof results)[number];
    expect(res.key).toBe(1);
    expect(res.tempoOk).toBe(true);
    expect(res.beatF).toBeGreaterThan(0.9);
    expect(res.majmin).toBeGreaterThan(0.8);
  });

  it("keeps the mean chord recall of the set above 0.9", () => {
    const mean = results.reduce((a, r) => a + (r.majmin ?? 0), 0) / results.length;
    expect(mean).toBeGreaterThan(0.9);
  });

  it("reports one local key segment for a piece that does not modulate", () => {
    const res = results[0] as (typeof results)[number];
    expect(res.r.keySegments).toHaveLength(1);
    expect(res.r.keySegments[0]?.key).toBe("C Major");
    expect(res.r.keySegments[0]?.start).toBe(0);
    expect(res.r.keySegments[0]?.end).toBeCloseTo(res.r.durationSeconds, 2);
  });
});

describe("local keys", () => {
  it("finds a modulation from C major to E major", async () => {
    const a = renderProgression({ chords: ["C", "F", "G7", "C"], bpm: 100, repeats: 4, sampleRate: SR });
    const b = renderProgression({ chords: ["E", "A", "B7", "E"], bpm: 100, repeats: 4, sampleRate: SR });
    const x = new Float32Array(a.length + b.length);
    x.set(a);
    x.set(b, a.length);
    const r = await analyzeAudio(x, SR);
    const keys = r.keySegments.map((k) => k.key);
    expect(keys[0]).toBe("C Major");
    expect(keys[keys.length - 1]).toBe("E Major");
    const change = r.keySegments[1]?.start ?? 0;
    expect(Math.abs(change - a.length / SR)).toBeLessThan(8);
    for (const k of r.keySegments) expect(k.confidence).toBeGreaterThan(0);
  });

  it("returns no segments without pitched content", () => {
    expect(localKeys([0, 1, 2], new Float64Array(24))).toEqual([]);
  });
});

describe("determinism and platform independence", () => {
  const x = renderProgression({ chords: ["G", "Em", "C", "D7"], bpm: 104, repeats: 2, sampleRate: 44100 });

  it("gives identical output on repeated runs", async () => {
    expect(await analyzeAudio(x, 44100)).toEqual(await analyzeAudio(x, 44100));
  });

  it("gives identical output whatever the chunking of the input (Node streaming vs Worker one-shot)", async () => {
    const whole = await analyzeAudio(x, 44100);
    const stream = createAnalysisStream(44100);
    let seed = 7;
    for (let o = 0; o < x.length; ) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const n = 1 + (seed % 20000);
      stream.push(x.subarray(o, o + n));
      o += n;
    }
    expect(await stream.finish()).toEqual(whole);
  });

  it.each([4, 1])("streams decimation by %i bit-exactly", (factor) => {
    const y = x.subarray(0, 50000);
    const d = new StreamingDecimator(factor, 8 * factor + 1);
    for (let o = 0; o < y.length; o += 777) d.push(y.subarray(o, o + 777));
    const out = d.finish();
    expect(out.every(Number.isFinite)).toBe(true);
    expect(out).toEqual(factor === 1 ? y : decimate(y, factor, 8 * factor + 1));
  });

  it("analyses a chunked 16 kHz stream (no decimation) like the whole signal", async () => {
    const y = renderProgression({ chords: ["C", "G", "Am", "F"], bpm: 100, repeats: 2, sampleRate: 16000 });
    const stream = createAnalysisStream(16000);
    for (let o = 0; o < y.length; o += 4608) stream.push(y.subarray(o, o + 4608));
    expect(await stream.finish()).toEqual(await analyzeAudio(y, 16000));
  });
});
