import { renderMeter } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import {
  beatPeriod,
  beatSalience,
  harmonicOffbeatRatio,
  inferMeter,
  isThreeBeatBarPeriodicity,
  isWaltzNotCompound,
  isWaltzPeriodicity,
  onsetAutocorrelation,
  tempoLevelCandidates,
  trackBeats,
} from "./rhythm.js";
import { beatStage, FINAL_TIGHTNESS } from "./stages.js";
import { hz, seconds } from "./types.js";

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

/**
 * Onset envelope (≈ 86 frames/s) of a repeated bar: `pattern` lists (position in beats, strength) pairs,
 * each rendered as a 5-frame Gaussian bump.
 */
/** A flat chroma (no chord changes) for the beat stage's harmonic checks. */
function flatChroma() {
  const frames = 200;
  const flat = new Float32Array(frames * 12).fill(1);
  return { treble: flat, bass: flat, frames, frameSeconds: seconds(0.1), windowSeconds: seconds(0.37) };
}

function patternEnvelope(
  beatSeconds: number,
  bars: number,
  beatsPerBar: number,
  pattern: [number, number][],
) {
  const frameRate = 11025 / 128;
  const beatFrames = beatSeconds * frameRate;
  const env = new Float32Array(Math.round(bars * beatsPerBar * beatFrames) + 20);
  for (let b = 0; b < bars; b++)
    for (const [pos, amp] of pattern) {
      const c = Math.round((b * beatsPerBar + pos) * beatFrames) + 5;
      for (let j = -2; j <= 2; j++) env[c + j] = Math.max(env[c + j] as number, amp * Math.exp(-0.5 * j * j));
    }
  return { env, beatFrames };
}

