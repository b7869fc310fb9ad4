import { describe, expect, it } from "vitest";
import { N_PITCH } from "../features.js";
import type { ChromaFrame } from "./chroma.js";
import {
  ONSET_LEVEL,
  ONSET_NOVELTY,
  ONSET_SECONDS,
  OnsetGate,
  RELEASE_NOVELTY,
  spectralRelease,
} from "./onset-gate.js";

const options = {
  onsetNovelty: ONSET_NOVELTY,
  onsetSeconds: ONSET_SECONDS,
  onsetLevel: ONSET_LEVEL,
  releaseNovelty: RELEASE_NOVELTY,
};

/** A frame at `time` with novelty `novelty`, RMS `rms` and semitone spectrum `semitones`. */
function frame(time: number, novelty: number, rms: number, semitones: Float32Array): ChromaFrame {
  return {
    time,
    treble: new Float64Array(12),
    bass: new Float64Array(12),
    trebleLong: new Float64Array(12),
    bassLong: new Float64Array(12),
    rms,
    tonality: 0.9,
    novelty,
    steadiness: 1,
    tuningCents: 0,
    longSeconds: 0.128,
    shortSeconds: 0.085,
    semitones,
  };
}

const notes = (levels: Record<number, number>) => {
  const s = new Float32Array(N_PITCH);
  for (const [k, v] of Object.entries(levels)) s[Number(k)] = v;
  return s;
};

describe("spectralRelease", () => {
  it("is the share of the square-rooted amplitude that fell: a quarter when one of four equal notes stops", () => {
    const four = notes({ 10: 1, 14: 1, 17: 1, 22: 1 });
    const three = notes({ 10: 1, 14: 1, 17: 1 });
    expect(spectralRelease(four, three)).toBeCloseTo(0.25, 12);
    // A chord decaying as a whole to a quarter of its amplitude falls by half its square root.
    expect(
      spectralRelease(
        four,
        four.map((a) => a / 4),
      ),
    ).toBeCloseTo(0.5, 12);
    expect(spectralRelease(three, four)).toBe(0);
    expect(spectralRelease(null, four)).toBe(0);
  });
});

describe("OnsetGate", () => {
  it("opens for onsetSeconds after new notes, and again after notes stop", () => {
    const gate = new OnsetGate(options);
    const chord = notes({ 10: 1, 14: 1, 17: 1, 22: 1 });
    expect(gate.after(0)).toBe(false);
    gate.observe(frame(0, 0.8, 0.1, chord));
    expect(gate.latest).toBe(0);
    gate.observe(frame(0.02, 0, 0.1, chord));
    expect(gate.after(0.02)).toBe(true);
    expect(gate.after(ONSET_SECONDS)).toBe(true);
    expect(gate.after(ONSET_SECONDS + 0.01)).toBe(false);
    // One of the four notes stops at 1 s: a release of a quarter, an onset.
    gate.observe(frame(1, 0, 0.08, notes({ 10: 1, 14: 1, 17: 1 })));
    expect(gate.latest).toBe(1);
  });

  it("ignores novelty in a chord decayed below onsetLevel of the segment's loudest frame, until the segment ends", () => {
    const gate = new OnsetGate(options);
    const chord = notes({ 10: 1, 14: 1 });
    gate.observe(frame(0, 0.8, 0.1, chord));
    gate.observe(frame(1, 0.5, 0.1 * ONSET_LEVEL * 0.9, chord));
    expect(gate.latest).toBe(0);
    gate.segmentEnded();
    gate.observe(frame(2, 0.5, 0.1 * ONSET_LEVEL * 0.9, chord));
    expect(gate.latest).toBe(2);
    gate.reset();
    expect(gate.latest).toBe(Number.NEGATIVE_INFINITY);
  });
});
