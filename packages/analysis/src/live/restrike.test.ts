import { HELD_C_G_PARTIALS, RESTRUCK_C_BRIGHT_G, semitoneSpectrum } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { N_PITCH } from "../features.js";
import { FAST_KEPT, hasStopped, isRestrike, RESTRUCK_GAIN, RESTRUCK_KEPT, restrike } from "./restrike.js";

/** Pitch-class set of pitch classes `pcs`. */
function pcs(...list: number[]): Uint8Array {
  const m = new Uint8Array(12);
  for (const pc of list) m[pc] = 1;
  return m;
}

const C = pcs(0, 4, 7);
const AM = pcs(9, 0, 4);
// C major held (C3 E3 G3 C4 E4 G4, a little A from the harmonics).
const held = semitoneSpectrum({ 48: 1, 52: 1, 55: 1, 60: 1, 64: 1, 67: 1, 69: 0.3 });

describe("restrike", () => {
  it("recognises a re-strum of the same chord, brighter, as a re-strum and not a change to Am", () => {
    const restruck = semitoneSpectrum({ 48: 1.2, 52: 1.2, 55: 1.2, 60: 1.2, 64: 1.2, 67: 1.2, 69: 0.6 });
    const m = restrike(restruck, held, C, AM);
    expect(m?.kept).toBeCloseTo(1.2, 6);
    expect(m?.gain).toBeCloseTo(2, 6);
    expect(isRestrike(m)).toBe(true);
    expect(hasStopped(m)).toBe(false);
  });

  it("takes a change whose old notes are damped and new notes sound (C → Am) for a change", () => {
    const am = semitoneSpectrum({ 45: 1, 48: 1, 52: 1, 55: 0.1, 57: 1, 60: 1, 64: 1, 67: 0.1, 69: 1 });
    const m = restrike(am, held, C, AM);
    expect(m?.kept).toBeCloseTo(0.1, 6);
    expect(m?.gain).toBeGreaterThan(RESTRUCK_GAIN);
    expect(isRestrike(m)).toBe(false);
    expect(hasStopped(m)).toBe(true);
  });

  it("reads a string's level over its partials, not its fundamental alone", () => {
    // The G3 string plucked again with a weaker fundamental but brighter partials (D5, B5).
    const before = HELD_C_G_PARTIALS;
    const after = RESTRUCK_C_BRIGHT_G;
    const m = restrike(after, before, C, AM);
    expect(m?.kept).toBeGreaterThan(RESTRUCK_KEPT);
    expect(isRestrike(m)).toBe(true);
  });

  it("has no measure when the held chord has no note the candidate lacks (C → C7), or they were silent", () => {
    expect(restrike(held, held, C, pcs(0, 4, 7, 10))).toBeNull();
    expect(restrike(held, new Float32Array(N_PITCH), C, AM)).toBeNull();
    expect(isRestrike(null)).toBe(false);
    expect(hasStopped(null)).toBe(false);
  });

  it("counts a note at FAST_KEPT of its level as stopped only below it", () => {
    const g7 = pcs(7, 11, 2, 5);
    const g = pcs(7, 11, 2);
    const before = semitoneSpectrum({ 43: 1, 50: 1, 55: 1, 59: 1, 65: 1 });
    const at = (level: number) =>
      restrike(semitoneSpectrum({ 43: 1, 50: 1, 55: 1, 59: 1, 65: level }), before, g7, g);
    expect(hasStopped(at(FAST_KEPT * 0.9))).toBe(true);
    expect(hasStopped(at(FAST_KEPT * 1.1))).toBe(false);
  });
});