describe("waltz or swung duple beat (isWaltzPeriodicity)", () => {
  it("onsetAutocorrelation peaks at the period of a pulse train and is 0 off it", () => {
    const { env, beatFrames } = patternEnvelope(0.5, 16, 4, [
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    const [atBeat = 0, atHalf = 0] = onsetAutocorrelation(env, [beatFrames, beatFrames / 2]);
    expect(atBeat).toBeGreaterThan(0.8);
    expect(atHalf).toBe(0);
    expect(onsetAutocorrelation(new Float32Array(50), [10])).toEqual([0]);
  });

  it("a waltz tracked at the dotted level (τ = 1.5 quarters) reads as triple", () => {
    // Oom-pah-pah at 150 BPM, with and without faint eighths.
    const plain = patternEnvelope(0.4, 24, 3, [
      [0, 1],
      [1, 0.7],
      [2, 0.7],
    ]);
    expect(isWaltzPeriodicity(plain.env, 1.5 * plain.beatFrames)).toBe(true);
    const eighths = patternEnvelope(0.4, 24, 3, [
      [0, 1],
      [0.5, 0.2],
      [1, 0.7],
      [1.5, 0.2],
      [2, 0.7],
      [2.5, 0.2],
    ]);
    expect(isWaltzPeriodicity(eighths.env, 1.5 * eighths.beatFrames)).toBe(true);
  });

  it.each([
    0.2, 0.4,
  ])("beatStage re-reads a dotted-level waltz (eighths at %s) as 3/4 at the quarter", (eighth) => {
    // Oom-pah-pah at 150 BPM, handed to the beat stage at the dotted level (100 BPM).
    const { env } = patternEnvelope(0.4, 24, 3, [
      [0, 1],
      [0.5, eighth],
      [1, 0.7],
      [1.5, eighth],
      [2, 0.7],
      [2.5, eighth],
    ]);
    const chroma = flatChroma();
    const track = beatStage({ envelope: env, frameRate: hz(11025 / 128) }, { bpm: 100 }, chroma);
    expect(track.triple).toBe(true);
    expect(Math.abs(60 / beatPeriod(track.beats) - 150)).toBeLessThan(3);
  });

  it.each([
    0.3, 0.6, 0.9,
  ])("a 4/4 shuffle (swung eighth at 2/3 of the beat, strength %s) stays duple", (swung) => {
    const pattern: [number, number][] = [];
    for (let k = 0; k < 4; k++) pattern.push([k, k % 2 ? 1.5 : 1], [k + 2 / 3, swung]);
    const { env, beatFrames } = patternEnvelope(0.5, 16, 4, pattern);
    expect(isWaltzPeriodicity(env, beatFrames)).toBe(false);
  });

  it.each([
    0.6, 0.75,
  ])("beatStage keeps a backbeat 4/4 with the swung eighth at %s of the beat at its tempo", (at) => {
    // 120 BPM: snare beats (1) alternate with weaker kick beats (0.5), a loud swung eighth and a faint
    // triplet. Before the periodicity check this read as a 3/4 at 180 BPM.
    const pattern: [number, number][] = [];
    for (let k = 0; k < 4; k++) pattern.push([k, k % 2 ? 1 : 0.5], [k + at, 0.8], [k + 1 / 3, 0.3]);
    const { env } = patternEnvelope(0.5, 12, 4, pattern);
    const chroma = flatChroma();
    const track = beatStage({ envelope: env, frameRate: hz(11025 / 128) }, { bpm: 120 }, chroma);
    expect(track.triple).toBe(false);
    expect(Math.abs(60 / beatPeriod(track.beats) - 120)).toBeLessThan(2);
  });

  it("straight eighths in 4/4 stay duple", () => {
    const pattern: [number, number][] = [];
    for (let k = 0; k < 4; k++) pattern.push([k, k % 2 ? 1.5 : 1], [k + 0.5, 0.5]);
    const { env, beatFrames } = patternEnvelope(0.5, 16, 4, pattern);
    expect(isWaltzPeriodicity(env, beatFrames)).toBe(false);
  });
});

describe("bar length from onset periodicity (isThreeBeatBarPeriodicity)", () => {
  const beatSeconds = 0.5;
  const beatFrames = beatSeconds * (11025 / 128);

  it("a waltz repeats in threes", () => {
    const { env } = patternEnvelope(beatSeconds, 24, 3, [
      [0, 1],
      [1, 0.6],
      [2, 0.6],
    ]);
    expect(isThreeBeatBarPeriodicity(env, beatFrames)).toBe(true);
  });

  it("a rock beat (kick on 1 and 3, snare on 2 and 4, crash on 1) repeats in fours", () => {
    const { env } = patternEnvelope(beatSeconds, 18, 4, [
      [0, 1],
      [0.5, 0.2],
      [1, 0.7],
      [1.5, 0.2],
      [2, 0.5],
      [2.5, 0.2],
      [3, 0.7],
      [3.5, 0.2],
    ]);
    expect(isThreeBeatBarPeriodicity(env, beatFrames)).toBe(false);
  });

  it("no periodicity at all is read as four (the duple default)", () => {
    expect(isThreeBeatBarPeriodicity(new Float32Array(2000), beatFrames)).toBe(false);
    expect(isThreeBeatBarPeriodicity(new Float32Array(2000).fill(1), beatFrames)).toBe(false);
  });

  it("inferMeter takes 3/4 from harmony only when the onsets allow three-beat bars", () => {
    const novelty = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 1 : 0.1));
    expect(inferMeter(novelty, false).timeSignature).toBe("3/4");
    expect(inferMeter(novelty, false, false, true).timeSignature).toBe("3/4");
    expect(inferMeter(novelty, false, false, false).timeSignature).toBe("4/4");
  });
});

describe("final beat-tracking pass (FINAL_TIGHTNESS)", () => {
  // 48 beats at 100 BPM with sixteenths; for two bars (beats 16–23) the sixteenth before each beat
  // (phase 3/4) is louder than the beat itself, as in a syncopated figure.
  const frameRate = 11025 / 128;
  const period = (60 * frameRate) / 100;
  const pattern: [number, number][] = [];
  for (let k = 0; k < 48; k++) {
    const syncopated = k >= 16 && k < 24;
    pattern.push(
      [k, syncopated ? 0.7 : 1],
      [k + 0.25, 0.3],
      [k + 0.5, 0.3],
      [k + 0.75, syncopated ? 1 : 0.3],
    );
  }
  const { env } = patternEnvelope(60 / 100, 1, 48, pattern);
  const offGrid = (beats: readonly number[]) =>
    beats.filter((f) => {
      const phase = ((((f - 5) / period) % 1) + 1) % 1;
      return Math.min(phase, 1 - phase) > 0.1;
    }).length;

  it("the default tightness follows the syncopation off the beat; the final pass does not", () => {
    expect(offGrid(trackBeats(env, period))).toBeGreaterThan(4);
    expect(offGrid(trackBeats(env, period, FINAL_TIGHTNESS))).toBe(0);
  });

  it("beatStage returns on-grid beats at the tempo", () => {
    const chroma = flatChroma();
    const track = beatStage({ envelope: env, frameRate: hz(frameRate) }, { bpm: 100 }, chroma);
    expect(track.frames.length).toBeGreaterThan(40);
    expect(offGrid(track.frames)).toBe(0);
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
  ] as const)("%s at %i BPM", async (meter, bpm, beatsPerBar) => {
    const sr = 22050;
    const bars = 16;
    const r = await analyzeAudio(renderMeter({ meter, bpm, chords, bars, sampleRate: sr }), sr);
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

describe("the tempo's other metrical levels (tempoLevelCandidates)", () => {
  const rate = 100;
  /**
   * A periodicity function of `seconds` at `rate`: a Gaussian bump (σ 2 frames, as a smoothed beat
   * activation) of height `heightOf(k)` at every k·`period` s.
   */
  const pulses = (period: number, heightOf: (k: number) => number, seconds = 30) => {
    const x = new Float32Array(seconds * rate);
    for (let k = 0; k * period * rate < x.length; k++) {
      const c = k * period * rate;
      for (let i = Math.max(0, Math.floor(c - 8)); i <= Math.min(x.length - 1, c + 8); i++)
        x[i] = (x[i] as number) + heightOf(k) * Math.exp(-0.5 * ((i - c) / 2) ** 2);
    }
    return x;
  };

  it("offers half and twice the tempo, in octaves from 120 BPM, with their periodicity gain", () => {
    const [half, double] = tempoLevelCandidates(
      pulses(0.5, () => 1),
      rate,
      120,
    );
    expect(half?.bpm).toBe(60);
    expect(double?.bpm).toBe(240);
    expect(half?.features.slice(0, 3)).toEqual([-1, 1, 0]);
    expect(double?.features.slice(0, 3)).toEqual([1, 1, 1]);
    // An even pulse repeats every two beats as well as every beat, and not at all between the beats.
    expect(Math.abs(half?.features[3] ?? 1)).toBeLessThan(0.05);
    expect(double?.features[3]).toBeLessThan(-0.5);
  });

  it("an activation that fires as strongly between the beats gains at twice the tempo", () => {
    // Peaks every 0.3 s tracked at 100 BPM (0.6 s): every other peak is the tracked beat.
    const [, double] = tempoLevelCandidates(
      pulses(0.3, () => 1),
      rate,
      100,
    );
    expect(double?.bpm).toBe(200);
    expect(Math.abs(double?.features[3] ?? 1)).toBeLessThan(0.05);
  });

  it("every other beat stronger gains at half the tempo", () => {
    const [half] = tempoLevelCandidates(
      pulses(0.5, (k) => (k % 2 === 0 ? 1 : 0.3)),
      rate,
      120,
    );
    expect(half?.features[3]).toBeGreaterThan(0.1);
  });

  it("keeps only levels a musician counts in (30–300 BPM)", () => {
    expect(
      tempoLevelCandidates(
        pulses(0.3, () => 1),
        rate,
        200,
      ).map((c) => c.bpm),
    ).toEqual([100]);
    expect(
      tempoLevelCandidates(
        pulses(1.25, () => 1),
        rate,
        48,
      ).map((c) => c.bpm),
    ).toEqual([96]);
    expect(
      tempoLevelCandidates(
        pulses(0.5, () => 1),
        rate,
        700,
      ),
    ).toEqual([]);
    expect(() => tempoLevelCandidates(new Float32Array(10), 0, 120)).toThrow(RangeError);
    expect(() => tempoLevelCandidates(new Float32Array(10), rate, 0)).toThrow(RangeError);
  });
});
